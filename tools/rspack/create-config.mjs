// @ts-check
// One Rspack configuration for the host and every remote, so they build the same way:
// same browser targets, CSS handling, hashing and Module Federation share rules.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { z } from 'zod';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { DEFAULT_API_URL, runtimeFileMiddlewares } from './dev-runtime.mjs';
import { FILES, HOST_PORT, KERNEL_KEYS, KERNEL_PACKAGE, REMOTES } from '@suwerte/federation/constants';
import { ZOD_KEY, hostProvisionsPlugin, remoteRequirementsPlugin } from './federation-contract.mjs';
import { CONTAINER_ERROR_CODES, FEDERATION_RUNTIME_ESM, standaloneFederationRuntimePlugin } from './federation-runtime.mjs';
import { deepLinkPagePlugin } from './deep-link-page.mjs';
import { precompressPlugin } from './precompress.mjs';
import { ZOD_MINI_BROWSER, zodForBrowsers } from './zod-for-browsers.mjs';

const require = createRequire(import.meta.url);

/** Browsers the site supports; also keeps Mantine's logical CSS properties unexpanded. */
export const BROWSER_TARGETS = ['chrome >= 111', 'edge >= 111', 'firefox >= 115', 'safari >= 16.4'];

/** @param {string} name */
function versionOf(name) {
  return /** @type {{ version: string }} */ (require(`${name}/package.json`)).version;
}

/** Versions the host provides to remotes and remotes require (read from the installed packages). */
export const SHARED_VERSIONS = {
  react: versionOf('react'),
  'react-dom': versionOf('react-dom'),
  zod: versionOf('zod'),
  [KERNEL_PACKAGE]: versionOf(KERNEL_PACKAGE),
};

/**
 * The range of the kernel a remote needs: its major. Additions within a major are checked export by
 * export (federation-contract.mjs), so a remote built against a newer minor still runs on an older
 * host as long as it imports nothing the host lacks.
 */
export const KERNEL_RANGE = `^${SHARED_VERSIONS[KERNEL_PACKAGE].split('.')[0]}.0.0`;

/** Each kernel entry point's file, by the key it is shared under (KERNEL_KEYS). */
export function kernelEntryFiles() {
  return Object.fromEntries(KERNEL_KEYS.map((key) => [key, require.resolve(key)]));
}


/**
 * React Router's package sends bundlers to its development build whatever the mode (its `exports`
 * have no `production` condition); the production build is the same code with its development
 * warnings switched off, so the minifier drops them. Production builds use it.
 */
const REACT_ROUTER_PRODUCTION = (() => {
  const development = path.dirname(require.resolve('react-router/package.json'));
  return {
    'react-router$': path.join(development, 'dist', 'production', 'index.mjs'),
    'react-router/dom$': path.join(development, 'dist', 'production', 'dom-export.mjs'),
  };
})();

/**
 * Mantine's ScrollArea imports only `useMergeRefs` from `@floating-ui/react`, a single module: this
 * rule hands it Mantine's own merged-ref hook instead (scroll-area-refs.mjs, docs/decisions/135).
 * @type {import('@rspack/core').RuleSetRule}
 */
const SCROLL_AREA_REFS = {
  test: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
  resolve: { alias: { '@floating-ui/react$': path.join(import.meta.dirname, 'scroll-area-refs.mjs') } },
};

/**
 * Mantine's `useId` as imported inside `@mantine/hooks` (its index re-exports the one module): the
 * site's own, React's id without Mantine's swap for a random one after the first commit, which drew
 * every component using it twice on mount (mantine-use-id.mjs, docs/decisions/242).
 */
const MANTINE_USE_ID = new rspack.NormalModuleReplacementPlugin(/^\.{1,2}\/use-id\/use-id\.mjs$/, (resource) => {
  if (/[\\/]@mantine[\\/]hooks[\\/]esm$/.test(resource.context)) resource.request = path.join(import.meta.dirname, 'mantine-use-id.mjs');
});

/**
 * The modules only a remote's fallback copy of the kernel brings (its own code imports the kernel by
 * name, never these): the kernel's files and the libraries only the kernel imports.
 */
export const KERNEL_FALLBACK = new RegExp(
  `[\\\\/](?:shared[\\\\/]kernel[\\\\/]src|node_modules[\\\\/](?:@mantine|@floating-ui|@tanstack|axios|react-router|react-router-dom|react-number-format|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|tslib|get-nonce|detect-node-es|jwt-decode|clsx|proxy-from-env|form-data))[\\\\/]`,
);

/**
 * The repository's libraries the host loads after `main.js` (the kernel, the contracts, the
 * federation helpers, money, time, the small UI pieces: each `shared/<library>/src`, and the build's own modules
 * such as zod/mini's list): one chunk. Over HTTP/1.1 a browser opens six connections to an origin
 * and each request waits a round trip on its own; a deep link's dozen small chunks of them queued
 * behind each other while the link stood idle. The host's own lazy code keeps its chunks: a failed
 * download of one (the federation loader) must not take its failure panel or the runtime config
 * with it (docs/decisions/238).
 */
export const SHARED_SOURCE = /[\\/](?:shared[\\/][^\\/]+[\\/]src[\\/]|tools[\\/]rspack[\\/][^\\/]+\.mjs$)/;

/** The kernel's API client and axios: loaded together, with the site's first call that is not answered early. */
export const API_CLIENT = /[\\/](?:shared[\\/]kernel[\\/]src[\\/]api[\\/]client\.ts|node_modules[\\/]axios[\\/])/;

/**
 * React DOM and its scheduler: the shell's second file (`react-dom.*.js`, beside `main.*.js`, both
 * `defer`). A deep link fetches some thirty files at once and each response gets an equal share of
 * the link, so one large shell file arrived last and its evaluation and first render came after the
 * last byte; in two halves it gets two shares, arrives with the others and runs while the page's
 * chunks are still on their way (docs/decisions/239).
 */
export const REACT_DOM = /[\\/]node_modules[\\/](?:react-dom|scheduler)[\\/]/;

/**
 * What the host's lazy chunks share as libraries: `node_modules`, and the kernel entry points'
 * stylesheets (shared/kernel/src/styles), which hold nothing but the `@import`s of Mantine's. Left out,
 * each of those stayed behind alone when the bundler's library group took what it imports, and every
 * deep link asked for one or two empty stylesheets, a round trip each on the host's six connections
 * (docs/decisions/239).
 */
export const VENDOR_MODULES = /[\\/](?:node_modules|shared[\\/]kernel[\\/]src[\\/]styles)[\\/]/;

/** The kernel entry points' imports of their stylesheets (shared/kernel/src/index.ts, overlays.ts…: `import './styles/forms.css'`). */
export const KERNEL_ENTRY_STYLES = /^\.\/styles\/(?:kernel|overlays|inputs|forms|pages|number-input)\.css$/;
/** What a remote's copy of the kernel imports instead of those stylesheets. */
const NO_KERNEL_STYLES = path.join(import.meta.dirname, 'no-kernel-styles.js');

/**
 * What host and remotes share: React (with its subpaths) and every kernel entry point as singletons
 * — the kernel carries Mantine, the router, the store and the query client, curated (Mantine and the
 * router are deliberately not shared whole, docs/decisions/002) — and zod/mini as an ordinary shared
 * module: one copy per page when the versions agree, the remote's own otherwise (docs/decisions/152, 235).
 */
export function sharedModules() {
  const reactRange = `^${SHARED_VERSIONS.react}`;
  const domRange = `^${SHARED_VERSIONS['react-dom']}`;
  const kernel = { singleton: true, requiredVersion: KERNEL_RANGE, version: SHARED_VERSIONS[KERNEL_PACKAGE] };
  return {
    react: { singleton: true, requiredVersion: reactRange },
    'react/jsx-runtime': { singleton: true, requiredVersion: reactRange },
    'react/jsx-dev-runtime': { singleton: true, requiredVersion: reactRange },
    'react-dom': { singleton: true, requiredVersion: domRange },
    // Not `react-dom/client`: only a remote's standalone page creates a root (the host creates the page's).
    ...Object.fromEntries(KERNEL_KEYS.map((key) => [key, kernel])),
    [ZOD_KEY]: { singleton: false, requiredVersion: `^${SHARED_VERSIONS.zod}`, version: SHARED_VERSIONS.zod },
  };
}

/**
 * @typedef {object} FederationOptions
 * @property {import('@suwerte/federation/constants').RemoteName} name The remote's name (@suwerte/federation's REMOTES).
 * @property {Record<string, string>} exposes Exposed modules.
 */

/** A remote's first calls: per page, the paths. */
const FirstCallsSchema = z.record(z.string(), z.array(z.string()));

/**
 * A remote's `src/app/first-calls.json`, when it has one: per page with a data chunk (`data-<page>`),
 * the paths of the GET calls that chunk starts, which the host starts early on a deep link
 * (docs/decisions/232; the remote's own test holds the list to what the chunk calls).
 * @param {string} dir
 * @returns {Record<string, string[]>}
 */
function readFirstCalls(dir) {
  const file = path.join(dir, 'src', 'app', 'first-calls.json');
  if (!existsSync(file)) return {};
  const lists = FirstCallsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!lists.success) throw new Error(`${file}: expected {"<page>": ["/path", …]}`);
  return lists.data;
}

/** The host's early script, loaded by app.html only (docs/decisions/236). */
const EARLY_ENTRY = './src/early.ts';

/**
 * @typedef {object} AppOptions
 * @property {string} dir The app folder (import.meta.dirname of its rspack.config.mjs).
 * @property {FederationOptions} [federation] Present for remotes only.
 * @property {Record<string, string>} [define] Extra compile-time constants.
 * @property {string[]} [deepLinkChain] The host only: the lazy imports (as written) every deep link to a remote's page goes through; with it the build writes app.html and the early script (deep-link-page.mjs, docs/decisions/236).
 */

/**
 * The config of an app: the host without `federation`, a remote with it. Its dev server's port is
 * @suwerte/federation's (HOST_PORT, REMOTES[name].port); in `rspack serve`, `--port` picks another and
 * `--env api=<player API URL>` (or SUWERTE_API_URL) the API its /config.json names; the host's
 * /remotes.json points at the remotes' dev servers as far from its port as REMOTES gives.
 * @param {AppOptions} options
 * @returns {(env: Record<string, unknown>, argv: { mode?: string; port?: number }) => import('@rspack/core').Configuration}
 */
export function createAppConfig({ dir, federation, define = {}, deepLinkChain }) {
  const port = federation ? REMOTES[federation.name].port : HOST_PORT;
  // '/' for the host (deep links), 'auto' for remotes (their files sit beside their manifest).
  const publicPath = federation ? 'auto' : '/';
  return (env, argv) => {
    const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    const serving = env.RSPACK_SERVE === true || process.env.WEBPACK_SERVE === 'true' || process.argv.includes('serve');
    const refresh = !production && serving;
    const devPort = Number(argv.port ?? port);
    const apiUrl = String(env.api ?? process.env.SUWERTE_API_URL ?? DEFAULT_API_URL);
    // zod as the browser apps share it (zod-for-browsers.mjs, docs/decisions/152).
    const zod = zodForBrowsers();
    /** @type {import('@rspack/core').RspackPluginInstance[]} */
    const plugins = [
      // Every remote's standalone page is the same but for its title: one template. Only the app's
      // own entry: a remote's container entry (remoteEntry.js) is for the host, and a second
      // runtime in the standalone page would take the hot updates meant for the first.
      new rspack.HtmlRspackPlugin(
        federation
          ? { template: path.join(import.meta.dirname, 'remote-index.html'), title: `remote-${federation.name} · Suwerte`, scriptLoading: 'defer', chunks: ['main'] }
          : { template: path.join(dir, 'index.html'), scriptLoading: 'defer', chunks: ['main'] },
      ),
      new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(dir, 'public'), noErrorOnMissing: true }] }),
      new rspack.DefinePlugin({
        __REACT_VERSION__: JSON.stringify(SHARED_VERSIONS.react),
        __REACT_DOM_VERSION__: JSON.stringify(SHARED_VERSIONS['react-dom']),
        __SHARED_VERSION__: JSON.stringify(SHARED_VERSIONS[KERNEL_PACKAGE]),
        __ZOD_VERSION__: JSON.stringify(SHARED_VERSIONS.zod),
        ...Object.fromEntries(Object.entries(define).map(([key, value]) => [key, JSON.stringify(value)])),
        ...(federation ? CONTAINER_ERROR_CODES.define : {}),
        // The host's federation runtime (its lazy chunk): remotes are registered by their remoteEntry.js
        // URL, so it needs no snapshots (manifests), and it runs in browsers only (docs/decisions/091).
        ...(federation ? {} : { FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true', ENV_TARGET: JSON.stringify('web') }),
      }),
    ];
    if (federation) {
      plugins.push(
        new ModuleFederationPlugin({
          name: federation.name,
          filename: FILES.remoteEntry,
          exposes: federation.exposes,
          // A chunk of the remote loads the shared modules it imports as it loads (Module Federation's own consumes).
          shared: sharedModules(),
          // Remotes load lazily and a dead remote trips only its own boundary; the default, version-first, fetches every remote before the first paint (docs/decisions/200).
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          experiments: {
            // The federation runtime's core comes from the page (the host's federation chunk, or the
            // remote's standalone page): a remoteEntry carries only its container (docs/decisions/090).
            externalRuntime: true,
            // A remote consumes no other remote: its container needs neither snapshots nor remote loading.
            optimization: { disableSnapshot: true, disableRemote: true },
          },
        }),
        remoteRequirementsPlugin({ container: federation.name, range: KERNEL_RANGE, builtWith: SHARED_VERSIONS[KERNEL_PACKAGE], firstCalls: readFirstCalls(dir) }),
        standaloneFederationRuntimePlugin({ production }),
        // The kernel entry points' own stylesheets (docs/decisions/223) are the host's: in the host the
        // remote gets them with the entry points, and its standalone page has every Mantine style
        // (styles.css). Its own copy of the kernel imports an empty module in their place, so its
        // container carries no chunk map or loader for stylesheets it never needs. (Not IgnorePlugin:
        // an ignored import throws "Cannot find module" when the standalone page runs it.)
        new rspack.NormalModuleReplacementPlugin(KERNEL_ENTRY_STYLES, (resource) => {
          if (/[\\/]shared[\\/]kernel[\\/]src$/.test(resource.context)) resource.request = NO_KERNEL_STYLES;
        }),
      );
    } else {
      // zod/mini's list of functions is checked like a kernel entry point, on the kernel's version (docs/decisions/235).
      plugins.push(hostProvisionsPlugin({ entries: { ...kernelEntryFiles(), [ZOD_KEY]: ZOD_MINI_BROWSER }, version: SHARED_VERSIONS[KERNEL_PACKAGE] }));
      if (production && deepLinkChain) plugins.push(deepLinkPagePlugin({ entry: EARLY_ENTRY, chain: deepLinkChain, shared: [...KERNEL_KEYS, ZOD_KEY] }));
    }
    plugins.push(zod.plugin, MANTINE_USE_ID);
    if (refresh) plugins.push(new ReactRefreshRspackPlugin());
    // Each file also as .br and .gz beside it, served as they are (docs/decisions/227).
    if (production) plugins.push(precompressPlugin());

    return {
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      // Every supported browser (BROWSER_TARGETS) runs ES2022: the bundler's own runtime code may use it.
      target: ['web', 'es2022'],
      // The host's page records React's renderer for the remotes' own refresh runtimes (refresh-hook.mjs).
      entry: {
        main: refresh && !federation ? [path.join(import.meta.dirname, 'refresh-hook.mjs'), './src/index.tsx'] : './src/index.tsx',
      },
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        // Every lazy chunk's hash sits in the shell's chunk map: 8 hex digits tell a chunk's versions
        // apart well enough for immutable caching (1 in 4 billion per chunk id), and are the fewest the
        // servers take for content-hashed (serve-static.ts, deploy/nginx: `[0-9a-f]{8,}`).
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
        ...(federation ? { uniqueName: `suwerte_${federation.name}` } : {}),
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
        // The federation plugin injects the CommonJS builds of its runtime, which cannot be
        // tree-shaken; the ES module builds can (docs/decisions/090). The container's error texts: only
        // those its runtime uses (federation-error-codes.mjs).
        alias: {
          ...(production ? REACT_ROUTER_PRODUCTION : {}),
          ...zod.alias,
          ...(federation ? { ...FEDERATION_RUNTIME_ESM, ...CONTAINER_ERROR_CODES.alias } : {}),
        },
      },
      module: {
        parser: {
          // A name missing from the curated shared package fails the build, not the page.
          javascript: { exportsPresence: 'error' },
          'css/auto': { namedExports: false },
        },
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production, refresh } },
              },
              env: { targets: BROWSER_TARGETS },
            },
            type: 'javascript/auto',
          },
          // The host bundles Mantine for every remote: its ScrollArea takes one hook from floating-ui,
          // not the whole library (scroll-area-refs.mjs).
          ...(federation ? [] : [SCROLL_AREA_REFS]),
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins,
      optimization: {
        // A remote's own copy of the kernel (and what the kernel brings: Mantine, the router, TanStack
        // Query, axios…) runs only on its standalone page, where no host provides it: one chunk for
        // all of it keeps the container's chunk map and each fallback's chunk list short (remoteEntry.js
        // is on every page that shows the remote). Players, on the host, never load that chunk.
        // The host loads the kernel's API client with the first call that needs it (a deep link's first
        // calls are answered before): the client and axios in one chunk, one request after the paint.
        // The repository's libraries it loads later (the kernel, the contracts…): one chunk too (SHARED_SOURCE).
        splitChunks: /** @type {import('@rspack/core').OptimizationSplitChunksOptions} */ ({
          cacheGroups: federation
            ? { kernelFallback: { test: KERNEL_FALLBACK, type: /javascript/, chunks: 'async', name: 'kernel-fallback', enforce: true } }
            : {
                apiClient: { test: API_CLIENT, type: /javascript/, chunks: 'async', name: 'api-client', enforce: true, priority: 1 },
                sharedSource: { test: SHARED_SOURCE, type: /javascript/, chunks: 'async', name: 'shared-lazy', enforce: true },
                reactDom: { test: REACT_DOM, type: /javascript/, chunks: 'initial', name: 'react-dom', enforce: true },
                // The libraries' group (the bundler's default), with the kernel entry points' stylesheets in it.
                defaultVendors: { test: VENDOR_MODULES, priority: -10, reuseExistingChunk: true },
              },
        }),
        // Each module's used exports get the shortest names (one letter where it can) rather than
        // names hashed from the export's own (two or three): ~0.5 KB less gzip in the shell alone, which
        // pays for its second file. A module's names change only when its own exports do.
        mangleExports: production ? 'size' : false,
        minimizer: [
          new rspack.SwcJsMinimizerRspackPlugin({ minimizerOptions: { compress: { passes: 3 } } }),
          new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: BROWSER_TARGETS } }),
        ],
      },
      performance: false,
      lazyCompilation: false,
      devServer: {
        port: devPort,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: {
          overlay: { warnings: false },
          // A remote's code also runs inside the host's page: its hot updates come from its own
          // server, not from whatever origin the page is on.
          ...(federation ? { webSocketURL: { protocol: 'ws', hostname: 'localhost', port: devPort, pathname: '/ws' } } : {}),
        },
        setupMiddlewares: (middlewares) => [
          ...runtimeFileMiddlewares({ dir, apiUrl, hostPort: federation ? null : devPort }),
          ...middlewares,
        ],
      },
    };
  };
}
