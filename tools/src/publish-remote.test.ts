import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublishError, listReleases, main, pointRemote, publishRelease, releaseEntry } from './publish-remote';

let work: string;

function fakeBuild(name: string, marker: string): string {
  const dist = path.join(work, `build-${marker}`);
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name, marker }));
  writeFileSync(path.join(dist, 'remoteEntry.js'), `var ${name} = "${marker}";`);
  writeFileSync(path.join(dist, `main.${marker.padEnd(10, '0')}.js`), '');
  return dist;
}

const REGISTRY = {
  remotes: {
    members: { entry: 'http://localhost:3001/mf-manifest.json', routes: ['/members'] },
    lotto: { entry: 'http://localhost:3002/1.0.0/mf-manifest.json', routes: ['/Lotto', '/Pick3Route'] },
  },
};

beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'suwerte-publish-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('publishing a remote release', () => {
  it('puts each version beside the older ones, whole', () => {
    const releases = path.join(work, 'cdn', 'lotto');
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'a'), releasesDir: releases, version: '1.0.0' });
    const target = publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'b'), releasesDir: releases, version: '1.1.0-rc.1' });
    expect(target).toBe(path.join(releases, '1.1.0-rc.1'));
    expect(JSON.parse(readFileSync(path.join(releases, '1.0.0', 'mf-manifest.json'), 'utf8'))).toEqual({ name: 'lotto', marker: 'a' });
    expect(JSON.parse(readFileSync(path.join(releases, '1.1.0-rc.1', 'mf-manifest.json'), 'utf8'))).toEqual({ name: 'lotto', marker: 'b' });
    // No staging folder is left behind.
    expect(readdirSync(releases).sort()).toEqual(['1.0.0', '1.1.0-rc.1']);
  });

  it('never overwrites a published version, and refuses builds of another remote or no build', () => {
    const releases = path.join(work, 'lotto');
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'a'), releasesDir: releases, version: '1.0.0' });
    expect(() => publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'b'), releasesDir: releases, version: '1.0.0' })).toThrow(/already published/);
    expect(JSON.parse(readFileSync(path.join(releases, '1.0.0', 'mf-manifest.json'), 'utf8'))).toMatchObject({ marker: 'a' });
    expect(() => publishRelease({ remote: 'lotto', dist: fakeBuild('members', 'c'), releasesDir: releases, version: '1.2.0' })).toThrow(/build of "members", not of lotto/);
    expect(() => publishRelease({ remote: 'lotto', dist: work, releasesDir: releases, version: '1.2.0' })).toThrow(/not a remote's production build/);
    expect(() => publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'd'), releasesDir: releases, version: 'v2' })).toThrow(PublishError);
  });

  it('lists releases oldest first', () => {
    const releases = path.join(work, 'lotto');
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'a'), releasesDir: releases, version: '2.0.0' });
    publishRelease({ remote: 'lotto', dist: fakeBuild('lotto', 'b'), releasesDir: releases, version: '1.9.0' });
    utimesSync(path.join(releases, '2.0.0'), new Date(1_000_000), new Date(1_000_000));
    expect(listReleases(releases)).toEqual(['2.0.0', '1.9.0']);
    expect(listReleases(path.join(work, 'none'))).toEqual([]);
  });
});

describe('pointing the host at a release', () => {
  it('edits only that remote’s entry and returns the previous one for a rollback', () => {
    const file = path.join(work, 'remotes.json');
    writeFileSync(file, JSON.stringify(REGISTRY));
    const previous = pointRemote(file, 'lotto', releaseEntry('http://localhost:3002/', '1.1.0'));
    expect(previous).toBe('http://localhost:3002/1.0.0/mf-manifest.json');
    const edited = JSON.parse(readFileSync(file, 'utf8')) as typeof REGISTRY;
    expect(edited.remotes.lotto).toEqual({ entry: 'http://localhost:3002/1.1.0/mf-manifest.json', routes: ['/Lotto', '/Pick3Route'] });
    expect(edited.remotes.members).toEqual(REGISTRY.remotes.members);
    pointRemote(file, 'lotto', previous);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(REGISTRY);
    expect(() => pointRemote(file, 'sports', 'http://x/mf-manifest.json')).toThrow(/no remote "sports"/);
  });

  it('builds entry URLs for a version or the server’s own release', () => {
    expect(releaseEntry('https://cdn.example.com/lotto/', '1.4.2')).toBe('https://cdn.example.com/lotto/1.4.2/mf-manifest.json');
    expect(releaseEntry('http://localhost:3002', 'current')).toBe('http://localhost:3002/mf-manifest.json');
    expect(() => releaseEntry('cdn.example.com', '1.4.2')).toThrow(/absolute/);
  });

  it('works from the command line', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const releases = path.join(work, 'lotto');
    const file = path.join(work, 'remotes.json');
    writeFileSync(file, JSON.stringify(REGISTRY));
    expect(main(['publish', 'lotto', '--dist', fakeBuild('lotto', 'a'), '--to', releases, '--version', '1.1.0'])).toBe(0);
    expect(main(['point', 'lotto', '--registry', file, '--url', 'http://localhost:3002', '--version', '1.1.0'])).toBe(0);
    expect(info).toHaveBeenCalledWith('lotto: http://localhost:3002/1.0.0/mf-manifest.json → http://localhost:3002/1.1.0/mf-manifest.json');
    expect(main(['point', 'lotto', '--registry', file, '--entry', 'http://localhost:3002/1.0.0/mf-manifest.json'])).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(REGISTRY);
    expect(main(['publish', 'lotto', '--dist', fakeBuild('lotto', 'b'), '--to', releases, '--version', '1.1.0'])).toBe(1);
    expect(main(['publish', 'bingo', '--to', releases])).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/already published/));
  });
});
