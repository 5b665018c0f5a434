import { expect, test } from '../../support/fixtures';
import { seriousViolations } from '../../support/axe';
import { mantineClassesWithoutStyles } from './mantine-styles';
import { SCREENS, openScreen } from './screens';
// Each screen is opened afresh and only looked at: its tests may run in any worker (the longest file
// of the suite, it no longer holds one worker while the other has finished).
test.describe.configure({ mode: 'parallel' });

// Item 8: no serious axe finding (contrast included) on any page or dialog, in either colour mode.
// On the same page: every Mantine class in it has its styles loaded (record 223: the styles come per
// kernel entry point; a missing one would show a component unstyled — and pass axe).
for (const mode of ['dark', 'light'] as const) {
  test.describe(`${mode} mode`, () => {
    for (const screen of SCREENS) {
      test(`${screen.name}: no serious accessibility violations, every Mantine class styled`, async ({ page }) => {
        await openScreen(page, screen, mode);
        expect(await seriousViolations(page)).toEqual([]);
        const { owed, missing } = await mantineClassesWithoutStyles(page);
        expect(owed.length).toBeGreaterThan(0);
        expect(missing).toEqual([]);
      });
    }
  });
}
