import { DEMO, NON_PLAYER, hostUrl } from '../support/api';
import { expect, openSignInDialog, test } from '../support/fixtures';

test('the demo player signs in and sees the balance in the header', async ({ page, signInThroughDialog }) => {
  await page.goto(hostUrl());
  await signInThroughDialog(DEMO);
  await expect(page.getByText('Welcome to Suwerte! Good luck and play responsibly.')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText(/^₱[\d,]+\.\d\d$/);
});

test('a non-player account (role ≠ 420) gets no session', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  await page.goto(hostUrl());
  const dialog = await openSignInDialog(page);
  await dialog.getByLabel('Username').fill(NON_PLAYER.username);
  await dialog.getByLabel('Password', { exact: true }).fill(NON_PLAYER.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByText('Login failed, please try again.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  const saved = await page.evaluate(() => localStorage.getItem('root'));
  expect(JSON.parse(saved ?? '{}').state?.user?.token ?? null).toBeNull();
});

test('wrong credentials show the login failure and keep the dialog open', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 401/);
  await page.goto(hostUrl());
  const dialog = await openSignInDialog(page);
  await dialog.getByLabel('Username').fill(DEMO.username);
  await dialog.getByLabel('Password', { exact: true }).fill('wrongpass1');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByText('Login failed, please try again.')).toBeVisible();
});

test('a token that expired while away is logged out at start', async ({ page }) => {
  const claims = Buffer.from(JSON.stringify({ UserInfo: { username: 'demoplayer', role: 420 }, exp: 1_700_000_000 })).toString('base64url');
  const expired = `eyJhbGciOiJIUzI1NiJ9.${claims}.sig`;
  await page.goto(`${hostUrl()}/Responsiblegaming`);
  await page.evaluate((token) => {
    localStorage.setItem(
      'root',
      JSON.stringify({
        state: {
          user: { name: 'demoplayer', role: 420, loggedIn: true, token, expToken: 1_700_000_000 },
          account: null,
          signIn: { open: false, id: 0 },
          mode: 'dark',
          jackpotNotice: true,
        },
        version: 1,
      }),
    );
  }, expired);
  await page.goto(hostUrl());
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('root'))) ?? '{}');
  expect(saved.state.user.token).toBeNull();
});

test('the sign-in dialog validates touched fields only and links to registration', async ({ page }) => {
  await page.goto(hostUrl());
  const dialog = await openSignInDialog(page);
  await expect(dialog.getByText('Sign in to your account to continue')).toBeVisible();
  await expect(dialog.getByLabel('Username')).toBeFocused();
  // Touched = focused and left: leaving the empty username shows its error; the password,
  // never visited, shows nothing yet.
  await dialog.getByLabel('Password', { exact: true }).focus();
  await expect(dialog.getByText('Username is required')).toBeVisible();
  await expect(dialog.getByText('Password is required')).toBeHidden();
  await dialog.getByLabel('Username').fill('abc');
  await dialog.getByLabel('Password', { exact: true }).focus();
  await expect(dialog.getByText('Must be at least 4 characters')).toBeVisible();
  // The password was visited (focused and left when the username was filled in).
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByRole('button', { name: 'Show or hide password' }).click();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await dialog.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/Registration$/);
  await expect(dialog).toBeHidden();
});
