// A fresh module per test: which parts have loaded lives for the page.
async function namespace() {
  vi.resetModules();
  return import('./shared-namespace');
}

describe('the @suwerte/shared namespace the host hands remotes', () => {
  it('names every runtime export of the package before any part has loaded', async () => {
    const { sharedNamespace, sharedExportNames } = await namespace();
    expect(Object.keys(sharedNamespace)).toEqual([...sharedExportNames]);
    expect(sharedExportNames).toEqual(expect.arrayContaining(['Button', 'notify', 'sessionStore', 'useEndpointQuery']));
  });

  it('says which export was read before its part loaded, instead of handing out undefined', async () => {
    const { sharedNamespace } = await namespace();
    expect(() => sharedNamespace.notify).toThrow(/notify was read before the host loaded it/);
  });

  it('gives the host’s own instances once the parts a module needs have loaded', async () => {
    const { ensureSharedExports, sharedNamespace } = await namespace();
    await ensureSharedExports(['sessionStore', 'notify']);
    // The module registry of this test (reset above): the one the host's shell uses.
    const { sessionStore } = await import('@suwerte/shared');
    expect(sharedNamespace.sessionStore).toBe(sessionStore);
    expect(typeof sharedNamespace.notify).toBe('function');
  });

  it('loads everything for a release that uses the namespace whole', async () => {
    const { ensureSharedExports, sharedNamespace, sharedExportNames } = await namespace();
    await ensureSharedExports(['*']);
    for (const name of sharedExportNames) expect(() => sharedNamespace[name]).not.toThrow();
  });
});
