import { describe, expect, it, vi } from 'vitest';

describe('the host’s development hook for React Refresh', () => {
  it('records every renderer React injects, so a remote’s refresh runtime that arrives late finds it', async () => {
    vi.stubGlobal('__REACT_DEVTOOLS_GLOBAL_HOOK__', undefined);
    try {
      await import('./refresh-hook.mjs');
      const hook = (globalThis as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { inject: (renderer: object) => number; renderers: Map<number, object> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__;
      const renderer = { version: '19' };
      const id = hook.inject(renderer);
      expect(hook.renderers.get(id)).toBe(renderer);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
