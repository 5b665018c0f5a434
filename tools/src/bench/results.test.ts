import { describe, expect, it } from 'vitest';
import { parseWrk } from './api';
import { TABLE_END, TABLE_START, renderPerformanceTable, withPerformanceTable, type BenchResults } from './results';

const results: BenchResults = {
  machine: { cpus: 2, cpuModel: 'Test CPU', node: 'v20.0.0' },
  parts: {
    'first-load': {
      at: '2026-11-23T08:00:00.000Z',
      loadAverage: { before: 0.4, after: 0.9 },
      figures: {
        beforeFirstPaint: [{ group: 'host: main (shell)', files: 1, gzipBytes: 120 * 1024 }],
        untilNetworkIdle: [
          { group: 'host: main (shell)', files: 1, gzipBytes: 120 * 1024 },
          { group: 'host: lazy chunks', files: 3, gzipBytes: 90 * 1024 },
        ],
        firstContentfulPaintMs: 300,
        cssBeforeFirstPaintGzip: 9 * 1024,
        remoteEntries: [{ remote: 'lotto', gzipBytes: 7.5 * 1024 }],
      },
      targets: [
        { name: 'JS before the first paint ≤ 125 KB', met: true, value: '120.0 KB' },
        { name: 'JS until network idle ≤ 220 KB', met: true, value: '210.0 KB' },
        { name: 'each remoteEntry.js ≤ 8 KB', met: false, value: 'lotto 7.5' },
      ],
    },
  },
};

describe('the README Performance table', () => {
  it('shows the bench figures with their targets, the date, the machine and the load', () => {
    const table = renderPerformanceTable(results);
    expect(table).toContain('2 cores (Test CPU), Node v20.0.0');
    expect(table).toContain('first-load 2026-11-23 08:00 UTC (load 0.4 → 0.9)');
    expect(table).toContain('| JS (gzip) on `/` before the first paint | **120.0 KB** | ✅ JS before the first paint ≤ 125 KB |');
    expect(table).toContain('**210.0 KB**');
    expect(table).toContain('lotto 7.5 KB | ❌ each remoteEntry.js ≤ 8 KB |');
  });

  it("names each part's machine when a later run of some parts took place on another", () => {
    const firstLoad = results.parts['first-load'];
    if (!firstLoad) throw new Error('fixture without first-load');
    const other = { cpus: 2, cpuModel: 'Other CPU', node: 'v20.1.0' };
    const build = { at: '2026-11-22T07:00:00.000Z', loadAverage: { before: 0.2, after: 0.3 }, figures: { builds: [], totalSeconds: 9.5 }, targets: [] };
    const mixed: BenchResults = { machine: other, parts: { 'first-load': { ...firstLoad, machine: other }, build: { ...build, machine: results.machine } } };
    const table = renderPerformanceTable(mixed);
    expect(table).toContain('on 2 machines');
    expect(table).toContain('first-load 2026-11-23 08:00 UTC on 2 cores (Other CPU), Node v20.1.0 (load 0.4 → 0.9)');
    expect(table).toContain('build 2026-11-22 07:00 UTC on 2 cores (Test CPU), Node v20.0.0 (load 0.2 → 0.3)');
    // All on one machine: named once, as before.
    expect(renderPerformanceTable({ ...mixed, parts: { ...mixed.parts, build: { ...build, machine: other } } })).toContain(
      'Measured by `npm run bench` on 2 cores (Other CPU), Node v20.1.0. When',
    );
  });

  it('shows what an open page draws per second, page by page', () => {
    const redraws = {
      at: '2026-11-28T05:00:00.000Z',
      loadAverage: { before: 0.3, after: 0.5 },
      figures: [
        { path: '/Lotto', watchedMs: 10_004, commitsPerSecond: 1, componentsPerSecond: 32 },
        { path: '/Sports', watchedMs: 10_002, commitsPerSecond: 0, componentsPerSecond: 0 },
      ],
      targets: [],
    };
    expect(renderPerformanceTable({ ...results, parts: { ...results.parts, redraws } })).toContain(
      '| an open page once settled (signed in, 390×844, 10 s): React commits / components drawn per second | `/Lotto` 1 / 32, `/Sports` 0 / 0 | — |',
    );
  });

  it("shows a write's p99 on open connections beside its burst of new connections", () => {
    const figure = (call: string, p99: number) => ({
      name: call,
      call,
      connections: 50,
      seconds: 10,
      requestsPerSecond: 1000,
      latencyMs: { p50: 20, p90: 30, p99 },
      non2xx: 0,
      errors: 0,
      vsHelloWorld: { throughput: 0.02, p99: 20 },
    });
    const api: NonNullable<BenchResults['parts']['api']> = {
      at: '2026-11-24T08:00:00.000Z',
      loadAverage: { before: 0.5, after: 1.2 },
      figures: {
        helloWorld: figure('GET /', 2),
        calls: [{ ...figure('POST /bet/jackpot/ending', 38), connectBurst: { p99: 47.3, maxMs: 305 } }],
        logging: { call: 'GET /schedule/active/lotto', warnRps: 100, infoRps: 99, pairCosts: [0.01, 0.01], cost: 0.01 },
        ledgerConsistent: true,
        targets: [{ name: 'POST /bet/jackpot/ending: p99 ≤ 50 ms', met: true, detail: 'p99 38 ms' }],
      },
      targets: [{ name: 'POST /bet/jackpot/ending: p99 ≤ 50 ms', met: true, value: 'p99 38 ms' }],
    };
    const table = renderPerformanceTable({ ...results, parts: { ...results.parts, api } });
    expect(table).toContain(
      'p99 **38 ms** on open connections; 47.3 ms (max 305 ms) when its 50 connections open at once inside the run (decision 133) | ✅ p99 ≤ 50 ms |',
    );
  });

  it("prints every Lighthouse run with the CPU index Lighthouse measured, when the runs recorded one", () => {
    const run = (performance: number, benchmarkIndex?: number) => ({ performance, lcpMs: 2100, fcpMs: 1700, tbtMs: 200, cls: 0, ...(benchmarkIndex === undefined ? {} : { benchmarkIndex }) });
    const page = (url: string, each: ReturnType<typeof run>[]) => ({ ...run(each[1]?.performance ?? 0), url, signedIn: false, runs: each.length, each });
    const lighthouse = (pages: ReturnType<typeof page>[]): NonNullable<BenchResults['parts']['lighthouse']> => ({
      at: '2026-11-25T04:00:00.000Z',
      loadAverage: { before: 0.3, after: 0.3 },
      figures: pages,
      targets: [{ name: 'Lighthouse / ≥ 97', met: false, value: '92' }],
    });
    const measured = renderPerformanceTable({
      ...results,
      parts: { lighthouse: lighthouse([page('http://localhost/', [run(94, 1510), run(92, 1490), run(91, 1400)]), page('http://localhost/Lotto', [run(70, 1530)])]) },
    });
    expect(measured).toContain('| Lighthouse 12 mobile, `/`: median of 3 (each run) / LCP / TBT / CLS | **92** (94, 92, 91) / 2.1 s / 200 ms / 0 | ❌ Lighthouse / ≥ 97; — |');
    expect(measured).toContain('median of 4 (range) | 1510 (1400–1530) | — |');
    // Runs from before the bench recorded the index: no row, rather than a made-up figure.
    const older = renderPerformanceTable({ ...results, parts: { lighthouse: lighthouse([page('http://localhost/', [run(95), run(95), run(96)])]) } });
    expect(older).toContain('**95** (95, 95, 96)');
    expect(older).not.toContain('CPU benchmark index');
  });

  it('replaces only what lies between the markers', () => {
    const readme = `# Site\n\n## Performance\n\n${TABLE_START}\nold figures\n${TABLE_END}\n\nAfter.\n`;
    const updated = withPerformanceTable(readme, 'NEW TABLE');
    expect(updated).toBe(`# Site\n\n## Performance\n\n${TABLE_START}\nNEW TABLE\n${TABLE_END}\n\nAfter.\n`);
    expect(() => withPerformanceTable('# no markers', 'x')).toThrow('markers');
  });
});

describe("wrk's report", () => {
  it('gives throughput, percentiles and the maximum in ms, and failed answers', () => {
    const report = `Running 10s test @ http://127.0.0.1:6760/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.15ms    1.03ms    1.50s   93.04%
  Latency Distribution
     50%  850.00us
     75%    2.26ms
     90%    2.73ms
     99%    1.20s
  236120 requests in 10.01s, 42.34MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 12
Requests/sec:  23586.91
Transfer/sec:      4.23MB
`;
    expect(parseWrk(report)).toEqual({ requestsPerSecond: 23587, latencyMs: { p50: 0.85, p90: 2.73, p99: 1200 }, maxMs: 1500, non2xx: 12, errors: 5 });
  });
});
