// `npm test`: every test of the repository, as CI runs it (.ci/run), in steps that run side by
// side where two cores allow it, and a table of each step's duration at the end so the next
// slowdown shows where it happens (docs/decisions/170).
//
//   tsx tools/src/test-steps.ts                 every step
//   tsx tools/src/test-steps.ts --only unit,e2e some steps (names as in the table)
//
// A step's output goes to the terminal line by line, prefixed with its name when it runs beside
// another. A failed step does not stop the others, except the steps that need what it makes (the
// end-to-end suites need the build); the command fails if any step failed. A failed step's failure
// lines are printed again just above the closing table, so a log read from its end still says
// what failed and why.
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, type Remote } from './site';

export interface Step {
  name: string;
  command: string;
  /** Steps whose success this one needs (it is skipped when one failed). */
  needs?: string[];
  /** What the step proves, for the table. */
  what: string;
  /** Nothing runs beside it (it keeps both cores busy on its own). */
  alone?: boolean;
}

/**
 * The remotes' own commands, one at a time: each runs its unit tests and its smoke side by side
 * on both cores, as on a remote team's machine (docs/decisions/221); the longest first.
 */
export const REMOTE_STEP_ORDER: readonly Remote[] = ['sports', 'lotto', 'members', 'karera'];

/**
 * Groups run one after another; the steps of a group run side by side. What each step costs on two
 * cores decides: typecheck and lint take a core each, so they go together; the Vitest suites and
 * the end-to-end suites run workers of their own on both cores, so they go alone; so does each
 * remote's own test command (its Vitest workers beside its build and browser).
 */
export const GROUPS: Step[][] = [
  [
    { name: 'typecheck', command: 'npm run typecheck', what: 'tsc, strict, every workspace' },
    { name: 'lint', command: 'npm run lint', what: 'eslint, every workspace' },
  ],
  // The remotes' unit tests run in their own test command below, not twice. Each Vitest run already
  // keeps both cores busy with its workers: the two suites side by side were slower than in turn.
  [{ name: 'unit', command: "npm run test:unit -- --project '!remote-*'", what: 'Vitest: every workspace but the remotes (player API on SQLite)' }],
  [{ name: 'postgres', command: 'npm run test:postgres', what: 'player API suite on PostgreSQL + Redis, several nodes' }],
  [{ name: 'build', command: 'npm run build', what: 'production builds of the six parts' }],
  REMOTE_STEP_ORDER.map((remote) => ({
    name: `remote-${remote}`,
    command: `npm test -w remote-${remote}`,
    what: `remote-${remote}'s own test command: its unit tests, its build alone in Chromium`,
    alone: true,
  })),
  [{ name: 'e2e', command: 'npm run test:e2e', needs: ['build'], what: 'Playwright against the production builds' }],
  // After the browsers: podman's networks appearing while Chromium runs abort its requests (ERR_NETWORK_CHANGED).
  [{ name: 'compose', command: 'npm run test:compose', what: 'docker-compose.yml built and run in podman, checked in Chromium' }],
];

/** At most this many steps at once (typecheck and lint), unless a step goes alone. */
const PARALLEL = Number(process.env.TEST_STEPS_PARALLEL ?? 2);

interface Outcome {
  step: Step;
  status: 'passed' | 'failed' | 'skipped';
  seconds: number;
  /** A failed step's digest (see `failureDigest`). */
  digest?: string[];
}

/** A line that says a test or a check failed, in the runners' words (Vitest, Playwright, the smokes); a passed test's title may say "failed" too. */
const FAILURE_LINE = /(✗|✘|×|\bFAIL\b|\bfailed\b|Error:|AssertionError|expected )/;
const FAILURE_LINES = 30;
const LAST_LINES = 12;

/**
 * What a failed step's output says of the failure, to be printed again above the closing table:
 * its first `FAILURE_LINES` lines that name a failure, then its last `LAST_LINES` lines (the
 * runner's summary), colours removed, each line once.
 */
export function failureDigest(lines: readonly string[]): string[] {
  // eslint-disable-next-line no-control-regex -- terminal colour codes
  const plain = lines.map((line) => line.replace(/\u001b\[[0-9;]*m/g, '').trimEnd());
  const last = plain.slice(-LAST_LINES);
  const failures = [...new Set(plain.slice(0, -LAST_LINES).filter((line) => FAILURE_LINE.test(line) && !line.includes('✓')))].slice(0, FAILURE_LINES);
  return [...failures, ...(failures.length > 0 ? ['…'] : []), ...last];
}

/** Runs a step's command, its output relayed line by line; resolves with its exit code and every line it printed. */
function run(step: Step, prefixed: boolean): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', step.command], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const printed: string[] = [];
    const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          printed.push(line);
          out.write(prefixed ? `[${step.name}] ${line}\n` : `${line}\n`);
        }
      });
      stream.on('end', () => {
        if (!rest) return;
        printed.push(rest);
        out.write(prefixed ? `[${step.name}] ${rest}\n` : `${rest}\n`);
      });
    };
    if (child.stdout) relay(child.stdout, process.stdout);
    if (child.stderr) relay(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, lines: printed }));
  });
}

/** Runs `steps` with at most `PARALLEL` at a time (one at a time when one goes alone). */
async function runGroup(steps: Step[], outcomes: Outcome[]): Promise<void> {
  const queue = [...steps];
  const parallel = steps.some((step) => step.alone) ? 1 : PARALLEL;
  const prefixed = steps.length > 1 && parallel > 1;
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const failedNeed = step.needs?.find((need) => outcomes.some((outcome) => outcome.step.name === need && outcome.status !== 'passed'));
      if (failedNeed) {
        console.info(`\n== ${step.name}: skipped (${failedNeed} did not pass)`);
        outcomes.push({ step, status: 'skipped', seconds: 0 });
        continue;
      }
      console.info(`\n== ${step.name}: ${step.command}`);
      const started = Date.now();
      const { code, lines } = await run(step, prefixed);
      const seconds = (Date.now() - started) / 1000;
      console.info(`== ${step.name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s`);
      outcomes.push({ step, status: code === 0 ? 'passed' : 'failed', seconds, ...(code === 0 ? {} : { digest: failureDigest(lines) }) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, steps.length) }, worker));
}

/** The closing table: each step, its result and duration, and the wall time of the whole run. */
export function table(outcomes: Outcome[], wallSeconds: number, installSeconds?: number): string {
  const rows = [
    ...(installSeconds !== undefined ? [['install', 'passed', installSeconds.toFixed(0), 'npm install (.ci/run)']] : []),
    ...outcomes.map(({ step, status, seconds }) => [step.name, status, status === 'skipped' ? '—' : seconds.toFixed(0), step.what]),
  ];
  const width = (column: number) => Math.max(...rows.map((row) => (row[column] ?? '').length));
  const line = (row: string[]) => `| ${row.map((cell, column) => (column === 2 ? cell.padStart(width(column)) : cell.padEnd(width(column)))).join(' | ')} |`;
  const total = wallSeconds + (installSeconds ?? 0);
  return [
    line(['step', 'result', 's', 'what']),
    line(['step', 'result', 's', 'what'].map((_, column) => '-'.repeat(width(column)))).replace(/ /g, '-').replace(/^-|-$/g, '|'),
    ...rows.map(line),
    '',
    `Steps side by side in a group, so the total is less than the sum: ${Math.round(total)} s${installSeconds !== undefined ? ' (install included)' : ''}.`,
  ].join('\n');
}

async function main(): Promise<void> {
  const onlyArgument = process.argv.indexOf('--only');
  const only = onlyArgument >= 0 ? new Set((process.argv[onlyArgument + 1] ?? '').split(',').filter(Boolean)) : null;
  const known = new Set(GROUPS.flat().map((step) => step.name));
  const unknown = only ? [...only].filter((name) => !known.has(name)) : [];
  if (unknown.length > 0) {
    console.error(`Unknown step(s): ${unknown.join(', ')}. Steps: ${[...known].join(', ')}`);
    process.exit(2);
  }
  const installSeconds = process.env.CI_INSTALL_SECONDS ? Number(process.env.CI_INSTALL_SECONDS) : undefined;
  const started = Date.now();
  const outcomes: Outcome[] = [];
  for (const group of GROUPS) {
    const steps = only ? group.filter((step) => only.has(step.name)) : group;
    if (steps.length > 0) await runGroup(steps, outcomes);
  }
  for (const { step, digest } of outcomes) {
    if (digest) console.info(`\n== ${step.name} failed; what it printed of the failure:\n${digest.map((line) => `  ${line}`).join('\n')}`);
  }
  console.info(`\n${table(outcomes, (Date.now() - started) / 1000, installSeconds)}`);
  process.exitCode = outcomes.every((outcome) => outcome.status === 'passed') ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
