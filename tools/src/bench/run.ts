// `npm run bench`: prints the site's performance figures beside their targets and writes
// `.bench/results.json` (the README's Performance table is generated from it: `npm run bench:readme`).
// Targets live here, never in timed tests. Parts: `npm run bench -- --only lighthouse,api` runs
// some (the others keep their figures from the last run in results.json, with their own date).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoSession } from '../demo-session';
import { REMOTES, REPO_ROOT, portsFrom, startSite, type RunningSite } from '../site';
import { printApiFigures, runApiBench } from './api';
import { printClusterFigures, runClusterBench } from './cluster';
import { measureBuildTimes } from './build-time';
import { DEEP_LINK_PATHS, DEEP_LINK_TARGETS, measureDeepLinks } from './deep-link';
import { measureFirstLoad, type FileGroupBytes } from './first-load';
import { printJackpotFigures, runJackpotBench } from './jackpot';
import { printKareraFigures, runKareraBench, type KareraBenchFigures } from './karera';
import { LIGHTHOUSE_PAGES, PHONE_BENCHMARK_INDEX, measureLighthouse, type LighthouseFigures } from './lighthouse';
import { printLoginFigures, runLoginBench } from './login';
import { measureRedraws } from './redraws';
import { measureRouteChanges } from './route-change';
import { DEFAULT_SOAK_MINUTES, FLAT_GROWTH, printSoakFigures, runSoakBench, soakIsFlat } from './soak';
import { RESULTS_FILE, type BenchMachine, type BenchPart, type BenchResults, type PartFigures, type PartResult, type Target } from './results';

const PARTS = ['build', 'first-load', 'deep-links', 'routes', 'redraws', 'lighthouse', 'karera', 'jackpot', 'login', 'api', 'cluster', 'soak'] as const satisfies readonly BenchPart[];
/** Everything this bench starts listens on these (the project's bench range). */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 6740);

const { values } = parseArgs({ options: { only: { type: 'string' }, skip: { type: 'string' }, 'soak-minutes': { type: 'string' }, 'soak-snapshots': { type: 'string' } } });
const soakMinutes = Number(values['soak-minutes'] ?? DEFAULT_SOAK_MINUTES);
/** Minutes of the soak at which each node's heap snapshot is written to .bench/soak/ (`--soak-snapshots 5,25`). */
const soakSnapshots = (values['soak-snapshots'] ?? '').split(',').filter(Boolean).map(Number);
if (soakSnapshots.some((minute) => !Number.isInteger(minute) || minute < 0 || minute > soakMinutes)) throw new Error(`--soak-snapshots takes minutes of the soak, e.g. 5,25 (got ${values['soak-snapshots'] ?? ''})`);
if (!Number.isInteger(soakMinutes) || soakMinutes < 2) throw new Error(`--soak-minutes must be a whole number of minutes, at least 2 (got ${values['soak-minutes'] ?? ''})`);
const listed = (value: string | undefined) => new Set((value ?? '').split(',').filter(Boolean));
const only = listed(values.only);
const skip = listed(values.skip);
for (const name of [...only, ...skip]) if (!(PARTS as readonly string[]).includes(name)) throw new Error(`unknown part "${name}"; parts: ${PARTS.join(', ')}`);
/** The soak takes an hour: it runs only when named (`--only soak`). */
const ON_REQUEST: readonly BenchPart[] = ['soak'];
const runs = (part: BenchPart) => (only.size === 0 ? !ON_REQUEST.includes(part) : only.has(part)) && !skip.has(part);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const load = () => Number(loadavg()[0]?.toFixed(2));
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

const previous: BenchResults | null = existsSync(RESULTS_FILE) ? (JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as BenchResults) : null;
const machine: BenchMachine = { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim() ?? 'unknown', node: process.version };
// Parts kept from an earlier run keep the machine they ran on (a file written before parts recorded
// theirs: that file's machine).
const kept = Object.fromEntries(
  Object.entries(previous?.parts ?? {}).map(([name, part]) => [name, part && previous ? { ...part, machine: part.machine ?? previous.machine } : part]),
) as BenchResults['parts'];
const results: BenchResults = { machine, parts: kept };

/** Runs one part, prints the load average around it, and records its figures and targets. */
async function part<K extends BenchPart>(name: K, title: string, measure: () => Promise<{ figures: PartFigures[K]; targets: Target[] }>): Promise<void> {
  if (!runs(name)) return;
  const loadBefore = load();
  console.info(`\n${title}  [load average ${loadBefore}]`);
  const { figures, targets } = await measure();
  const loadAfter = load();
  for (const target of targets) console.info(`  target ${target.name}: ${verdict(target.met)} (${target.value})`);
  console.info(`  [load average ${loadAfter} after; ${results.machine.cpus} cores]`);
  const entry: PartResult<PartFigures[K]> = { at: new Date().toISOString(), machine, loadAverage: { before: loadBefore, after: loadAfter }, figures, targets };
  const parts: { [P in K]?: PartResult<PartFigures[P]> } = results.parts;
  parts[name] = entry;
}

function printGroups(title: string, groups: FileGroupBytes[]): number {
  const total = groups.reduce((sum, group) => sum + group.gzipBytes, 0);
  console.info(`  ${title}: ${kb(total)} KB gzip`);
  for (const group of groups) console.info(`    ${group.group.padEnd(26)} ${String(group.files).padStart(3)} files  ${kb(group.gzipBytes).padStart(7)} KB`);
  return total;
}

await part('build', 'Production build times (npm run build -w <part>)', async () => {
  const builds = measureBuildTimes(['player-api', 'host', ...REMOTES.map((remote) => `remote-${remote}`)]);
  for (const build of builds) console.info(`  ${build.part.padEnd(16)} ${build.seconds.toFixed(1)} s`);
  const total = builds.reduce((sum, build) => sum + build.seconds, 0);
  console.info(`  ${'total'.padEnd(16)} ${total.toFixed(1)} s`);
  return { figures: { builds, totalSeconds: total }, targets: [] };
});

const siteParts: BenchPart[] = ['first-load', 'deep-links', 'routes', 'redraws', 'lighthouse'];
if (siteParts.some(runs)) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suwerte-bench-'));
  const site: RunningSite = await startSite({ ports: portsFrom(PORT_BASE), databasePath: path.join(dataDir, 'bench.sqlite') });
  try {
    const origins = Object.fromEntries([['host', site.hostUrl], ...REMOTES.map((remote) => [remote, site.remoteUrl(remote)])]);
    const session = await demoSession(site.apiUrl);

    await part('first-load', 'JavaScript on / (first visit, desktop 1440×900, gzip as served)', async () => {
      const firstLoad = await measureFirstLoad(site.hostUrl, origins, session);
      const shell = printGroups('before the first paint', firstLoad.beforeFirstPaint);
      console.info(`  CSS before the first paint: ${kb(firstLoad.cssBeforeFirstPaintGzip)} KB gzip; first contentful paint ${firstLoad.firstContentfulPaintMs} ms (local)`);
      const idle = printGroups('until the network is idle', firstLoad.untilNetworkIdle);
      const entries = firstLoad.remoteEntries;
      for (const entry of entries) console.info(`  ${entry.remote} remoteEntry.js: ${kb(entry.gzipBytes)} KB gzip`);
      console.info('  signed-in deep links, fetched before the page showed (gzip): JS / CSS / API answers');
      for (const link of firstLoad.deepLinks ?? []) {
        console.info(`    ${link.path.padEnd(18)} ${kb(link.js.gzipBytes).padStart(6)} KB (${link.js.files} files) / ${kb(link.css.gzipBytes)} KB / ${kb(link.data.gzipBytes)} KB`);
      }
      const largestEntry = Math.max(0, ...entries.map((entry) => entry.gzipBytes));
      return {
        figures: firstLoad,
        targets: [
          { name: 'JS before the first paint ≤ 125 KB', met: shell <= 125 * 1024, value: `${kb(shell)} KB` },
          { name: 'JS until network idle ≤ 220 KB', met: idle <= 220 * 1024, value: `${kb(idle)} KB` },
          { name: 'each remoteEntry.js ≤ 8 KB', met: entries.length === REMOTES.length && largestEntry <= 8 * 1024, value: entries.map((entry) => `${entry.remote} ${kb(entry.gzipBytes)}`).join(', ') },
        ],
      };
    });

    await part('deep-links', 'Signed-in deep links, empty cache, 150 ms RTT / 1.6 Mbit/s (Lighthouse\'s mobile connection; no CPU slowdown), median of 3: heading shown / bytes before it / requests / ratio to the floor (2 RTT + bytes ÷ bandwidth)', async () => {
      const deepLinks = await measureDeepLinks(site.hostUrl, DEEP_LINK_PATHS, session);
      for (const figure of deepLinks) {
        const each = figure.each.map((run) => `${run.headingMs} ms/${kb(run.bytes)} KB/${run.requests}/LCP ${run.largestPaintMs}`).join(', ');
        console.info(`  ${figure.path.padEnd(18)} ${String(figure.headingMs).padStart(5)} ms  ${kb(figure.bytes).padStart(6)} KB  ${String(figure.requests).padStart(3)} requests  floor ${figure.floorMs} ms  ratio ${figure.ratio.toFixed(2)}  largest paint ${figure.largestPaintMs} ms   runs: ${each}`);
      }
      const slowest = Math.max(...deepLinks.map((figure) => figure.headingMs));
      const heaviest = Math.max(...deepLinks.map((figure) => figure.bytes));
      const worstRatio = Math.max(...deepLinks.map((figure) => figure.ratio));
      return {
        figures: deepLinks,
        targets: [
          { name: DEEP_LINK_TARGETS.heading, met: slowest <= 2000, value: `${slowest} ms` },
          { name: DEEP_LINK_TARGETS.bytes, met: heaviest <= 280 * 1024, value: `${kb(heaviest)} KB` },
          { name: DEEP_LINK_TARGETS.ratio, met: worstRatio <= 1.15, value: worstRatio.toFixed(2) },
        ],
      };
    });

    await part('routes', 'Route changes on loopback, signed in: click → page rendered (median of 3; cold = first visit in the tab, warm = again)', async () => {
      const routes = await measureRouteChanges(site.hostUrl, session);
      for (const route of routes) {
        console.info(`  ${route.remote.padEnd(8)} ${route.path.padEnd(18)} cold ${route.coldMs} ms (${route.coldRuns.join(', ')})  warm ${route.warmMs} ms (${route.warmRuns.join(', ')})`);
      }
      return {
        figures: routes,
        targets: routes.map((route) => ({ name: `${route.path}: cold ≤ 300 ms, warm ≤ 50 ms`, met: route.coldMs <= 300 && route.warmMs <= 50, value: `cold ${route.coldMs} ms, warm ${route.warmMs} ms` })),
      };
    });

    await part('redraws', 'An open page, signed in, once settled (10 s watched, 390×844): React commits and components drawn per second', async () => {
      const redraws = await measureRedraws(site.hostUrl, session, ['/Lotto', '/Sports', '/VideoKarera', '/members/deposit']);
      for (const figure of redraws) console.info(`  ${figure.path.padEnd(18)} ${String(figure.commitsPerSecond).padStart(5)} commits/s  ${String(figure.componentsPerSecond).padStart(5)} components/s`);
      return { figures: redraws, targets: [] };
    });

    await part('lighthouse', `Lighthouse 12, mobile (simulated slow 4G; CPU slowdown = the machine's benchmark index ÷ ${PHONE_BENCHMARK_INDEX}), median of 5 a page`, async () => {
      const pages = LIGHTHOUSE_PAGES;
      const figures: LighthouseFigures[] = [];
      const targets: Target[] = [];
      for (const page of pages) {
        const figure = await measureLighthouse(`${site.hostUrl}${page.path}`, { runs: 5, session: page.signedIn ? session : null, port: PORT_BASE + 59 });
        figures.push(figure);
        const each = figure.each.map((run) => `${run.performance}/${run.lcpMs}/${run.tbtMs} @${run.benchmarkIndex ?? '?'}÷${PHONE_BENCHMARK_INDEX}=${run.cpuMultiplier ?? '?'}×`).join('  ');
        console.info(
          `  ${page.path.padEnd(17)}${page.signedIn ? ' (signed in)' : '            '} median ${figure.performance}  LCP ${(figure.lcpMs / 1000).toFixed(1)} s  FCP ${(figure.fcpMs / 1000).toFixed(1)} s  TBT ${figure.tbtMs} ms  CLS ${figure.cls}  CPU index ${figure.benchmarkIndex} → ${figure.cpuMultiplier ?? '?'}×`,
        );
        console.info(`    runs (score/LCP ms/TBT ms @index÷${PHONE_BENCHMARK_INDEX}=multiplier): ${each}`);
        targets.push({ name: `Lighthouse ${page.path} ≥ ${page.minimum}`, met: figure.performance >= page.minimum, value: String(figure.performance) });
        if (page.path === '/') targets.push({ name: 'TBT on / ≤ 150 ms', met: figure.tbtMs <= 150, value: `${figure.tbtMs} ms` });
      }
      return { figures, targets };
    });
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await part('karera', 'Video Karera: 1,000 socket clients (this process) against the API (its own process), each betting every round; 3 runs', async () => {
  const figures: KareraBenchFigures[] = [];
  for (let run = 1; run <= 3; run += 1) {
    console.info(`  run ${run} [load average ${load()}]`);
    const figure = await runKareraBench({ portBase: PORT_BASE + 30 });
    printKareraFigures(figure);
    figures.push(figure);
  }
  return {
    figures,
    targets: [
      {
        name: 'ack p99 ≤ 150 ms in each of 3 runs, 0 lost, balances = ledger sums',
        met: figures.every((figure) => figure.targets.met),
        value: figures.map((figure) => `${figure.ackMs.p99} ms/${figure.betsLost} lost/${figure.ledgerConsistent ? 'consistent' : 'INCONSISTENT'}`).join('; '),
      },
    ],
  };
});

await part('jackpot', 'Jackpot: 200 players placing Major entries on one game at once', async () => {
  const figures = await runJackpotBench({ portBase: PORT_BASE + 45 });
  printJackpotFigures(figures);
  return { figures, targets: [{ name: 'answer p99 ≤ 1,000 ms, 0 lost', met: figures.targets.met, value: `p99 ${figures.latencyMs.p99} ms, ${figures.betsLost} lost` }] };
});

await part('login', 'Sign-in while 200 wrong sign-ins arrive at once, from 200 addresses', async () => {
  const figures = await runLoginBench(PORT_BASE + 57);
  printLoginFigures(figures);
  return { figures, targets: [{ name: 'nobody gets in, real sign-in p99 ≤ 1 s', met: figures.targets.met, value: figures.floods.map((flood) => `${flood.name}: p99 ${flood.realMs.p99} ms`).join('; ') }] };
});

await part('api', 'API: wrk (its own process, 1 thread, 50 connections, 10 s a call) beside a hello-world Fastify in the same run', async () => {
  const figures = await runApiBench({ portBase: PORT_BASE + 20 });
  printApiFigures(figures);
  return { figures, targets: figures.targets.map((target) => ({ name: target.name, met: target.met, value: target.detail })) };
});

await part(
  'cluster',
  'One node vs two on PostgreSQL + Redis (production builds): HTTP through the nginx gateway (deploy/gateway), Video Karera 2,000 socket clients on one node, then split over two',
  async () => {
    const figures = await runClusterBench();
    printClusterFigures(figures);
    return { figures, targets: figures.targets.map((target) => ({ name: target.name, met: target.met, value: target.detail })) };
  },
);

await part('soak', `Soak: two nodes on PostgreSQL + Redis behind the gateway, players signing in and out, reading, cashing out and betting every round, ${soakMinutes} min; RSS each minute`, async () => {
  const figures = await runSoakBench(soakMinutes, PORT_BASE + 70, { snapshotMinutes: soakSnapshots, snapshotDir: path.join(REPO_ROOT, '.bench', 'soak') });
  printSoakFigures(figures);
  const failed = Object.values(figures.errors).reduce((sum, n) => sum + n, 0);
  return {
    figures,
    targets: [
      {
        name: `RSS flat: at most ${FLAT_GROWTH * 100} % more at the end than halfway, on each node`,
        met: soakIsFlat(figures),
        value: figures.memory.map((entry) => `node ${entry.node} ${entry.halfMb} → ${entry.endMb} MB`).join(', '),
      },
      { name: 'no call failed', met: failed === 0, value: `${failed} of ${figures.calls}` },
    ],
  };
});

mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
console.info(`\nFigures written to ${path.relative(REPO_ROOT, RESULTS_FILE)}; \`npm run bench:readme\` puts them in the README.`);
