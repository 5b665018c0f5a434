// The DOM part of the unit-test setup (setup.ts): only in files that run in jsdom.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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

// NOTE: findBy… and waitFor give up after 1 s by default. A dialog that loads its code with its
// first opening (docs/decisions/225) is a module import, a lazy render and Mantine's opening away
// from the click; on a 2-core runner with a remote's smoke beside its unit tests that once took
// more than a second (remote-sports in CI). A longer wait never slows a passing test.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  restoreLeaveSite();
});
