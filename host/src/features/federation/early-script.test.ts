import { accountEndpoints } from '@suwerte/contracts/account';
import { forgetPageCalls, takePageCall } from '@suwerte/federation/page-calls';
import { PERSIST_KEY, sessionStore } from '@suwerte/shared';
import { RUNTIME_CONFIG_READ } from '@suwerte/shared/host';
import { nextTask } from '../../lib/next-task';
import { CONFIG_READ, CONFIG_URL, readEarly, takeEarly } from './early-reads';
import { ACCOUNT_PATH, DEEP_LINK_FILES_ID, SAVED_SESSION_KEY, isHostPage, readDeepLinkFiles, savedSessionToken, startEarly } from './early-script';
import { deepLinkTarget } from './deep-link-hints';

const REGISTRY = { remotes: { lotto: { entry: 'http://localhost:3002/mf-manifest.json', routes: ['/Lotto'] } } };
const MANIFEST = {
  name: 'lotto',
  suwerte: {
    requires: { '@suwerte/shared': { range: '^3.0.0', builtWith: '3.1.0', exports: ['Button'] } },
    pages: {
      Lotto: { js: ['page-Lotto.7.js'], css: ['page-Lotto.8.css'], kernel: ['@suwerte/shared/pages'] },
      'data-Lotto': { js: ['data-Lotto.9.js'], css: [], kernel: [], calls: ['/jackpot', 'http://elsewhere.example/steal'] },
    },
  },
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [{ name: 'react' }, { name: 'zod/mini' }, { name: '@suwerte/shared/overlays' }],
  exposes: [{ name: 'routes', assets: { js: { sync: ['__federation_expose_routes.2.js'], async: [] }, css: { sync: [], async: [] } } }],
};
/** What the host's build writes into app.html (tools/rspack/deep-link-page.mjs). */
const FILES = {
  chain: ['115.aaaaaaaa.js', '921.bbbbbbbb.js', '921.cccccccc.css'],
  shared: { '@suwerte/shared/pages': ['583.dddddddd.js'], '@suwerte/shared/overlays': ['26.eeeeeeee.js'], 'zod/mini': ['782.ffffffff.js'] },
};

function serve(files: Record<string, unknown>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    const body = files[url];
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(JSON.stringify(body), { status: 200 });
  });
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => `${link.as} ${link.fetchPriority} ${link.href.replace('http://localhost:3000', '')}`);

function page(path: string): Window & typeof globalThis {
  window.history.replaceState(null, '', path);
  return window;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('the early script', () => {
  beforeEach(async () => {
    forgetPageCalls();
    await takeEarly('/remotes.json');
    await takeEarly('http://localhost:3002/mf-manifest.json');
    await takeEarly(CONFIG_URL);
    document.head.innerHTML = `<script type="application/json" id="${DEEP_LINK_FILES_ID}">${JSON.stringify(FILES)}</script>`;
    sessionStore.getState().startSession({ token: 'a.b.c', username: 'demoplayer', role: 420, exp: inAnHour() });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStore.getState().logout();
    localStorage.clear();
  });

  it('reads the session the shell’s store saved, and only a signed-in one whose token has not expired', () => {
    expect(SAVED_SESSION_KEY).toBe(PERSIST_KEY);
    expect(savedSessionToken(localStorage, Date.now())).toBe('a.b.c');
    expect(savedSessionToken(localStorage, (inAnHour() + 1) * 1000)).toBeNull();
    localStorage.setItem(SAVED_SESSION_KEY, '{not json');
    expect(savedSessionToken(localStorage, Date.now())).toBeNull();
    localStorage.removeItem(SAVED_SESSION_KEY);
    expect(savedSessionToken(localStorage, Date.now())).toBeNull();
  });

  it('makes the page’s first calls with the player’s token on the API the runtime config names, and hands the config and the answers over once', async () => {
    expect(CONFIG_READ).toEqual(RUNTIME_CONFIG_READ);
    const config = { api: { production: 'http://localhost:4000/', test: 'http://localhost:4001' } };
    const fetch = serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': MANIFEST, [CONFIG_URL]: config, 'http://localhost:4000/jackpot': { amount: 12 } });
    await startEarly(page('/Lotto'), '3.1.0');
    const call = fetch.mock.calls.find(([input]) => String(input) === 'http://localhost:4000/jackpot');
    expect(new Headers(call?.[1]?.headers).get('authorization')).toBe('Bearer a.b.c');
    // Only plain paths on the API: an origin in the list is never called with the token.
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContain('http://elsewhere.example/steal');
    // Another session or API gets nothing; the right one gets the answer, once.
    expect(await takePageCall('/jackpot', 'http://localhost:4000/', 'another.token', 15_000)).toBeUndefined();
    forgetPageCalls();
    await startEarly(page('/Lotto'), '3.1.0');
    expect(await takePageCall('/jackpot', 'http://localhost:4000/', 'a.b.c', 15_000)).toEqual({ data: { amount: 12 } });
    expect(await takePageCall('/jackpot', 'http://localhost:4000/', 'a.b.c', 15_000)).toBeUndefined();
    expect((await takeEarly(CONFIG_URL))?.text).toBe(JSON.stringify(config));
  });

  it('makes the account call with the page’s, also for a page without first calls or a release it cannot preload: the shell’s account sync takes it', async () => {
    expect(ACCOUNT_PATH).toBe(accountEndpoints.account.path);
    const config = { api: { production: 'http://localhost:4000', test: 'http://localhost:4001' } };
    const account = { username: 'demoplayer', balance: 500 };
    const withoutCalls = { ...MANIFEST, suwerte: { ...MANIFEST.suwerte, pages: { Lotto: MANIFEST.suwerte.pages.Lotto } } };
    const older = { ...MANIFEST, suwerte: { ...MANIFEST.suwerte, requires: { '@suwerte/shared': { range: '^3.0.0', builtWith: '3.2.0', exports: ['Button'] } } } };
    for (const manifest of [MANIFEST, withoutCalls, older]) {
      forgetPageCalls();
      await takeEarly(CONFIG_URL);
      await takeEarly('/remotes.json');
      await takeEarly('http://localhost:3002/mf-manifest.json');
      serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': manifest, [CONFIG_URL]: config, 'http://localhost:4000/account/': account });
      await startEarly(page('/Lotto'), '3.1.0');
      expect(await takePageCall(ACCOUNT_PATH, 'http://localhost:4000', 'a.b.c', 15_000)).toEqual({ data: account });
      vi.restoreAllMocks();
    }
  });

  it('preloads the host’s chain, the release’s container, routes module and page, and the shared modules the page needs — at low priority', async () => {
    serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': MANIFEST });
    await startEarly(page('/Lotto'), '3.1.0');
    expect(preloads()).toEqual([
      'script low /115.aaaaaaaa.js',
      'script low /921.bbbbbbbb.js',
      'style low /921.cccccccc.css',
      'script low http://localhost:3002/remoteEntry.js',
      'script low http://localhost:3002/__federation_expose_routes.2.js',
      'script low http://localhost:3002/page-Lotto.7.js',
      'style low http://localhost:3002/page-Lotto.8.css',
      'script low http://localhost:3002/data-Lotto.9.js',
      // The kernel entry point the page imports; zod/mini, which the release shares; not the overlays, which the page does not import.
      'script low /583.dddddddd.js',
      'script low /782.ffffffff.js',
    ]);
  });

  it('hands the registry and manifest it read to the shell: one request each', async () => {
    const fetch = serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': MANIFEST });
    await startEarly(page('/Lotto'), '3.1.0');
    expect(await deepLinkTarget('/Lotto')).toEqual({ remote: 'lotto', manifestUrl: 'http://localhost:3002/mf-manifest.json' });
    expect((await takeEarly('http://localhost:3002/mf-manifest.json'))?.text).toBe(JSON.stringify(MANIFEST));
    // And the runtime config, read first for the calls (none here: this one names no API).
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual([CONFIG_URL, '/remotes.json', 'http://localhost:3002/mf-manifest.json']);
  });

  it('makes the account call once the runtime config is read, without waiting for the registry or the manifest: a fast shell finds it made', async () => {
    const config = { api: { production: 'http://localhost:4000', test: 'http://localhost:4001' } };
    let failRegistry: () => void = () => undefined;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === CONFIG_URL) return new Response(JSON.stringify(config));
      if (url === 'http://localhost:4000/account/') return new Response(JSON.stringify({ balance: 1 }));
      // The registry has not answered yet.
      return new Promise<Response>((_, reject) => (failRegistry = () => reject(new TypeError('Failed to fetch'))));
    });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const early = startEarly(page('/Lotto'), '3.1.0');
    await vi.waitFor(() => expect(fetch.mock.calls.map(([input]) => String(input))).toEqual([CONFIG_URL, '/remotes.json', 'http://localhost:4000/account/']));
    expect(await takePageCall(ACCOUNT_PATH, 'http://localhost:4000', 'a.b.c', 15_000)).toEqual({ data: { balance: 1 } });
    failRegistry();
    await early;
  });

  it('preloads the host’s chain at once, before the registry has answered: a fast shell finds its files on the way', async () => {
    // Neither the runtime config nor the registry has answered yet.
    const reads: (() => void)[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((_, reject) => reads.push(() => reject(new TypeError('Failed to fetch')))));
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const early = startEarly(page('/members/deposit'), '3.1.0');
    expect(preloads()).toEqual(['script low /115.aaaaaaaa.js', 'script low /921.bbbbbbbb.js', 'style low /921.cccccccc.css']);
    for (const fail of reads) fail();
    await early;
  });

  it('preloads seven files per task, the first seven at once: a tap is not held up behind twenty', async () => {
    const chain = Array.from({ length: 16 }, (_, index) => `${100 + index}.aaaaaaaa.js`);
    document.head.innerHTML = `<script type="application/json" id="${DEEP_LINK_FILES_ID}">${JSON.stringify({ ...FILES, chain })}</script>`;
    serve({});
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const counts: number[] = [preloads().length];
    const early = startEarly(page('/Lotto'), '3.1.0');
    counts.push(preloads().length);
    for (let task = 0; task < 3; task += 1) {
      await nextTask();
      counts.push(preloads().length);
    }
    await early;
    expect(counts).toEqual([0, 7, 14, 16, 16]);
    expect(preloads()).toEqual(chain.map((file) => `script low /${file}`));
  });

  it('hands the manifest to the shell once every file of the release it names is on its way: the shell asks for none of them first', async () => {
    // The kernel entry point's files begin with the chain's (as the host's build lists them), which take no slot.
    // Twenty of its own: more than two tasks' worth, with the release's.
    const own = Array.from({ length: 20 }, (_, index) => `${600 + index}.dddddddd.js`);
    const shared = { ...FILES.shared, '@suwerte/shared/pages': [...FILES.chain, ...FILES.chain, ...own] };
    document.head.innerHTML = `<script type="application/json" id="${DEEP_LINK_FILES_ID}">${JSON.stringify({ ...FILES, shared })}</script>`;
    serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': MANIFEST });
    const early = startEarly(page('/Lotto'), '3.1.0');
    // The shell, as its warm-up does: the registry, then the manifest.
    expect(await deepLinkTarget('/Lotto')).toEqual({ remote: 'lotto', manifestUrl: 'http://localhost:3002/mf-manifest.json' });
    expect((await takeEarly('http://localhost:3002/mf-manifest.json'))?.text).toBe(JSON.stringify(MANIFEST));
    expect(preloads()).toEqual(expect.arrayContaining(['script low http://localhost:3002/remoteEntry.js', 'script low http://localhost:3002/data-Lotto.9.js', 'script low /619.dddddddd.js', 'script low /782.ffffffff.js']));
    expect(preloads().filter((hint) => hint.endsWith('/115.aaaaaaaa.js'))).toHaveLength(1);
    await early;
  });

  it('never waits for itself: a manifest the shell began reading first is the early script’s too, and both go on', async () => {
    serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': MANIFEST });
    const shellRead = readEarly('http://localhost:3002/mf-manifest.json', {});
    await startEarly(page('/Lotto'), '3.1.0');
    expect((await shellRead).text).toBe(JSON.stringify(MANIFEST));
    expect(preloads()).toContain('script low http://localhost:3002/remoteEntry.js');
  });

  it('knows the host’s own pages as the router matches them, without regard to case', () => {
    expect(['/', '/Registration', '/registration/12', '/ResponsibleGaming'].filter(isHostPage)).toHaveLength(4);
    expect(['/Lotto', '/members/deposit', '/no-such-page'].filter(isHostPage)).toEqual([]);
  });

  it('does nothing on /, while a release override is being applied, for a visitor, without the file list, or on a path no remote owns', async () => {
    const fetch = serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': MANIFEST });
    await startEarly(page('/'), '3.1.0');
    await startEarly(page('/Lotto?remote-release=lotto@1.1.0'), '3.1.0');
    expect(fetch).not.toHaveBeenCalled();
    await startEarly(page('/Responsiblegaming'), '3.1.0');
    await startEarly(page('/Registration/12'), '3.1.0');
    expect(preloads()).toEqual([]);
    await takeEarly('/remotes.json');
    fetch.mockClear();
    sessionStore.getState().logout();
    localStorage.clear();
    await startEarly(page('/Lotto'), '3.1.0');
    expect(fetch).not.toHaveBeenCalled();
    sessionStore.getState().startSession({ token: 'a.b.c', username: 'demoplayer', role: 420, exp: inAnHour() });
    document.head.innerHTML = '';
    await startEarly(page('/Lotto'), '3.1.0');
    expect(fetch).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
  });

  it('preloads none of a release built against another kernel, only the host’s chain: route discovery checks that release first', async () => {
    const newer = { ...MANIFEST, suwerte: { ...MANIFEST.suwerte, requires: { '@suwerte/shared': { range: '^3.0.0', builtWith: '3.2.0', exports: ['Button', 'OddsTable'] } } } };
    serve({ '/remotes.json': REGISTRY, 'http://localhost:3002/mf-manifest.json': newer });
    await startEarly(page('/Lotto'), '3.1.0');
    expect(preloads()).toEqual(['script low /115.aaaaaaaa.js', 'script low /921.bbbbbbbb.js', 'style low /921.cccccccc.css']);
  });

  it('never rejects: a failed read, a broken registry or file list is no hint', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(startEarly(page('/Lotto'), '3.1.0')).resolves.toBeUndefined();
    vi.restoreAllMocks();
    serve({ '/remotes.json': 'not a registry' });
    await expect(startEarly(page('/Lotto'), '3.1.0')).resolves.toBeUndefined();
    // The host's chain went before the registry was read; nothing of a remote's.
    expect(preloads()).toEqual(['script low /115.aaaaaaaa.js', 'script low /921.bbbbbbbb.js', 'style low /921.cccccccc.css']);
    document.head.innerHTML = `<script type="application/json" id="${DEEP_LINK_FILES_ID}">{"chain": "no"}</script>`;
    expect(readDeepLinkFiles(document)).toBeNull();
    document.head.innerHTML = `<script type="application/json" id="${DEEP_LINK_FILES_ID}">{broken</script>`;
    expect(readDeepLinkFiles(document)).toBeNull();
  });
});
