// A signed-in player's deep link into a remote's page (docs/decisions/210): the whole chain is known
// from the URL, so it starts at once, beside the shell, instead of one link after another once the
// shell has painted. From the registry (already preloaded by index.html) this module learns which
// remote owns the path and which release this browser runs (the same choice the federation chunk
// makes); it then reads that release's manifest and preloads its container and the routes module,
// and the page's own chunks with the kernel parts they import (`suwerte.pages`, written by the
// remote's build), while the federation chunk and the kernel's main entry point download. The route's
// code then runs through `prefetchRoute`, which takes the registry and manifest read here
// (early-reads.ts) instead of asking the server again.
// Everything here is a hint: anything unexpected stops the warm-up, never the page — route
// discovery still loads, validates and checks everything itself and shows the remote's panel when a
// part fails.
import { DATA_CHUNK_PREFIX, needsHostExports, releaseFileUrl, remoteEntryUrl, type ManifestEntryFields, type RemoteEntry, type RemoteName, type RemoteRequirements } from '@suwerte/federation';
import { sessionStore } from '@suwerte/shared';
import { whenHydrated } from '@suwerte/shared/host';
import { readEarly } from './early-reads';
import { KERNEL_ENTRY_POINTS, kernelVersion, loadSharedZod } from './kernel';
import { MANIFEST_READ } from './manifest-read';
import { prefetchRoute } from './prefetch-route';
import { REGISTRY_READ, REGISTRY_URL, findRemoteForPath } from './registry-paths';
import { canaryBucket, chooseRelease } from './release-choice';
import { readOverrides } from './release-override';
import { warmFederation } from './remote-loader';

/** The exposed module route discovery loads first. */
const ROUTES_EXPOSE = 'routes';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isString) : []);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The registry's entries as far as a hint needs them; null when the file is not a registry. */
export function registryHint(data: unknown): { remotes: Partial<Record<RemoteName, RemoteEntry>> } | null {
  if (!isRecord(data) || !isRecord(data.remotes)) return null;
  const remotes: Partial<Record<string, RemoteEntry>> = {};
  for (const [name, value] of Object.entries(data.remotes)) {
    if (!isRecord(value) || !isString(value.entry)) continue;
    const canary = isRecord(value.canary) && isString(value.canary.entry) && typeof value.canary.share === 'number' ? { entry: value.canary.entry, share: value.canary.share } : undefined;
    remotes[name] = { entry: value.entry, routes: strings(value.routes), ...(canary ? { canary } : {}) };
  }
  return { remotes };
}

/** A page's own files and the kernel entry points its code imports, as the remote's build lists them (`suwerte.pages`); for a data chunk, the paths of its first calls. */
export interface PageAssets {
  js: string[];
  css: string[];
  kernel: string[];
  calls: string[];
}

function pagesHint(suwerte: unknown): Record<string, PageAssets> {
  const pages = isRecord(suwerte) && isRecord(suwerte.pages) ? suwerte.pages : {};
  const hints: Record<string, PageAssets> = {};
  for (const [name, value] of Object.entries(pages)) {
    if (isRecord(value)) hints[name.toLowerCase()] = { js: strings(value.js), css: strings(value.css), kernel: strings(value.kernel), calls: strings(value.calls) };
  }
  return hints;
}

/**
 * The pages a path shows, by the names the remote's build gives its page chunks (the route's path,
 * segments joined by dots: `members` for the layout and `members.deposit` for `/members/deposit`),
 * each followed by its data chunk when it has one (`data-members.deposit`: the page's first calls,
 * `handle.prefetch`, docs/decisions/211), so those calls leave as soon as the routes are in.
 */
export function pagesForPath(pages: Record<string, PageAssets>, pathname: string): PageAssets[] {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  return segments.flatMap((_, index) => {
    const name = segments.slice(0, index + 1).join('.');
    return [pages[name], pages[`${DATA_CHUNK_PREFIX}${name}`]].filter((page): page is PageAssets => page !== undefined);
  });
}

/** Where the container is, the routes module's first files (scripts and styles), the pages' own and the modules it shares; null when the manifest is not one. */
export function manifestHint(
  data: unknown,
): (ManifestEntryFields & { routesScripts: string[]; routesStyles: string[]; pages: Record<string, PageAssets>; shared: string[] }) | null {
  if (!isRecord(data) || !isRecord(data.metaData) || !isRecord(data.metaData.remoteEntry)) return null;
  const { publicPath, remoteEntry } = data.metaData;
  const { name, path } = remoteEntry;
  if (!isString(name)) return null;
  const routes = (Array.isArray(data.exposes) ? data.exposes : []).find((expose: unknown) => isRecord(expose) && expose.name === ROUTES_EXPOSE);
  const assets = isRecord(routes) && isRecord(routes.assets) ? routes.assets : {};
  const sync = (kind: 'js' | 'css') => {
    const group = assets[kind];
    return isRecord(group) ? strings(group.sync) : [];
  };
  return {
    metaData: { publicPath: isString(publicPath) ? publicPath : undefined, remoteEntry: { name, path: isString(path) ? path : '' } },
    routesScripts: sync('js'),
    routesStyles: sync('css'),
    pages: pagesHint(data.suwerte),
    shared: (Array.isArray(data.shared) ? data.shared : []).flatMap((module: unknown) => (isRecord(module) && isString(module.name) ? [module.name] : [])),
  };
}

/** The `suwerte.requires` of a manifest when it has the shape of one; null otherwise. */
function requirementsOf(suwerte: unknown): RemoteRequirements | null {
  if (!isRecord(suwerte) || !isRecord(suwerte.requires)) return null;
  const needs = Object.values(suwerte.requires);
  const wellFormed = needs.every((need) => isRecord(need) && isString(need.range) && (need.builtWith === undefined || isString(need.builtWith)) && Array.isArray(need.exports));
  return wellFormed ? (suwerte as RemoteRequirements) : null;
}

/**
 * Whether a release's code may be fetched before route discovery has checked it: only a release
 * built against this host's own kernel, which needs nothing the host lacks. Any other (newer,
 * older, or recording nothing readable) waits for the check, which reads the host's export lists
 * and refuses it before any of its code is requested.
 */
export function warmableRelease(manifest: unknown, hostVersion: string): boolean {
  const requirements = isRecord(manifest) ? requirementsOf(manifest.suwerte) : null;
  return requirements !== null && !needsHostExports(requirements, hostVersion);
}

/** `<link rel="preload">` for a file the page will ask for: the same request mode as the loader's (no crossorigin), once. */
export function preload(href: string, as: 'script' | 'style', head: HTMLElement = document.head): void {
  for (const link of head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')) if (link.href === href) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  head.append(link);
}

/**
 * Starts everything a signed-in deep link to `pathname` will need, when a remote owns it. Resolves
 * when the hints are out (the downloads go on); never rejects.
 */
export async function warmUpDeepLink(pathname: string): Promise<void> {
  try {
    await whenHydrated();
    // Signed out, the guard sends the player to sign in: no remote code is wanted.
    if (!sessionStore.getState().user.token) return;
    const registry = registryHint(parseJson((await readEarly(REGISTRY_URL, REGISTRY_READ)).text));
    const remote = registry ? findRemoteForPath(registry, pathname) : null;
    const entry = remote ? registry?.remotes[remote] : undefined;
    if (!remote || !entry) return;
    warmFederation();
    // What starts the page's first calls, asked for now: by the time the manifest names them the link
    // is full, and a chunk asked for then would arrive with the page's own code (docs/decisions/232).
    const earlyCalls = import('@suwerte/shared/early-calls');
    earlyCalls.catch(() => undefined);
    // Route discovery's wrapping of the remote's routes, and the kernel's main entry point.
    import('./resilient-route').catch(() => undefined);
    void KERNEL_ENTRY_POINTS['@suwerte/shared']?.().catch(() => undefined);
    const choice = chooseRelease(entry, { override: readOverrides()[remote], bucket: canaryBucket(remote) });
    const answer = await readEarly(choice.entry, MANIFEST_READ);
    const data = answer.ok ? parseJson(answer.text) : null;
    const manifest = warmableRelease(data, kernelVersion()) ? manifestHint(data) : null;
    if (manifest) {
      preload(remoteEntryUrl(manifest, choice.entry), 'script');
      for (const file of manifest.routesScripts) preload(releaseFileUrl(manifest, choice.entry, file), 'script');
      for (const file of manifest.routesStyles) preload(releaseFileUrl(manifest, choice.entry, file), 'style');
      // The page's own chunks and the kernel parts they import: no wave after the routes module.
      const pages = pagesForPath(manifest.pages, pathname);
      for (const page of pages) {
        for (const file of page.js) preload(releaseFileUrl(manifest, choice.entry, file), 'script');
        for (const file of page.css) preload(releaseFileUrl(manifest, choice.entry, file), 'style');
        for (const key of page.kernel) void KERNEL_ENTRY_POINTS[key]?.().catch(() => undefined);
      }
      // The page's first calls, through the site's API client, before any of the remote's code is in;
      // the page's own calls take their answers (docs/decisions/232).
      const calls = pages.flatMap((page) => page.calls);
      if (calls.length > 0) void earlyCalls.then(({ startEarlyCalls }) => startEarlyCalls(calls)).catch(() => undefined);
      // The zod the host hands a remote that shares it: its contracts need it before a page's data
      // chunk can call, one round trip later when asked for by the remote's code (docs/decisions/229).
      if (manifest.shared.includes('zod/mini')) void loadSharedZod().catch(() => undefined);
    }
    // The route's own code (and, through it, the kernel parts it imports), as soon as the routes are in.
    void prefetchRoute(pathname);
  } catch (error) {
    console.info('The deep-link warm-up stopped; the page loads as usual.', error);
  }
}
