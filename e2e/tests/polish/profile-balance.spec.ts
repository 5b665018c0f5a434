import type { Page } from '@playwright/test';
import { DEMO } from '../../support/api';
import { expect, test } from '../../support/fixtures';

// Item 14: the profile's BALANCE label lines up with its amount — under the avatar and
// left-aligned with it on a phone, right-aligned with the card's edge beside the name on a desktop.

interface Edges {
  left: number;
  right: number;
}

async function balanceGeometry(page: Page) {
  await expect(page.getByRole('heading', { name: 'My Account', level: 1 })).toBeVisible();
  const balance = page.getByTestId('profile-balance');
  await expect(balance).toContainText(/₱[\d,]+\.\d\d/);
  return balance.evaluate((block) => {
    const edges = (element: Element | Range | null): Edges => {
      const box = element?.getBoundingClientRect();
      return { left: box?.left ?? Number.NaN, right: box?.right ?? Number.NaN };
    };
    /** The text's own extent (a block element is as wide as its row). */
    const textEdges = (element: Element | null): Edges => {
      const range = document.createRange();
      if (element) range.selectNodeContents(element);
      return edges(range);
    };
    const card = block.closest('.mantine-Card-root');
    const cardStyle = card ? getComputedStyle(card) : null;
    const cardBox = edges(card);
    return {
      label: textEdges(block.children[0] ?? null),
      amount: textEdges(block.children[1] ?? null),
      labelText: block.children[0]?.textContent,
      avatar: edges(card?.querySelector('.mantine-Avatar-root') ?? null),
      content: {
        left: cardBox.left + parseFloat(cardStyle?.borderLeftWidth ?? 'NaN') + parseFloat(cardStyle?.paddingLeft ?? 'NaN'),
        right: cardBox.right - parseFloat(cardStyle?.borderRightWidth ?? 'NaN') - parseFloat(cardStyle?.paddingRight ?? 'NaN'),
      },
    };
  });
}

/** Two edges line up (within a pixel of text rendering). */
function expectAligned(edge: number, other: number) {
  expect(Math.abs(edge - other), `${edge} vs ${other}`).toBeLessThanOrEqual(1);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the BALANCE label and the amount start at the avatar’s left edge', async ({ page, loginAs }) => {
    await loginAs(DEMO, '/members/profile');
    const geometry = await balanceGeometry(page);
    expect(geometry.labelText).toBe('Balance');
    expectAligned(geometry.label.left, geometry.amount.left);
    expectAligned(geometry.label.left, geometry.avatar.left);
    await page.screenshot({ path: '/tmp/wt15-shots/profile-phone.png' });
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test("the BALANCE label and the amount end at the card's right edge", async ({ page, loginAs }) => {
    await loginAs(DEMO, '/members/profile');
    const geometry = await balanceGeometry(page);
    expectAligned(geometry.label.right, geometry.amount.right);
    expectAligned(geometry.amount.right, geometry.content.right);
    await page.screenshot({ path: '/tmp/wt15-shots/profile-desktop.png' });
  });
});
