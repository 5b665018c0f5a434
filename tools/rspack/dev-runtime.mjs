// @ts-check
// What `rspack serve` answers besides the build, so a dev server runs on any port against any
// player API: /config.json (the API's URLs) and, for the host, /remotes.json (each remote's dev
// server). Production containers write the same files at start (deploy/static/entrypoint.sh);
// tools/src/site.ts serves them for `npm start` and the tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Today's values: the player API on :4000, the host on :3000 and the remotes on the next four ports. */
export const DEFAULT_API_URL = 'http://localhost:4000';
export const REMOTE_PORT_OFFSETS = /** @type {const} */ ({ members: 1, lotto: 2, sports: 3, karera: 4 });

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
  });
}

/**
 * The host's remotes.json with every remote pointed at its dev server (host port + its offset);
 * the route prefixes come from the host's own file.
 * @param {string} registryFile the host's public/remotes.json
 * @param {number} hostPort
 * @returns {string}
 */
export function devRemotesJson(registryFile, hostPort) {
  const registry = JSON.parse(readFileSync(registryFile, 'utf8'));
  for (const [name, remote] of Object.entries(registry.remotes ?? {})) {
    const offset = REMOTE_PORT_OFFSETS[/** @type {keyof typeof REMOTE_PORT_OFFSETS} */ (name)];
    if (offset !== undefined) remote.entry = `http://localhost:${hostPort + offset}/mf-manifest.json`;
  }
  return JSON.stringify(registry, null, 2);
}

/**
 * Dev-server middlewares answering the runtime files.
 * @param {{ dir: string; apiUrl: string; hostPort: number | null }} options hostPort: null for a remote
 */
export function runtimeFileMiddlewares({ dir, apiUrl, hostPort }) {
  /** @type {Record<string, () => string>} */
  const files = { '/config.json': () => runtimeConfig(apiUrl) };
  if (hostPort !== null) files['/remotes.json'] = () => devRemotesJson(path.join(dir, 'public', 'remotes.json'), hostPort);
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
