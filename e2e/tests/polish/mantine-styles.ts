// Issue 34 (docs/decisions/223): Mantine's styles come per kernel entry point, not all at once. A
// component whose entry point's stylesheet missed it would show unstyled: this finds the Mantine
// classes in a page that have no rule loaded.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const mantineStyles = (pkg: string) => readFileSync(path.join(path.dirname(require.resolve(pkg)), '..', 'styles.css'), 'utf8');
/** Every class Mantine's stylesheets style (core and notifications): the classes a page's DOM can owe a rule. */
const STYLED = new Set([...`${mantineStyles('@mantine/core')}\n${mantineStyles('@mantine/notifications')}`.matchAll(/\.(m_[0-9a-f]{8})/g)].map((match) => match[1] ?? ''));

/** The Mantine classes in the page that Mantine styles (`owed`), and those of them with no rule loaded (`missing`). */
export async function mantineClassesWithoutStyles(page: Page): Promise<{ owed: string[]; missing: string[] }> {
  const { inPage, loaded } = await page.evaluate(() => {
    const classes = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class]'))) for (const name of Array.from(element.classList)) if (/^m_[0-9a-f]{8}$/.test(name)) classes.add(name);
    const selectors = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/m_[0-9a-f]{8}/g)) selectors.add(match[0]);
        if ('cssRules' in rule && rule.cssRules instanceof CSSRuleList) walk(rule.cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        walk(sheet.cssRules);
      } catch {
        // Another origin's stylesheet (a remote's own CSS modules): Mantine's come from the host.
      }
    }
    return { inPage: [...classes], loaded: [...selectors] };
  });
  const owed = inPage.filter((name) => STYLED.has(name));
  const have = new Set(loaded);
  return { owed, missing: owed.filter((name) => !have.has(name)) };
}
