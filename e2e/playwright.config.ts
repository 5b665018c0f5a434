import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, useWorkerSite } from './support/worker-site';
import { BROWSER_USE, DESKTOP_PROJECTS } from './support/desktop-browser';

// Each worker process loads this file before its tests: point it at its own site.
useWorkerSite();

export default defineConfig({
  testDir: './tests',
  // The suite starts production builds of the whole site (player API + host + 4 remotes), one per worker.
  globalSetup: './support/global-setup.ts',
  // A file's tests run in order in one worker; files are spread over the workers.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: BROWSER_USE,
  projects: DESKTOP_PROJECTS,
});
