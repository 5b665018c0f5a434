import path from 'node:path';
import { defineProject } from 'vitest/config';

/** The unit-test setup of every browser package (shared, host, remotes): jsdom + Testing Library. */
export function browserProject(name: string, { setupFiles = [] }: { setupFiles?: string[] } = {}) {
  return defineProject({
    test: {
      name,
      environment: 'jsdom',
      globals: true,
      setupFiles: [path.join(import.meta.dirname, 'src/testing/setup.ts'), ...setupFiles],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      restoreMocks: true,
      // NOTE: component tests type and click through user-event in jsdom; on a 2-core runner with
      // every project in parallel a form test can take several seconds. The default 5 s fails them
      // on load, not on behaviour (the player API's tests use 20 s for the same reason).
      testTimeout: 20_000,
    },
  });
}
