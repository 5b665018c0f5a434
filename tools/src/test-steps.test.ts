import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GROUPS, failureDigest, table } from './test-steps';
import { REMOTES, REPO_ROOT } from './site';

describe('npm test (tools/src/test-steps.ts)', () => {
  const steps = GROUPS.flat();
  const scripts = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

  it('runs every test of the repository once: each root step script, and each remote’s own test command', () => {
    const commands = steps.map((step) => step.command);
    for (const script of ['typecheck', 'lint', 'test:unit', 'test:postgres', 'build', 'test:e2e', 'test:compose']) {
      expect(scripts[script], script).toBeDefined();
      expect(commands.some((command) => command.startsWith(`npm run ${script}`)), script).toBe(true);
    }
    for (const remote of REMOTES) expect(commands).toContain(`npm test -w remote-${remote}`);
    // The remotes' unit tests are in their own command: the root Vitest run leaves them out.
    expect(steps.find((step) => step.name === 'unit')?.command).toContain("--project '!remote-*'");
    expect(scripts.test).toBe('tsx tools/src/test-steps.ts');
  });

  it('runs each remote’s own command with nothing beside it, as on its team’s machine', () => {
    for (const remote of REMOTES) expect(steps.find((step) => step.name === `remote-${remote}`)?.alone, remote).toBe(true);
  });

  it('names each step once, and a step needs only steps that run before it', () => {
    const names = steps.map((step) => step.name);
    expect(new Set(names).size).toBe(names.length);
    GROUPS.forEach((group, index) => {
      const earlier = new Set(GROUPS.slice(0, index).flat().map((step) => step.name));
      for (const step of group) for (const need of step.needs ?? []) expect(earlier.has(need), `${step.name} needs ${need}`).toBe(true);
    });
  });

  it('ends with a table of each step’s result and duration, the install first when CI timed it', () => {
    const [typecheck, lint] = steps;
    if (!typecheck || !lint) throw new Error('no steps');
    const text = table(
      [
        { step: typecheck, status: 'passed', seconds: 61.4 },
        { step: lint, status: 'skipped', seconds: 0 },
      ],
      70,
      88,
    );
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\| step +\| result +\| +s \| what +\|$/);
    expect(lines[1]).toMatch(/^\|-+\|-+\|-+\|-+\|$/);
    expect(lines[2]).toMatch(/^\| install +\| passed +\| +88 \| npm install \(\.ci\/run\) +\|$/);
    expect(lines[3]).toMatch(/^\| typecheck +\| passed +\| +61 \| /);
    expect(lines[4]).toMatch(/^\| lint +\| skipped +\| +— \| /);
    expect(text).toContain('158 s (install included)');
  });

  it('prints a failed step’s failure lines again, then its summary, so the end of a log says what failed', () => {
    const printed = [
      '\u001b[32m ✓ \u001b[39m a failed registry read shows the panel (2.0s)',
      ' × /Pick12Route/45 sends the browser to the game site 175ms',
      ' FAIL  remote-lotto  src/features/launch/LaunchPages.test.tsx > /Pick12Route/45',
      'TestingLibraryElementError: Unable to find an accessible element with the role "link"',
      ' × /Pick12Route/45 sends the browser to the game site 175ms',
      ...Array.from({ length: 40 }, (_, index) => `  progress ${index}`),
      ' Test Files  1 failed | 6 passed (7)',
    ];
    const digest = failureDigest(printed);
    expect(digest.slice(0, 4)).toEqual([
      ' × /Pick12Route/45 sends the browser to the game site 175ms',
      ' FAIL  remote-lotto  src/features/launch/LaunchPages.test.tsx > /Pick12Route/45',
      'TestingLibraryElementError: Unable to find an accessible element with the role "link"',
      '…',
    ]);
    expect(digest.at(-1)).toBe(' Test Files  1 failed | 6 passed (7)');
    expect(digest).toHaveLength(4 + 12);
    expect(digest.join('\n')).not.toContain('✓');
  });
});
