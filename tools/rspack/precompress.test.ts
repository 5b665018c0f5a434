import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { rspack, type Compiler } from '@rspack/core';
import { describe, expect, it } from 'vitest';
import { MIN_BYTES, compressedForms, precompressPlugin } from './precompress.mjs';

/** A production build of one module with the plugin, plus the runtime files a deployment writes (emitted as the host's public/ copies them). */
function build(dir: string): Promise<void> {
  writeFileSync(path.join(dir, 'index.js'), `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\ndocument.title = rows.join(globalThis.separator);\n`);
  const emitRuntimeFiles = {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap('test', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'test', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          const json = JSON.stringify({ padding: 'x'.repeat(MIN_BYTES * 2) });
          compilation.emitAsset('config.json', new rspack.sources.RawSource(json));
          compilation.emitAsset('remotes.json', new rspack.sources.RawSource(json));
          compilation.emitAsset('mf-manifest.json', new rspack.sources.RawSource(json));
          compilation.emitAsset('tiny.css', new rspack.sources.RawSource('a{}'));
        });
      });
    },
  };
  const compiler = rspack({ mode: 'production', context: dir, entry: './index.js', output: { path: path.join(dir, 'dist'), filename: 'main.js' }, devtool: 'source-map', plugins: [emitRuntimeFiles, precompressPlugin()] });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString()));
      else resolve();
    }),
  );
}

describe('precompressed builds', () => {
  it('writes .br and .gz beside each text file, decoding to the file; not the maps, tiny files, or what a deployment rewrites', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'suwerte-precompress-'));
    await build(dir);
    const dist = (name: string) => path.join(dir, 'dist', name);
    for (const name of ['main.js', 'mf-manifest.json']) {
      const original = readFileSync(dist(name));
      const br = readFileSync(dist(`${name}.br`));
      const gz = readFileSync(dist(`${name}.gz`));
      expect(brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
    }
    // Source maps are for developers (the images delete them); below the servers' threshold, not worth it;
    // the runtime config and the registry are written at deploy: a twin of the build's copy would be stale.
    for (const name of ['main.js.map', 'tiny.css', 'config.json', 'remotes.json']) {
      expect(existsSync(dist(name)), name).toBe(true);
      expect(existsSync(dist(`${name}.br`)), `${name}.br`).toBe(false);
      expect(existsSync(dist(`${name}.gz`)), `${name}.gz`).toBe(false);
    }
  }, 30_000);

  it('keeps a form only when it is smaller than the file', async () => {
    expect(await compressedForms(Buffer.from('x'.repeat(MIN_BYTES - 1)))).toEqual({});
    const random = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 2654435761) % 251));
    const forms = await compressedForms(random);
    for (const form of Object.values(forms)) expect(form.length).toBeLessThan(random.length);
  });
});
