// @ts-check
// Each text file of a production build also written compressed, beside it: `name.br` (brotli at its
// highest quality) and `name.gz` (gzip level 9), served as they are by the nginx images
// (brotli_static, gzip_static) and the local static server (sirv), so a player's phone gets the
// smallest form of each file and no server compresses it again per request (docs/decisions/227).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { rspack } from '@rspack/core';
import { FILES } from '@suwerte/federation/constants';

const PLUGIN = 'suwerte-precompress';

/** The build's files worth compressing: what the servers compress on the fly (deploy/static/entrypoint.sh `types`). */
export const PRECOMPRESSED = /\.(?:js|mjs|css|html|json|svg|txt)$/;

/**
 * Files a deployment writes in place of the build's copy (the runtime config, the registry: the
 * entrypoint and the local servers answer them from elsewhere): never a stale compressed twin.
 */
/** @type {ReadonlySet<string>} */
export const WRITTEN_AT_DEPLOY = new Set([FILES.runtimeConfig, FILES.registry]);

/** Below this, a compressed file saves less than its headers cost (the servers' own threshold). */
export const MIN_BYTES = 256;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The compressed forms of one file worth writing: each only when smaller than the file.
 * @param {Buffer} content
 * @returns {Promise<{ br?: Buffer; gz?: Buffer }>}
 */
export async function compressedForms(content) {
  if (content.length < MIN_BYTES) return {};
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { ...(br.length < content.length ? { br } : {}), ...(gz.length < content.length ? { gz } : {}) };
}

/**
 * Writes `name.br` and `name.gz` beside each text asset, after every other plugin has had its say
 * (the federation manifest is rewritten at the REPORT stage: federation-contract.mjs).
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
export function precompressPlugin() {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
        compilation.hooks.processAssets.tapPromise({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, async () => {
          const assets = compilation.getAssets().filter(({ name }) => PRECOMPRESSED.test(name) && !WRITTEN_AT_DEPLOY.has(name));
          await Promise.all(
            assets.map(async ({ name, source }) => {
              const content = source.buffer();
              const forms = await compressedForms(content);
              for (const [extension, compressed] of Object.entries(forms)) {
                compilation.emitAsset(`${name}.${extension}`, new rspack.sources.RawSource(compressed), { minimized: true, related: { [extension]: name } });
              }
            }),
          );
        });
      });
    },
  };
}
