import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Waits until nothing on the page is still fading or sliding in — a dialog mid fade-in has
 * translucent text, and axe would measure its contrast against whatever shows through — then
 * returns the serious and critical WCAG 2.1 AA violations, one line each.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => {
    // Endless animations (loaders, skeletons, live badges) never settle and are left running.
    const moving = document
      .getAnimations()
      .some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
    // A transition that has not started yet shows no animation: the dialog is still see-through.
    const seeThrough = Array.from(document.querySelectorAll('[role="dialog"]')).some((dialog) => {
      for (let element: Element | null = dialog; element; element = element.parentElement) {
        if (getComputedStyle(element).opacity !== '1') return true;
      }
      return false;
    });
    return !moving && !seeThrough;
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`).join(', ')}`);
}
