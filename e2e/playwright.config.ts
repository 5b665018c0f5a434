import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from '@suwerte/tools/chromium';


export default defineConfig({
  testDir: './tests',
  // The suite starts production builds of the whole site (player API + host + 4 remotes) once.
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // Two cores: one browser at a time keeps timings honest and the machine responsive.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: CHROMIUM,
    trace: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined } },
  ],
});
