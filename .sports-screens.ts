// Throw-away: screenshots of every sports screen at phone and desktop sizes (not committed).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM } from './tools/src/chromium';
import { portsFrom, startSite } from './tools/src/site';

const out = '/tmp/sports-shots';
const only = process.argv.slice(2);
const site = await startSite({ ports: portsFrom(6560), databasePath: path.join(mkdtempSync(path.join(tmpdir(), 'sports-shots-')), 's.sqlite') });
const browser = await chromium.launch(CHROMIUM);
try {
  const login = await fetch(`${site.apiUrl}/player/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demoplayer', password: 'suwerte123' }) });
  const { accesstoken } = (await login.json()) as { accesstoken: string };
  const claims = JSON.parse(Buffer.from(accesstoken.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
  const games = (await (await fetch(`${site.apiUrl}/schedule`)).json()) as { _id: string; Status: number; EndingBettingStatus: number; Schedule: string }[];
  const open = games.find((g) => g.Status === 0 && g.EndingBettingStatus === 1);
  console.info('games', games.map((g) => `${g.Status}/${g.EndingBettingStatus}`).join(' '), 'open', open?._id);
  const session = (notice: boolean) => JSON.stringify({ state: { user: { name: 'demoplayer', role: 420, loggedIn: true, token: accesstoken, expToken: claims.exp }, account: null, signIn: { open: false, id: 0 }, mode: 'dark', jackpotNotice: notice }, version: 1 });
  for (const [label, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1440, height: 900 }]] as const) {
    const context = await browser.newContext({ viewport, isMobile: label === 'phone', hasTouch: label === 'phone' });
    await context.addInitScript((value) => { if (!localStorage.getItem('shots')) { localStorage.setItem('root', value); localStorage.setItem('shots', '1'); } }, session(true));
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.warn(`[${label}] console error: ${m.text()}`); });
    const shot = async (name: string, full = false) => {
      if (only.length && !only.some((o) => name.includes(o))) return;
      await page.waitForTimeout(700);
      await page.screenshot({ path: `${out}/${label}-${name}.png`, fullPage: full });
      console.info(`${label}-${name}`);
    };
    const go = async (p: string) => { await page.goto(`${site.hostUrl}${p}`, { waitUntil: 'networkidle' }); };
    await go('/');
    for (const name of ['Featured Basketball Games', 'Winners Circle']) {
      const region = page.getByRole('region', { name });
      await region.scrollIntoViewIfNeeded();
      await page.waitForTimeout(800);
      if (!only.length || only.some((o) => 'home'.includes(o))) await region.screenshot({ path: `${out}/${label}-home-${name.split(' ')[0]}.png` });
    }
    await page.getByRole('button', { name: 'View All Winners' }).click();
    await shot('home-all-winners');
    await page.keyboard.press('Escape');
    await go('/Sports');
    await page.waitForTimeout(1500);
    await shot('sports-all');
    await page.getByRole('tab', { name: 'Live' }).click();
    await shot('sports-live');
    await page.getByRole('tab', { name: 'Completed' }).click();
    await shot('sports-completed');
    await page.getByRole('button', { name: /^View Result/ }).first().click();
    await shot('sports-result');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'All Games' }).click();
    await page.getByRole('button', { name: /^Bet Now/ }).first().click();
    await shot('sports-select-game');
    await page.keyboard.press('Escape');
    if (open) {
      await go(`/Basketball/Grandjackpot/${open._id}`);
      await shot('grand-notice');
      await page.getByRole('checkbox', { name: "Don't show this again" }).check();
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await shot('grand', true);
      await page.getByRole('button', { name: 'CARD' }).click();
      await shot('grand-card');
      await page.keyboard.press('Escape');
      await go(`/Basketball/Major/${open._id}`);
      const rows = page.getByTestId('jackpot-row');
      const pick = async (row: ReturnType<Page['getByTestId']>, a: number, b: number) => {
        await row.getByRole('button', { name: /combination for/i }).click();
        const dialog = page.getByRole('dialog', { name: /combination for/i });
        await dialog.getByRole('group', { name: 'First digit' }).getByRole('button', { name: String(a), exact: true }).click();
        if (a === 1) await shot('major-picker');
        await dialog.getByRole('group', { name: 'Second digit' }).getByRole('button', { name: String(b), exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
      };
      await pick(rows.nth(0), 1, 2);
      await pick(rows.nth(1), 3, 4);
      await rows.nth(0).getByRole('textbox').fill('50');
      await rows.nth(1).getByRole('textbox').fill('5');
      await shot('major-form', true);
      await page.getByRole('button', { name: 'CONFIRM' }).click();
      await shot('major-toast');
      await pick(rows.nth(2), 5, 6);
      await rows.nth(1).getByRole('button', { name: '20', exact: true }).click();
      await rows.nth(2).getByRole('button', { name: '100', exact: true }).click();
      await page.getByRole('button', { name: 'CONFIRM' }).click();
      await page.getByText('Bet Placed Successfully').waitFor();
      await shot('major-placed');
      await page.getByRole('tab', { name: /Active Bets/ }).click();
      await shot('major-active');
      await page.getByRole('button', { name: 'EDIT' }).first().click();
      await shot('major-edit');
      await go(`/Basketball/Minor/${open._id}`);
      await shot('minor', true);
    }
    await go('/EndingRoute/nope/101');
    await shot('launch-unknown');
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
