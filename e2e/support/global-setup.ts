import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { portsFrom, startSite, type RunningSite } from '@suwerte/tools/site';
import { opsPorts } from '../tests/ops/ops-ports';
import { E2E_PORT_BASE, E2E_WORKERS, SITE_STRIDE, type WorkerSite } from './worker-site';

/** A host and its four remotes on consecutive ports. */
const sitesAt = (base: number): string[] => [0, 1, 2, 3, 4].map((offset) => `http://localhost:${base + offset}`);

/** One worker's site: the real site from production builds on a fresh, seeded SQLite database of its own. */
async function startWorkerSite(base: number): Promise<{ site: RunningSite; info: WorkerSite }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suwerte-e2e-'));
  const ops = opsPorts(base);
  const site = await startSite({
    ports: portsFrom(base),
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
      // The canary-vitals spec sends hundreds of players' measurements from this one address.
      TELEMETRY_REPORTS_PER_MINUTE: '100000',
    },
    // The ops suites' nginx sites and the hosts with a moved remote (federation.spec: +90,
    // sports/home-widgets.spec: +92) call this API too.
    extraCorsOrigins: [
      ...sitesAt(ops.nginxSiteBase),
      ...sitesAt(ops.versionedSiteBase),
      ...sitesAt(ops.deliverySiteBase),
      `http://localhost:${base + 90}`,
      `http://localhost:${base + 92}`,
    ],
  });
  return { site, info: { base, hostUrl: site.hostUrl, apiUrl: site.apiUrl, ports: site.ports, dataDir } };
}

/**
 * Starts one site per worker (ports E2E_PORT_BASE + SITE_STRIDE × worker), so that workers run
 * side by side without sharing a database, a player's balance or a port; each worker's tests
 * read their own site's URLs (playwright.config.ts, support/worker-site.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = await Promise.all(Array.from({ length: E2E_WORKERS }, (_, index) => startWorkerSite(E2E_PORT_BASE + index * SITE_STRIDE)));
  process.env.E2E_SITES = JSON.stringify(started.map(({ info }) => info));
  return async () => {
    await Promise.all(
      started.map(async ({ site, info }) => {
        await site.stop();
        rmSync(info.dataDir, { recursive: true, force: true });
      }),
    );
  };
}
