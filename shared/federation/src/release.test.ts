import { RELEASE_PATTERN, releaseOfEntry, releasesBaseOf, siblingRelease } from './release';

describe('release names and URLs', () => {
  it('accepts versions only', () => {
    for (const name of ['1.0.0', '10.20.30', '1.5.0-rc.1', '1.5.0+build.7']) expect(RELEASE_PATTERN.test(name)).toBe(true);
    for (const name of ['v1.0.0', '1.0', 'latest', '../1.0.0', '1.0.0/x', '']) expect(RELEASE_PATTERN.test(name)).toBe(false);
  });

  it('finds the releases folder of a pinned or a current entry', () => {
    expect(releasesBaseOf('http://localhost:3002/1.0.0/mf-manifest.json')).toBe('http://localhost:3002');
    expect(releasesBaseOf('http://localhost:3002/mf-manifest.json')).toBe('http://localhost:3002');
    expect(releasesBaseOf('https://cdn.example.com/lotto/1.4.2/mf-manifest.json')).toBe('https://cdn.example.com/lotto');
    expect(releasesBaseOf('https://cdn.example.com/lotto/remoteEntry.js')).toBeNull();
    expect(releasesBaseOf('https://cdn.example.com/mf-manifest.json?x=1')).toBeNull();
    expect(releasesBaseOf('javascript:alert(1)//mf-manifest.json')).toBeNull();
  });

  it('names the release of an entry', () => {
    expect(releaseOfEntry('http://localhost:3002/1.1.0/mf-manifest.json')).toBe('1.1.0');
    expect(releaseOfEntry('http://localhost:3002/mf-manifest.json')).toBe('current');
    expect(releaseOfEntry('not a url')).toBe('current');
  });

  it('builds a sibling release on the same origin and folder only', () => {
    expect(siblingRelease('https://cdn.example.com/lotto/1.0.0/mf-manifest.json', '1.1.0')).toBe('https://cdn.example.com/lotto/1.1.0/mf-manifest.json');
    expect(siblingRelease('http://localhost:3002/mf-manifest.json', '1.1.0')).toBe('http://localhost:3002/1.1.0/mf-manifest.json');
    expect(siblingRelease('http://localhost:3002/mf-manifest.json', '../../evil')).toBeNull();
    expect(siblingRelease('http://localhost:3002/mf-manifest.json', 'https://evil.example')).toBeNull();
  });
});
