import { OVERRIDE_STORAGE_KEY, applyOverrideQuery, clearOverrides, readOverrides, setOverride } from './release-override';

function visit(url: string): void {
  window.history.replaceState(null, '', url);
  applyOverrideQuery(window.location, window.history);
}

describe('trying a release in this browser', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('takes ?remote-release=lotto@1.1.0, keeps it, and takes it out of the address', () => {
    visit('/Lotto?remote-release=lotto@1.1.0&tab=2#top');
    expect(readOverrides()).toEqual({ lotto: '1.1.0' });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/Lotto?tab=2#top');
    visit('/?remote-release=sports@2.0.0-rc.1');
    expect(readOverrides()).toEqual({ lotto: '1.1.0', sports: '2.0.0-rc.1' });
  });

  it('stops one with lotto@ and all with off', () => {
    setOverride('lotto', '1.1.0');
    setOverride('sports', '1.0.1');
    visit('/?remote-release=lotto@');
    expect(readOverrides()).toEqual({ sports: '1.0.1' });
    visit('/?remote-release=off');
    expect(readOverrides()).toEqual({});
    expect(localStorage.getItem(OVERRIDE_STORAGE_KEY)).toBeNull();
  });

  it('accepts release names only — never a URL or a path', () => {
    visit('/?remote-release=lotto@https://evil.example/mf-manifest.json');
    visit('/?remote-release=lotto@../../x');
    visit('/?remote-release=LOTTO@1.0.0');
    expect(readOverrides()).toEqual({});
    localStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify({ lotto: 'http://evil.example', sports: '1.0.0', karera: 7 }));
    expect(readOverrides()).toEqual({ sports: '1.0.0' });
    localStorage.setItem(OVERRIDE_STORAGE_KEY, '{broken');
    expect(readOverrides()).toEqual({});
    clearOverrides();
  });
});
