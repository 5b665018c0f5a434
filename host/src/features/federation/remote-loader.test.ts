import { createInstance } from '@module-federation/enhanced/runtime';

vi.mock('@module-federation/enhanced/runtime', () => ({ createInstance: vi.fn() }));
vi.mocked(createInstance).mockReturnValue({ registerRemotes: vi.fn(), loadRemote: vi.fn(async () => () => ({ routes: [] })) } as unknown as ReturnType<typeof createInstance>);

vi.stubGlobal('__REACT_VERSION__', '19.3.1');
vi.stubGlobal('__REACT_DOM_VERSION__', '19.3.1');
vi.stubGlobal('__SHARED_VERSION__', '1.1.0');
vi.stubGlobal('__ZOD_VERSION__', '4.6.7');

const LOTTO = 'http://localhost:3002/mf-manifest.json';

describe('the registry’s code for route discovery', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/remotes.json') return Response.json({ remotes: { lotto: { entry: LOTTO, routes: ['/Lotto'] } } });
      if (url === LOTTO) return Response.json({ name: 'lotto', metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } } });
      return new Response('not found', { status: 404 });
    });
  });

  it('is the registry’s own small chunk until the federation chunk has run', async () => {
    const { registryModule } = await import('./remote-loader');
    expect(await registryModule()).toBe(await import('./registry'));
  });

  it('comes from the federation chunk once that chunk has run (no fetch of the registry chunk then)', async () => {
    const { loadRemoteModule, registryModule } = await import('./remote-loader');
    await loadRemoteModule('lotto', 'routes');
    const fromChunk = await registryModule();
    expect(fromChunk).toBe(await import('./federation'));
    const { findRemoteForPath, loadRemoteRegistry } = await import('./registry');
    expect(fromChunk.findRemoteForPath).toBe(findRemoteForPath);
    expect(fromChunk.loadRemoteRegistry).toBe(loadRemoteRegistry);
  });
});
