// Each kernel entry point's stylesheet (shared/kernel/src/styles) covers the components it exports
// (docs/decisions/223): every Mantine component an exported component is drawn with — read from
// Mantine's own module graph — has its styles in shell.css (the first paint's) or in the entry point's
// file, in Mantine's import order.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const MANTINE = path.resolve(path.dirname(require.resolve('@mantine/core')), '..');
const ESM = path.join(MANTINE, 'esm');
const COMPONENTS = path.join(ESM, 'components');
const KERNEL = path.join(import.meta.dirname, '..', '..', 'shared', 'kernel', 'src');
const STYLES = path.join(KERNEL, 'styles');

/** Mantine's per-component stylesheets, by name (`Button` for styles/Button.css). */
const MANTINE_CSS = new Set(
  readdirSync(path.join(MANTINE, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.css'.length)),
);
const BASE = ['baseline', 'default-css-variables', 'global'];

/** Mantine's import order: where each file's first class sits in its all-in-one styles.css. */
const ALL_STYLES = readFileSync(path.join(MANTINE, 'styles.css'), 'utf8');
function orderOf(name: string): number {
  if (BASE.includes(name)) return BASE.indexOf(name) - BASE.length;
  const first = /\.m_[0-9a-f]{8}/.exec(readFileSync(path.join(MANTINE, 'styles', `${name}.css`), 'utf8'));
  return first ? ALL_STYLES.indexOf(first[0]) : -1;
}

/** The Mantine stylesheets a kernel stylesheet imports, in its order (notifications' own file aside). */
function imported(file: string): string[] {
  const text = readFileSync(path.join(STYLES, file), 'utf8');
  return [...text.matchAll(/@import '@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css';/g)].map((match) => match[1] ?? '');
}

/** The components (or utils) a module of Mantine's ESM build belongs to: its folders under components/ or utils/ (Radio/RadioCard/… is both). */
function ownersOf(file: string): string[] {
  return path.relative(ESM, path.dirname(file)).split(path.sep).slice(1);
}

/** Every Mantine stylesheet a component is drawn with: its own and those of every module it imports, transitively. */
function drawnWith(component: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/from "(\.\.?\/[^"]+\.mjs)"/g)) {
      const next = path.resolve(path.dirname(file), match[1] ?? '');
      if (next.startsWith(COMPONENTS) || next.startsWith(path.join(ESM, 'utils'))) visit(next);
    }
  };
  visit(path.join(COMPONENTS, component, `${component}.mjs`));
  return new Set([...seen].flatMap(ownersOf).filter((name) => MANTINE_CSS.has(name)));
}

/** The kernel's own components that wrap Mantine's of the same name (overlays: Back closes them). */
const WRAPPERS = new Set(['Drawer', 'Modal']);
const COMPONENT_NAMES = new Set(readdirSync(COMPONENTS));

/**
 * The Mantine components a kernel module exports, read from its source: the names of its
 * `export { … } from '@mantine/core'` (not the router's NavLink), the kernel's wrappers, and those of
 * the kernel modules it re-exports whole (`export * from './ui/mantine'`).
 */
function componentsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const match of source.matchAll(/export \{([^}]*)\} from '([^']+)';/g)) {
    const exported = (match[1] ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '' && !name.startsWith('type '));
    names.push(...exported.filter((name) => COMPONENT_NAMES.has(name) && (match[2] === '@mantine/core' || WRAPPERS.has(name))));
  }
  for (const match of source.matchAll(/export \* from '(\.[^']+)';/g)) names.push(...componentsOf(path.join(path.dirname(file), `${match[1] ?? ''}.ts`)));
  return names;
}

const ENTRY_POINTS = [
  { entry: '@suwerte/shared', css: 'kernel.css', file: 'index.ts' },
  { entry: '@suwerte/shared/overlays', css: 'overlays.css', file: 'overlays.ts' },
  { entry: '@suwerte/shared/inputs', css: 'inputs.css', file: 'inputs.ts' },
  { entry: '@suwerte/shared/forms', css: 'forms.css', file: 'forms.ts' },
  { entry: '@suwerte/shared/pages', css: 'pages.css', file: 'pages.ts' },
  { entry: '@suwerte/shared/number-input', css: 'number-input.css', file: 'number-input.ts' },
  // The host's own entry point: its Divider is drawn by the account drawer, which imports host-lazy.css.
  { entry: '@suwerte/shared/host', css: 'host-lazy.css', file: 'host.ts' },
];

const shell = imported('shell.css');

/**
 * The stylesheets an entry point's module imports itself, in its order (forms.ts: inputs.css, then
 * forms.css). Only its own imports count: a bundler takes a re-export from a module without side
 * effects straight from its source, so a sheet imported by a re-exported module may never load.
 */
function stylesOf(file: string): string[] {
  const source = readFileSync(path.join(KERNEL, file), 'utf8');
  return [...source.matchAll(/^import '\.\/styles\/([a-z-]+\.css)';$/gm)].flatMap((match) => imported(match[1] ?? ''));
}

describe('kernel stylesheets', () => {
  it("shell.css starts with Mantine's base and keeps Mantine's import order", () => {
    expect(shell.slice(0, 3)).toEqual(BASE);
    expect(shell).toEqual([...shell].sort((a, b) => orderOf(a) - orderOf(b)));
  });

  it('every shell component is drawn only with components whose styles are in shell.css', () => {
    for (const component of shell.filter((name) => !BASE.includes(name))) {
      expect({ component, missing: [...drawnWith(component)].filter((name) => !shell.includes(name)) }).toEqual({ component, missing: [] });
    }
  });

  for (const { entry, css, file } of ENTRY_POINTS) {
    it(`${entry}: ${css} holds its components' styles beyond shell.css, in Mantine's order`, () => {
      const own = imported(css);
      expect(own.length).toBeGreaterThan(0);
      expect(own).toEqual([...own].sort((a, b) => orderOf(a) - orderOf(b)));
      // A shell component repeated after the components drawn with it would undo their styles.
      expect(own.filter((name) => shell.includes(name))).toEqual([]);
      // host.ts is the host's own: its account drawer imports host-lazy.css itself.
      const brought = file === 'host.ts' ? own : stylesOf(file);
      const components = componentsOf(path.join(KERNEL, file));
      // The entry point's module brings its stylesheet with its chunk.
      if (file !== 'host.ts') expect(readFileSync(path.join(KERNEL, file), 'utf8')).toContain(`import './styles/${css}';`);
      expect(components.length).toBeGreaterThan(0);
      for (const component of components) {
        const missing = [...drawnWith(component)].filter((name) => !shell.includes(name) && !brought.includes(name));
        expect({ component, missing }).toEqual({ component, missing: [] });
      }
    });
  }

  it("the host's toasts bring Mantine's notification styles", () => {
    expect(imported('host-lazy.css')).toContain('Notification');
    expect(readFileSync(path.join(STYLES, 'host-lazy.css'), 'utf8')).toContain("@import '@mantine/notifications/styles.layer.css';");
  });

  it('no component has its styles in two entry points but Input (NumberInput is drawn with it: identical rules)', () => {
    // forms.css holds none of inputs.css's: forms.ts brings inputs.css with the inputs module.
    const owners = new Map<string, string[]>();
    for (const { css } of ENTRY_POINTS) for (const name of imported(css)) owners.set(name, [...(owners.get(name) ?? []), css]);
    const repeated = [...owners].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(repeated).toEqual(['Input: inputs.css, number-input.css']);
  });
});
