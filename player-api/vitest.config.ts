import { defineProject } from 'vitest/config';

// With TEST_DATABASE_URL (npm run test:postgres) the suite runs on PostgreSQL: the tests of
// SQLite's own mechanics (*.sqlite.test.ts) stay out and the several-node tests
// (*.postgres.test.ts, which also need TEST_REDIS_URL) come in. Without it, the reverse.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineProject({
  test: {
    name: 'player-api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', onPostgres ? 'src/**/*.sqlite.test.ts' : 'src/**/*.postgres.test.ts'],
    // Each test file opens its own fresh SQLite file in a temp directory; forks keep the native addon per process.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
