// A production build of one remote into a folder of your choice — its own dist/ is left alone —
// optionally with raw JavaScript prepended to the chunk of its exposed `./routes` module (how the
// versioned-remote e2e makes a new release visibly different without editing the remote), and
// optionally stamped with a release name in every chunk, so every file name of the release
// differs from another build's (a deploy that replaces every chunk, as real releases do), and
// optionally with edits of its sources applied as they compile (edit-loader.cjs: how the area-release
// e2e makes a one-line change of a library or a remote without touching the working tree).
// Plain Node on purpose: Module Federation generates runtime code from its own functions'
// source text, which a TypeScript loader (tsx) would rewrite.
//
//   node deploy/scripts/build-remote.mjs <remote> <out dir> [--routes-banner <file>] [--stamp <release>] [--edits <file.json>]
//   (edits: [{ "file": "<path from the repo root>", "from": "<text>", "to": "<text>" }, …])
//   node deploy/scripts/build-remote.mjs host <out dir>      (the host, e.g. for a remote's own tests)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';

const USAGE = 'usage: node deploy/scripts/build-remote.mjs <remote> <out dir> [--routes-banner <file>] [--stamp <release>] [--edits <file.json>]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'routes-banner': { type: 'string' }, stamp: { type: 'string' }, edits: { type: 'string' } },
});
const [remote, outArg] = positionals;
const bannerFile = values['routes-banner'];
if (!remote || !outArg || (values.stamp !== undefined && !/^[0-9A-Za-z.+-]+$/.test(values.stamp))) {
  console.error(USAGE);
  process.exit(64);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.resolve(outArg);
if (outDir === path.join(root, remote === 'host' ? 'host' : `remote-${remote}`, 'dist')) {
  console.error(`refusing to overwrite the ${remote} build other suites serve (its dist/)`);
  process.exit(64);
}
const folder = remote === 'host' ? 'host' : `remote-${remote}`;
const factory = (await import(pathToFileURL(path.join(root, folder, 'rspack.config.mjs')).href)).default;
const config = factory({}, { mode: 'production' });
config.output = { ...config.output, path: outDir };
if (bannerFile) {
  const banner = readFileSync(bannerFile, 'utf8');
  config.plugins = [...(config.plugins ?? []), new rspack.BannerPlugin({ banner, raw: true, include: /__federation_expose_routes/ })];
}
if (values.stamp) {
  config.plugins = [...(config.plugins ?? []), new rspack.BannerPlugin({ banner: `release ${values.stamp}`, include: /\.js$/, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE })];
}
if (values.edits) {
  /** @type {{ file: string; from: string; to: string }[]} */
  const edits = JSON.parse(readFileSync(values.edits, 'utf8'));
  const loader = path.join(root, 'deploy', 'scripts', 'edit-loader.cjs');
  const rules = edits.map(({ file, from, to }) => ({ test: path.resolve(root, file), enforce: /** @type {const} */ ('pre'), use: [{ loader, options: { from, to } }] }));
  config.module = { ...config.module, rules: [...rules, ...(config.module?.rules ?? [])] };
}
const compiler = rspack(config);
compiler.run((error, stats) => {
  compiler.close(() => undefined);
  if (error || !stats || stats.hasErrors()) {
    console.error(error ?? stats?.toString({ all: false, errors: true }) ?? 'build failed');
    process.exit(1);
  }
  console.info(`${folder} built into ${outDir}`);
});
