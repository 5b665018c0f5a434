import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, jsonSchemaStub, zodForBrowsers } from './zod-for-browsers.mjs';

const require = createRequire(import.meta.url);
const core = path.join(path.dirname(require.resolve('zod/package.json')), 'v4', 'core');

describe('zod for the browser builds', () => {
  it('reads the export names of zod’s JSON Schema modules from the installed files', () => {
    expect(exportedNames(path.join(core, 'to-json-schema.js'))).toEqual(expect.arrayContaining(['createStandardJSONSchemaMethod', 'createToJSONSchemaMethod', 'process']));
    expect(exportedNames(path.join(core, 'json-schema-processors.js'))).toEqual(expect.arrayContaining(['stringProcessor', 'objectProcessor', 'toJSONSchema']));
  });

  it('stubs them with the same names: a schema still builds its methods, and calling one says why it is not there', async () => {
    const stub = (await import(`data:text/javascript,${encodeURIComponent(jsonSchemaStub(['createToJSONSchemaMethod', 'stringProcessor']))}`)) as Record<string, (...args: unknown[]) => unknown>;
    const method = stub.createToJSONSchemaMethod?.({}, {}) as () => unknown;
    expect(() => method()).toThrow(/JSON Schema conversion is not part of the browser build of zod/);
    expect(() => stub.stringProcessor?.()).toThrow(/not part of the browser build/);
  });

  it('resolves `zod/mini` to the browser entry and only zod’s own JSON Schema imports to the stubs', () => {
    const { alias } = zodForBrowsers();
    expect(alias['zod/mini$']).toMatch(/tools[\\/]rspack[\\/]zod-mini-browser\.mjs$/);
    expect(alias['zod-v4-files']).toBe(path.dirname(core));
  });
});
