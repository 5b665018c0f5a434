import path from 'node:path';
import { defineProject } from 'vitest/config';

/** The unit-test setup of every browser package (shared, host, remotes): jsdom + Testing Library. */
export function browserProject(name: string) {
  return defineProject({
    test: {
      name,
      environment: 'jsdom',
      globals: true,
      setupFiles: [path.join(import.meta.dirname, 'src/testing/setup.ts')],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      restoreMocks: true,
    },
  });
}
