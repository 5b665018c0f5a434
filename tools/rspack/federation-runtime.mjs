// @ts-check
// Remotes are built with Module Federation's external runtime: a remote's containers (remoteEntry.js
// and its standalone app) expect the federation runtime's core on the page, where the host's
// federation chunk puts it, so a remote's first visit costs its own code only (docs/decisions/090).
// A remote's standalone page has no host: this plugin builds a small script that puts the core on
// the page and loads it before the app's own scripts. It is built by a compiler of its own because
// in the remote's compilation every entry gets the federation runtime, which needs the core first.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { RUNTIME_CORE_GLOBAL } from '@suwerte/federation/constants';

const require = createRequire(import.meta.url);
const PLUGIN = 'SuwerteStandaloneFederationRuntime';

/** The federation runtime's core, ES module build (tree-shaken), and its version. */
const coreFile = require.resolve('@module-federation/runtime-core').replace(/\.cjs$/, '.js');
export const RUNTIME_CORE = {
  file: coreFile,
  version: /** @type {{ version: string }} */ (JSON.parse(readFileSync(path.join(path.dirname(coreFile), '..', 'package.json'), 'utf8'))).version,
};

/** CommonJS build → ES module build of each federation runtime package the plugin injects (tree-shakeable). */
export const FEDERATION_RUNTIME_ESM = Object.fromEntries(
  ['webpack-bundler-runtime', 'runtime', 'runtime-tools'].map((name) => {
    const cjs = require.resolve(`@module-federation/${name}`);
    return [cjs, cjs.replace(/\.cjs$/, '.js')];
  }),
);

/**
 * Remotes' containers get a lean `@module-federation/error-codes` (federation-error-codes.mjs): the
 * texts of the codes their `@module-federation/runtime` imports instead of the whole table.
 * `alias` goes into the remote's `resolve.alias`, `define` into its DefinePlugin.
 */
export const CONTAINER_ERROR_CODES = (() => {
  const esmRuntime = require.resolve('@module-federation/runtime').replace(/\.cjs$/, '.js');
  const importLine = readFileSync(esmRuntime, 'utf8').match(/import\s*\{([^}]*)\}\s*from\s*["']@module-federation\/error-codes["']/);
  if (!importLine) throw new Error(`${PLUGIN}: ${esmRuntime} no longer imports @module-federation/error-codes as expected; check federation-error-codes.mjs`);
  const codes = (importLine[1] ?? '').split(',').map((name) => name.trim()).filter((name) => /^RUNTIME_\d+$/.test(name));
  const errorCodes = /** @type {Record<string, string> & { runtimeDescMap: Record<string, string> }} */ (require('@module-federation/error-codes'));
  const table = Object.fromEntries(codes.map((name) => [errorCodes[name], errorCodes.runtimeDescMap[errorCodes[name] ?? '']]));
  const packageIndex = require.resolve('@module-federation/error-codes');
  const packageDist = path.dirname(packageIndex);
  return {
    alias: {
      [packageIndex.replace(/\.cjs$/, '.mjs')]: path.join(import.meta.dirname, 'federation-error-codes.mjs'),
      '@module-federation/error-codes/dist': packageDist,
    },
    define: { __SUWERTE_CONTAINER_RUNTIME_DESC__: JSON.stringify(table) },
  };
})();

/**
 * Builds the standalone page's runtime script: the core, assigned to the global.
 * @param {{ production: boolean }} options
 * @returns {Promise<{ file: string; source: string }>}
 */
function buildProvider({ production }) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'suwerte-federation-runtime-'));
  const compiler = rspack({
    mode: production ? 'production' : 'development',
    devtool: false,
    target: 'web',
    context: import.meta.dirname,
    entry: { 'federation-runtime': 'data:text/javascript,' + encodeURIComponent(`import * as core from ${JSON.stringify(RUNTIME_CORE.file)}; globalThis.${RUNTIME_CORE_GLOBAL} ??= core;`) },
    output: { path: outDir, filename: '[name].[contenthash:10].js', clean: true, environment: { globalThis: true } },
    // The core checks these flags: a standalone page loads no other remote and no snapshots.
    plugins: [new rspack.DefinePlugin({ FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true, FEDERATION_OPTIMIZE_NO_REMOTE: true })],
    optimization: { minimizer: [new rspack.SwcJsMinimizerRspackPlugin()] },
    performance: false,
  });
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      try {
        if (error || !stats || stats.hasErrors()) throw error ?? new Error(stats?.toString({ all: false, errors: true }) ?? 'build failed');
        const file = readdirSync(outDir).find((name) => name.endsWith('.js'));
        if (!file) throw new Error('no output');
        resolve({ file, source: readFileSync(path.join(outDir, file), 'utf8') });
      } catch (failure) {
        reject(new Error(`${PLUGIN}: building the standalone page's federation runtime failed`, { cause: failure }));
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    });
  });
}

/**
 * A remote's plugin: emits the runtime script and puts it first in the standalone page.
 * @param {{ production: boolean }} options
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
export function standaloneFederationRuntimePlugin(options) {
  /** @type {Promise<{ file: string; source: string }> | null} */
  let provider = null;
  return {
    apply(compiler) {
      compiler.hooks.beforeCompile.tapPromise(PLUGIN, async () => {
        // The same for every rebuild of a watch (it depends on the installed core only).
        provider ??= buildProvider(options);
        await provider;
      });
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        compilation.hooks.processAssets.tapPromise({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, async () => {
          if (!provider) return;
          const { file, source } = await provider;
          compilation.emitAsset(file, new rspack.sources.RawSource(source));
        });
        rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeAssetTagGeneration.tapPromise(PLUGIN, async (data) => {
          if (!provider) return data;
          const { file } = await provider;
          const base = data.assets.publicPath;
          data.assets.js.unshift(`${base}${file}`);
          return data;
        });
      });
    },
  };
}
