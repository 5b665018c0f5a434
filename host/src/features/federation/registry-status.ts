// On the shell's path (the 404 route reads it): no zod, no federation code.

type Listener = () => void;

let unavailable = false;
const listeners = new Set<Listener>();

/**
 * Whether route discovery's last read of `/remotes.json` failed (so a path may be a remote's after
 * all). Set by route discovery alone: the page on screen is the outcome of its navigation's read.
 */
export function isRegistryUnavailable(): boolean {
  return unavailable;
}

export function setRegistryUnavailable(value: boolean): void {
  if (unavailable === value) return;
  unavailable = value;
  for (const listener of listeners) listener();
}

export function subscribeRegistryStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
