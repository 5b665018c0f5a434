import { spawnSync } from 'node:child_process';
import { REMOTES, REPO_ROOT } from '@suwerte/tools/site';
// No page needed: plain Playwright tests, without the browser fixtures.
import { expect, test } from '@playwright/test';

// Each remote's own test command runs alone — its unit tests, then a production build of the
// remote by itself served alone (tools/src/remote-test.ts) with its standalone page driven in
// Chromium — so its team can ship without the host or the other remotes.
for (const remote of REMOTES) {
  test(`npm test -w remote-${remote} passes on its own`, () => {
    test.setTimeout(240_000);
    const result = spawnSync('npm', ['test', '--workspace', `remote-${remote}`], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      // Its own smoke ports, away from the suite's (SMOKE_PORT_BASE defaults to 6150).
      env: { ...process.env, SMOKE_PORT_BASE: String(Number(process.env.E2E_PORT_BASE ?? 5300) + 150), NO_COLOR: '1' },
      maxBuffer: 32 * 1024 * 1024,
    });
    // eslint-disable-next-line no-control-regex -- strips terminal colours
    const output = `${result.stdout}${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
    expect(result.status, output.slice(-4000)).toBe(0);
    // Both halves ran: vitest's summary and the smoke's.
    expect(output).toMatch(/Test Files\s+\d+ passed/);
    expect(output).toContain(`remote-${remote} standalone smoke`);
    expect(output).toMatch(/\n\d+ passed, 0 failed\n/);
  });
}
