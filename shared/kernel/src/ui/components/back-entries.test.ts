import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeOnBackEntry, installBackEntries } from './back-entries';

const routerPops = vi.fn();
// Every pop the window gets (capturing, added before the install: it hears them all).
let pops = 0;
const popped = () => {
  const before = pops;
  return vi.waitFor(() => expect(pops).toBeGreaterThan(before));
};
const overlayToken = () => (window.history.state as Record<string, unknown> | null)?.suwerteOverlay;

describe('history entries of open full-screen overlays (decision 190)', () => {
  beforeAll(() => {
    window.history.replaceState({ idx: 0 }, '', '/Sports');
    window.addEventListener(
      'popstate',
      () => {
        pops += 1;
      },
      true,
    );
    installBackEntries();
    // The router's listener comes after (it is created after the install).
    window.addEventListener('popstate', routerPops);
  });
  afterEach(() => routerPops.mockClear());

  it('Back takes the overlay entry off and closes it; the router hears nothing and the page stays', async () => {
    const length = window.history.length;
    const close = vi.fn();
    closeOnBackEntry(close);
    expect(window.history.length).toBe(length + 1);
    expect(overlayToken()).toEqual(expect.any(String));
    const pop = popped();
    window.history.back();
    await pop;
    expect(close).toHaveBeenCalledTimes(1);
    expect(routerPops).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/Sports');
    expect(overlayToken()).toBeUndefined();
  });

  it('an overlay that closes by itself removes its entry; a navigation meanwhile waits and lands after it', async () => {
    const close = vi.fn();
    const release = closeOnBackEntry(close);
    const pop = popped();
    release();
    // The router navigates in the same turn: its push waits for the overlay's pop.
    window.history.pushState({ idx: 1 }, '', '/Lotto');
    expect(window.location.pathname).toBe('/Sports');
    await pop;
    await vi.waitFor(() => expect(window.location.pathname).toBe('/Lotto'));
    expect(close).not.toHaveBeenCalled();
    expect(routerPops).not.toHaveBeenCalled();
    expect(window.history.state).toEqual({ idx: 1 });
    // Back from the new page: the page under the overlay, not a copy of it with a token.
    const back = popped();
    window.history.back();
    await back;
    expect(window.location.pathname).toBe('/Sports');
    expect(overlayToken()).toBeUndefined();
    expect(routerPops).toHaveBeenCalledTimes(1);
  });

  it('a link inside an overlay replaces its entry: Back from the new page returns to the page under it', async () => {
    window.history.pushState({ idx: 2 }, '', '/Home');
    const length = window.history.length;
    const release = closeOnBackEntry(vi.fn());
    window.history.pushState({ idx: 3 }, '', '/Basketball/Major/1');
    expect(window.history.length).toBe(length + 1);
    release();
    expect(window.location.pathname).toBe('/Basketball/Major/1');
    const back = popped();
    window.history.back();
    await back;
    expect(window.location.pathname).toBe('/Home');
  });
});
