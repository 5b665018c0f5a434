import { defineConfig } from '@playwright/test';
import { localUrl, readState, stackPorts } from '@suwerte/tools/ops/compose-stack';
import { BROWSER_USE, DESKTOP_PROJECTS } from './support/desktop-browser';

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
  use: BROWSER_USE,
  projects: DESKTOP_PROJECTS,
});
