import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { SCREENS, openScreen } from './screens';

// Item 9: on a phone every interactive element is at least 44 × 44 px (WCAG 2.5.5), on every page
// and dialog of the one screen list. Links inside a sentence are exempt (WCAG's inline exception).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const MIN = 44;

/**
 * Lets running transitions end before anything is measured: a Video Karera card flipping back
 * when a new round starts is, mid-turn, a narrow box that is not what the player can tap.
 * Endless animations (skeletons, loaders) are left running.
 */
function transitionsSettled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Interactive elements under 44 × 44 px: their accessible text or label, and their size. */
async function smallTargets(page: Page): Promise<string[]> {
  await transitionsSettled(page);
  return page.evaluate((min) => {
    const selector = [
      'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary',
      '[role="button"]', '[role="tab"]', '[role="radio"]', '[role="checkbox"]', '[role="switch"]', '[role="slider"]', '[role="menuitem"]', '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    // With a modal dialog open only its content can be reached.
    const modal = Array.from(document.querySelectorAll('[role="dialog"][aria-modal="true"]')).at(-1);
    const scope: ParentNode = modal ?? document;
    const found: string[] = [];
    for (const element of Array.from(scope.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('[aria-hidden="true"], [inert]') || element.matches(':disabled')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = element.getBoundingClientRect();
      // The target of a check box, a radio or a visually hidden input is its label.
      if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        const label = element.closest('label') ?? (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
        const body = element.closest('[class*="-body"], [class*="-root"]');
        const target = label ?? body;
        if (target) box = target.getBoundingClientRect();
      }
      // A password field's visible box is its wrapper (the toggle sits beside the bare input).
      const passwordBox = element.closest('.mantine-PasswordInput-input');
      if (passwordBox) box = passwordBox.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden until focused (skip link)
      // A link (or link-styled button) inside a sentence: WCAG 2.5.5's inline exception.
      if (style.display === 'inline') {
        const parentText = element.parentElement?.textContent?.trim() ?? '';
        if (parentText.length > (element.textContent?.trim().length ?? 0) + 1) continue;
      }
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent?.trim() : undefined;
      const name = element.getAttribute('aria-label') || label || element.textContent?.trim() || element.getAttribute('placeholder') || element.className;
      const kind = element instanceof HTMLInputElement ? `input[${element.type}]` : element.tagName.toLowerCase();
      found.push(`${kind} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return found;
  }, MIN);
}

for (const screen of SCREENS) {
  test(`${screen.name}: every interactive element is at least 44 × 44 px at 390 px`, async ({ page }) => {
    await openScreen(page, screen);
    expect(await smallTargets(page)).toEqual([]);
  });
}
