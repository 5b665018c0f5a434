import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { describe, expect, it } from 'vitest';
import { DEEP_LINK_PAGE, deepLinkPagePlugin } from './deep-link-page.mjs';

/** A production build of a small shell (two lazy imports) with the plugin; resolves with the build's errors. */
function build(dir: string, chain: string[]): Promise<string[]> {
  writeFileSync(path.join(dir, 'index.js'), "import('./warmup').then((m) => m.warm());\nimport('./kernel-part').then((m) => m.part());\n");
  writeFileSync(path.join(dir, 'warmup.js'), "export const warm = () => console.info('warm', import('./kernel-part'));\n");
  writeFileSync(path.join(dir, 'kernel-part.js'), "export const part = () => console.info('part');\n");
  writeFileSync(path.join(dir, 'early.js'), "console.info('early', '</script>');\n");
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>shell</title></head><body></body></html>');
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    output: { path: path.join(dir, 'dist'), filename: '[name].[contenthash:10].js', chunkFilename: '[name].[contenthash:8].js', publicPath: '/' },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: path.join(dir, 'index.html'), scriptLoading: 'defer', chunks: ['main'] }),
      deepLinkPagePlugin({ entry: './early.js', chain, shared: ['./kernel-part'] }),
    ],
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else resolve((stats?.toJson({ errors: true }).errors ?? []).map((problem) => problem.message));
    }),
  );
}

describe("the host's deep-link page (docs/decisions/236)", () => {
  it('writes app.html: index.html with the early script and the files of the chain and of each shared module, from the chunk graph', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'suwerte-deep-link-page-'));
    expect(await build(dir, ['./warmup'])).toEqual([]);
    const files = readdirSync(path.join(dir, 'dist'));
    const index = readFileSync(path.join(dir, 'dist', 'index.html'), 'utf8');
    const app = readFileSync(path.join(dir, 'dist', DEEP_LINK_PAGE), 'utf8');
    const early = files.find((file) => /^early\.[0-9a-f]{10}\.js$/.test(file));
    expect(early).toBeDefined();
    // The visitor's page is untouched; the deep link's is the same page plus the two elements.
    expect(index).not.toContain('early.');
    expect(app.replace(/<script type="application\/json"[^]*?<\/script><script async src="[^"]+"><\/script>/, '')).toBe(index);
    expect(app).toContain(`<script async src="/${early}"></script>`);
    const lists = JSON.parse(/<script type="application\/json" id="suwerte-deep-link">([^<]*)<\/script>/.exec(app)?.[1] ?? 'null') as { chain: string[]; shared: Record<string, string[]> };
    const chunkOf = (module: string) => files.filter((file) => file.endsWith('.js') && new RegExp(`["']${module}["']`).test(readFileSync(path.join(dir, 'dist', file), 'utf8')));
    expect(lists.chain).toEqual(chunkOf('warm'));
    expect(lists.shared['./kernel-part']).toEqual(chunkOf('part'));
    expect(lists.chain).toHaveLength(1);
    // The early script is a bundle of its own: not among the shell's chunks, not in index.html.
    expect(readFileSync(path.join(dir, 'dist', early ?? ''), 'utf8')).toContain('early');
  });

  it('fails the build naming a chain request the code no longer has', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'suwerte-deep-link-page-'));
    const errors = await build(dir, ['./warmup', './renamed-module']);
    expect(errors).toEqual([expect.stringContaining('no lazy import of "./renamed-module"')]);
  });
});
