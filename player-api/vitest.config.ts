import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each test file opens its own fresh SQLite file in a temp directory.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
