import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTAINER_ERROR_CODES, FEDERATION_RUNTIME_ESM, RUNTIME_CORE } from './federation-runtime.mjs';

const require = createRequire(import.meta.url);

describe('the federation runtime remotes are built with', () => {
  it('points the runtime packages the plugin injects at their ES module builds', () => {
    for (const [cjs, esm] of Object.entries(FEDERATION_RUNTIME_ESM)) {
      expect(cjs).toMatch(/\.cjs$/);
      expect(esm).toBe(cjs.replace(/\.cjs$/, '.js'));
    }
    // The core's version is the installed package's (the host runs the same core: docs/decisions/090).
    expect(RUNTIME_CORE.file).toMatch(/runtime-core[\\/]dist[\\/]index\.js$/);
    expect(RUNTIME_CORE.version).toBe((JSON.parse(readFileSync(path.join(path.dirname(RUNTIME_CORE.file), '..', 'package.json'), 'utf8')) as { version: string }).version);
    expect(RUNTIME_CORE.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('gives containers the texts of exactly the error codes their runtime imports, in the package’s words', () => {
    const table = JSON.parse(CONTAINER_ERROR_CODES.define.__SUWERTE_CONTAINER_RUNTIME_DESC__) as Record<string, string>;
    const codes = require('@module-federation/error-codes') as Record<string, string> & { runtimeDescMap: Record<string, string> };
    expect(Object.keys(table).length).toBeGreaterThan(0);
    for (const [code, text] of Object.entries(table)) expect(text).toBe(codes.runtimeDescMap[code]);
  });
});
