import type { Page } from '@playwright/test';
import { DEMO, hostUrl } from '../../support/api';
import { expect, openSignInDialog, test } from '../../support/fixtures';

const signInButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true });

test('the sign-in dialog never reopens by itself after a reload', async ({ page }) => {
  await page.goto(hostUrl());
  await openSignInDialog(page);
  await page.reload();
  await expect(signInButton(page)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeHidden();
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('root'))) ?? '{}');
  expect(saved.version).toBe(1);
  expect(Object.keys(saved.state).sort()).toEqual(['jackpotNotice', 'user']);
});

test('an old saved state with signIn.open is cleaned: a referral link opens the page, not a dialog', async ({ page }) => {
  await page.goto(`${hostUrl()}/404-warmup-for-storage`);
  await page.evaluate(() =>
    localStorage.setItem(
      'root',
      JSON.stringify({
        state: {
          user: { name: '', role: null, loggedIn: false, token: null, expToken: null },
          account: null,
          signIn: { open: true, id: 0 },
          mode: 'dark',
          jackpotNotice: false,
        },
        version: 1,
      }),
    ),
  );
  await page.goto(`${hostUrl()}/Registration/PAL22`);
  await expect(page.getByRole('heading', { name: 'Create an Account' })).toBeVisible();
  await expect(page.getByLabel('Referral code')).toHaveValue('PAL22');
  await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeHidden();
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('root'))) ?? '{}');
  expect(saved).toEqual({ state: { user: { name: '', role: null, loggedIn: false, token: null, expToken: null }, jackpotNotice: false }, version: 1 });
});

test('two tabs: logging out in one logs out the other at once, and signing in likewise', async ({ page, context, loginAs, signInThroughDialog }) => {
  await loginAs(DEMO, '/');
  await expect(page.getByTestId('header-balance')).toBeVisible();
  const other = await context.newPage();
  await other.goto(`${hostUrl()}/members/profile`);
  await expect(other.getByRole('heading', { name: 'My Account' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(signInButton(page)).toBeVisible();
  // The other tab leaves its protected page and shows the signed-out header without a reload.
  await expect(signInButton(other)).toBeVisible();
  await expect(other).toHaveURL(`${hostUrl()}/`);

  await signInThroughDialog(DEMO);
  await expect(page.getByTestId('header-balance')).toBeVisible();
  await expect(other.getByTestId('header-balance')).toBeVisible();
  await other.close();
});
