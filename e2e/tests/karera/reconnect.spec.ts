import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { portsFrom, startSite, type RunningSite } from '@suwerte/tools/site';
import { expect, persistedSession, test } from '../../support/fixtures';
import { loginToken } from '../../support/api';
import { fundedPlayer, kareraPage, placeBet, waitForFreshBetting } from './karera-support';
import { formatPeso } from '@suwerte/money';

// A site of this file's own (suite base + 40…44 and + 50), so stopping its game server disturbs
// no other test.
const PORTS = portsFrom(Number(process.env.E2E_PORT_BASE ?? 5300) + 40);

let site: RunningSite | null = null;
let dataDir = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'suwerte-karera-reconnect-'));
  site = await startSite({
    ports: PORTS,
    databasePath: path.join(dataDir, 'reconnect.sqlite'),
    apiEnv: { KARERA_BETTING_MS: '8000', KARERA_CLOSED_MS: '1500', KARERA_RESULT_MS: '2500', JWT_SECRET: randomBytes(32).toString('hex') },
  });
});

test.afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function running(): RunningSite {
  if (!site) throw new Error('the site did not start');
  return site;
}


test('when the game server stops and comes back, the page reconnects by itself within 5 s and resyncs', async ({ page, consoleGuard }) => {
  // While the server is down the browser reports the refused connections.
  consoleGuard.allow(/WebSocket|ERR_CONNECTION_REFUSED|socket\.io|Failed to load resource/);
  const { hostUrl, apiUrl } = running();
  const player = await fundedPlayer(1_000, apiUrl);
  const token = await loginToken(player, apiUrl);
  await page.goto(`${hostUrl}/404-warmup-for-storage`);
  await page.evaluate((value) => localStorage.setItem('root', value), persistedSession(token));
  await page.goto(`${hostUrl}/VideoKarera`);

  const view = kareraPage(page);
  await expect(view.connection).toHaveAttribute('data-state', 'live');
  // One full round first, so there is a previous result to resync.
  await expect(view.phase).toHaveAttribute('data-phase', 'result', { timeout: 15_000 });
  const results = page.getByRole('list', { name: 'Last 10 results, most recent first' }).getByRole('listitem');
  await expect(results).toHaveCount(1);
  const firstResult = await results.first().getAttribute('aria-label');

  await waitForFreshBetting(view.phase);
  await placeBet(page, 'UNO', { chip: 100 });
  await expect(view.balance).toContainText(formatPeso(900));

  await running().stopApi();
  await expect(view.connection).toHaveAttribute('data-state', 'reconnecting');
  await expect(view.connection).toHaveText('Reconnecting…');
  await expect(view.placeBet('UNO')).toBeDisabled();

  await running().startApi();
  const back = Date.now();
  await expect(view.connection).toHaveAttribute('data-state', 'live', { timeout: 5_000 });
  expect(Date.now() - back).toBeLessThanOrEqual(5_000);

  // Resynced: a new round from zero, the previous result kept, and the stopped round's stake returned.
  await expect(view.phase).toHaveAttribute('data-phase', 'betting');
  await expect(view.total('UNO')).toHaveText(formatPeso(0));
  await expect(view.stake('UNO')).toHaveText(formatPeso(0));
  await expect(results.first()).toHaveAttribute('aria-label', firstResult ?? '');
  await expect(page.getByTestId('karera-last100')).toContainText('Last 100');
  await expect(view.balance).toContainText(formatPeso(1_000));

  // And it plays on.
  await placeBet(page, 'DOS', { chip: 50 });
  await expect(view.balance).toContainText(formatPeso(950));
});
