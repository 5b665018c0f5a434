import { defineConfig } from 'vitest/config';

// Every workspace's unit tests, run together by `npm run test:unit`.
export default defineConfig({
  test: {
    projects: ['shared/kernel', 'shared/contracts', 'shared/ui', 'shared/money', 'shared/time', 'shared/federation', 'host', 'remote-members', 'remote-lotto', 'remote-sports', 'remote-karera', 'player-api', 'tools'],
  },
});
