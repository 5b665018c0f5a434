import { expect, test } from '../../support/fixtures';
import { seriousViolations } from '../../support/axe';
import { SCREENS, openScreen } from './screens';

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
