// Bundles the player API into dist/main.js and its operator command line into dist/operator.js (ESM, Node 20).
//
//   node build.mjs                 into dist/
//   node build.mjs <folder>        into another folder of player-api/ (a remote's own tests: dist/ is left to the other suites)
// The @suwerte/* libraries (TypeScript source), `zod` and fastify-type-provider-zod (so the route
// schemas and its compilers use one zod) are bundled; every other runtime dependency stays
// external and is resolved from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const bundled = new Set(['zod', 'fastify-type-provider-zod']);
// The project's own libraries (@suwerte/*: TypeScript source) are bundled too.
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !bundled.has(name) && !name.startsWith('@suwerte/'));

// Inside player-api/, so the external packages resolve from its node_modules as they do from dist/.
const outdir = process.argv[2] ?? 'dist';
if (!/^dist(-[0-9A-Za-z.-]+)?$/.test(outdir)) {
  console.error(`build: the output folder is dist or dist-<name> inside player-api/, not ${outdir}`);
  process.exit(64);
}
rmSync(join(root, outdir), { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', operator: 'src/features/operator/cli.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  // Bundled CommonJS code (if any) may call require(); give ESM output a real one.
  banner: {
    js: "import { createRequire as __suwerteCreateRequire } from 'node:module';\nconst require = __suwerteCreateRequire(import.meta.url);",
  },
  logLevel: 'info',
  metafile: true,
});

const inputs = Object.keys(result.metafile.inputs);
const leaked = inputs.filter((path) => external.some((name) => path.includes(`node_modules/${name}/`)));
if (leaked.length > 0) {
  console.error(`build: external packages were bundled: ${leaked.join(', ')}`);
  process.exit(1);
}
console.log(`build: ${outdir}/main.js, ${outdir}/operator.js (${inputs.length} inputs; external: ${external.join(', ')})`);
