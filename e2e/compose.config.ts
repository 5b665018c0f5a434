import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from '@suwerte/tools/chromium';
import { localUrl, readState, stackPorts } from '@suwerte/tools/ops/compose-stack';

// The browser checks of `npm run test:compose` (tools/src/compose-test.ts), against the compose
// stack that runner started in podman: it hands the stack over in a state file.
const stateFile = process.env.COMPOSE_TEST_STATE;
if (!stateFile) throw new Error('COMPOSE_TEST_STATE is not set: these checks run inside `npm run test:compose`');
const ports = stackPorts(readState(stateFile));
// What the shared support code (support/api.ts, support/fixtures.ts) calls.
process.env.E2E_HOST_URL = localUrl(ports.host);
process.env.E2E_API_URL = localUrl(ports.api);

export default defineConfig({
  testDir: './compose',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A step may rebuild an image or restart the stack.
  timeout: 300_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    launchOptions: CHROMIUM,
    trace: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined } }],
});
