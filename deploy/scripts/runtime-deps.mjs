// Copies the player API's run-time node_modules — only the packages its bundle leaves external
// (player-api/build.mjs) and what they need, native better-sqlite3 included as built — into a
// folder for the final image, keeping every package at its node_modules path so Node resolves
// them exactly as in the build stage.
//
//   node deploy/scripts/runtime-deps.mjs <repo root> <workspace> <out dir>
import { cpSync, existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

const [rootArg, workspace, outArg] = process.argv.slice(2);
if (!rootArg || !workspace || !outArg) {
  console.error('usage: node deploy/scripts/runtime-deps.mjs <repo root> <workspace> <out dir>');
  process.exit(64);
}
const root = path.resolve(rootArg);
const out = path.resolve(outArg);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

// Same rule as player-api/build.mjs: the project's libraries (@suwerte/*), zod and its Fastify type
// provider are bundled, types are not code.
const BUNDLED = new Set(['zod', 'fastify-type-provider-zod']);
const pkg = readJson(path.join(root, workspace, 'package.json'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !BUNDLED.has(name) && !name.startsWith('@suwerte/') && !name.startsWith('@types/'));

/** Node's lookup of a package folder: node_modules/<name> in `from` and each folder above it. */
function findPackage(name, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || path.dirname(dir) === dir) return null;
  }
}

const seen = new Set();
function visit(name, from, optional) {
  const dir = findPackage(name, from);
  if (!dir) {
    if (optional) return;
    console.error(`runtime-deps: ${name} (needed from ${path.relative(root, from) || '.'}) is not installed`);
    process.exit(1);
  }
  if (seen.has(dir)) return;
  seen.add(dir);
  const relative = path.relative(root, dir);
  if (relative.startsWith('..') || realpathSync(dir) !== dir) {
    console.error(`runtime-deps: ${name} resolves outside node_modules (${dir}); bundle it instead`);
    process.exit(1);
  }
  // A native addon needs its compiled .node file, not its C sources or object files.
  const native = existsSync(path.join(dir, 'binding.gyp'));
  cpSync(dir, path.join(out, relative), {
    recursive: true,
    filter: (source) => {
      const parts = path.relative(dir, source).split(path.sep);
      // Nested node_modules are copied package by package, only when something needs them.
      if (parts.includes('node_modules')) return false;
      if (!native) return true;
      if (parts[0] === 'deps' || parts[0] === 'src') return false;
      return parts[0] !== 'build' || parts.length < 3 || source.endsWith('.node');
    },
  });
  const manifest = readJson(path.join(dir, 'package.json'));
  for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir, false);
  for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dep, dir, true);
  // A peer is the requirer's business; copy it when it is installed (e.g. fastify for its plugins).
  for (const dep of Object.keys(manifest.peerDependencies ?? {})) visit(dep, dir, true);
}

for (const name of external) visit(name, path.join(root, workspace), false);
console.log(`runtime-deps: ${seen.size} packages for ${workspace} (${external.join(', ')}) → ${out}`);
