import { CANARY_SEED_KEY, canaryBucket, chooseRelease } from './release-choice';
import type { RemoteEntry } from '@suwerte/federation';

const lotto: RemoteEntry = {
  entry: 'https://cdn.example.com/lotto/1.0.0/mf-manifest.json',
  routes: ['/Lotto'],
  canary: { entry: 'https://cdn.example.com/lotto/1.1.0/mf-manifest.json', share: 50 },
};

describe('which release a page runs', () => {
  beforeEach(() => localStorage.clear());

  it('is the pinned release by default, with its name', () => {
    expect(chooseRelease({ ...lotto, canary: undefined }, { bucket: 3 })).toEqual({
      entry: lotto.entry,
      release: '1.0.0',
      canary: false,
      override: false,
    });
  });

  it('is the canary when the browser’s bucket falls within its share', () => {
    expect(chooseRelease(lotto, { bucket: 49.99 })).toMatchObject({ release: '1.1.0', canary: true });
    expect(chooseRelease(lotto, { bucket: 50 })).toMatchObject({ release: '1.0.0', canary: false });
  });

  it('is the override, built beside the pinned release — never another origin', () => {
    expect(chooseRelease(lotto, { bucket: 10, override: '1.2.0-rc.1' })).toEqual({
      entry: 'https://cdn.example.com/lotto/1.2.0-rc.1/mf-manifest.json',
      release: '1.2.0-rc.1',
      canary: false,
      override: true,
    });
    expect(chooseRelease(lotto, { bucket: 90, override: '//evil.example/x' })).toMatchObject({ entry: lotto.entry, override: false });
  });

  it('puts a browser in the same bucket on every visit, independently per remote', () => {
    const first = canaryBucket('lotto');
    expect(localStorage.getItem(CANARY_SEED_KEY)).toMatch(/^[0-9a-f]{32}$/);
    expect(canaryBucket('lotto')).toBe(first);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
    // A bad stored seed is replaced, not trusted.
    localStorage.setItem(CANARY_SEED_KEY, 'x');
    canaryBucket('lotto');
    expect(localStorage.getItem(CANARY_SEED_KEY)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('splits browsers evenly', () => {
    let inCanary = 0;
    for (let browser = 0; browser < 2000; browser += 1) {
      localStorage.removeItem(CANARY_SEED_KEY);
      if (chooseRelease(lotto, { bucket: canaryBucket('lotto') }).canary) inCanary += 1;
    }
    expect(inCanary).toBeGreaterThan(900);
    expect(inCanary).toBeLessThan(1100);
  });
});
