// @ts-check
// What a remote needs from the host and what the host provides, written by the builds themselves so
// nobody keeps a list by hand (docs/decisions/052, 151):
// - a remote's mf-manifest.json gets `suwerte.requires`: per kernel entry point its code imports,
//   the range it needs and every export it imports (found in the module graph of the container's
//   chunks — the standalone dev shell's imports are not the host's business);
// - the host's build writes federation-host.json: per kernel entry point, its version and exports.
// `publish-remote point` compares the two before a release reaches players; the host compares a
// manifest with its own before it mounts a remote.
import { createRequire } from 'node:module';
import path from 'node:path';
import { DATA_CHUNK_PREFIX, FILES, KERNEL_KEYS, KERNEL_PACKAGE, PAGE_CHUNK_PREFIX } from '@suwerte/federation/constants';
import { isEarlyCallPath } from '@suwerte/federation/early-call-path';
import { rspack } from '@rspack/core';

const require = createRequire(import.meta.url);
/** The kernel's own folder: its modules in a remote's build are the remote's fallback copy, not the remote's code. */
const KERNEL_DIR = `${path.dirname(require.resolve(`${KERNEL_PACKAGE}/package.json`))}${path.sep}`;

const PLUGIN = 'SuwerteFederationContract';

/**
 * zod as the host hands it out (docs/decisions/235): the functions of zod/mini the site uses
 * (zod-mini-browser.mjs), a list that moves with the kernel's version — one more is a kernel minor —
 * so a release and the host are checked on it like a kernel entry point, export by export.
 */
export const ZOD_KEY = 'zod/mini';

/**
 * @param {any} module a compilation module (concatenated modules carry their parts in `modules`)
 * @param {(module: any) => void} visit
 */
function eachInnerModule(module, visit) {
  visit(module);
  for (const inner of module.modules ?? []) eachInnerModule(inner, visit);
}

/**
 * Per request in `requests`, the names the code in `chunks` imports from it ('*' for a namespace
 * used whole); requests nothing imports are left out, and so are imports by modules `ignored` says
 * are not the app's own (a remote's fallback copy of the kernel, which imports its own entry points).
 * @param {import('@rspack/core').Compilation} compilation
 * @param {Iterable<import('@rspack/core').Chunk>} chunks
 * @param {readonly string[]} requests
 * @param {(resource: string) => boolean} [ignored]
 * @returns {Record<string, string[]>}
 */
export function importedExports(compilation, chunks, requests, ignored = () => false) {
  /** @type {Map<string, Set<string>>} */
  const names = new Map();
  for (const chunk of chunks) {
    for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
      eachInnerModule(module, (inner) => {
        if (inner.resource && ignored(inner.resource)) return;
        for (const dependency of inner.dependencies ?? []) {
          if (!requests.includes(dependency.request) || !/specifier/.test(dependency.type)) continue;
          const [first, member] = dependency.ids ?? [];
          const set = names.get(dependency.request) ?? new Set();
          // zod/mini is used through its namespace (`z.object`): the member is the export that counts.
          set.add((dependency.request === ZOD_KEY && first === 'z' && member) || (first ?? '*'));
          names.set(dependency.request, set);
        }
      });
    }
  }
  return Object.fromEntries([...names].sort(([a], [b]) => a.localeCompare(b)).map(([request, set]) => [request, [...set].sort()]));
}


/**
 * Per page chunk (a lazy import named `page-<path>` in a remote's routes), the files it loads and the
 * kernel entry points its code imports: what a deep link to that page will ask for, so the host can
 * start them with the container instead of after it (docs/decisions/210). A page's data chunk
 * (`data-<path>`) is recorded the same way under its whole name (`data-members.deposit`): its calls
 * leave as soon as the routes are in, not a round trip later (docs/decisions/229). With it go the
 * paths of those calls, as the remote lists them (`firstCalls`, keyed by the page's path name): the
 * host calls them early, before any of the remote's code is in (docs/decisions/232).
 * @param {import('@rspack/core').Compilation} compilation
 * @param {readonly string[]} keys
 * @param {Record<string, readonly string[]>} [firstCalls]
 * @returns {Record<string, { js: string[]; css: string[]; kernel: string[]; calls?: string[] }>}
 */
export function pageAssets(compilation, keys, firstCalls = {}) {
  /** @type {Record<string, { js: string[]; css: string[]; kernel: string[]; calls?: string[] }>} */
  const pages = {};
  for (const group of compilation.chunkGroups) {
    const name = group.name;
    const key = name?.startsWith(PAGE_CHUNK_PREFIX) ? name.slice(PAGE_CHUNK_PREFIX.length) : name?.startsWith(DATA_CHUNK_PREFIX) ? name : null;
    if (!key) continue;
    const files = group.chunks.flatMap((chunk) => [...chunk.files]);
    pages[key] = {
      js: files.filter((file) => file.endsWith('.js')).sort(),
      css: files.filter((file) => file.endsWith('.css')).sort(),
      kernel: Object.keys(importedExports(compilation, group.chunks, keys, (resource) => resource.startsWith(KERNEL_DIR))),
    };
  }
  for (const [page, calls] of Object.entries(firstCalls)) {
    const data = pages[`${DATA_CHUNK_PREFIX}${page}`];
    const wrong = calls.filter((call) => !isEarlyCallPath(call));
    if (!data) compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: first calls are listed for "${page}", but no chunk is named "${DATA_CHUNK_PREFIX}${page}"`));
    else if (wrong.length > 0) compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: the first calls of "${page}" must be plain paths on the player API: ${wrong.join(', ')}`));
    else data.calls = [...calls];
  }
  return Object.fromEntries(Object.entries(pages).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * A remote: adds `suwerte.requires` (and `suwerte.pages`, pageAssets) to its mf-manifest.json — per kernel entry point the code of its
 * container (its exposed modules and every chunk they can load) imports: the range of the kernel it
 * needs, the version it was built with, and the exports it imports.
 * @param {{ container: string; range: string; builtWith: string; keys?: readonly string[]; firstCalls?: Record<string, readonly string[]> }} options
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
export function remoteRequirementsPlugin({ container, range, builtWith, keys = KERNEL_KEYS, firstCalls = {} }) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        // After the federation plugin has written the manifest (its stage is OPTIMIZE_TRANSFER).
        compilation.hooks.processAssets.tap({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          const entrypoint = compilation.entrypoints.get(container);
          const manifest = compilation.getAsset(FILES.manifest);
          if (!entrypoint || !manifest) {
            compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: no container entry "${container}" or no ${FILES.manifest}`));
            return;
          }
          const chunks = new Set();
          for (const chunk of entrypoint.chunks) {
            chunks.add(chunk);
            for (const referenced of chunk.getAllReferencedChunks()) chunks.add(referenced);
          }
          const requires = Object.fromEntries(
            Object.entries(importedExports(compilation, chunks, [...keys, ZOD_KEY], (resource) => resource.startsWith(KERNEL_DIR))).map(([key, exports]) => [key, { range, builtWith, exports }]),
          );
          const data = JSON.parse(manifest.source.source().toString());
          data.suwerte = { requires, pages: pageAssets(compilation, keys, firstCalls) };
          compilation.updateAsset(FILES.manifest, new rspack.sources.RawSource(`${JSON.stringify(data, null, 2)}\n`));
        });
      });
    },
  };
}

/**
 * The host: writes federation-host.json with each kernel entry point's version and runtime exports
 * (the exports the module graph says its entry module provides: the host's federation chunk loads
 * every entry point whole to hand it to remotes).
 * @param {{ entries: Record<string, string>; version: string }} options `entries`: key → the entry point's file
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
export function hostProvisionsPlugin({ entries, version }) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        compilation.hooks.processAssets.tap({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          /** @type {Record<string, { version: string; exports: string[] }>} */
          const provides = {};
          const keyOf = new Map(Object.entries(entries).map(([key, file]) => [file, key]));
          for (const module of compilation.modules) {
            eachInnerModule(module, (inner) => {
              const key = keyOf.get(inner.resource);
              if (!key || provides[key]) return;
              const provided = compilation.moduleGraph.getProvidedExports(inner);
              if (Array.isArray(provided)) provides[key] = { version, exports: [...provided].sort() };
            });
          }
          const missing = Object.keys(entries).filter((key) => !provides[key]);
          if (missing.length > 0) {
            compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: the build does not hand remotes ${missing.join(', ')} (host/src/features/federation/kernel.ts)`));
            return;
          }
          const sorted = Object.fromEntries(Object.keys(entries).sort().map((key) => [key, provides[key]]));
          compilation.emitAsset(FILES.hostProvisions, new rspack.sources.RawSource(`${JSON.stringify({ provides: sorted }, null, 2)}\n`));
        });
      });
    },
  };
}
