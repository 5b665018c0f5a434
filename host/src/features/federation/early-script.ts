// The early script (docs/decisions/236; its entry is src/early.ts): on a deep link the server
// answers with app.html, which loads this small file beside the shell's main.js. For a signed-in
// player on a path a remote owns, it reads the registry and the chosen release's manifest and
// preloads everything the page's heading waits for — the host's chunks of the deep-link chain, the
// remote's container, routes module and page chunks, and the kernel entry points the page imports —
// while main.js is still downloading, so the page's files share the link with the shell instead of
// waiting for it; and it makes the page's first calls, whose answers the page's code takes. The
// shell's warm-up then finds the registry and manifest already read (early-reads.ts) and the files
// already on their way.
// Everything here is a hint: it never throws, never shows anything, and a file it failed to preload
// is asked for again by the code that needs it. No kernel, no zod: it must stay a few kilobytes.
import { startPageCalls } from '@suwerte/federation/page-calls';
import { deepLinkTarget, isRecord, parseJson, preload, releaseHint, type PreloadHint } from './deep-link-hints';
import { nextTask } from '../../lib/next-task';
import { CONFIG_READ, CONFIG_URL, holdHandOver, readEarly } from './early-reads';
import { OVERRIDE_QUERY } from './override-flag';

/** The element of app.html that lists the host's files of a deep link (written by the build: tools/rspack/deep-link-page.mjs). */
export const DEEP_LINK_FILES_ID = 'suwerte-deep-link';

/** The host's files a deep link fetches: the chain every remote page goes through, and each shared module's own. */
export interface DeepLinkFiles {
  chain: string[];
  shared: Record<string, string[]>;
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The list app.html carries; null when there is none or it is not one. */
export function readDeepLinkFiles(document: Document): DeepLinkFiles | null {
  try {
    const data: unknown = JSON.parse(document.getElementById(DEEP_LINK_FILES_ID)?.textContent ?? 'null');
    if (!isRecord(data)) return null;
    const { chain, shared } = data;
    if (!isStringList(chain) || !isRecord(shared)) return null;
    return { chain, shared: Object.fromEntries(Object.entries(shared).filter((entry): entry is [string, string[]] => isStringList(entry[1]))) };
  } catch {
    return null;
  }
}

/** The kernel store's saved state (`root` in localStorage, @suwerte/shared's PERSIST_KEY; a unit test holds the two equal). */
export const SAVED_SESSION_KEY = 'root';

/** The saved session's token when it is a signed-in player's that has not expired — the session the shell's store would restore; null otherwise. */
export function savedSessionToken(storage: Storage, nowMs: number): string | null {
  try {
    const saved: unknown = JSON.parse(storage.getItem(SAVED_SESSION_KEY) ?? 'null');
    const user = (saved as { state?: { user?: { loggedIn?: unknown; token?: unknown; expToken?: unknown } } } | null)?.state?.user;
    if (!user || user.loggedIn !== true || typeof user.token !== 'string' || user.token === '') return null;
    const current = user.expToken === null || (typeof user.expToken === 'number' && user.expToken * 1000 > nowMs);
    return current ? user.token : null;
  } catch {
    return null;
  }
}

/**
 * The account (`GET /account/`, the header's balance): the first call of every signed-in page, made
 * here with the page's own, so the shell's account sync takes its answer instead of downloading the
 * API client for it while the page's last files are still on the link (docs/decisions/239). The
 * contract's path; a unit test holds the two equal.
 */
export const ACCOUNT_PATH = '/account/';

/** The player API's base URL in a runtime config (`api.production`, the site type the kernel uses); null when there is none. */
export function apiOfConfig(config: unknown): string | null {
  const api = (config as { api?: { production?: unknown } } | null)?.api?.production;
  return typeof api === 'string' ? api : null;
}

/**
 * The first segments of the host's own pages besides `/` (src/app/router.tsx's routes; a unit test
 * holds the two equal): no remote page's chain is wanted there. Any other signed-in path is a remote's
 * page or goes through route discovery, which loads the chain's files anyway.
 */
export const HOST_PAGES: readonly string[] = ['registration', 'responsiblegaming'];

/** Whether `pathname` is one of the host's own pages (matched as the router does: without regard to case). */
export function isHostPage(pathname: string): boolean {
  const first = pathname.split('/').find(Boolean)?.toLowerCase();
  return first === undefined || HOST_PAGES.includes(first);
}

/**
 * A preload costs the main thread ~2 ms on this project's test machine, ~6 ms on the profile's
 * phone: ~20 in one task would hold a tap ~100 ms. So a few per task, the first ones at once
 * (docs/decisions/244) — seven: the chain's files the shell asks for as it starts are all in the
 * first task, and no task reaches 50 ms on the phone (docs/decisions/246).
 */
const PRELOADS_PER_TASK = 7;

async function preloadInSlices(files: readonly PreloadHint[], head: HTMLElement): Promise<void> {
  try {
    // Only the files not on their way yet count: the kernel entry points share files with each other
    // and with the chain, and a slice of those would put the page's own a task further back, where
    // the shell asks for them itself (docs/decisions/246).
    const started = new Set([...head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href));
    const fresh = files.filter((file) => {
      if (started.has(file.href)) return false;
      started.add(file.href);
      return true;
    });
    for (let start = 0; start < fresh.length; start += PRELOADS_PER_TASK) {
      if (start > 0) await nextTask();
      for (const file of fresh.slice(start, start + PRELOADS_PER_TASK)) preload(file.href, file.as, head, 'low');
    }
  } catch (error) {
    console.info('The early script stopped preloading; the page loads as usual.', error);
  }
}

/** Starts the page's downloads for a signed-in deep link into a remote's page; resolves when the hints are out, never rejects. */
export async function startEarly(window: Window & typeof globalThis, hostVersion: string): Promise<void> {
  try {
    const { pathname } = window.location;
    const { document } = window;
    const files = readDeepLinkFiles(document);
    // Signed out, the guard sends the player to sign in: no remote code is wanted.
    // `?remote-release=…` (a team trying a release) is applied by the shell before anything loads: it
    // chooses another release than the registry's, so nothing is started here.
    const trying = new URLSearchParams(window.location.search).has(OVERRIDE_QUERY);
    const token = pathname === '/' || !files || trying ? null : savedSessionToken(window.localStorage, Date.now());
    if (!files || !token) return;
    // The runtime config (preloaded by app.html) beside the registry, not after the manifest: on a fast
    // link the shell is ready soon, and a call it finds not started it makes itself (docs/decisions/240).
    const api = readEarly(CONFIG_URL, CONFIG_READ).then(
      (answer) => apiOfConfig(parseJson(answer.text)),
      () => null,
    );
    // The account first: the header's balance, on every signed-in page, whatever the registry says.
    const account = api.then((url) => {
      if (url) startPageCalls([ACCOUNT_PATH], url, token);
    });
    // The host's chain at once, before anything is read: on a fast link `main.js` runs before the
    // registry's answer is taken, and what it then asked for itself waited for the shell's two files
    // (docs/decisions/241). The host's own pages want none of it.
    const hostFile = (file: string): PreloadHint => ({ href: new URL(`/${file}`, window.location.href).href, as: file.endsWith('.css') ? 'style' : 'script' });
    const chain = isHostPage(pathname) ? undefined : preloadInSlices(files.chain.map(hostFile), document.head);
    const target = await deepLinkTarget(pathname);
    if (!target) return;
    const read = releaseHint(target, pathname, hostVersion);
    // The release's own files (its container, routes module and the page's chunks) and the host's
    // files of the modules it shares, a few per task; the shell takes the manifest once they are all
    // on their way, so it asks for none of them first (docs/decisions/246).
    const sharedFiles = (keys: readonly string[]) => keys.flatMap((key) => files.shared[key] ?? []).map(hostFile);
    const releaseFiles = read.then((release) =>
      release
        ? preloadInSlices([...release.files, ...sharedFiles(release.kernel), ...sharedFiles(release.shared.filter((key) => !key.startsWith('@suwerte/shared')))], document.head)
        : undefined,
    );
    holdHandOver(target.manifestUrl, releaseFiles);
    const release = await read;
    // The page's first calls (`suwerte.pages[data-…].calls`), with the player's token, on the API the
    // runtime config names: their answers are in before the code that takes them (docs/decisions/232).
    const url = await api;
    if (url && release) startPageCalls(release.calls, url, token);
    await Promise.all([account, chain, releaseFiles]);
  } catch (error) {
    console.info('The early script stopped; the page loads as usual.', error);
  }
}
