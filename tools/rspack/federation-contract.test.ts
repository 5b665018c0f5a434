// The contract builds write (federation-contract.mjs), checked on real Rspack builds of a small
// remote and a small host made from this checkout's create-config.mjs: the files a release and a
// host carry, as publish-remote and the host read them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack, type Configuration, type Stats } from '@rspack/core';
import { FILES, KERNEL_KEYS, KERNEL_PACKAGE } from '@suwerte/federation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/site';
import { createAppConfig } from './create-config.mjs';

let work: string;

/** An app folder of `files` beside this checkout's node_modules, built for production; resolves its dist/. */
async function build(name: string, files: Record<string, string>, federation?: Parameters<typeof createAppConfig>[0]['federation']): Promise<{ dist: string; errors: string[] }> {
  const dir = path.join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const config = createAppConfig({ dir, ...(federation ? { federation } : {}) })({}, { mode: 'production' }) as Configuration;
  const stats = await new Promise<Stats>((resolve, reject) => {
    const compiler = rspack({ ...config, devtool: false });
    compiler.run((error, result) => compiler.close(() => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result))));
  });
  return { dist: path.join(dir, 'dist'), errors: stats.toJson({ all: false, errors: true }).errors?.map((error) => error.message) ?? [] };
}

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const kernelVersion = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared', 'kernel', 'package.json'), 'utf8')) as { version: string }).version;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'suwerte-contract-'));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a remote’s build', () => {
  it('records per kernel entry point the exports its exposed code imports, its later chunks included, and not its standalone page’s', async () => {
    const { dist, errors } = await build(
      'remote',
      {
        'src/index.tsx': "import { PasswordInput } from '@suwerte/shared/forms';\nexport const standalone = PasswordInput;\n",
        'src/Widget.tsx':
          "import { Button, notify } from '@suwerte/shared';\nimport { schema } from './schema';\nexport const widget = [Button, notify, schema, () => import('./Dialog'), () => import(/* webpackChunkName: \"page-members.deposit\" */ './Page'), () => import(/* webpackChunkName: \"data-members.deposit\" */ './prefetch')];\n",
        'src/schema.ts': "import { z } from 'zod/mini';\nexport const schema = z.object({ name: z.optional(z.string().check(z.minLength(1))) });\n",
        'src/prefetch.ts': "import { queryClient } from '@suwerte/shared';\nexport const prefetch = () => queryClient.prefetchQuery({ queryKey: ['mop'] });\n",
        'src/Dialog.tsx': "import { Modal } from '@suwerte/shared/overlays';\nexport const dialog = Modal;\n",
        'src/Page.tsx': "import './page.css';\nimport { Title } from '@suwerte/shared';\nimport { Drawer } from '@suwerte/shared/overlays';\nexport const page = [Title, Drawer];\n",
        'src/page.css': '.page { color: red; }\n',
        'src/app/first-calls.json': '{ "members.deposit": ["/mop", "/deposit/history"] }\n',
      },
      { name: 'lotto', exposes: { './Widget': './src/Widget.tsx' } },
    );
    expect(errors).toEqual([]);
    const manifest = json(path.join(dist, FILES.manifest)) as {
      name: string;
      suwerte: { requires: Record<string, { range: string; builtWith: string; exports: string[] }>; pages: Record<string, { js: string[]; css: string[]; kernel: string[]; calls?: string[] }> };
    };
    expect(manifest.name).toBe('lotto');
    const range = `^${kernelVersion.split('.')[0]}.0.0`;
    expect(manifest.suwerte.requires).toEqual({
      [KERNEL_PACKAGE]: { range, builtWith: kernelVersion, exports: ['Button', 'Title', 'notify', 'queryClient'] },
      [`${KERNEL_PACKAGE}/overlays`]: { range, builtWith: kernelVersion, exports: ['Drawer', 'Modal'] },
      // zod/mini's functions, by name through its namespace, on the kernel's version (docs/decisions/235):
      // the remote's own, and those of the contracts its fallback copy of the kernel bundles.
      'zod/mini': { range, builtWith: kernelVersion, exports: expect.arrayContaining(['minLength', 'object', 'optional', 'string']) },
    });
    expect(manifest.suwerte.requires['zod/mini']?.exports).not.toContain('z');
    // A named page chunk: its files and the kernel entry points its code imports (docs/decisions/210).
    expect(manifest.suwerte.pages).toEqual({
      'members.deposit': {
        js: [expect.stringMatching(/^page-members\.deposit\.[0-9a-f]{8}\.js$/)],
        css: [expect.stringMatching(/^page-members\.deposit\.[0-9a-f]{8}\.css$/)],
        kernel: [KERNEL_PACKAGE, `${KERNEL_PACKAGE}/overlays`],
      },
      // The page's data chunk, under its whole name: the warm-up starts it with the page (docs/decisions/229),
      // and its first calls (src/app/first-calls.json) before any of the remote's code (docs/decisions/232).
      'data-members.deposit': {
        js: [expect.stringMatching(/^data-members\.deposit\.[0-9a-f]{8}\.js$/)],
        css: [],
        kernel: [KERNEL_PACKAGE],
        calls: ['/mop', '/deposit/history'],
      },
    });
  }, 180_000);

  it('fails, naming them, on first calls for a page without a data chunk or that are not plain paths on the API', async () => {
    const { errors } = await build(
      'remote-bad-calls',
      {
        'src/index.tsx': 'export const standalone = 1;\n',
        'src/Widget.tsx': "export const widget = () => import(/* webpackChunkName: \"data-Lotto\" */ './prefetch');\n",
        'src/schema.ts': "import { z } from 'zod/mini';\nexport const schema = z.object({ name: z.optional(z.string().check(z.minLength(1))) });\n",
        'src/prefetch.ts': 'export const prefetch = () => undefined;\n',
        'src/app/first-calls.json': '{ "Lotto": ["https://elsewhere.example/steal"], "Sports": ["/schedule"] }\n',
      },
      { name: 'lotto', exposes: { './Widget': './src/Widget.tsx' } },
    );
    const text = errors.join('\n');
    expect(text).toContain('the first calls of "Lotto" must be plain paths on the player API: https://elsewhere.example/steal');
    expect(text).toContain('first calls are listed for "Sports", but no chunk is named "data-Sports"');
  }, 180_000);
});

describe('the host’s build', () => {
  const loadAll = [...KERNEL_KEYS, 'zod/mini'].map((key) => `() => import('${key}')`).join(', ');

  it('writes federation-host.json: every kernel entry point it hands out and zod/mini, with the kernel’s version and their exports', async () => {
    const { dist, errors } = await build('host', { 'index.html': '<!doctype html><div id="root"></div>', 'src/index.tsx': `export const kernel = [${loadAll}];\n` });
    expect(errors).toEqual([]);
    const host = json(path.join(dist, FILES.hostProvisions)) as { provides: Record<string, { version: string; exports: string[] }> };
    expect(Object.keys(host.provides).sort()).toEqual([...KERNEL_KEYS, 'zod/mini'].sort());
    for (const key of [...KERNEL_KEYS, 'zod/mini']) expect(host.provides[key]?.version, key).toBe(kernelVersion);
    expect(host.provides['zod/mini']?.exports).toEqual(expect.arrayContaining(['minLength', 'object', 'optional', 'safeParse', 'string', 'z']));
    expect(host.provides['zod/mini']?.exports).not.toContain('ipv6');
    expect(host.provides[`${KERNEL_PACKAGE}/overlays`]?.exports).toEqual(['Drawer', 'Modal']);
    expect(host.provides[KERNEL_PACKAGE]?.exports).toEqual(expect.arrayContaining(['Button', 'sessionStore', 'useEndpointQuery']));
    expect(host.provides[KERNEL_PACKAGE]?.exports).not.toContain('startAccountSync');
  }, 180_000);

  it('fails, naming it, when it does not hand out a kernel entry point', async () => {
    const some = [...KERNEL_KEYS, 'zod/mini'].filter((key) => !key.endsWith('/pages')).map((key) => `() => import('${key}')`).join(', ');
    const { errors } = await build('host-missing', { 'index.html': '<!doctype html><div id="root"></div>', 'src/index.tsx': `export const kernel = [${some}];\n` });
    expect(errors.join('\n')).toContain(`${KERNEL_PACKAGE}/pages`);
  }, 180_000);
});
