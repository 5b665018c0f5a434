import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every workspace's unit tests, run together by `npm run test:unit`.
export default defineConfig({
  test: {
    projects: ['shared/kernel', 'shared/contracts', 'shared/ui', 'shared/money', 'shared/time', 'shared/federation', 'host', 'remote-members', 'remote-lotto', 'remote-sports', 'remote-karera', 'player-api', 'tools'],
    // NOTE: Vitest's default is one worker fewer than the cores: one on this 2-core machine, so every
    // file ran after the other while most of a test waits on a timer, a database or the DOM (docs/decisions/170).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
