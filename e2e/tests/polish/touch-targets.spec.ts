import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { SCREENS, openScreen } from './screens';

// Item 9: on a phone every interactive element is at least 44 × 44 px (WCAG 2.5.5), on every page
// and dialog of the one screen list. Links inside a sentence are exempt (WCAG's inline exception).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
// Each screen is opened afresh and only looked at: its tests may run in any worker (the longest file
// of the suite, it no longer holds one worker while the other has finished).
test.describe.configure({ mode: 'parallel' });

const MIN = 44;

/**
 * Interactive elements under 44 × 44 px: their accessible text or label, and their size.
 *
 * Measured once running transitions have ended: a Video Karera card flipping when a round ends or
 * a new one starts is, mid-turn, a narrow box that is not what the player can tap. A flip can
 * start while the page waits for the others, so the wait repeats until nothing finite moves an
 * interactive element at the moment of measuring (`getAnimations` flushes styles, so a turn just
 * set off is seen).
 * Endless animations (skeletons, loaders) are left running.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(async (min) => {
    const selector = [
      'a[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary',
      '[role="button"]', '[role="tab"]', '[role="radio"]', '[role="checkbox"]', '[role="switch"]', '[role="slider"]', '[role="menuitem"]', '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    // Finite animations on, inside or around an interactive element (not the race track's horses).
    const turning = () => document.getAnimations().filter((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return animation.playState === 'running'
        && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity)
        && target !== null && (target.closest(selector) !== null || target.querySelector(selector) !== null);
    });
    for (let round = 0; round < 10 && turning().length > 0; round += 1) {
      await Promise.all(turning().map((animation) => animation.finished.catch(() => undefined)));
    }
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
