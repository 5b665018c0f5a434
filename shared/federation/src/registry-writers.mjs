// @ts-check
// remotes.json's writers, in one place (docs/decisions/155). Every writer starts from the host's own
// file (host/public/remotes.json, copied into its build): the URL prefixes each remote owns are
// written there once. What differs is where each remote's release is: the dev servers
// (tools/rspack/dev-runtime.mjs), the servers of the tests and `npm start` (tools/src/site.ts), or
// placeholders the host container fills from its environment (deploy/scripts/registry-template.mjs,
// deploy/static/entrypoint.sh). Its reader and schema are registry.ts; publish-remote edits it
// (tools/src/delivery/registry-file.ts).
import { FILES, REMOTE_NAMES } from './constants.mjs';

/**
 * The manifest URL of the release a remote's server serves at `base` (its root, or a release folder).
 * @param {string} base
 */
export function manifestUrl(base) {
  return `${String(base).replace(/\/+$/, '')}/${FILES.manifest}`;
}

/**
 * The URL prefixes each remote owns, from the host's remotes.json; throws on a remote that is not
 * one of REMOTE_NAMES or has no prefixes.
 * @param {{ remotes?: Record<string, { routes?: unknown } | undefined> }} hostRegistry
 * @param {string} [source] the file's name, for messages
 * @returns {[import('./constants.mjs').RemoteName, string[]][]}
 */
export function remoteRoutes(hostRegistry, source = FILES.registry) {
  const remotes = hostRegistry?.remotes;
  if (!remotes || typeof remotes !== 'object') throw new Error(`${source}: no "remotes" object`);
  return Object.entries(remotes).map(([name, remote]) => {
    const routes = remote?.routes;
    if (!REMOTE_NAMES.includes(/** @type {import('./constants.mjs').RemoteName} */ (name)) || !Array.isArray(routes) || routes.length === 0 || !routes.every((route) => typeof route === 'string')) {
      throw new Error(`${source}: remote "${name}" must be one of ${REMOTE_NAMES.join(', ')} with a list of routes`);
    }
    return [/** @type {import('./constants.mjs').RemoteName} */ (name), /** @type {string[]} */ (routes)];
  });
}

/**
 * The host's remotes.json with each remote's release at `entryOf(remote)` (the URL of its
 * mf-manifest.json): the file the dev servers, the tests and `npm start` serve.
 * @param {{ remotes?: Record<string, { routes?: unknown } | undefined> }} hostRegistry
 * @param {(remote: import('./constants.mjs').RemoteName) => string} entryOf
 * @returns {{ remotes: Record<string, { entry: string; routes: string[] }> }}
 */
export function registryWithEntries(hostRegistry, entryOf) {
  return { remotes: Object.fromEntries(remoteRoutes(hostRegistry).map(([name, routes]) => [name, { entry: entryOf(name), routes }])) };
}

/**
 * The host container's template of remotes.json: each remote's `entry` is `@ENTRY_<NAME>@`, followed
 * by `@CANARY_<NAME>@`, which deploy/static/entrypoint.sh replaces with the URL built from
 * REMOTE_<NAME>_URL and REMOTE_<NAME>_VERSION, and the remote's canary (or nothing). One remote a line.
 * @param {{ remotes?: Record<string, { routes?: unknown } | undefined> }} hostRegistry
 * @param {string} [source]
 */
export function registryTemplate(hostRegistry, source) {
  const lines = remoteRoutes(hostRegistry, source).map(([name, routes]) => {
    const upper = name.toUpperCase();
    return `    ${JSON.stringify(name)}: { "entry": "@ENTRY_${upper}@"@CANARY_${upper}@, "routes": ${JSON.stringify(routes)} }`;
  });
  return `{\n  "remotes": {\n${lines.join(',\n')}\n  }\n}\n`;
}
