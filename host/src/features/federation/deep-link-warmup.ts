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
import { sessionStore } from '@suwerte/shared';
import { whenHydrated } from '@suwerte/shared/host';
import { landingPageCode, whenLandingPageShown } from '../../lib/landing-page';
import { whenBrowserIdle } from '../../lib/load-when-near';
import { deepLinkTarget, preload, releaseHint } from './deep-link-hints';
import { KERNEL_ENTRY_POINTS, kernelVersion, loadSharedZod } from './kernel';
import { prefetchRoute } from './prefetch-route';
import { warmFederation } from './remote-loader';

export { manifestHint, pagesForPath, preload, registryHint, warmableRelease, type PageAssets } from './deep-link-hints';

/**
 * Starts everything a signed-in deep link to `pathname` will need, when a remote owns it. Resolves
 * when the hints are out (the downloads go on); never rejects.
 */
export async function warmUpDeepLink(pathname: string): Promise<void> {
  // What the page landed on waits for (landing-page.ts): its route's code, or nothing when there is none to wait for.
  let pageCode: Promise<unknown> = Promise.resolve();
  try {
    await whenHydrated();
    // Signed out, the guard sends the player to sign in: no remote code is wanted.
    if (!sessionStore.getState().user.token) return;
    // Read by the early script before the shell arrived, on a deep link (docs/decisions/236): its answers are taken here.
    const target = await deepLinkTarget(pathname);
    if (!target) return;
    warmFederation();
    // What starts the page's first calls, asked for now: by the time the manifest names them the link
    // is full, and a chunk asked for then would arrive with the page's own code (docs/decisions/232).
    const earlyCalls = import('@suwerte/shared/early-calls');
    earlyCalls.catch(() => undefined);
    // Route discovery with its wrapping of the remote's routes (one chunk), and the kernel's main entry point.
    import(/* webpackChunkName: "remote-routes" */ './resilient-route').catch(() => undefined);
    void KERNEL_ENTRY_POINTS['@suwerte/shared']?.().catch(() => undefined);
    const release = await releaseHint(target, pathname, kernelVersion());
    if (release) {
      // The container, the routes module, the page's own chunks and the kernel parts they import: no wave after the routes module.
      for (const file of release.files) preload(file.href, file.as);
      for (const key of release.kernel) void KERNEL_ENTRY_POINTS[key]?.().catch(() => undefined);
      // The page's first calls the early script has not made, before any of the remote's code is in,
      // without the API client (docs/decisions/240); the page's own calls take their answers (232).
      if (release.calls.length > 0) void earlyCalls.then(({ startEarlyCalls }) => startEarlyCalls(release.calls)).catch(() => undefined);
      // The zod the host hands a remote that shares it: its contracts need it before a page's data
      // chunk can call, one round trip later when asked for by the remote's code (docs/decisions/229).
      if (release.shared.includes('zod/mini')) void loadSharedZod().catch(() => undefined);
    }
    // The route's own code (and, through it, the kernel parts it imports), as soon as the routes are in.
    pageCode = prefetchRoute(pathname);
    // The page's first calls and the account are answered without the API client (docs/decisions/239):
    // it comes once the page has its first data and the browser is idle, before the player's first
    // action needs it — not while the page's last files and answers are on their way (docs/decisions/241),
    // and not before the page's first screen is on show (docs/decisions/246).
    void earlyCalls
      .then(({ whenEarlyAnswersIn, prepareApiClient }) => Promise.all([whenEarlyAnswersIn(), whenLandingPageShown()]).then(() => whenBrowserIdle(prepareApiClient)))
      .catch(() => undefined);
  } catch (error) {
    console.info('The deep-link warm-up stopped; the page loads as usual.', error);
  } finally {
    landingPageCode(pageCode);
  }
}
