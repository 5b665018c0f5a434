import type { Page } from '@playwright/test';
import { DEMO, hostUrl } from '../../support/api';
import { expect, test } from '../../support/fixtures';

// Item 10: on a phone the browser's Back closes an open full-screen dialog or drawer instead of
// leaving the page (and the form); a drawer never stays open across a navigation. The player
// arrived on the site and moved in it (the first page of a visit has no page of ours behind it:
// there Back leaves the site, as the browser decides — docs/decisions/088).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const back = (page: Page) => page.evaluate(() => window.history.back());

test('Back closes the full-screen sign-in dialog and keeps the page and its form', async ({ page }) => {
  await page.goto(hostUrl());
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
  await page.getByLabel('Email').fill('juan@example.com');
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
  await expect(dialog).toBeVisible();
  await back(page);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${hostUrl()}/Registration`);
  await expect(page.getByLabel('Email')).toHaveValue('juan@example.com');
  // With nothing open, Back leaves as usual.
  await back(page);
  await expect(page).toHaveURL(`${hostUrl()}/`);
});

test('Back closes the account drawer; a link in it navigates and the drawer does not come back', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/');
  await page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Lotto' }).click();
  await expect(page.getByRole('heading', { name: 'Lotto', level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: /^Account menu for/ });
  const drawer = page.getByRole('dialog', { name: DEMO.username });
  await menu.click();
  await expect(drawer).toBeVisible();
  await back(page);
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(`${hostUrl()}/Lotto`);

  await menu.click();
  await drawer.getByRole('link', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(`${hostUrl()}/members/withdraw`);
  await expect(drawer).toBeHidden();
  await back(page);
  await expect(page).toHaveURL(`${hostUrl()}/Lotto`);
  await expect(drawer).toBeHidden();
});

test('Back closes the full-screen deposit dialog and keeps the deposit page', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('dialog', { name: DEMO.username }).getByRole('link', { name: 'Deposit' }).click();
  await page.getByRole('radio', { name: 'GCash' }).click();
  await page.getByRole('button', { name: '100', exact: true }).click();
  await page.getByRole('button', { name: 'Proceed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm deposit' });
  await expect(dialog).toBeVisible();
  await back(page);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`${hostUrl()}/members/deposit`);
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeEnabled();
});
