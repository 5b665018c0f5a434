import type { Page } from '@playwright/test';
import { DEMO } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { kareraPage } from '../karera/karera-support';

// Item 14: on a phone the Video Karera banner never breaks its countdown "(10 s)" over two lines.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * The lines the banner's countdown — "(N s)" — is laid out on, measured with a DOM Range over
 * exactly that text; null while the banner shows another phase.
 */
function countdownLines(page: Page): Promise<{ text: string; lines: number; sentenceLines: number } | null> {
  return page.getByTestId('karera-phase').evaluate((banner) => {
    const walker = document.createTreeWalker(banner, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const match = /\(\d+\s+s\)/.exec(node.textContent ?? '');
      if (!match) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = (r: Range) => new Set(Array.from(r.getClientRects(), (rect) => Math.round(rect.top))).size;
      const sentence = document.createRange();
      sentence.selectNodeContents(node);
      return { text: match[0], lines: lines(range), sentenceLines: lines(sentence) };
    }
    return null;
  });
}

test('Video Karera on a phone: "Betting closed — the race is on (N s)" stays on one line (the race and cards do not move down)', async ({ page, loginAs }) => {
  await loginAs(DEMO, '/VideoKarera');
  const view = kareraPage(page);
  await expect(view.connection).toHaveAttribute('data-state', 'live');
  await expect(view.phase).toHaveAttribute('data-phase', 'closed', { timeout: 15_000 });
  // The closed phase is short (1.5 s in the suite): measure the moment its text is there.
  let countdown: Awaited<ReturnType<typeof countdownLines>> = null;
  await expect.poll(async () => (countdown = await countdownLines(page)), { timeout: 15_000, intervals: [50] }).not.toBeNull();
  expect(countdown).toEqual({ text: expect.stringMatching(/^\(\d+\s+s\)$/), lines: 1, sentenceLines: 1 });
});
