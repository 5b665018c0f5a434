// @ts-check
// Module Federation in one home (docs/decisions/155): every name, port, file and global that the
// host, the remotes' builds, the release tools, the containers and the tests agree on, defined once.
// Plain JavaScript, so the build's configuration and the deploy scripts (Node without TypeScript)
// read the very values the TypeScript code reads (through this package's index.ts).

/**
 * The remotes: each one's container name (the key), the port its dev server and `npm start` serve
 * it on, and what it is, for messages.
 */
export const REMOTES = /** @type {const} */ ({
  members: { port: 3001, title: 'The members area' },
  lotto: { port: 3002, title: 'Lotto' },
  sports: { port: 3003, title: 'Sports' },
  karera: { port: 3004, title: 'Video Karera and E-Games' },
});

/** @typedef {keyof typeof REMOTES} RemoteName */

/** The remotes' names, in the order the site lists them. */
export const REMOTE_NAMES = /** @type {RemoteName[]} */ (Object.keys(REMOTES));

/** The host's and the player API's ports in development and `npm start`; remotes follow the host's (`REMOTES[name].port`). */
export const HOST_PORT = 3000;
export const API_PORT = 4000;

/**
 * A remote's port when the host is on `hostPort`: as far from it as REMOTES gives (another checkout
 * beside this one moves every part together: `npm run dev -- --port-base 6340`).
 * @param {RemoteName} remote
 * @param {number} [hostPort]
 */
export function remotePort(remote, hostPort = HOST_PORT) {
  return hostPort + REMOTES[remote].port - HOST_PORT;
}

/**
 * The kernel: the one package the host hands remotes at run time, one Module Federation singleton
 * per entry point (docs/decisions/151). A page loads an entry point's code when one of its chunks
 * imports from it. Adding an entry point is a minor version of the kernel (the host ships first).
 */
export const KERNEL_PACKAGE = '@suwerte/shared';
export const KERNEL_ENTRY_POINTS = /** @type {const} */ (['', 'overlays', 'inputs', 'forms', 'pages', 'number-input']);
/** The entry points' import names, the keys they are shared under: `@suwerte/shared`, `@suwerte/shared/overlays`, … */
export const KERNEL_KEYS = KERNEL_ENTRY_POINTS.map((entry) => (entry ? `${KERNEL_PACKAGE}/${entry}` : KERNEL_PACKAGE));

/** The files of a release and of the host's folder. */
export const FILES = /** @type {const} */ ({
  /** A remote's manifest: where its container is and what it needs from the host (`suwerte`). */
  manifest: 'mf-manifest.json',
  /** A remote's container. */
  remoteEntry: 'remoteEntry.js',
  /** Written by the host's build beside its index.html: the kernel's version and exports it provides. */
  hostProvisions: 'federation-host.json',
  /** The host's runtime registry: which release of each remote, and the URL prefixes each owns. */
  registry: 'remotes.json',
  /** The host's and remotes' runtime config: API, socket, game-site and image-upload URLs. */
  runtimeConfig: 'config.json',
});

/** The global a remote's container takes Module Federation's runtime core from (`experiments.externalRuntime`, docs/decisions/090). */
export const RUNTIME_CORE_GLOBAL = '_FEDERATION_RUNTIME_CORE';
/** The name of the host's federation instance (the host is built without the plugin, docs/decisions/001). */
export const HOST_INSTANCE_NAME = 'suwerte_host';

/**
 * Names a remote gives its routes' lazy chunks, which its build lists in the manifest
 * (`suwerte.pages`) and the host's deep-link warm-up reads (docs/decisions/210, 229): a page's
 * chunk is `page-<its route's path, segments joined by dots>`, recorded under that path; its data
 * chunk (`handle.prefetch`) is `data-<the same path>`, recorded under its whole name.
 */
export const PAGE_CHUNK_PREFIX = 'page-';
export const DATA_CHUNK_PREFIX = 'data-';

/**
 * A release name: 1.4.2, 1.5.0-rc.1. The same rule in `publish-remote`, the host's override and the
 * containers' entrypoint (which gets it as a file: deploy/scripts/federation-env.mjs), so a name one
 * accepts is never refused by another.
 */
export const RELEASE_PATTERN_SOURCE = '^[0-9]+\\.[0-9]+\\.[0-9]+([-+][0-9A-Za-z.-]+)?$';
