import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { VitalsSummary } from '@suwerte/federation';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  PublishError,
  abortCanary,
  listReleases,
  main,
  pointRemote,
  promoteCanary,
  pruneReleases,
  publishRelease,
  releaseEntry,
  staleTwins,
  startCanary,
} from './publish-remote';

let work: string;
let server: Server;
let origin: string;
/** What the fake player API answers for `GET /operator/telemetry/vitals` (and the last query it got). */
let vitals: VitalsSummary[] = [];
let vitalsQuery: string | null = null;

/** A static server over `work` (the CDN and the host's folder of these tests), plus a fake player API. */
function startServer(): Promise<void> {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/operator/') && request.headers.authorization !== 'Bearer operator-token') {
      response.writeHead(403).end('{"message":"Operators only"}');
      return;
    }
    if (url.pathname === '/operator/telemetry/vitals') {
      vitalsQuery = url.search;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(vitals));
      return;
    }
    if (url.pathname === '/operator/telemetry/remote-errors') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify([
          { remote: 'lotto', release: '1.1.0', kind: 'load', count: 3, lastAt: '2026-11-23T01:00:00.000Z' },
          { remote: 'lotto', release: '1.1.0', kind: 'render', count: 1, lastAt: '2026-11-23T01:00:00.000Z' },
          { remote: 'lotto', release: '0.9.0', kind: 'load', count: 2, lastAt: '2026-11-23T01:00:00.000Z' },
        ]),
      );
      return;
    }
    try {
      response.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(path.join(work, url.pathname)));
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

function requirements(exports: string[], range = '^1.0.0') {
  return { requires: { '@suwerte/shared': { range, builtWith: '1.1.0', exports } } };
}

function fakeBuild(name: string, marker: string, exports: string[] = ['Button'], range = '^1.0.0'): string {
  const dist = path.join(work, `build-${marker}`);
  mkdirSync(dist, { recursive: true });
  const manifest = { name, marker, metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } }, suwerte: requirements(exports, range) };
  writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dist, 'remoteEntry.js'), `var ${name} = "${marker}";`);
  writeFileSync(path.join(dist, `main.${marker.padEnd(10, '0')}.js`), '');
  return dist;
}

/** The site: remotes.json next to the host's federation-host.json (host provides @suwerte/shared 1.1.0). */
function site(registry: unknown): string {
  const dir = path.join(work, 'site');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'federation-host.json'), JSON.stringify({ provides: { '@suwerte/shared': { version: '1.1.0', exports: ['Button', 'Text'] } } }));
  const file = path.join(dir, 'remotes.json');
  writeFileSync(file, JSON.stringify(registry));
  return file;
}

const entryOf = (version: string) => `${origin}/cdn/lotto/${version}/mf-manifest.json`;

function registryAt(lottoVersion: string) {
  return {
    remotes: {
      members: { entry: `${origin}/cdn/members/1.0.0/mf-manifest.json`, routes: ['/members'] },
      lotto: { entry: entryOf(lottoVersion), routes: ['/Lotto', '/Pick3Route'] },
    },
  };
}

const cdn = () => path.join(work, 'cdn', 'lotto');
const readJsonFile = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof registryAt> & {
  remotes: { lotto: { canary?: { entry: string; share: number } } };
};

beforeEach(async () => {
  vitals = [];
  vitalsQuery = null;
  work = mkdtempSync(path.join(tmpdir(), 'suwerte-publish-'));
  await startServer();
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe('publishing a remote release', () => {
  it('puts each version beside the older ones, whole', () => {
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'a'), releasesDir: cdn(), version: '1.0.0' });
    const target = publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'b'), releasesDir: cdn(), version: '1.1.0-rc.1' });
    expect(target).toBe(path.join(cdn(), '1.1.0-rc.1'));
    expect(readJsonFile(path.join(cdn(), '1.0.0', 'mf-manifest.json'))).toMatchObject({ marker: 'a' });
    expect(readJsonFile(path.join(cdn(), '1.1.0-rc.1', 'mf-manifest.json'))).toMatchObject({ marker: 'b' });
    // No staging folder is left behind.
    expect(readdirSync(cdn()).sort()).toEqual(['1.0.0', '1.1.0-rc.1']);
  });

  it('never overwrites a published version, and refuses builds of another remote or no build', () => {
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'a'), releasesDir: cdn(), version: '1.0.0' });
    expect(() => publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'b'), releasesDir: cdn(), version: '1.0.0' })).toThrow(/already published/);
    expect(readJsonFile(path.join(cdn(), '1.0.0', 'mf-manifest.json'))).toMatchObject({ marker: 'a' });
    expect(() => publishRelease({ remote: 'lotto', dist: fakeBuild('members', 'c'), releasesDir: cdn(), version: '1.2.0' })).toThrow(/build of "members", not of lotto/);
    expect(() => publishRelease({ remote: 'lotto', dist: work, releasesDir: cdn(), version: '1.2.0' })).toThrow(/not a remote's production build/);
    expect(() => publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'd'), releasesDir: cdn(), version: 'v2' })).toThrow(PublishError);
  });

  it("refuses a build whose compressed copy no longer holds the file beside it (the servers send a copy as it is)", () => {
    const dist = fakeBuild('lotto', 'e');
    const manifest = path.join(dist, 'mf-manifest.json');
    writeFileSync(`${manifest}.br`, brotliCompressSync(readFileSync(manifest)));
    writeFileSync(`${manifest}.gz`, gzipSync(readFileSync(manifest)));
    writeFileSync(path.join(dist, 'remoteEntry.js.gz'), 'not gzip');
    expect(staleTwins(dist)).toEqual(['remoteEntry.js.gz']);
    writeFileSync(path.join(dist, 'remoteEntry.js.gz'), gzipSync(readFileSync(path.join(dist, 'remoteEntry.js'))));
    expect(staleTwins(dist)).toEqual([]);
    // The manifest edited after the build: its twins still hold the old one.
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"marker":"e"', '"marker":"f"'));
    expect(() => publishRelease({ remote: 'lotto', dist, releasesDir: cdn(), version: '1.0.0' })).toThrow(/mf-manifest\.json\.br, mf-manifest\.json\.gz no longer match the files beside them/);
    expect(existsSync(path.join(cdn(), '1.0.0'))).toBe(false);
    rmSync(`${manifest}.br`);
    rmSync(`${manifest}.gz`);
    expect(publishRelease({ remote: 'lotto', dist, releasesDir: cdn(), version: '1.0.0' })).toBe(path.join(cdn(), '1.0.0'));
  });

  it('lists releases oldest first', () => {
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'a'), releasesDir: cdn(), version: '2.0.0' });
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'b'), releasesDir: cdn(), version: '1.9.0' });
    utimesSync(path.join(cdn(), '2.0.0'), new Date(1_000_000), new Date(1_000_000));
    expect(listReleases(cdn())).toEqual(['2.0.0', '1.9.0']);
    expect(listReleases(path.join(work, 'none'))).toEqual([]);
  });
});

describe('pointing the host at a release', () => {
  beforeEach(() => {
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'old', ['Button'], '^1.0.0'), releasesDir: cdn(), version: '1.0.0' });
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'new', ['Button', 'Text'], '^1.0.0'), releasesDir: cdn(), version: '1.1.0' });
    // Built against @suwerte/shared 1.2.0, importing two of its new exports.
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'minor', ['Button', 'OddsTable', 'formatOdds']), releasesDir: cdn(), version: '1.2.0' });
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'major', ['Button'], '^2.0.0'), releasesDir: cdn(), version: '2.0.0' });
  });

  it('edits only that remote’s entry and returns the previous one for a rollback', async () => {
    const file = site(registryAt('1.0.0'));
    const host = path.dirname(file);
    const previous = await pointRemote(file, 'lotto', entryOf('1.1.0'), host);
    expect(previous).toBe(entryOf('1.0.0'));
    const edited = readJsonFile(file);
    expect(edited.remotes.lotto).toEqual({ entry: entryOf('1.1.0'), routes: ['/Lotto', '/Pick3Route'] });
    expect(edited.remotes.members).toEqual(registryAt('1.0.0').remotes.members);
    // An older release (a subset of the exports) keeps working: the rollback passes the check too.
    await pointRemote(file, 'lotto', previous, host);
    expect(readJsonFile(file)).toEqual(registryAt('1.0.0'));
    await expect(pointRemote(file, 'sports', entryOf('1.1.0'))).rejects.toThrow(/no remote "sports"/);
  });

  it('refuses a newer minor that imports exports the host lacks, naming them, and changes nothing', async () => {
    const file = site(registryAt('1.0.0'));
    await expect(pointRemote(file, 'lotto', entryOf('1.2.0'), path.dirname(file))).rejects.toThrow(
      /lotto 1\.2\.0 cannot run on this site's host[\s\S]*missing exports: OddsTable, formatOdds/,
    );
    expect(readJsonFile(file)).toEqual(registryAt('1.0.0'));
  });

  it('refuses a release for another major', async () => {
    const file = site(registryAt('1.0.0'));
    await expect(pointRemote(file, 'lotto', entryOf('2.0.0'), path.dirname(file))).rejects.toThrow(/needs @suwerte\/shared \^2\.0\.0, the host has @suwerte\/shared 1\.1\.0/);
  });

  it('builds entry URLs for a version or the server’s own release', () => {
    expect(releaseEntry('https://cdn.example.com/lotto/', '1.4.2')).toBe('https://cdn.example.com/lotto/1.4.2/mf-manifest.json');
    expect(releaseEntry('http://localhost:3002', 'current')).toBe('http://localhost:3002/mf-manifest.json');
    expect(() => releaseEntry('cdn.example.com', '1.4.2')).toThrow(/absolute/);
  });
});

describe('a canary', () => {
  beforeEach(() => {
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'old'), releasesDir: cdn(), version: '1.0.0' });
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'new', ['Button', 'Text']), releasesDir: cdn(), version: '1.1.0' });
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'minor', ['formatOdds']), releasesDir: cdn(), version: '1.2.0' });
  });

  it('starts for a share of players, then is promoted', async () => {
    const file = site(registryAt('1.0.0'));
    await startCanary(file, 'lotto', entryOf('1.1.0'), 50, path.dirname(file));
    expect(readJsonFile(file).remotes.lotto).toEqual({ entry: entryOf('1.0.0'), routes: ['/Lotto', '/Pick3Route'], canary: { entry: entryOf('1.1.0'), share: 50 } });
    expect(await promoteCanary(file, 'lotto', path.dirname(file))).toEqual({ previous: entryOf('1.0.0'), entry: entryOf('1.1.0') });
    expect(readJsonFile(file).remotes.lotto).toEqual({ entry: entryOf('1.1.0'), routes: ['/Lotto', '/Pick3Route'] });
    await expect(promoteCanary(file, 'lotto')).rejects.toThrow(/no canary/);
  });

  it('is aborted back to the pinned release', async () => {
    const file = site(registryAt('1.0.0'));
    await startCanary(file, 'lotto', entryOf('1.1.0'), 10);
    expect(await abortCanary(file, 'lotto')).toBe(entryOf('1.1.0'));
    expect(readJsonFile(file)).toEqual(registryAt('1.0.0'));
  });

  it('is refused when the host cannot run it, or with a nonsense share', async () => {
    const file = site(registryAt('1.0.0'));
    await expect(startCanary(file, 'lotto', entryOf('1.2.0'), 50, path.dirname(file))).rejects.toThrow(/missing exports: formatOdds/);
    await expect(startCanary(file, 'lotto', entryOf('1.1.0'), 0)).rejects.toThrow(/--share/);
    await expect(startCanary(file, 'lotto', entryOf('1.1.0'), 100)).rejects.toThrow(/--share/);
    await expect(startCanary(file, 'lotto', entryOf('1.0.0'), 50)).rejects.toThrow(/already runs/);
    expect(readJsonFile(file)).toEqual(registryAt('1.0.0'));
  });
});

describe('pruning releases', () => {
  it('keeps the releases remotes.json uses and the newest n, and removes the rest whole', () => {
    ['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0'].forEach((version, index) => {
      publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', `v${index}`), releasesDir: cdn(), version });
      utimesSync(path.join(cdn(), version), new Date(1_000_000 + index * 1000), new Date(1_000_000 + index * 1000));
    });
    expect(pruneReleases({ releasesDir: cdn(), keep: 2, pinned: ['1.0.0'] })).toEqual({ kept: ['1.0.0', '1.3.0', '1.4.0'], removed: ['1.1.0', '1.2.0'] });
    expect(readdirSync(cdn()).sort()).toEqual(['1.0.0', '1.3.0', '1.4.0']);
    expect(() => pruneReleases({ releasesDir: cdn(), keep: 0, pinned: [] })).toThrow(/--keep/);
  });

  it('reads what is in use from remotes.json on the command line, and refuses to guess', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ['1.0.0', '1.1.0', '1.2.0'].forEach((version, index) => {
      publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', `v${index}`), releasesDir: cdn(), version });
      utimesSync(path.join(cdn(), version), new Date(1_000_000 + index * 1000), new Date(1_000_000 + index * 1000));
    });
    const file = site({ remotes: { lotto: { entry: entryOf('1.0.0'), routes: ['/Lotto'], canary: { entry: entryOf('1.1.0'), share: 5 } } } });
    expect(await main(['prune', 'lotto', '--to', cdn(), '--keep', '1'])).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/--registry/));
    expect(await main(['prune', 'lotto', '--to', cdn(), '--keep', '1', '--registry', file])).toBe(0);
    expect(listReleases(cdn())).toEqual(['1.0.0', '1.1.0', '1.2.0']);
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'v3'), releasesDir: cdn(), version: '1.3.0' });
    expect(await main(['prune', 'lotto', '--to', cdn(), '--keep', '1', '--registry', `${origin}/site/remotes.json`])).toBe(0);
    expect(listReleases(cdn()).sort()).toEqual(['1.0.0', '1.1.0', '1.3.0']);
  });
});

describe('the command line', () => {
  it('publishes, points with the check, and rolls back', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const file = site(registryAt('1.0.0'));
    expect(await main(['publish', 'lotto', '--dist', fakeBuild('lotto', 'a'), '--to', cdn(), '--version', '1.0.0'])).toBe(0);
    expect(await main(['publish', 'lotto', '--dist', fakeBuild('lotto', 'b', ['Text']), '--to', cdn(), '--version', '1.1.0'])).toBe(0);
    expect(await main(['point', 'lotto', '--registry', file, '--url', `${origin}/cdn/lotto`, '--version', '1.1.0'])).toBe(0);
    expect(info).toHaveBeenCalledWith(`lotto: ${entryOf('1.0.0')} → ${entryOf('1.1.0')}`);
    expect(await main(['point', 'lotto', '--registry', file, '--entry', entryOf('1.0.0')])).toBe(0);
    expect(readJsonFile(file)).toEqual(registryAt('1.0.0'));
    expect(await main(['publish', 'lotto', '--dist', fakeBuild('lotto', 'c'), '--to', cdn(), '--version', '1.1.0'])).toBe(1);
    expect(await main(['publish', 'bingo', '--to', cdn()])).toBe(1);
    expect(await main(['point', 'lotto', '--registry', `${origin}/site/remotes.json`, '--entry', entryOf('1.0.0')])).toBe(1);
    expect(await main(['point', 'lotto', '--registry', file, '--entry', 'javascript:alert(1)'])).toBe(1);
    expect(await main(['point', 'lotto', '--registry', file, '--bogus'])).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/already published/));
  });

  it('prints its usage for --help (exit 0)', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    for (const argv of [['--help'], ['-h'], ['help']]) {
      info.mockClear();
      expect(await main(argv)).toBe(0);
      expect(info).toHaveBeenCalledWith(expect.stringMatching(/^usage \(npm run publish-remote -- <command> …\):\n {2}publish-remote publish <remote>/));
    }
  });

  it('prints a rollback that works as printed — with the host it was checked against', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The host's federation-host.json is elsewhere than remotes.json (a CDN folder of its own).
    const file = site(registryAt('1.0.0'));
    const host = path.join(work, 'host build');
    mkdirSync(host);
    writeFileSync(path.join(host, 'federation-host.json'), readFileSync(path.join(path.dirname(file), 'federation-host.json')));
    rmSync(path.join(path.dirname(file), 'federation-host.json'));
    expect(await main(['publish', 'lotto', '--dist', fakeBuild('lotto', 'a'), '--to', cdn(), '--version', '1.0.0'])).toBe(0);
    expect(await main(['publish', 'lotto', '--dist', fakeBuild('lotto', 'b'), '--to', cdn(), '--version', '1.1.0'])).toBe(0);
    expect(await main(['point', 'lotto', '--registry', file, '--url', `${origin}/cdn/lotto`, '--version', '1.1.0', '--host', host])).toBe(0);
    const printed = info.mock.calls.map(([line]) => String(line)).find((line) => line.startsWith('roll back: '));
    expect(printed).toBe(`roll back: npm run publish-remote -- point lotto --registry ${file} --entry ${entryOf('1.0.0')} --host '${host}'`);

    // Run as a shell would read the printed line: the words after `npm run publish-remote --`.
    const words = [...(printed ?? '').slice('roll back: '.length).matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? '');
    expect(words.slice(0, 4)).toEqual(['npm', 'run', 'publish-remote', '--']);
    expect(await main(words.slice(4))).toBe(0);
    expect(readJsonFile(file)).toEqual(registryAt('1.0.0'));
  });

  it('prints each release’s errors for status', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const file = site({ remotes: { lotto: { entry: entryOf('1.0.0'), routes: ['/Lotto'], canary: { entry: entryOf('1.1.0'), share: 50 } } } });
    vi.stubEnv('SUWERTE_OPERATOR_TOKEN', '');
    expect(await main(['status', 'lotto', '--registry', file, '--api', origin])).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/SUWERTE_OPERATOR_TOKEN/));
    vi.stubEnv('SUWERTE_OPERATOR_TOKEN', 'player-token');
    expect(await main(['status', 'lotto', '--registry', file, '--api', origin])).toBe(1);
    expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/must be an operator's/));
    vi.stubEnv('SUWERTE_OPERATOR_TOKEN', 'operator-token');
    vitals = [
      { remote: 'lotto', release: '1.0.0', metric: 'LCP', samples: 140, p75: 2310 },
      { remote: 'lotto', release: '1.0.0', metric: 'INP', samples: 96, p75: 184 },
      { remote: 'lotto', release: '1.0.0', metric: 'CLS', samples: 150, p75: 510 },
      { remote: 'lotto', release: '1.1.0', metric: 'LCP', samples: 12, p75: 2540 },
      { remote: 'lotto', release: '1.2.0', metric: 'LCP', samples: 1, p75: 900 },
    ];
    expect(await main(['status', 'lotto', '--registry', file, '--api', origin, '--hours', '6'])).toBe(0);
    expect(vitalsQuery).toBe('?hours=6&remote=lotto');
    const text = info.mock.calls.map(([line]) => String(line)).join('\n');
    expect(text).toContain('lotto  (errors in the last 6 h)');
    expect(text).toMatch(/pinned +1\.0\.0 +50 % of players +no errors\n +LCP p75 2,310 ms \(140 samples\) · INP p75 184 ms \(96 samples\) · CLS p75 0\.051 \(150 samples\)\n/);
    expect(text).toMatch(/canary +1\.1\.0 +50 % of players +4 errors \(3 load, 1 render\)\n +LCP p75 2,540 ms \(12 samples\)\n/);
    expect(text).toMatch(/other +0\.9\.0 .*2 errors \(2 load\)\n +no vitals/);
    expect(text).toMatch(/other +1\.2\.0 .*no errors\n +LCP p75 900 ms \(1 sample\)/);
    vi.unstubAllEnvs();
  });

  describe('promote, against players’ vitals', () => {
    type Spy = MockInstance<(...data: unknown[]) => void>;
    const slow: VitalsSummary[] = [
      { remote: 'lotto', release: '1.0.0', metric: 'LCP', samples: 120, p75: 2000 },
      { remote: 'lotto', release: '1.0.0', metric: 'INP', samples: 120, p75: 200 },
      { remote: 'lotto', release: '1.1.0', metric: 'LCP', samples: 110, p75: 2600 },
      { remote: 'lotto', release: '1.1.0', metric: 'INP', samples: 110, p75: 210 },
    ];
    let file: string;
    let info: Spy;
    let error: Spy;
    beforeEach(async () => {
      info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
      error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'old'), releasesDir: cdn(), version: '1.0.0' });
      publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'new'), releasesDir: cdn(), version: '1.1.0' });
      file = site(registryAt('1.0.0'));
      await startCanary(file, 'lotto', entryOf('1.1.0'), 10);
      vi.stubEnv('SUWERTE_OPERATOR_TOKEN', 'operator-token');
    });
    afterEach(() => vi.unstubAllEnvs());
    const promote = (...extra: string[]) => main(['promote', 'lotto', '--registry', file, ...extra]);
    const printed = (spy: Spy) => spy.mock.calls.map(([line]) => String(line)).join('\n');

    it('refuses a canary whose p75 LCP is more than 15 % worse, with the figures, and leaves remotes.json alone', async () => {
      vitals = slow;
      expect(await promote('--api', origin, '--hours', '12')).toBe(1);
      expect(vitalsQuery).toBe('?hours=12&remote=lotto');
      expect(error).toHaveBeenCalledWith(
        "lotto: canary 1.1.0 not promoted: players' p75 LCP 2,600 ms against 2,000 ms on the pinned 1.0.0 (30 % worse; 110 and 120 samples) — more than 15 % worse. Abort it, or promote anyway with --force.",
      );
      expect(readJsonFile(file).remotes.lotto.canary).toEqual({ entry: entryOf('1.1.0'), share: 10 });
    });

    it('promotes it with --force, saying the vitals were not compared', async () => {
      vitals = slow;
      expect(await promote('--force')).toBe(0);
      expect(vitalsQuery).toBeNull();
      expect(printed(info)).toContain("lotto: promoting without comparing players' vitals (--force)");
      expect(printed(info)).toContain('lotto: canary 1.1.0 promoted for every player (was 1.0.0)');
      expect(readJsonFile(file).remotes.lotto).toEqual({ entry: entryOf('1.1.0'), routes: ['/Lotto', '/Pick3Route'] });
    });

    it('promotes a canary within 15 %, and one with too few samples to judge, saying so', async () => {
      vitals = slow.map((row) => (row.release === '1.1.0' && row.metric === 'LCP' ? { ...row, samples: 99 } : row));
      expect(await promote('--api', origin)).toBe(0);
      expect(printed(info)).toContain('lotto: LCP not compared: too few samples (99 for 1.1.0, 120 for 1.0.0; each needs 100)');
      expect(printed(info)).toContain('lotto: canary 1.1.0 promoted for every player (was 1.0.0)');
    });

    it('will not promote unchecked: no --api, or a token that is not an operator’s, is a refusal', async () => {
      expect(await promote()).toBe(1);
      expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/^promote compares players' vitals on the canary with the pinned release's: give --api <player API URL> .*, or --force to promote without$/));
      vi.stubEnv('SUWERTE_OPERATOR_TOKEN', 'player-token');
      expect(await promote('--api', origin)).toBe(1);
      expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/must be an operator's/));
      vi.stubEnv('SUWERTE_OPERATOR_TOKEN', '');
      expect(await promote('--api', origin)).toBe(1);
      expect(error).toHaveBeenLastCalledWith(expect.stringMatching(/set SUWERTE_OPERATOR_TOKEN/));
      expect(readJsonFile(file).remotes.lotto.canary).toEqual({ entry: entryOf('1.1.0'), share: 10 });
    });
  });
});
