import { expect, test } from '../../support/fixtures';
import { seriousViolations } from '../../support/axe';
import { SCREENS, openScreen } from './screens';
// Each screen is opened afresh and only looked at: its tests may run in any worker (the longest file
// of the suite, it no longer holds one worker while the other has finished).
test.describe.configure({ mode: 'parallel' });

// Item 8: no serious axe finding (contrast included) on any page or dialog, in either colour mode.
for (const mode of ['dark', 'light'] as const) {
  test.describe(`${mode} mode`, () => {
    for (const screen of SCREENS) {
      test(`${screen.name}: no serious accessibility violations`, async ({ page }) => {
        await openScreen(page, screen, mode);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
