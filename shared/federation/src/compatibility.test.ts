import { checkCompatibility, describeIncompatibility, type HostProvisions, type RemoteRequirements } from './compatibility';
import { satisfiesRange } from './version-range';

const host: HostProvisions = {
  provides: { '@suwerte/shared': { version: '1.1.0', exports: ['Button', 'formatPeso', 'useSession'] } },
};

function needs(range: string, exports: string[], builtWith?: string): RemoteRequirements {
  return { requires: { '@suwerte/shared': { range, exports, ...(builtWith ? { builtWith } : {}) } } };
}

describe('caret ranges', () => {
  it('accepts the same major at or above the range, and nothing else', () => {
    expect(satisfiesRange('1.1.0', '^1.0.0')).toBe(true);
    expect(satisfiesRange('1.1.0', '^1.1.0')).toBe(true);
    expect(satisfiesRange('1.1.0', '^1.2.0')).toBe(false);
    expect(satisfiesRange('2.0.0', '^1.0.0')).toBe(false);
    expect(satisfiesRange('1.9.9', '^2.0.0')).toBe(false);
    expect(satisfiesRange('0.3.4', '^0.3.1')).toBe(true);
    expect(satisfiesRange('0.4.0', '^0.3.1')).toBe(false);
    expect(satisfiesRange('1.2.0-rc.1', '^1.2.0')).toBe(true);
    expect(satisfiesRange('1.1.0', '1.1.0')).toBe(true);
    expect(satisfiesRange('1.1.1', '1.1.0')).toBe(false);
    expect(satisfiesRange('nonsense', '^1.0.0')).toBe(false);
  });
});

describe('a release against the host', () => {
  it('an older remote (built against 1.0.0, a subset of the exports) keeps working', () => {
    expect(checkCompatibility(needs('^1.0.0', ['Button', 'formatPeso'], '1.0.0'), host)).toEqual([]);
  });

  it('a remote built before requirements were recorded is let through', () => {
    expect(checkCompatibility(undefined, host)).toEqual([]);
  });

  it('a newer minor that imports a new export is refused, naming it', () => {
    const problems = checkCompatibility(needs('^1.0.0', ['Button', 'formatOdds', 'OddsTable'], '1.2.0'), host);
    expect(problems).toEqual([
      { package: '@suwerte/shared', reason: 'host-too-old', range: '^1.0.0', hostVersion: '1.1.0', missingExports: ['OddsTable', 'formatOdds'] },
    ]);
    expect(describeIncompatibility(problems)).toBe(
      'needs @suwerte/shared ^1.0.0, the host has @suwerte/shared 1.1.0; missing exports: OddsTable, formatOdds',
    );
  });

  it('a newer minor that uses only what the host has is fine', () => {
    expect(checkCompatibility(needs('^1.0.0', ['useSession'], '1.2.0'), host)).toEqual([]);
  });

  it('a newer major is refused even when every export exists', () => {
    expect(checkCompatibility(needs('^2.0.0', ['Button'], '2.0.0'), host)).toMatchObject([{ reason: 'host-too-old', range: '^2.0.0', missingExports: [] }]);
  });

  it('a remote that imports exports the host has since removed is the one out of date', () => {
    expect(checkCompatibility(needs('^1.0.0', ['Button', 'fetchJackpot'], '1.0.0'), host)).toMatchObject([
      { reason: 'remote-too-old', missingExports: ['fetchJackpot'] },
    ]);
  });

  it('a remote on an older major than the host is refused as too old', () => {
    const newHost: HostProvisions = { provides: { '@suwerte/shared': { version: '2.0.0', exports: ['Button'] } } };
    expect(checkCompatibility(needs('^1.0.0', ['Button']), newHost)).toMatchObject([{ reason: 'remote-too-old', hostVersion: '2.0.0' }]);
  });

  it('a package the host does not share at all is named', () => {
    const problems = checkCompatibility({ requires: { 'left-pad': { range: '^1.0.0', exports: ['pad'] } } }, host);
    expect(problems).toMatchObject([{ reason: 'not-provided', missingExports: ['pad'] }]);
    expect(describeIncompatibility(problems)).toContain('the host does not share left-pad');
  });

  it('a namespace import needs the package but no particular export', () => {
    expect(checkCompatibility(needs('^1.0.0', ['*']), host)).toEqual([]);
  });
});
