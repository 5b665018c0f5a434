import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { KERNEL_KEYS, KERNEL_PACKAGE, REMOTES } from '@suwerte/federation';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/site';
import { API_CLIENT, KERNEL_FALLBACK, KERNEL_RANGE, REACT_DOM, SHARED_SOURCE, SHARED_VERSIONS, VENDOR_MODULES, createAppConfig, kernelEntryFiles, sharedModules } from './create-config.mjs';

const kernel = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared', 'kernel', 'package.json'), 'utf8')) as { version: string };

describe('what host and remotes share', () => {
  it('React and every kernel entry point as singletons within the kernel’s major, zod/mini as an ordinary shared module', () => {
    const shared = sharedModules() as Record<string, { singleton: boolean; requiredVersion: string; version?: string }>;
    expect(KERNEL_RANGE).toBe(`^${kernel.version.split('.')[0]}.0.0`);
    for (const key of KERNEL_KEYS) expect(shared[key], key).toEqual({ singleton: true, requiredVersion: KERNEL_RANGE, version: kernel.version });
    expect(shared.react).toMatchObject({ singleton: true, requiredVersion: `^${SHARED_VERSIONS.react}` });
    expect(shared['zod/mini']).toEqual({ singleton: false, requiredVersion: `^${SHARED_VERSIONS.zod}`, version: SHARED_VERSIONS.zod });
    expect(shared.zod).toBeUndefined();
    // Only a remote's standalone page creates a root: the host never hands react-dom/client out.
    expect(shared['react-dom/client']).toBeUndefined();
    // The host-only entry point is never shared.
    expect(shared[`${KERNEL_PACKAGE}/host`]).toBeUndefined();
  });

  it('finds each kernel entry point’s file', () => {
    const files = kernelEntryFiles();
    expect(Object.keys(files)).toEqual(KERNEL_KEYS);
    for (const file of Object.values(files)) expect(existsSync(file), file).toBe(true);
  });

  it('groups a remote’s fallback copy of the kernel, never its own code or its libraries', () => {
    for (const file of ['shared/kernel/src/ui/components/overlays.tsx', 'node_modules/@mantine/core/esm/components/Modal/Modal.mjs', 'node_modules/axios/lib/axios.js']) {
      expect(KERNEL_FALLBACK.test(path.join(REPO_ROOT, file)), file).toBe(true);
    }
    for (const file of ['remote-lotto/src/app/routes.tsx', 'shared/contracts/src/contracts/lotto.ts', 'shared/ui/src/icons/icons.tsx', 'node_modules/zod/v4/classic/schemas.js', 'node_modules/zustand/esm/vanilla.mjs']) {
      expect(KERNEL_FALLBACK.test(path.join(REPO_ROOT, file)), file).toBe(false);
    }
  });
});

describe('the host’s lazy chunks', () => {
  it('the repository’s libraries in one chunk, never the host’s own code or a library of node_modules; the API client and axios in theirs', () => {
    for (const file of ['shared/kernel/src/ui/components/overlays.tsx', 'shared/contracts/src/contracts/lotto.ts', 'shared/federation/src/registry.ts', 'tools/rspack/zod-mini-browser.mjs']) {
      expect(SHARED_SOURCE.test(path.join(REPO_ROOT, file)), file).toBe(true);
    }
    // The host's own: a failed download of its federation loader must not take the failure panel along (e2e federation.spec.ts).
    for (const file of ['host/src/features/federation/federation.ts', 'host/src/features/federation/UnavailablePanel.tsx', 'host/src/app/runtime-config.ts', 'node_modules/@mantine/core/esm/components/Modal/Modal.mjs', 'node_modules/zod/v4/mini/schemas.js', 'node_modules/jwt-decode/build/esm/index.js']) {
      expect(SHARED_SOURCE.test(path.join(REPO_ROOT, file)), file).toBe(false);
    }
    const config = createAppConfig({ dir: path.join(REPO_ROOT, 'host') })({}, { mode: 'production' });
    const splitChunks = config.optimization?.splitChunks;
    const groups = (splitChunks === false || splitChunks === undefined ? {} : splitChunks.cacheGroups ?? {}) as Record<string, { test: RegExp; name: string; priority?: number; enforce: boolean }>;
    expect(groups.sharedSource).toMatchObject({ test: SHARED_SOURCE, name: 'shared-lazy', enforce: true });
    // The client is a file of the kernel too: its own group wins.
    expect(groups.apiClient).toMatchObject({ test: API_CLIENT, name: 'api-client', enforce: true });
    expect(groups.apiClient?.priority ?? 0).toBeGreaterThan(groups.sharedSource?.priority ?? 0);
    expect(API_CLIENT.test(path.join(REPO_ROOT, 'shared/kernel/src/api/client.ts')) && SHARED_SOURCE.test(path.join(REPO_ROOT, 'shared/kernel/src/api/client.ts'))).toBe(true);
  });
});

describe('the host’s shell and libraries', () => {
  const config = createAppConfig({ dir: path.join(REPO_ROOT, 'host') })({}, { mode: 'production' });
  const splitChunks = config.optimization?.splitChunks;
  const groups = (splitChunks === false || splitChunks === undefined ? {} : splitChunks.cacheGroups ?? {}) as Record<string, { test: RegExp; name?: string; chunks?: string }>;

  it('React DOM and its scheduler are the shell’s second file; the rest of main.js stays', () => {
    expect(groups.reactDom).toMatchObject({ test: REACT_DOM, name: 'react-dom', chunks: 'initial' });
    for (const file of ['node_modules/react-dom/cjs/react-dom-client.production.js', 'node_modules/scheduler/cjs/scheduler.production.js']) expect(REACT_DOM.test(path.join(REPO_ROOT, file)), file).toBe(true);
    for (const file of ['node_modules/react/cjs/react.production.js', 'node_modules/react-router/dist/production/index.mjs', 'host/src/index.tsx']) expect(REACT_DOM.test(path.join(REPO_ROOT, file)), file).toBe(false);
  });

  it('a kernel entry point’s stylesheet goes with the Mantine stylesheets it imports, not alone into an empty file', () => {
    expect(groups.defaultVendors).toMatchObject({ test: VENDOR_MODULES });
    for (const file of ['shared/kernel/src/styles/pages.css', 'node_modules/@mantine/core/styles/Accordion.layer.css', 'node_modules/@mantine/core/esm/components/Modal/Modal.mjs']) expect(VENDOR_MODULES.test(path.join(REPO_ROOT, file)), file).toBe(true);
    for (const file of ['shared/kernel/src/ui/components/overlays.tsx', 'host/src/features/home/PosterCarousel.module.css']) expect(VENDOR_MODULES.test(path.join(REPO_ROOT, file)), file).toBe(false);
    expect(config.optimization?.mangleExports).toBe('size');
  });
});

describe('an app’s configuration', () => {
  it('a remote: its federation name, port and public path from @suwerte/federation; its container named remoteEntry.js', () => {
    const config = createAppConfig({ dir: path.join(REPO_ROOT, 'remote-lotto'), federation: { name: 'lotto', exposes: { './routes': './src/app/routes.tsx' } } })({}, { mode: 'production' });
    expect(config.devServer && config.devServer.port).toBe(REMOTES.lotto.port);
    expect(config.output?.publicPath).toBe('auto');
    expect(config.output?.uniqueName).toBe('suwerte_lotto');
    expect(config.resolve?.alias).toMatchObject({ 'zod/mini$': path.join(REPO_ROOT, 'tools', 'rspack', 'zod-mini-browser.mjs') });
  });

  it('the host: port 3000 and `/`, no Module Federation plugin', () => {
    const config = createAppConfig({ dir: path.join(REPO_ROOT, 'host') })({}, { mode: 'production', port: 6340 });
    expect(config.devServer && config.devServer.port).toBe(6340);
    expect(config.output?.publicPath).toBe('/');
    expect((config.plugins ?? []).map((plugin) => plugin?.constructor.name)).not.toContain('ModuleFederationPlugin');
  });
});
