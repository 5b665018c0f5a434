// @ts-check
// The host's page for deep links (docs/decisions/236): `app.html`, which the servers answer for every
// path but `/` — index.html with the early script (`src/early.ts`, an entry of its own) and, as JSON
// the script reads, the host's files a deep link fetches: the chain every remote page goes through
// (the warm-up, the federation chunk, the kernel's main entry point…) and each shared module's own.
// The visitor's `/` keeps index.html as it is: not one byte more before its first paint.
// The lists come from the build's own chunk graph (each lazy import's chunks, by the request it was
// written with), so they cannot drift from the code; a request named here that the build no longer
// has fails the build, naming it.
import { rspack } from '@rspack/core';

const PLUGIN = 'SuwerteDeepLinkPage';

/** The page the servers answer for every path but `/` (serve-static.ts, deploy/nginx/host.conf.template). */
export const DEEP_LINK_PAGE = 'app.html';
/** The element holding the file lists (src/features/federation/early-script.ts reads it). */
const FILES_ID = 'suwerte-deep-link';

/**
 * @param {{ entry: string; chain: string[]; shared: string[] }} options `entry`: the early script's module (built by a child compiler, so that its chunk does not count among the host's: record 233 saw one chunk more renumber them all);
 *   `chain`: the lazy imports (as written) of a deep link's chain; `shared`: the shared modules' keys (each a lazy import of that request).
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
export function deepLinkPagePlugin({ entry, chain, shared }) {
  return {
    apply(compiler) {
      /** @type {string | undefined} */
      let script;
      compiler.hooks.make.tapPromise(PLUGIN, (compilation) => {
        const child = compilation.createChildCompiler(PLUGIN, { ...compilation.outputOptions, filename: 'early.[contenthash:10].js' }, [
          new rspack.EntryPlugin(compiler.context, entry, { name: 'early' }),
        ]);
        return new Promise((resolve, reject) => {
          child.runAsChild((error, entries) => {
            if (error) return reject(error);
            script = entries?.flatMap((chunk) => [...chunk.files]).find((file) => file.endsWith('.js'));
            resolve(undefined);
          });
        });
      });
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        // After the HTML plugin has written index.html; before the files are compressed (precompress.mjs).
        compilation.hooks.processAssets.tap({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          /** @type {Map<string, Set<string>>} */
          const byRequest = new Map();
          for (const group of compilation.chunkGroups) {
            if (group.isInitial()) continue;
            const files = group.getFiles().filter((file) => /\.(js|css)$/.test(file));
            for (const origin of group.origins) {
              if (!origin.request) continue;
              const known = byRequest.get(origin.request) ?? new Set();
              for (const file of files) known.add(file);
              byRequest.set(origin.request, known);
            }
          }
          /** @param {string} request */
          const filesOf = (request) => {
            const files = byRequest.get(request);
            if (!files) compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: no lazy import of "${request}" in the build — update the deep-link chain in host/rspack.config.mjs (docs/decisions/236)`));
            return [...(files ?? [])];
          };
          const lists = {
            chain: [...new Set(chain.flatMap(filesOf))],
            shared: Object.fromEntries(shared.map((key) => [key, filesOf(key)])),
          };
          const index = compilation.getAsset('index.html');
          if (!script || !index) {
            compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: ${script ? 'index.html' : `the early script (${entry})`} is missing`));
            return;
          }
          const html = index.source.source().toString();
          // `<` escaped: the JSON cannot close its element.
          const json = JSON.stringify(lists).replace(/</g, '\\u003c');
          const tags = `<script type="application/json" id="${FILES_ID}">${json}</script><script async src="/${script}"></script>`;
          if (!html.includes('</head>')) compilation.errors.push(new rspack.WebpackError(`${PLUGIN}: index.html has no </head>`));
          compilation.emitAsset(DEEP_LINK_PAGE, new rspack.sources.RawSource(html.replace('</head>', `${tags}</head>`)));
        });
      });
    },
  };
}
