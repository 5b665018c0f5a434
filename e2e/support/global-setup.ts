import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { portsFrom, startSite } from '@suwerte/tools/site';
import { DELIVERY_SITE_BASE, NGINX_SITE_BASE, VERSIONED_SITE_BASE } from '../tests/ops/ops-ports';

/** Ports of the site under test: away from the dev (3000–3004) and `npm start` ports. */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 5300);

/** A host and its four remotes on consecutive ports. */
const sitesAt = (base: number): string[] => [0, 1, 2, 3, 4].map((offset) => `http://localhost:${base + offset}`);

/**
 * Starts the real site from production builds on a fresh, seeded SQLite database, once for the
 * whole suite. Tests read its URLs from the environment.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suwerte-e2e-'));
  const site = await startSite({
    ports: portsFrom(E2E_PORT_BASE),
    databasePath: path.join(dataDir, 'e2e.sqlite'),
    apiEnv: {
      // Short Video Karera rounds so a test sees a whole round.
      KARERA_BETTING_MS: '8000',
      KARERA_CLOSED_MS: '1500',
      KARERA_RESULT_MS: '2500',
      // Many sign-ins, registrations and uploads from one address in a few minutes: the suite is
      // not an attacker (the limits are tested in the player API's own suite).
      LOGIN_LIMIT_PER_IP: '100000',
      LOGIN_LIMIT_PER_USERNAME_IP: '100000',
      LOGIN_LIMIT_PER_USERNAME: '100000',
      REGISTER_LIMIT_PER_IP: '100000',
      UPLOAD_LIMIT_PER_IP: '100000',
    },
    // The ops suites' nginx sites and the hosts with a moved remote (federation.spec: +90,
    // sports/home-widgets.spec: +92) call this API too.
    extraCorsOrigins: [
      ...sitesAt(NGINX_SITE_BASE),
      ...sitesAt(VERSIONED_SITE_BASE),
      ...sitesAt(DELIVERY_SITE_BASE),
      `http://localhost:${E2E_PORT_BASE + 90}`,
      `http://localhost:${E2E_PORT_BASE + 92}`,
    ],
  });
  process.env.E2E_HOST_URL = site.hostUrl;
  process.env.E2E_API_URL = site.apiUrl;
  process.env.E2E_PORTS = JSON.stringify(site.ports);
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
