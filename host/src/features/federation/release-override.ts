// Trying a release in one browser (docs/decisions/055): `?remote-release=lotto@1.1.0` keeps lotto
// 1.1.0 for this browser until stopped; the site flags it on every page. Only a release name is
// kept — the URL is always built beside the release remotes.json names, on that remote's own
// origin (`siblingRelease`), never taken from the address bar.
import { RELEASE_PATTERN } from '@suwerte/federation';
import { OVERRIDE_QUERY, OVERRIDE_STORAGE_KEY } from './override-flag';

export { OVERRIDE_QUERY, OVERRIDE_STORAGE_KEY };

const REMOTE_NAME = /^[a-z]{1,32}$/;

export type ReleaseOverrides = Record<string, string>;

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; value: ReleaseOverrides } | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): ReleaseOverrides {
  if (!raw) return {};
  try {
    const data: unknown = JSON.parse(raw);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
    const valid: ReleaseOverrides = {};
    for (const [remote, release] of Object.entries(data)) {
      if (REMOTE_NAME.test(remote) && typeof release === 'string' && RELEASE_PATTERN.test(release)) valid[remote] = release;
    }
    return valid;
  } catch {
    return {};
  }
}

/** The releases this browser tries instead of the site's, per remote. */
export function readOverrides(): ReleaseOverrides {
  const raw = storage()?.getItem(OVERRIDE_STORAGE_KEY) ?? null;
  if (cached?.raw !== raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

function write(overrides: ReleaseOverrides): void {
  const store = storage();
  if (!store) return;
  if (Object.keys(overrides).length === 0) store.removeItem(OVERRIDE_STORAGE_KEY);
  else store.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(overrides));
  for (const listener of listeners) listener();
}

/** Tries `release` of `remote` in this browser; an empty release stops trying it. */
export function setOverride(remote: string, release: string): void {
  if (!REMOTE_NAME.test(remote)) return;
  const next = { ...readOverrides() };
  if (release === '') delete next[remote];
  else if (RELEASE_PATTERN.test(release)) next[remote] = release;
  else return;
  write(next);
}

export function clearOverrides(): void {
  write({});
}

export function subscribeOverrides(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === OVERRIDE_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Applies `?remote-release=lotto@1.1.0` (or `lotto@` to stop, `off` to stop all) and removes it
 * from the address bar, so a shared link or bookmark does not carry it further.
 */
export function applyOverrideQuery(location: Location, history: History): void {
  const params = new URLSearchParams(location.search);
  const values = params.getAll(OVERRIDE_QUERY);
  if (values.length === 0) return;
  for (const value of values) {
    if (value === 'off') {
      clearOverrides();
      continue;
    }
    const at = value.indexOf('@');
    if (at > 0) setOverride(value.slice(0, at), value.slice(at + 1));
  }
  params.delete(OVERRIDE_QUERY);
  const search = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
}
