import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium (browser downloads do not work here), with the flags this machine needs. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

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
