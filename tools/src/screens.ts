// `npx tsx tools/src/screens.ts /path [/path …] [--full] [--logged-out] [--selector=<css>]`:
// screenshots of pages at phone (390×844) and desktop (1440×900) sizes, signed in as the demo
// player, into `.screens/` (with --selector, just that element, at twice the size). For looking
// at what we build; not a test.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM } from './chromium';
import { demoSession } from './demo-session';
import { REPO_ROOT, portsFrom, startSite } from './site';

const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const loggedOut = process.argv.includes('--logged-out');
const selector = process.argv.find((arg) => arg.startsWith('--selector='))?.slice('--selector='.length);
const outDir = path.join(REPO_ROOT, '.screens');
mkdirSync(outDir, { recursive: true });

const site = await startSite({
  ports: portsFrom(Number(process.env.SCREENS_PORT_BASE ?? 5700)),
  databasePath: path.join(mkdtempSync(path.join(tmpdir(), 'suwerte-screens-')), 'screens.sqlite'),
});
const browser = await chromium.launch(CHROMIUM);
try {
  const session = await demoSession(site.apiUrl);
  for (const [label, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    const context = await browser.newContext({
      viewport,
      isMobile: label === 'phone',
      hasTouch: label === 'phone',
      deviceScaleFactor: selector ? 2 : 1,
    });
    if (!loggedOut) await context.addInitScript((value) => localStorage.setItem('root', value), session);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') console.warn(`[${label}] console error: ${message.text()}`);
    });
    for (const target of paths) {
      // Not 'networkidle': a signed-in page keeps its account event stream open.
      await page.goto(`${site.hostUrl}${target}`, { waitUntil: 'load' });
      await page.waitForTimeout(1500);
      const file = path.join(outDir, `${label}${target.replace(/[^a-zA-Z0-9]+/g, '_')}.png`);
      if (selector) await page.locator(selector).first().screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: process.argv.includes('--full') });
      console.info(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
