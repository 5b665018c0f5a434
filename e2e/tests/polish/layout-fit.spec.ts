import { DEMO } from '../../support/api';
import { expect, test } from '../../support/fixtures';

// Item 14: "Transaction History" fits inside its sidebar pill on a desktop.
test.use({ viewport: { width: 1440, height: 900 } });

test('every members side-menu label fits inside its pill', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/members/transaction-history');
  const menu = page.getByRole('navigation', { name: 'Members' });
  await expect(menu.getByRole('link', { name: 'Transaction History' })).toHaveAttribute('aria-current', 'page');
  const overflowing = await menu.getByRole('link').evaluateAll((links) =>
    links.filter((link) => link.scrollWidth > link.clientWidth || link.getBoundingClientRect().right > (link.parentElement?.getBoundingClientRect().right ?? 0)).map((link) => link.textContent),
  );
  expect(overflowing).toEqual([]);
});
