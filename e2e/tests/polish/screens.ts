// Every page and dialog of the site in one list, so the colour-mode and touch-target checks walk
// them all; a new page or dialog is added here once.
import { expect, type Page } from '@playwright/test';
import { membersEndpoints } from '@suwerte/contracts';
import { DEMO, callApi, hostUrl, loginToken } from '../../support/api';
import { persistedSession } from '../../support/fixtures';
import { kareraPage, waitForFreshBetting } from '../karera/karera-support';
import { confirmNotice, openGame } from '../sports/sports-helpers';

export interface Screen {
  name: string;
  path: string | (() => Promise<string>);
  /** Signed in as the demo player. */
  signedIn?: boolean;
  /** What must show before the screen is judged (and what opens its dialog or state). */
  show: (page: Page) => Promise<void>;
}

const heading = (page: Page, name: string) => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
const dialog = (page: Page, name: string | RegExp) => expect(page.getByRole('dialog', { name })).toBeVisible();
/**
 * The home widgets have drawn their rows. Not "network idle": a signed-in page keeps its account
 * event stream open.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('featured-game').first()).toBeVisible();
  await expect(page.getByTestId('winner').first()).toBeVisible();
  await expect(page.getByTestId('todays-draw').first()).toBeVisible();
}

const gamePath = (kind: 'Major' | 'Minor' | 'Grandjackpot') => async () => `/Basketball/${kind}/${(await openGame())._id}`;

export const SCREENS: Screen[] = [
  { name: 'home', path: '/', show: async (page) => { await expect(page.getByText('Lotto Today')).toBeVisible(); await settled(page); } },
  { name: 'sign-in dialog', path: '/', show: async (page) => { await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click(); await dialog(page, 'Welcome Back'); } },
  {
    name: 'sign-in dialog with errors',
    path: '/',
    show: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('dialog', { name: 'Welcome Back' }).getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Username is required')).toBeVisible();
    },
  },
  { name: 'registration', path: '/Registration', show: (page) => heading(page, 'Create an Account') },
  {
    name: 'registration with errors',
    path: '/Registration',
    show: async (page) => {
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText('Please input referral')).toBeVisible();
    },
  },
  { name: 'responsible gaming', path: '/Responsiblegaming', show: (page) => heading(page, 'Responsible Gaming') },
  { name: '404', path: '/no/such/page', show: (page) => heading(page, 'Page Not Found') },
  { name: 'home, signed in', path: '/', signedIn: true, show: async (page) => { await expect(page.getByTestId('header-balance')).toBeVisible(); await settled(page); } },
  {
    name: 'account drawer',
    path: '/',
    signedIn: true,
    show: async (page) => {
      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    },
  },
  { name: 'profile', path: '/members/profile', signedIn: true, show: (page) => heading(page, 'My Account') },
  {
    name: 'profile with errors',
    path: '/members/profile',
    signedIn: true,
    show: async (page) => {
      await page.getByRole('button', { name: 'EDIT' }).click();
      await page.getByLabel('Full name').fill('');
      await page.getByRole('button', { name: 'SAVE' }).click();
      await expect(page.getByText('Full Name is required')).toBeVisible();
    },
  },
  {
    name: 'change-password dialog with errors',
    path: '/members/profile',
    signedIn: true,
    show: async (page) => {
      await page.getByRole('button', { name: 'Change password' }).click();
      const open = page.getByRole('dialog');
      await open.getByRole('button', { name: /save|change/i }).last().click();
      await expect(open.getByText(/required|at least/i).first()).toBeVisible();
    },
  },
  { name: 'deposit', path: '/members/deposit', signedIn: true, show: async (page) => { await heading(page, 'Deposit'); await expect(page.locator('tbody tr').first()).toBeVisible(); } },
  {
    name: 'deposit dialog with errors',
    path: '/members/deposit',
    signedIn: true,
    show: async (page) => {
      await page.getByRole('radio', { name: 'GCash' }).click();
      await page.getByRole('button', { name: '100', exact: true }).click();
      await page.getByRole('button', { name: 'Proceed' }).click();
      const open = page.getByRole('dialog', { name: 'Confirm deposit' });
      await open.getByRole('button', { name: /submit|confirm|deposit/i }).last().click();
      await expect(open.getByText('File is required')).toBeVisible();
    },
  },
  {
    name: 'QR payment dialog, waiting',
    path: '/members/deposit',
    signedIn: true,
    show: async (page) => {
      await page.getByRole('radio', { name: 'QR Ph — instant' }).click();
      await page.getByRole('button', { name: '100', exact: true }).click();
      await page.getByRole('button', { name: 'Proceed' }).click();
      await page.getByRole('dialog', { name: 'Confirm deposit' }).getByRole('button', { name: 'Generate QR' }).click();
      await expect(page.getByRole('dialog', { name: 'Scan to pay' }).getByText(/^Waiting for the payment gateway/)).toBeVisible();
    },
  },
  {
    // An unpaid QR of the demo player (opened here: the screens run in any order, in any worker's
    // site): the list offers its code again.
    name: 'deposit, a pending QR listed',
    path: async () => {
      await callApi(membersEndpoints.gatewayCashIn, { token: await loginToken(DEMO), body: { amount: 100 } });
      return '/members/deposit';
    },
    signedIn: true,
    show: async (page) => {
      await heading(page, 'Deposit');
      await expect(page.getByRole('button', { name: /^Show the QR code for/ }).first()).toBeVisible();
    },
  },
  { name: 'withdraw', path: '/members/withdraw', signedIn: true, show: (page) => heading(page, 'Withdraw') },
  {
    name: 'withdraw with errors',
    path: '/members/withdraw',
    signedIn: true,
    show: async (page) => {
      await page.getByRole('button', { name: /withdraw|submit/i }).last().click();
      await expect(page.getByText('Account Name Required')).toBeVisible();
    },
  },
  { name: 'bet history', path: '/members/bet-history', signedIn: true, show: async (page) => { await heading(page, 'Bet History'); await expect(page.locator('tbody tr').first()).toBeVisible(); } },
  { name: 'transaction history', path: '/members/transaction-history', signedIn: true, show: async (page) => { await heading(page, 'Transaction History'); await expect(page.locator('tbody tr').first()).toBeVisible(); } },
  {
    name: 'transaction details dialog',
    path: '/members/transaction-history',
    signedIn: true,
    show: async (page) => {
      await page.getByRole('button', { name: /^Show more/ }).first().click();
      await dialog(page, 'TRANSACTION DETAILS');
    },
  },
  { name: 'lotto', path: '/Lotto', signedIn: true, show: async (page) => { await heading(page, 'Lotto'); await expect(page.getByTestId('lotto-schedule-card').first()).toBeVisible(); } },
  {
    name: 'lotto results dialog',
    path: '/Lotto',
    signedIn: true,
    show: async (page) => {
      await page.getByRole('button', { name: 'Lotto Results' }).click();
      await expect(page.getByRole('dialog', { name: 'Lotto Results' }).getByRole('table')).toBeVisible();
    },
  },
  { name: 'e-games', path: '/Egames', signedIn: true, show: (page) => heading(page, 'E-Games') },
  { name: 'video karera', path: '/VideoKarera', signedIn: true, show: async (page) => { await expect(page.getByTestId('karera-connection')).toHaveAttribute('data-state', 'live'); } },
  {
    name: 'video karera: success alert',
    path: '/VideoKarera',
    signedIn: true,
    show: async (page) => { await expect(page.getByTestId('karera-alert')).toHaveText('Start Betting', { timeout: 20_000 }); },
  },
  {
    name: 'video karera: error alert',
    path: '/VideoKarera',
    signedIn: true,
    show: async (page) => {
      // From a round's start, so the click is not the last moment of a window (the alert would then
      // say 'Betting Closed' instead).
      await waitForFreshBetting(kareraPage(page).phase);
      await page.getByRole('button', { name: 'Place Bet on UNO' }).click();
      await expect(page.getByTestId('karera-alert')).toHaveText('Invalid Amount');
    },
  },
  {
    name: 'video karera: warning alert',
    path: '/VideoKarera',
    signedIn: true,
    show: async (page) => { await expect(page.getByTestId('karera-alert')).toHaveText('Betting Closed', { timeout: 20_000 }); },
  },
  {
    name: 'video karera: confirm dialog',
    path: '/VideoKarera',
    signedIn: true,
    show: async (page) => {
      await waitForFreshBetting(kareraPage(page).phase);
      await page.getByRole('button', { name: /^Chip / }).first().click();
      await page.getByRole('button', { name: 'Place Bet on UNO' }).click();
      await dialog(page, 'Place your bet');
    },
  },
  { name: 'uno/dos', path: '/UnoDos', signedIn: true, show: async (page) => { await expect(page.getByTestId('karera-connection')).toHaveAttribute('data-state', 'live'); } },
  { name: 'sports', path: '/Sports', signedIn: true, show: async (page) => { await expect(page.getByTestId('game-card').first()).toBeVisible(); } },
  {
    name: 'select betting game dialog',
    path: '/Sports',
    signedIn: true,
    show: async (page) => {
      await page.getByTestId('game-card').getByRole('button', { name: /^Bet Now/ }).first().click();
      await dialog(page, 'Select Betting Game');
    },
  },
  { name: 'jackpot attendance notice', path: gamePath('Major'), signedIn: true, show: (page) => dialog(page, 'Grand Jackpot Attendance') },
  ...(['Major', 'Minor', 'Grandjackpot'] as const).map((kind) => ({
    name: `${kind} jackpot page`,
    path: gamePath(kind),
    signedIn: true,
    show: async (page: Page) => {
      await confirmNotice(page);
      await expect(page.getByTestId('jackpot-row').first()).toBeVisible();
    },
  })),
];

/** Opens a screen as its visitor or player, in the given colour mode (the header's toggle). */
export async function openScreen(page: Page, screen: Screen, mode: 'dark' | 'light' = 'dark'): Promise<void> {
  const path = typeof screen.path === 'string' ? screen.path : await screen.path();
  if (screen.signedIn) {
    const token = await loginToken(DEMO);
    await page.goto(`${hostUrl()}/404-warmup-for-storage`);
    await page.evaluate((value) => localStorage.setItem('root', value), persistedSession(token));
  }
  await page.goto(`${hostUrl()}${path}`);
  if (mode === 'light') {
    const toggle = page.getByRole('button', { name: 'Switch to light mode' });
    const html = page.locator('html');
    // The attendance notice may already cover the header: the mode is switched under it, by a click
    // dispatched on the toggle itself (a click at its place would land on the notice's overlay and
    // close the notice, which the screen then waits for). A click before the colour-scheme manager
    // has applied the stored mode is undone by it (a loaded run): clicked again while still dark.
    await expect(async () => {
      if ((await html.getAttribute('data-mantine-color-scheme')) !== 'light') await toggle.dispatchEvent('click');
      await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light', { timeout: 2_000 });
    }).toPass();
  }
  await screen.show(page);
}
