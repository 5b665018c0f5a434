// @ts-check
// What `rspack serve` answers besides the build, so a dev server runs on any port against any
// player API: /config.json (the API's URLs) and, for the host, /remotes.json (each remote's dev
// server). Production containers write the same files at start (deploy/static/entrypoint.sh);
// tools/src/site.ts serves them for `npm start` and the tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PORT, FILES, remotePort } from '@suwerte/federation/constants';
import { manifestUrl, registryWithEntries } from '@suwerte/federation/registry-writers';

/** The player API on its port (@suwerte/federation: API_PORT), the host on HOST_PORT, each remote on its own. */
export const DEFAULT_API_URL = `http://localhost:${API_PORT}`;

/**
 * The browser-facing runtime config of a site whose API answers at `apiUrl`
 * (shared/kernel/src/config/runtime-config.ts).
 * @param {string} apiUrl
 * @returns {string}
 */
export function runtimeConfig(apiUrl) {
  const api = apiUrl.replace(/\/+$/, '');
  const pair = (/** @type {string} */ url) => ({ production: url, test: url });
  return JSON.stringify({
    api: pair(api),
    socket: pair(api),
    gameSite: pair(`${api}/games`),
    imageUpload: { url: `${api}/image/upload`, uploadPreset: 'suwerte', cloudName: 'suwerte' },
    defaultReferralCode: 'SUWERTE',
    analytics: { measurementId: null },
    vitals: { sampleRate: 0.1 },
  });
}

/**
 * The host's remotes.json with every remote pointed at its dev server: as far from the host's port
 * as its port is from HOST_PORT (`--port-base` moves them all together); the route prefixes come
 * from the host's own file.
 * @param {string} registryFile the host's public/remotes.json
 * @param {number} hostPort
 * @returns {string}
 */
export function devRemotesJson(registryFile, hostPort) {
  const registry = registryWithEntries(JSON.parse(readFileSync(registryFile, 'utf8')), (name) => manifestUrl(`http://localhost:${remotePort(name, hostPort)}`));
  return JSON.stringify(registry, null, 2);
}

/**
 * Dev-server middlewares answering the runtime files.
 * @param {{ dir: string; apiUrl: string; hostPort: number | null }} options hostPort: null for a remote
 */
export function runtimeFileMiddlewares({ dir, apiUrl, hostPort }) {
  /** @type {Record<string, () => string>} */
  const files = { [`/${FILES.runtimeConfig}`]: () => runtimeConfig(apiUrl) };
  if (hostPort !== null) files[`/${FILES.registry}`] = () => devRemotesJson(path.join(dir, 'public', FILES.registry), hostPort);
  return Object.entries(files).map(([file, body]) => ({
    name: `suwerte-dev${file}`,
    path: file,
    /** @type {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void} */
    middleware: (_request, response) => {
      response.setHeader('Content-Type', 'application/json');
      response.setHeader('Cache-Control', 'no-cache');
      response.setHeader('Access-Control-Allow-Origin', '*');
      response.end(body());
    },
  }));
}
