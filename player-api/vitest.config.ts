import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'player-api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each test file opens its own fresh SQLite file in a temp directory; forks keep the native addon per process.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
