// @ts-check
// What a remote needs from the host and what the host provides, written by the build itself so
// nobody keeps a list by hand (docs/decisions/052):
// - a remote's mf-manifest.json gets `suwerte.requires['@suwerte/shared']`: the range it needs and
//   every export of the package its exposed code imports (found in the module graph of the
//   container's chunks — the standalone dev shell's imports are not the host's business);
// - the host's build writes federation-host.json: the package's version and every export its
//   federation chunk hands to remotes.
// `publish-remote point` compares the two before a release reaches players; the host compares a
// manifest with its own namespace before it mounts a remote.
import { rspack } from '@rspack/core';

export const SHARED_PACKAGE = '@suwerte/shared';
export const HOST_PROVISIONS_FILE = 'federation-host.json';
const MANIFEST_FILE = 'mf-manifest.json';
const PLUGIN = 'SuwerteFederationContract';

/**
 * @param {any} module a compilation module (concatenated modules carry their parts in `modules`)
 * @param {(module: any) => void} visit
 */
function eachInnerModule(module, visit) {
  visit(module);
  for (const inner of module.modules ?? []) eachInnerModule(inner, visit);
}

/**
 * Exports of `packageName` imported by the code in `chunks`; '*' for a namespace used whole.
 * @param {import('@rspack/core').Compilation} compilation
 * @param {Iterable<import('@rspack/core').Chunk>} chunks
 * @param {string} packageName
 */
export function importedExports(compilation, chunks, packageName) {
  const names = new Set();
  for (const chunk of chunks) {
    for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
      eachInnerModule(module, (inner) => {
        for (const dependency of inner.dependencies ?? []) {
          if (dependency.request !== packageName) continue;
          if (!/specifier/.test(dependency.type)) continue;
          const [first] = dependency.ids ?? [];
          names.add(first ?? '*');
        }
      });
    }
  }
  return [...names].sort();
}

/**
 * The chunks of a chunk group and of every group it can load (its children, recursively). Not
 * `Chunk.getAllReferencedChunks`, which also follows the other groups a shared chunk is in (the
 * standalone app's entry, for one).
 * @param {any} group a chunk group
 */
function chunksOfGroup(group) {
  const chunks = new Set();
  const seen = new Set();
  const pending = [group];
  while (pending.length > 0) {
    const current = pending.pop();
    if (seen.has(current)) continue;
    seen.add(current);
    for (const chunk of current.chunks) chunks.add(chunk);
    pending.push(...current.childrenIterable);
  }
  return chunks;
}

/**
 * A remote: adds its requirements to mf-manifest.json — for the container as a whole (`exports`,
 * what the compatibility check reads), per exposed module with every chunk it can load (`exposes`,
 * the parts of the package a host loads before that module, docs/decisions/091), per exposed module
 * alone (`initial`), and per chunk loaded later (`chunks`, by chunk id): a host that has them loads
 * a widget's `initial` parts first and a later chunk's parts when that chunk loads (docs/decisions/139).
 * @param {{ container: string; range: string; builtWith: string; exposes?: string[] }} options
 *   `exposes`: the exposed modules' names as the federation plugin has them (`./FeaturedGames`).
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
export function remoteRequirementsPlugin({ container, range, builtWith, exposes = [] }) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        // After the federation plugin has written the manifest (its stage is OPTIMIZE_TRANSFER).
        compilation.hooks.processAssets.tap({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          const entrypoint = compilation.entrypoints.get(container);
          const manifest = compilation.getAsset(MANIFEST_FILE);
          if (!entrypoint || !manifest) {
            compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: no container entry "${container}" or no ${MANIFEST_FILE}`));
            return;
          }
          const chunks = new Set();
          for (const chunk of entrypoint.chunks) {
            chunks.add(chunk);
            for (const referenced of chunk.getAllReferencedChunks()) chunks.add(referenced);
          }
          /** @type {Record<string, string[]>} */
          const perExpose = {};
          /** @type {Record<string, string[]>} */
          const initial = {};
          /** @type {Record<string, string[]>} */
          const perChunk = {};
          for (const key of exposes) {
            const name = key.replace(/^\.\//, '');
            // The federation plugin names an exposed module's chunk group after it.
            const group = compilation.namedChunkGroups.get(`__federation_expose_${name.replace(/[^\w$]/g, '_')}`);
            if (!group) {
              compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: no chunk group for the exposed module ${key}`));
              continue;
            }
            const all = chunksOfGroup(group);
            perExpose[name] = importedExports(compilation, all, SHARED_PACKAGE);
            initial[name] = importedExports(compilation, group.chunks, SHARED_PACKAGE);
            // The chunks it loads later, each with what it imports (the host loads those when the chunk loads).
            for (const chunk of all) {
              if (group.chunks.includes(chunk) || chunk.id === null || chunk.id === undefined) continue;
              const names = importedExports(compilation, [chunk], SHARED_PACKAGE);
              if (names.length > 0) perChunk[String(chunk.id)] = names;
            }
          }
          const data = JSON.parse(manifest.source.source().toString());
          data.suwerte = {
            requires: {
              [SHARED_PACKAGE]: { range, builtWith, exports: importedExports(compilation, chunks, SHARED_PACKAGE), exposes: perExpose, initial, chunks: perChunk },
            },
          };
          compilation.updateAsset(MANIFEST_FILE, new rspack.sources.RawSource(`${JSON.stringify(data, null, 2)}\n`));
        });
      });
    },
  };
}

/**
 * The host: writes federation-host.json with the runtime exports of the shared package's entry.
 * @param {{ entryFile: string; version: string; exports?: () => string[] }} options the package's
 *   entry module (its index.ts); `exports`, the names the host's runtime hands remotes, when the
 *   build knows them otherwise (shared-parts.mjs: the host no longer imports the package whole).
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
export function hostProvisionsPlugin({ entryFile, version, exports: known }) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        compilation.hooks.processAssets.tap({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          /** @type {string[] | null} */
          let exports = known ? [...known()].sort() : null;
          for (const module of compilation.modules) {
            eachInnerModule(module, (inner) => {
              if (exports || inner.resource !== entryFile) return;
              const provided = compilation.moduleGraph.getProvidedExports(inner);
              if (Array.isArray(provided)) exports = [...provided].sort();
            });
          }
          if (!exports) {
            compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: the build does not contain ${entryFile} with known exports`));
            return;
          }
          const provisions = { provides: { [SHARED_PACKAGE]: { version, exports } } };
          compilation.emitAsset(HOST_PROVISIONS_FILE, new rspack.sources.RawSource(`${JSON.stringify(provisions, null, 2)}\n`));
        });
      });
    },
  };
}
