// The shell's only knowledge of release overrides (docs/decisions/055): whether this browser has
// one. Everything else — reading, applying, the flag itself — loads only when it does.

export const OVERRIDE_STORAGE_KEY = 'suwerte:remote-releases';
export const OVERRIDE_QUERY = 'remote-release';

export function hasOverrides(): boolean {
  try {
    return window.localStorage.getItem(OVERRIDE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
