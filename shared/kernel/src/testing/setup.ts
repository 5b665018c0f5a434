import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { restoreLeaveSite } from '@suwerte/ui/testing';
import { matchMediaStub } from './match-media';

// jsdom lacks what Mantine measures with.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMediaStub() });
}
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => undefined;

// A test that makes React (or anything) log an error fails: errors are never background noise.
beforeEach(() => {
  // No network in unit tests: calls go through `fakeApi`; a test that needs fetch stubs its own.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('No network in unit tests')));
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  restoreLeaveSite();
});
