// What a deep link's warm-up reads from the registry and a release's manifest (docs/decisions/210):
// only the fields a hint needs, checked by hand — no schema, so this module (and the early script that
// runs it before the shell, docs/decisions/236) carries no zod. Anything unexpected reads as "no hint".
import { DATA_CHUNK_PREFIX, needsHostExports, releaseFileUrl, remoteEntryUrl, type ManifestEntryFields, type RemoteEntry, type RemoteName, type RemoteRequirements } from '@suwerte/federation';
import { readEarly } from './early-reads';
import { MANIFEST_READ } from './manifest-read';
import { REGISTRY_READ, REGISTRY_URL, findRemoteForPath } from './registry-paths';
import { canaryBucket, chooseRelease } from './release-choice';
import { readOverrides } from './release-override';

/** The exposed module route discovery loads first. */
const ROUTES_EXPOSE = 'routes';

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter(isString) : []);

export function parseJson(text: string): unknown {
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

/**
 * `<link rel="preload">` for a file the page will ask for: the same request mode as the loader's (no
 * crossorigin), once. `low` for the early script's hints: the shell's own requests go first.
 */
export function preload(href: string, as: 'script' | 'style', head: HTMLElement = document.head, priority?: 'low'): void {
  for (const link of head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')) if (link.href === href) return;
  const link = head.ownerDocument.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = href;
  if (priority) link.fetchPriority = priority;
  head.append(link);
}

/** The remote owning a deep link's path and the release this browser runs of it (the choice the federation chunk makes). */
export interface DeepLinkTarget {
  remote: RemoteName;
  /** The chosen release's `mf-manifest.json`. */
  manifestUrl: string;
}

/** Reads the registry (its answer kept for route discovery, early-reads.ts) and finds the remote owning `pathname`; null when none does. */
export async function deepLinkTarget(pathname: string): Promise<DeepLinkTarget | null> {
  const registry = registryHint(parseJson((await readEarly(REGISTRY_URL, REGISTRY_READ)).text));
  const remote = registry ? findRemoteForPath(registry, pathname) : null;
  const entry = remote ? registry?.remotes[remote] : undefined;
  if (!remote || !entry) return null;
  return { remote, manifestUrl: chooseRelease(entry, { override: readOverrides()[remote], bucket: canaryBucket(remote) }).entry };
}

/** A file to preload. */
export interface PreloadHint {
  href: string;
  as: 'script' | 'style';
}

/** What a release's manifest says a deep link to `pathname` fetches: its files, the kernel entry points its pages import, their first calls, the modules it shares. */
export interface ReleaseHint {
  files: PreloadHint[];
  kernel: string[];
  calls: string[];
  shared: string[];
}

/**
 * Reads the chosen release's manifest (its answer kept for route discovery) and lists what the page
 * will fetch; null when the manifest cannot be read or the release is not one the host may warm.
 */
export async function releaseHint(target: DeepLinkTarget, pathname: string, hostVersion: string): Promise<ReleaseHint | null> {
  const answer = await readEarly(target.manifestUrl, MANIFEST_READ);
  const data = answer.ok ? parseJson(answer.text) : null;
  const manifest = warmableRelease(data, hostVersion) ? manifestHint(data) : null;
  if (!manifest) return null;
  const url = (file: string) => releaseFileUrl(manifest, target.manifestUrl, file);
  const pages = pagesForPath(manifest.pages, pathname);
  const files: PreloadHint[] = [
    { href: remoteEntryUrl(manifest, target.manifestUrl), as: 'script' },
    ...manifest.routesScripts.map((file) => ({ href: url(file), as: 'script' as const })),
    ...manifest.routesStyles.map((file) => ({ href: url(file), as: 'style' as const })),
    ...pages.flatMap((page) => [...page.js.map((file) => ({ href: url(file), as: 'script' as const })), ...page.css.map((file) => ({ href: url(file), as: 'style' as const }))]),
  ];
  return { files, kernel: [...new Set(pages.flatMap((page) => page.kernel))], calls: pages.flatMap((page) => page.calls), shared: manifest.shared };
}
