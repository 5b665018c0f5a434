import { devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM } from '@suwerte/tools/chromium';

// The browser both browser suites drive (the suite of tests/ and the compose stack's checks):
// the machine's Chromium at a desktop size, a screenshot kept when a test fails.

export const BROWSER_USE: PlaywrightTestConfig['use'] = {
  launchOptions: CHROMIUM,
  trace: 'off',
  screenshot: 'only-on-failure',
  actionTimeout: 15_000,
};

export const DESKTOP_PROJECTS: PlaywrightTestConfig['projects'] = [
  { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined } },
];
