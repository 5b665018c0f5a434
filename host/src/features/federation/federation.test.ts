import { createInstance } from '@module-federation/enhanced/runtime';
import { renderWithProviders } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import { createElement } from 'react';
import type * as FederationChunk from './federation';
import type * as SharedNamespace from './shared-namespace';

vi.mock('@module-federation/enhanced/runtime', () => ({ createInstance: vi.fn() }));

const mf = { registerRemotes: vi.fn(), loadRemote: vi.fn() };
vi.mocked(createInstance).mockReturnValue(mf as unknown as ReturnType<typeof createInstance>);

vi.stubGlobal('__REACT_VERSION__', '19.3.1');
vi.stubGlobal('__REACT_DOM_VERSION__', '19.3.1');
vi.stubGlobal('__SHARED_VERSION__', '1.1.0');

// A fresh chunk per test: what a page chose and registered lives for the page.
let hostProvisions: typeof FederationChunk.hostProvisions;
let loadRemoteModule: typeof FederationChunk.loadRemoteModule;
let recoverFromRemoteFailure: typeof FederationChunk.recoverFromRemoteFailure;
let resetRemoteRegistry: () => void;
let RemoteIncompatibleError: new (...args: never[]) => Error;

const LOTTO_1_0 = 'http://localhost:3002/1.0.0/mf-manifest.json';
const LOTTO_1_1 = 'http://localhost:3002/1.1.0/mf-manifest.json';

function registry(entry: string) {
  return { remotes: { lotto: { entry, routes: ['/Lotto'] } } };
}

function manifest(exports: string[], extra: Record<string, unknown> = {}, range = '^1.0.0', builtWith = '1.1.0') {
  return {
    name: 'lotto',
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    suwerte: { requires: { '@suwerte/shared': { range, builtWith, exports } } },
    ...extra,
  };
}

/** A server: URL → JSON body (or a status), each call answered from the current map. */
function serve(files: Record<string, unknown>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (!(url in files)) return new Response('not found', { status: 404 });
    return Response.json(files[url]);
  });
}

describe('the federation chunk', () => {
  beforeEach(async () => {
    vi.resetModules();
    ({ hostProvisions, loadRemoteModule, recoverFromRemoteFailure } = await import('./federation'));
    ({ resetRemoteRegistry } = await import('./registry'));
    ({ RemoteIncompatibleError } = await import('./remote-errors'));
    sessionStorage.clear();
    localStorage.clear();
    mf.registerRemotes.mockReset();
    mf.loadRemote.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('hands remotes the shared package’s real exports', () => {
    const provided = hostProvisions().provides['@suwerte/shared'];
    expect(provided?.version).toBe('1.1.0');
    expect(provided?.exports).toEqual(expect.arrayContaining(['Button', 'formatPeso', 'useSession', 'sessionStore']));
  });

  it('registers the release’s remoteEntry.js once its requirements check out', async () => {
    serve({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: manifest(['Button', 'formatPeso']) });
    mf.loadRemote.mockResolvedValue(() => ({ routes: [] }));
    await expect(loadRemoteModule('lotto', 'routes')).resolves.toEqual({ routes: [] });
    expect(mf.registerRemotes).toHaveBeenCalledWith([{ name: 'lotto', entry: 'http://localhost:3002/1.0.0/remoteEntry.js' }]);
    expect(mf.loadRemote).toHaveBeenCalledWith('lotto/routes', { loadFactory: false, from: 'runtime' });
  });

  describe('while the shared parts an exposed module imports are loading', () => {
    let partsLoaded: () => void;
    let partsFailed: (error: Error) => void;

    beforeEach(async () => {
      vi.doMock('./shared-namespace', async (importOriginal) => ({
        ...(await importOriginal<typeof SharedNamespace>()),
        ensureSharedExports: () =>
          new Promise<void>((resolve, reject) => {
            partsLoaded = resolve;
            partsFailed = reject;
          }),
      }));
      vi.resetModules();
      ({ loadRemoteModule } = await import('./federation'));
      serve({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: manifest(['Button']) });
    });

    afterEach(() => {
      vi.doUnmock('./shared-namespace');
    });

    it('downloads the module’s code meanwhile, and runs it only once the parts are in', async () => {
      const run = vi.fn(() => ({ routes: [] }));
      mf.loadRemote.mockResolvedValue(run);
      const loading = loadRemoteModule('lotto', 'routes');
      await vi.waitFor(() => expect(mf.loadRemote).toHaveBeenCalledWith('lotto/routes', { loadFactory: false, from: 'runtime' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(run).not.toHaveBeenCalled();
      partsLoaded();
      await expect(loading).resolves.toEqual({ routes: [] });
      expect(run).toHaveBeenCalledTimes(1);
    });

    it('never runs the module when a part fails to load (the remote’s panel shows instead)', async () => {
      const run = vi.fn(() => ({ routes: [] }));
      mf.loadRemote.mockResolvedValue(run);
      const loading = loadRemoteModule('lotto', 'routes');
      await vi.waitFor(() => expect(mf.loadRemote).toHaveBeenCalled());
      partsFailed(new Error('Loading chunk 5381 failed.'));
      await expect(loading).rejects.toThrow('Loading chunk 5381 failed.');
      expect(run).not.toHaveBeenCalled();
    });

    it('rejects when the remote gives no module, whatever the parts do', async () => {
      mf.loadRemote.mockResolvedValue(undefined);
      const loading = loadRemoteModule('lotto', 'routes');
      await vi.waitFor(() => expect(mf.loadRemote).toHaveBeenCalled());
      partsLoaded();
      await expect(loading).rejects.toThrow('Remote lotto did not provide routes');
    });
  });

  describe('which parts of the package a module waits for (docs/decisions/139)', () => {
    const ensure = vi.fn(async (_names: readonly string[]) => undefined);
    const requirement = {
      exposes: { LottoToday: ['Button', 'Card', 'Modal'] },
      initial: { LottoToday: ['Button', 'Card'] },
      chunks: { '80': ['Modal', 'useMediaQuery'] },
    };
    function lottoWith(fields: Record<string, unknown>) {
      const file = manifest(['Button', 'Card', 'Modal', 'useMediaQuery']);
      Object.assign(file.suwerte.requires['@suwerte/shared'], fields);
      return file;
    }

    beforeEach(async () => {
      ensure.mockClear();
      vi.doMock('./shared-namespace', async (importOriginal) => ({ ...(await importOriginal<typeof SharedNamespace>()), ensureSharedExports: ensure }));
      vi.resetModules();
      ({ loadRemoteModule } = await import('./federation'));
      mf.loadRemote.mockResolvedValue(() => ({ default: 'widget' }));
    });

    afterEach(() => {
      vi.doUnmock('./shared-namespace');
    });

    it('a page: every part its later chunks import too, before it runs', async () => {
      serve({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: lottoWith(requirement) });
      await loadRemoteModule('lotto', 'LottoToday');
      expect(ensure).toHaveBeenCalledExactlyOnceWith(['Button', 'Card', 'Modal']);
    });

    it('a widget: its own parts first, and a later chunk’s when the remote’s runtime asks for that chunk', async () => {
      serve({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: lottoWith(requirement) });
      await loadRemoteModule('lotto', 'LottoToday', 'on-demand');
      expect(ensure).toHaveBeenCalledExactlyOnceWith(['Button', 'Card']);
      const hook = globalThis.__SUWERTE_SHARED_PARTS__;
      await expect(hook?.('lotto', 80)).resolves.toBeUndefined();
      expect(ensure).toHaveBeenLastCalledWith(['Modal', 'useMediaQuery']);
      // Nothing to wait for: a chunk with no parts of its own, or a container this page has not registered.
      ensure.mockClear();
      expect(hook?.('lotto', '411')).toBeUndefined();
      expect(hook?.('sports', '80')).toBeUndefined();
      expect(ensure).not.toHaveBeenCalled();
    });

    it('a widget of a release built before `initial`: everything before it runs, as that release expects', async () => {
      serve({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: lottoWith({ exposes: requirement.exposes }) });
      await loadRemoteModule('lotto', 'LottoToday', 'on-demand');
      expect(ensure).toHaveBeenCalledExactlyOnceWith(['Button', 'Card', 'Modal']);
      expect(globalThis.__SUWERTE_SHARED_PARTS__?.('lotto', '80')).toBeUndefined();
    });
  });

  it('refuses a release that imports exports this host lacks before any of its code runs', async () => {
    // Built against @suwerte/shared 1.2.0, which added formatOdds.
    serve({ '/remotes.json': registry(LOTTO_1_1), [LOTTO_1_1]: manifest(['Button', 'formatOdds'], {}, '^1.0.0', '1.2.0') });
    const failure = loadRemoteModule('lotto', 'routes');
    await expect(failure).rejects.toBeInstanceOf(RemoteIncompatibleError);
    await expect(failure).rejects.toMatchObject({ hostTooOld: true, message: expect.stringContaining('missing exports: formatOdds') });
    expect(mf.registerRemotes).not.toHaveBeenCalled();
    expect(mf.loadRemote).not.toHaveBeenCalled();
  });

  it('says a release this browser tries is not published when the site has no such release — a pinned one missing stays "unavailable"', async () => {
    const { ReleaseNotPublishedError } = await import('./remote-errors');
    const { UnavailablePanel } = await import('./UnavailablePanel');
    localStorage.setItem('suwerte:remote-releases', JSON.stringify({ lotto: '9.9.9' }));
    serve({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: manifest(['Button']) });
    const failure = loadRemoteModule('lotto', 'routes');
    await expect(failure).rejects.toBeInstanceOf(ReleaseNotPublishedError);
    const error = await failure.catch((caught: unknown) => caught);
    renderWithProviders(createElement(UnavailablePanel, { remote: 'lotto', error, onRetry: () => undefined }));
    expect(screen.getByText('lotto 9.9.9 is not published')).toBeInTheDocument();
    expect(screen.getByText('This browser is trying a release this site does not have. Stop trying it to get the site’s release.')).toBeInTheDocument();
    // Retry cannot bring an unpublished release; Stop trying (the flag) can.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(mf.registerRemotes).not.toHaveBeenCalled();

    // The site's own release missing is the operator's problem, not the player's: unavailable, with Retry.
    localStorage.clear();
    resetRemoteRegistry();
    serve({ '/remotes.json': registry(LOTTO_1_1) });
    const missing = await loadRemoteModule('lotto', 'routes').catch((caught: unknown) => caught);
    expect(missing).not.toBeInstanceOf(ReleaseNotPublishedError);
  });

  it('refuses a release of another major in either direction', async () => {
    serve({ '/remotes.json': registry(LOTTO_1_1), [LOTTO_1_1]: manifest(['Button'], {}, '^2.0.0') });
    await expect(loadRemoteModule('lotto', 'routes')).rejects.toMatchObject({ hostTooOld: true });
    resetRemoteRegistry();
    serve({ '/remotes.json': registry(LOTTO_1_1), [LOTTO_1_1]: manifest(['Button'], {}, '^0.9.0') });
    await expect(loadRemoteModule('lotto', 'routes')).rejects.toMatchObject({ hostTooOld: false });
  });

  describe('after a failure', () => {
    const chunkGone = Object.assign(new Error('Loading chunk 88 failed.\n(missing: http://localhost:3002/88.js)'), { name: 'ChunkLoadError' });

    async function loadLotto(files: Record<string, unknown>) {
      const server = serve(files);
      mf.loadRemote.mockResolvedValue(() => ({ routes: [] }));
      await loadRemoteModule('lotto', 'routes');
      return server;
    }

    it('reloads once when remotes.json now points elsewhere, and reports the failed release', async () => {
      const files: Record<string, unknown> = { '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: manifest(['Button']) };
      const server = await loadLotto(files);
      files['/remotes.json'] = registry(LOTTO_1_1);
      const reload = vi.fn();
      // The player was on their way to another page: the reload lands there.
      const { setNavigationTarget } = await import('./navigation-target');
      setNavigationTarget({ pathname: '/Lotto', search: '?tab=2', hash: '' });
      await expect(recoverFromRemoteFailure('lotto', chunkGone, 'load', { reload, now: () => 1_000_000 })).resolves.toBe('reloading');
      expect(reload).toHaveBeenCalledTimes(1);
      expect(reload).toHaveBeenCalledWith('/Lotto?tab=2');
      const report = server.mock.calls.find(([url]) => String(url).endsWith('/telemetry/remote-errors'));
      // Sent once the runtime config is known; here it is not, so it waits (never blocks recovery).
      expect(report).toBeUndefined();
      // The same remote failing again within the guard: no second reload, the panel instead.
      await expect(recoverFromRemoteFailure('lotto', chunkGone, 'load', { reload, now: () => 1_030_000 })).resolves.toBe('shown');
      expect(reload).toHaveBeenCalledTimes(1);
    });

    it('reloads when the same entry now serves another build (a remote followed at its root)', async () => {
      const current = 'http://localhost:3002/mf-manifest.json';
      const files: Record<string, unknown> = { '/remotes.json': registry(current), [current]: manifest(['Button']) };
      await loadLotto(files);
      files[current] = manifest(['Button', 'Text']);
      const reload = vi.fn();
      await expect(recoverFromRemoteFailure('lotto', chunkGone, 'load', { reload })).resolves.toBe('reloading');
      expect(reload).toHaveBeenCalledTimes(1);
    });

    it('shows the panel when nothing changed, and for render errors that are not missing code', async () => {
      await loadLotto({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: manifest(['Button']) });
      const reload = vi.fn();
      await expect(recoverFromRemoteFailure('lotto', chunkGone, 'load', { reload })).resolves.toBe('shown');
      await expect(recoverFromRemoteFailure('lotto', new TypeError('x is undefined'), 'render', { reload })).resolves.toBe('shown');
      expect(reload).not.toHaveBeenCalled();
    });
  });
});
