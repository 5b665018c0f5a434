import { beforeEach, vi } from 'vitest';

// A test that makes React (or anything) log an error fails: errors are never background noise.
beforeEach(() => {
  // No network in unit tests: calls go through `fakeApi`; a test that needs fetch stubs its own.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('No network in unit tests')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

// A file of pure functions declares `// @vitest-environment node`: no DOM to build for it (a jsdom
// environment cost a few seconds of a loaded runner per file), and none of the DOM helpers below.
if (typeof document !== 'undefined') await import('./dom-setup');
