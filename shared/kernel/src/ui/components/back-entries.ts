// History entries of open full-screen overlays (docs/decisions/190). An overlay that opens pushes
// a copy of the current entry (same URL, same router state, plus its token), so the router never
// sees a change; Back takes that copy off and the overlay closes; an overlay that closes by
// itself takes its copy off with `history.back()`. Those pops are the overlays' own: they are
// stopped before the router's listener (same URL, nothing for it to do) — which is why this is
// installed before the router is created: listeners of the window itself run in the order they
// were added, capturing or not (Chromium), so ours must come first. While such a pop is under
// way, the router's own history writes wait for it, so entries never interleave.

const ENTRY_KEY = 'suwerteOverlay';
/** A `history.back()` whose popstate never came (a page being left) must not hold writes forever. */
const POP_TIMEOUT_MS = 1000;

interface Entry {
  token: string;
  close: () => void;
  /** Taken off by Back: nothing left to remove. */
  popped: boolean;
  /** Closed before its deferred push ran. */
  cancelled: boolean;
}

type Write = (data: unknown, unused: string, url?: string | URL | null) => void;

const open: Entry[] = [];
let ownPops = 0;
let deferred: (() => void)[] = [];
let popTimer: ReturnType<typeof setTimeout> | undefined;
let currentHref = '';
let counter = 0;
let rawPush: Write | null = null;
let rawReplace: Write | null = null;

function tokenOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !(ENTRY_KEY in state)) return null;
  const token: unknown = (state as Record<string, unknown>)[ENTRY_KEY];
  return typeof token === 'string' ? token : null;
}

function withToken(state: unknown, token: string | null): Record<string, unknown> {
  const base: Record<string, unknown> = typeof state === 'object' && state !== null ? { ...(state as Record<string, unknown>) } : {};
  if (token === null) delete base[ENTRY_KEY];
  else base[ENTRY_KEY] = token;
  return base;
}

function flush(): void {
  clearTimeout(popTimer);
  ownPops = 0;
  const run = deferred;
  deferred = [];
  run.forEach((write) => write());
}

function whenSettled(write: () => void): void {
  if (ownPops > 0) deferred.push(write);
  else write();
}

function onPop(event: PopStateEvent): void {
  const previousHref = currentHref;
  currentHref = window.location.href;
  if (ownPops > 0) {
    // The pop of an overlay that closed by itself.
    event.stopImmediatePropagation();
    ownPops -= 1;
    if (ownPops === 0) flush();
    return;
  }
  // Another page: the router's.
  if (window.location.href !== previousHref) return;
  const token = tokenOf(event.state);
  const at = token === null ? -1 : open.findIndex((entry) => entry.token === token);
  if (token !== null && at < 0) {
    // Forward onto the entry of an overlay closed since: a plain copy of this page now.
    rawReplace?.(withToken(event.state, null), '');
    event.stopImmediatePropagation();
    return;
  }
  if (open.length === 0) return;
  // Back onto the entry under one or more overlays: they close, the page stays.
  event.stopImmediatePropagation();
  for (const entry of open.splice(at + 1).reverse()) {
    entry.popped = true;
    entry.close();
  }
}

/** Wraps the history's writes and listens to its pops; done once, before the router is created. */
export function installBackEntries(): void {
  if (rawPush) return;
  const push: Write = window.history.pushState.bind(window.history);
  const replace: Write = window.history.replaceState.bind(window.history);
  rawPush = push;
  rawReplace = replace;
  currentHref = window.location.href;
  window.history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
    whenSettled(() => {
      // A page opened from inside an overlay (a link in it) takes the overlay's entry: Back from
      // it returns to the page under the overlay, not to a copy of that page.
      if (tokenOf(window.history.state) !== null) replace(data, unused, url);
      else push(data, unused, url);
      currentHref = window.location.href;
    });
  };
  window.history.replaceState = (data: unknown, unused: string, url?: string | URL | null) => {
    whenSettled(() => {
      // The overlay's entry keeps its token through a replace (a search parameter changed under it).
      const token = tokenOf(window.history.state);
      replace(token === null ? data : withToken(data, token), unused, url);
      currentHref = window.location.href;
    });
  };
  // Before the router's own listener (added after this one), which must not see the overlays' pops.
  window.addEventListener('popstate', onPop, true);
}

/**
 * Gives an open overlay a history entry of its own: Back closes it (`close`). Returns the
 * clean-up for when it closes, which removes the entry if it is still there.
 */
export function closeOnBackEntry(close: () => void): () => void {
  installBackEntries();
  counter += 1;
  const entry: Entry = { token: `${Date.now().toString(36)}-${counter}`, close, popped: false, cancelled: false };
  whenSettled(() => {
    if (entry.cancelled) return;
    open.push(entry);
    rawPush?.(withToken(window.history.state, entry.token), '');
  });
  return () => {
    entry.cancelled = true;
    const index = open.indexOf(entry);
    if (index >= 0) open.splice(index, 1);
    if (entry.popped || tokenOf(window.history.state) !== entry.token) return;
    ownPops += 1;
    clearTimeout(popTimer);
    popTimer = setTimeout(flush, POP_TIMEOUT_MS);
    window.history.back();
  };
}
