import type { Locator } from '@playwright/test';
import { DEMO } from '../../support/api';
import { expect, test } from '../../support/fixtures';

// Item 14: the profile's fields are locked until EDIT (spec), but what they show is the player's own
// data — in the same colour as while editing, never faded like example text in a placeholder.

const look = (field: Locator) =>
  field.evaluate((input) => {
    const style = getComputedStyle(input);
    return { color: style.color, opacity: style.opacity };
  });

for (const mode of ['dark', 'light'] as const) {
  test(`${mode} mode: the locked profile fields show the player's data as plainly as while editing`, async ({ page, loginAs }) => {
    await loginAs(DEMO, '/members/profile');
    if (mode === 'light') await page.getByRole('button', { name: 'Switch to light mode' }).click();
    const fullName = page.getByLabel('Full name');
    await expect(fullName).toBeDisabled();
    await expect(fullName).not.toHaveValue('');
    const locked = await look(fullName);

    await page.getByRole('button', { name: 'EDIT' }).click();
    await expect(fullName).toBeEnabled();
    expect(locked).toEqual(await look(fullName));
  });
}
