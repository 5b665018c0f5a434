import { createInstance } from '@module-federation/enhanced/runtime';
import { KERNEL_KEYS } from '@suwerte/federation';
import { renderWithProviders } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import { createElement } from 'react';
import type * as FederationChunk from './federation';
import { KERNEL_ENTRY_POINTS } from './kernel';

vi.mock('@module-federation/enhanced/runtime', () => ({ createInstance: vi.fn() }));

const mf = { registerRemotes: vi.fn(), loadRemote: vi.fn(), shareScopeMap: {} as Record<string, Record<string, Record<string, { loading?: unknown }>>> };
vi.mocked(createInstance).mockReturnValue(mf as unknown as ReturnType<typeof createInstance>);

vi.stubGlobal('__REACT_VERSION__', '19.3.1');
vi.stubGlobal('__REACT_DOM_VERSION__', '19.3.1');
vi.stubGlobal('__SHARED_VERSION__', '1.1.0');
vi.stubGlobal('__ZOD_VERSION__', '4.6.7');

// A fresh chunk per test: what a page chose and registered lives for the page.
let loadRemoteModule: typeof FederationChunk.loadRemoteModule;
let recoverFromRemoteFailure: typeof FederationChunk.recoverFromRemoteFailure;
let resetRemoteRegistry: () => void;
let RemoteIncompatibleError: new (...args: never[]) => Error;

const LOTTO_1_0 = 'http://localhost:3002/1.0.0/mf-manifest.json';
const LOTTO_1_1 = 'http://localhost:3002/1.1.0/mf-manifest.json';

function registry(entry: string) {
  return { remotes: { lotto: { entry, routes: ['/Lotto'] } } };
}

/** What this host's build wrote beside its index.html: the kernel 1.1.0, its main entry point and overlays. */
const HOST_FILE = { provides: { '@suwerte/shared': { version: '1.1.0', exports: ['Button', 'notify', 'useSession'] }, '@suwerte/shared/overlays': { version: '1.1.0', exports: ['Drawer', 'Modal'] } } };

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
    ({ loadRemoteModule, recoverFromRemoteFailure } = await import('./federation'));
    ({ resetRemoteRegistry } = await import('./registry'));
    ({ RemoteIncompatibleError } = await import('./remote-errors'));
    sessionStorage.clear();
    localStorage.clear();
    mf.registerRemotes.mockReset();
    mf.loadRemote.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('hands remotes every kernel entry point, each a lazy chunk of its own, and zod as an ordinary shared module', async () => {
    const { hostSharedModules } = await import('./kernel');
    expect(Object.keys(KERNEL_ENTRY_POINTS)).toEqual(KERNEL_KEYS);
    const shared = hostSharedModules(() => undefined) as Record<string, { version: string; shareConfig: { singleton: boolean; requiredVersion: string }; get?: unknown; lib?: unknown }>;
    for (const key of KERNEL_KEYS) {
      expect(shared[key], key).toMatchObject({ version: '1.1.0', shareConfig: { singleton: true, requiredVersion: '^1.1.0' } });
      expect(typeof shared[key]?.get, key).toBe('function');
    }
    expect(shared['zod/mini']).toMatchObject({ version: '4.6.7', shareConfig: { singleton: false, requiredVersion: '^4.6.7' } });
    // Classic zod is not handed out (docs/decisions/235): a remote built with it loads its own copy.
    expect(shared.zod).toBeUndefined();
    expect(typeof shared.react?.lib).toBe('function');
  });

  it('forgets a kernel entry point whose download failed, so the next load fetches it again', async () => {
    const { KERNEL_ENTRY_POINTS, hostSharedModules } = await import('./kernel');
    const forget = vi.fn();
    const gone = new Error('Loading chunk 123 failed.');
    const original = KERNEL_ENTRY_POINTS['@suwerte/shared/number-input'];
    KERNEL_ENTRY_POINTS['@suwerte/shared/number-input'] = () => Promise.reject(gone);
    try {
      const shared = hostSharedModules(forget) as unknown as Record<string, { get: () => Promise<unknown> } | undefined>;
      await expect(shared['@suwerte/shared/number-input']?.get()).rejects.toBe(gone);
      expect(forget).toHaveBeenCalledExactlyOnceWith('@suwerte/shared/number-input', '1.1.0');
    } finally {
      if (original) KERNEL_ENTRY_POINTS['@suwerte/shared/number-input'] = original;
    }
  });

  it('registers the release’s remoteEntry.js once its requirements check out, and loads the module through Module Federation', async () => {
    const server = serve({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: manifest(['Button', 'notify']) });
    mf.loadRemote.mockResolvedValue({ routes: [] });
    await expect(loadRemoteModule('lotto', 'routes')).resolves.toEqual({ routes: [] });
    expect(mf.registerRemotes).toHaveBeenCalledWith([{ name: 'lotto', entry: 'http://localhost:3002/1.0.0/remoteEntry.js' }]);
    expect(mf.loadRemote).toHaveBeenCalledWith('lotto/routes', { from: 'runtime' });
    // Built against this host's own kernel version: nothing more to read.
    expect(server.mock.calls.map(([url]) => String(url))).not.toContain('/federation-host.json');
  });

  it('rejects when the remote gives no module', async () => {
    serve({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: manifest(['Button']) });
    mf.loadRemote.mockResolvedValue(undefined);
    await expect(loadRemoteModule('lotto', 'routes')).rejects.toThrow('Remote lotto did not provide routes');
  });

  it('checks a release built against another kernel version export by export, against the host’s federation-host.json', async () => {
    // Built against 1.0.0 (older): everything it imports is here.
    const server = serve({ '/remotes.json': registry(LOTTO_1_0), [LOTTO_1_0]: manifest(['Button'], {}, '^1.0.0', '1.0.0'), '/federation-host.json': HOST_FILE });
    mf.loadRemote.mockResolvedValue({ routes: [] });
    await expect(loadRemoteModule('lotto', 'routes')).resolves.toEqual({ routes: [] });
    expect(server.mock.calls.map(([url]) => String(url))).toContain('/federation-host.json');
  });

  it('refuses a release that imports exports this host lacks before any of its code runs', async () => {
    // Built against @suwerte/shared 1.2.0, which added formatOdds.
    serve({ '/remotes.json': registry(LOTTO_1_1), [LOTTO_1_1]: manifest(['Button', 'formatOdds'], {}, '^1.0.0', '1.2.0'), '/federation-host.json': HOST_FILE });
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
    serve({ '/remotes.json': registry(LOTTO_1_1), [LOTTO_1_1]: manifest(['Button'], {}, '^2.0.0', '2.0.0'), '/federation-host.json': HOST_FILE });
    await expect(loadRemoteModule('lotto', 'routes')).rejects.toMatchObject({ hostTooOld: true });
    resetRemoteRegistry();
    serve({ '/remotes.json': registry(LOTTO_1_1), [LOTTO_1_1]: manifest(['Button'], {}, '^0.9.0', '0.9.0'), '/federation-host.json': HOST_FILE });
    await expect(loadRemoteModule('lotto', 'routes')).rejects.toMatchObject({ hostTooOld: false });
  });

  it('refuses a release that needs a kernel entry point this host does not have, naming it', async () => {
    const needs = { requires: { '@suwerte/shared/date-picker': { range: '^1.0.0', builtWith: '1.2.0', exports: ['DatePicker'] } } };
    serve({ '/remotes.json': registry(LOTTO_1_1), [LOTTO_1_1]: manifest([], { suwerte: needs }), '/federation-host.json': HOST_FILE });
    await expect(loadRemoteModule('lotto', 'routes')).rejects.toMatchObject({ hostTooOld: true, message: expect.stringContaining('the host does not share @suwerte/shared/date-picker') });
    expect(mf.registerRemotes).not.toHaveBeenCalled();
  });

  describe('after a failure', () => {
    const chunkGone = Object.assign(new Error('Loading chunk 88 failed.\n(missing: http://localhost:3002/88.js)'), { name: 'ChunkLoadError' });

    async function loadLotto(files: Record<string, unknown>) {
      const server = serve(files);
      mf.loadRemote.mockResolvedValue({ routes: [] });
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
