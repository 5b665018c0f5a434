// `npm run bench`: prints the site's performance figures. Targets live here, not in timed tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoSession } from '../demo-session';
import { REMOTES, REPO_ROOT, portsFrom, startSite } from '../site';
import { measureBuildTimes } from './build-time';
import { measureDeepLinks } from './deep-link';
import { measureFirstLoad, type FileGroupBytes } from './first-load';
import { measureLighthouse } from './lighthouse';
import { printJackpotFigures, runJackpotBench } from './jackpot';
import { printKareraFigures, runKareraBench } from './karera';
import { printLoginFigures, runLoginBench } from './login';

const BUDGET_KB = 150;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printGroups(title: string, groups: FileGroupBytes[]): number {
  const total = groups.reduce((sum, group) => sum + group.gzipBytes, 0);
  console.info(`\n${title}: ${kb(total)} KB gzip`);
  for (const group of groups) console.info(`  ${group.group.padEnd(26)} ${String(group.files).padStart(3)} files  ${kb(group.gzipBytes).padStart(7)} KB`);
  return total;
}

const results: Record<string, unknown> = {};

console.info('Production build times (npm run build -w <part>)');
const builds = measureBuildTimes(['player-api', 'host', ...REMOTES.map((remote) => `remote-${remote}`)]);
for (const build of builds) console.info(`  ${build.part.padEnd(16)} ${build.seconds.toFixed(1)} s`);
console.info(`  ${'total'.padEnd(16)} ${builds.reduce((sum, build) => sum + build.seconds, 0).toFixed(1)} s`);
results.buildSeconds = builds;

const dataDir = mkdtempSync(path.join(tmpdir(), 'suwerte-bench-'));
const ports = portsFrom(Number(process.env.BENCH_PORT_BASE ?? 5800));
const site = await startSite({ ports, databasePath: path.join(dataDir, 'bench.sqlite') });
try {
  const origins = Object.fromEntries([['host', site.hostUrl], ...REMOTES.map((remote) => [remote, site.remoteUrl(remote)])]);
  const firstLoad = await measureFirstLoad(site.hostUrl, origins);
  const shell = printGroups('JS on / before first paint (host shell)', firstLoad.beforeFirstPaint);
  console.info(`  budget ${BUDGET_KB} KB: ${shell / 1024 <= BUDGET_KB ? 'within' : 'OVER'} (${kb(shell)} KB)`);
  console.info(`  CSS before first paint: ${kb(firstLoad.cssBeforeFirstPaintGzip)} KB gzip; first contentful paint ${firstLoad.firstContentfulPaintMs} ms (local)`);
  printGroups('JS on / until network idle (with the home widgets)', firstLoad.untilNetworkIdle);
  results.firstLoad = firstLoad;

  // Deep links on a phone (Slow 3G, 4× CPU), signed in: the shell paints as soon as on `/`.
  const session = await demoSession(site.apiUrl);
  const deepLinks = await measureDeepLinks(site.hostUrl, ['/', '/Lotto', '/VideoKarera', '/members/deposit'], session);
  const home = deepLinks.find((figure) => figure.path === '/');
  console.info('\nDeep links on Slow 3G, 4× CPU, signed in, empty cache (median of 3): first paint / whole shell');
  for (const figure of deepLinks) {
    const ratio = home ? ` (${((figure.fcpMs / home.fcpMs - 1) * 100).toFixed(0)} % vs /)` : '';
    console.info(`  ${figure.path.padEnd(18)} ${(figure.fcpMs / 1000).toFixed(2)} s / ${(figure.shellMs / 1000).toFixed(2)} s${figure.path === '/' ? '' : ratio}`);
  }
  const lotto = deepLinks.find((figure) => figure.path === '/Lotto');
  if (home && lotto) console.info(`  target: /Lotto within 10 % of /: ${lotto.fcpMs <= home.fcpMs * 1.1 ? 'within' : 'OVER'}`);
  results.deepLinks = deepLinks;

  // Lighthouse 12, mobile profile (simulated slow 4G and a 4× slower CPU), median of 3 runs.
  const lighthouse = await measureLighthouse(site.hostUrl, 3);
  console.info(
    `\nLighthouse (mobile) on /, median of ${lighthouse.runs}: performance ${lighthouse.performance}, ` +
      `LCP ${(lighthouse.lcpMs / 1000).toFixed(1)} s, FCP ${(lighthouse.fcpMs / 1000).toFixed(1)} s, TBT ${lighthouse.tbtMs} ms, CLS ${lighthouse.cls}`,
  );
  results.lighthouse = lighthouse;
} finally {
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// Video Karera: 1,000 socket clients on loopback, each betting every round (tools/src/bench/karera.ts).
console.info('\nVideo Karera: 1,000 socket clients on loopback, each betting every round');
const karera = await runKareraBench();
printKareraFigures(karera);
results.karera = karera;

// Jackpot: 200 players placing Major entries on one game at the same moment (tools/src/bench/jackpot.ts).
console.info('\nJackpot: 200 players placing Major entries on one game at once');
const jackpot = await runJackpotBench();
printJackpotFigures(jackpot);
results.jackpot = jackpot;

// Sign-in under a flood of 200 wrong sign-ins (tools/src/bench/login.ts).
console.info('\nSign-in while 200 wrong sign-ins arrive at once, from 200 addresses');
const login = await runLoginBench();
printLoginFigures(login);
results.login = login;

mkdirSync(path.join(REPO_ROOT, '.bench'), { recursive: true });
writeFileSync(path.join(REPO_ROOT, '.bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
