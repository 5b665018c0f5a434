import { sessionStore } from '@suwerte/shared';
import { prepareApiClient, startEarlyCalls, whenEarlyAnswersIn } from '@suwerte/shared/early-calls';
import { takeEarly } from './early-reads';
import { resetLandingPage } from '../../lib/landing-page';
import { prefetchRoute } from './prefetch-route';
import { warmFederation } from './remote-loader';
import { KERNEL_ENTRY_POINTS, loadSharedZod } from './kernel';
import { manifestHint, pagesForPath, preload, registryHint, warmUpDeepLink, warmableRelease } from './deep-link-warmup';

vi.mock('@suwerte/shared/early-calls', () => ({ startEarlyCalls: vi.fn(), prepareApiClient: vi.fn(async () => undefined), whenEarlyAnswersIn: vi.fn(async () => undefined) }));
vi.mock('./prefetch-route', () => ({ prefetchRoute: vi.fn(async () => undefined) }));
vi.mock('./remote-loader', () => ({ warmFederation: vi.fn() }));
vi.mock('./kernel', () => ({
  kernelVersion: () => '3.1.0',
  loadSharedZod: vi.fn(async () => ({})),
  KERNEL_ENTRY_POINTS: { '@suwerte/shared': vi.fn(async () => ({})), '@suwerte/shared/overlays': vi.fn(async () => ({})) } }));

const REGISTRY = {
  remotes: {
    lotto: { entry: 'http://localhost:3002/mf-manifest.json', routes: ['/Lotto', '/Pick3Route'] },
    members: { entry: 'http://localhost:3001/mf-manifest.json', routes: ['/members'] },
  },
};
const MANIFEST = {
  name: 'lotto',
  suwerte: {
    requires: { '@suwerte/shared': { range: '^3.0.0', builtWith: '3.1.0', exports: ['Button'] } },
    pages: {
      Lotto: { js: ['365.6.js', 'page-Lotto.7.js'], css: [], kernel: ['@suwerte/shared', '@suwerte/shared/overlays'] },
      'data-Lotto': { js: ['data-Lotto.8.js'], css: [], kernel: ['@suwerte/shared'], calls: ['/schedule/active/lotto', '/jackpot'] },
    },
  },
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [{ name: 'react' }, { name: 'zod/mini' }, { name: 7 }],
  exposes: [
    { name: 'LottoToday', assets: { js: { sync: ['__federation_expose_LottoToday.1.js'], async: [] }, css: { sync: [], async: [] } } },
    { name: 'routes', assets: { js: { sync: ['__federation_expose_routes.2.js'], async: ['349.3.js'] }, css: { sync: ['4.5.css'], async: [] } } },
  ],
};

function serve(files: Record<string, unknown>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = files[url];
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(JSON.stringify(body), { status: 200 });
  });
}

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => `${link.as} ${link.href}`);

describe('the deep-link warm-up', () => {
  beforeEach(async () => {
    // A read nobody took stays on the page for the next reader (early-reads.ts): each test starts without.
    await takeEarly('/remotes.json');
    await takeEarly('http://localhost:3002/mf-manifest.json');
    document.head.innerHTML = '';
    vi.mocked(prefetchRoute).mockClear();
    vi.mocked(warmFederation).mockClear();
    for (const load of Object.values(KERNEL_ENTRY_POINTS)) vi.mocked(load).mockClear();
    vi.mocked(loadSharedZod).mockClear();
    vi.mocked(startEarlyCalls).mockClear();
    vi.mocked(prepareApiClient).mockClear();
    // A deep link: what waits for the page waits for the code the warm-up hands over.
    resetLandingPage('/lotto');
    vi.mocked(whenEarlyAnswersIn).mockReset().mockResolvedValue(undefined);
    sessionStore.setState({ hydrated: true, user: { ...sessionStore.getState().user, token: 'a.b.c', loggedIn: true } });
  });
  afterEach(() => vi.restoreAllMocks());

  it('preloads the owning release’s container and routes module, starts the federation chunk and the route’s code, and keeps what it read for the chain', async () => {
    const fetch = serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': MANIFEST });
    await warmUpDeepLink('/lotto');
    expect(preloads()).toEqual([
      'script http://localhost:3002/remoteEntry.js',
      'script http://localhost:3002/__federation_expose_routes.2.js',
      'style http://localhost:3002/4.5.css',
      'script http://localhost:3002/365.6.js',
      'script http://localhost:3002/page-Lotto.7.js',
      'script http://localhost:3002/data-Lotto.8.js',
    ]);
    expect(KERNEL_ENTRY_POINTS['@suwerte/shared/overlays']).toHaveBeenCalled();
    // The release shares zod/mini: the host's copy starts with the rest (its contracts need it before the data chunk calls).
    expect(loadSharedZod).toHaveBeenCalledTimes(1);
    expect(warmFederation).toHaveBeenCalledTimes(1);
    expect(prefetchRoute).toHaveBeenCalledWith('/lotto');
    // The page's first calls, before any of the remote's code is in (its data chunk takes their answers).
    await vi.waitFor(() => expect(startEarlyCalls).toHaveBeenCalledWith(['/schedule/active/lotto', '/jackpot']));
    // Those answers need no API client: it comes once the page has them and the browser is idle, before the player's first action.
    await vi.waitFor(() => expect(prepareApiClient).toHaveBeenCalledTimes(1));
    expect(whenEarlyAnswersIn).toHaveBeenCalled();
    // One read each: the chain takes these answers instead of asking again, once.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((await takeEarly('http://localhost:3002/mf-manifest.json'))?.text).toBe(JSON.stringify(MANIFEST));
    expect(await takeEarly('http://localhost:3002/mf-manifest.json')).toBeNull();
    expect((await takeEarly('/remotes.json'))?.ok).toBe(true);
  });

  it('asks for the API client only once the page has its first data, not while its answers are on their way', async () => {
    serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': MANIFEST });
    let answersIn: () => void = () => undefined;
    vi.mocked(whenEarlyAnswersIn).mockReturnValue(new Promise<void>((resolve) => (answersIn = resolve)));
    await warmUpDeepLink('/lotto');
    await vi.waitFor(() => expect(startEarlyCalls).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(prepareApiClient).not.toHaveBeenCalled();
    answersIn();
    await vi.waitFor(() => expect(prepareApiClient).toHaveBeenCalledTimes(1));
    await takeEarly('http://localhost:3002/mf-manifest.json');
    await takeEarly('/remotes.json');
  });

  it('asks for the API client only once the page’s code is in and its first screen painted: the page draws without it', async () => {
    serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': MANIFEST });
    let codeIn: () => void = () => undefined;
    vi.mocked(prefetchRoute).mockReturnValueOnce(new Promise<void>((resolve) => (codeIn = resolve)));
    await warmUpDeepLink('/lotto');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(prepareApiClient).not.toHaveBeenCalled();
    codeIn();
    await vi.waitFor(() => expect(prepareApiClient).toHaveBeenCalledTimes(1));
    await takeEarly('http://localhost:3002/mf-manifest.json');
    await takeEarly('/remotes.json');
  });

  it('does nothing for a visitor, or for a path no remote owns', async () => {
    const fetch = serve({ '/remotes.json': REGISTRY });
    await warmUpDeepLink('/Responsiblegaming');
    expect(warmFederation).not.toHaveBeenCalled();
    sessionStore.setState({ user: { ...sessionStore.getState().user, token: null, loggedIn: false } });
    fetch.mockClear();
    await warmUpDeepLink('/Lotto');
    expect(fetch).not.toHaveBeenCalled();
    expect(prefetchRoute).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
    expect(startEarlyCalls).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(prepareApiClient).not.toHaveBeenCalled();
  });

  it('still starts the route’s code when the manifest cannot be read (the chain then shows its own error)', async () => {
    serve({ '/remotes.json': REGISTRY });
    await warmUpDeepLink('/members/deposit');
    expect(preloads()).toEqual([]);
    expect(prefetchRoute).toHaveBeenCalledWith('/members/deposit');
  });

  it('fetches none of a release’s code that was built against another kernel: route discovery checks it first', async () => {
    const newer = { ...MANIFEST, suwerte: { ...MANIFEST.suwerte, requires: { '@suwerte/shared': { range: '^3.0.0', builtWith: '3.2.0', exports: ['Button', 'OddsTable'] } } } };
    serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': newer });
    await warmUpDeepLink('/Lotto');
    expect(preloads()).toEqual([]);
    expect(KERNEL_ENTRY_POINTS['@suwerte/shared/overlays']).not.toHaveBeenCalled();
    expect(loadSharedZod).not.toHaveBeenCalled();
    expect(startEarlyCalls).not.toHaveBeenCalled();
    // The route's code is asked for through the chain, which refuses the release before loading any of it.
    expect(prefetchRoute).toHaveBeenCalledWith('/Lotto');
  });

  it('never rejects, whatever the registry holds', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(warmUpDeepLink('/Lotto')).resolves.toBeUndefined();
    serve({ '/remotes.json': 'not a registry' });
    await expect(warmUpDeepLink('/Lotto')).resolves.toBeUndefined();
    expect(prefetchRoute).not.toHaveBeenCalled();
  });
});

describe('reading the registry and the manifest as hints', () => {
  it('warms only a release built against this host’s kernel, in a range it satisfies', () => {
    const built = (requires: unknown) => ({ suwerte: { requires } });
    const need = (builtWith: string | undefined, range = '^3.0.0') => ({ range, exports: ['Button'], ...(builtWith ? { builtWith } : {}) });
    expect(warmableRelease(built({ '@suwerte/shared': need('3.1.0'), '@suwerte/shared/overlays': need('3.1.0') }), '3.1.0')).toBe(true);
    expect(warmableRelease(built({ '@suwerte/shared': need('3.1.0'), '@suwerte/shared/overlays': need('3.2.0') }), '3.1.0')).toBe(false);
    expect(warmableRelease(built({ '@suwerte/shared': need(undefined) }), '3.1.0')).toBe(false);
    expect(warmableRelease(built({ '@suwerte/shared': need('4.0.0', '^4.0.0') }), '3.1.0')).toBe(false);
    expect(warmableRelease(built({ '@suwerte/shared': { range: 3 } }), '3.1.0')).toBe(false);
    expect(warmableRelease({ name: 'lotto' }, '3.1.0')).toBe(false);
    expect(warmableRelease(null, '3.1.0')).toBe(false);
  });

  it('keeps entries with a manifest URL, their prefixes and canary', () => {
    expect(registryHint({ remotes: { lotto: { entry: 'x', routes: ['/Lotto', 3], canary: { entry: 'y', share: 10 } }, sports: { routes: [] } } })).toEqual({
      remotes: { lotto: { entry: 'x', routes: ['/Lotto'], canary: { entry: 'y', share: 10 } } },
    });
    expect(registryHint([])).toBeNull();
    expect(registryHint({ remotes: 'x' })).toBeNull();
  });

  it('finds the container and the routes module’s first files, or nothing', () => {
    expect(manifestHint(MANIFEST)).toEqual({
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      routesScripts: ['__federation_expose_routes.2.js'],
      routesStyles: ['4.5.css'],
      pages: {
        lotto: { js: ['365.6.js', 'page-Lotto.7.js'], css: [], kernel: ['@suwerte/shared', '@suwerte/shared/overlays'], calls: [] },
        'data-lotto': { js: ['data-Lotto.8.js'], css: [], kernel: ['@suwerte/shared'], calls: ['/schedule/active/lotto', '/jackpot'] },
      },
      shared: ['react', 'zod/mini'],
    });
    expect(manifestHint({ metaData: { remoteEntry: { name: 'remoteEntry.js' } } })).toEqual({
      metaData: { publicPath: undefined, remoteEntry: { name: 'remoteEntry.js', path: '' } },
      routesScripts: [],
      routesStyles: [],
      pages: {},
      shared: [],
    });
    expect(manifestHint({ metaData: { remoteEntry: { name: 7 } } })).toBeNull();
  });

  it('finds a path’s pages by their chunks’ names: the layout and the page, case-insensitively', () => {
    const page = (js: string) => ({ js: [js], css: [], kernel: [], calls: [] });
    const pages = { members: page('layout.js'), 'members.deposit': page('deposit.js'), 'members.withdraw': page('withdraw.js') };
    expect(pagesForPath(pages, '/Members/Deposit').map((found) => found.js[0])).toEqual(['layout.js', 'deposit.js']);
    expect(pagesForPath(pages, '/Lotto')).toEqual([]);
    // A page's data chunk (its first calls) right after it.
    expect(pagesForPath({ ...pages, 'data-members.deposit': page('deposit-data.js') }, '/members/deposit').map((found) => found.js[0])).toEqual(['layout.js', 'deposit.js', 'deposit-data.js']);
  });

  it('preloads a file once, without a crossorigin attribute (as the script loaders ask for it)', () => {
    document.head.innerHTML = '';
    preload('http://localhost:3002/remoteEntry.js', 'script');
    preload('http://localhost:3002/remoteEntry.js', 'script');
    const links = document.head.querySelectorAll('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.hasAttribute('crossorigin')).toBe(false);
  });
});
