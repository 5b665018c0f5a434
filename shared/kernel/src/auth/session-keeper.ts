// The session's life in the browser (docs/decisions/143): renewed while the player is active, so
// an active player never meets the 12-hour idle limit; signed out when it passes unused; ended
// on the server at Logout.
import { callEndpoint } from '../api/call-endpoint';
import { forSiteType, whenRuntimeConfig } from '../config/runtime-config';
import { authEndpoints } from '@suwerte/contracts/account';
import { fetchEndpoint } from '@suwerte/contracts/core';
import { sessionStore } from '../store/session-store';
import { readPlayerToken, renewSessionToken } from './player-token';

/** A token is renewed once it is this old and the player does something: at most four renewals an hour. */
export const RENEW_AFTER_SECONDS = 15 * 60;
/** What counts as the player being there (not a poll, not an open stream). */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** Activity is looked at no more often than this. */
const ACTIVITY_CHECK_MS = 30_000;
/** The longest a timer waits (browsers overflow beyond about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface KeepSessionOptions {
  /**
   * The check at start waits for this to settle (the host: the page landed on is on the screen —
   * its token is valid, and a renewal's call and client are nothing its first screen draws;
   * docs/decisions/246). At once without it.
   */
  firstCheckAfter?: Promise<unknown>;
}

/**
 * Keeps the signed-in player's session open while they use the site: on a click, a key, a touch
 * (and once at start: a page load is activity), a token older than RENEW_AFTER_SECONDS is traded
 * for a new one of the same session (`POST /player/renew`), written to the store — every tab
 * takes it — without the player noticing. A session left unused ends on the server after its
 * idle limit; the page then signs out at the token's expiry. Returns what stops it.
 */
export function keepSessionAlive(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  store = sessionStore,
  { firstCheckAfter }: KeepSessionOptions = {},
): () => void {
  let renewing = false;
  let lastCheck = Number.NEGATIVE_INFINITY;
  let expiry: ReturnType<typeof setTimeout> | undefined;

  const renewIfDue = () => {
    const { token } = store.getState().user;
    const player = token ? readPlayerToken(token) : null;
    if (!token || !player || renewing) return;
    const nowSeconds = Date.now() / 1000;
    if (player.iat !== undefined && nowSeconds - player.iat < RENEW_AFTER_SECONDS) return;
    renewing = true;
    callEndpoint(authEndpoints.renew, { body: {} })
      // Signed out or signed in anew meanwhile: that answer is for a session no longer here.
      .then(({ accesstoken }) => void (store.getState().user.token === token && renewSessionToken(accesstoken)))
      // An ended session was signed out by the API client; anything else waits for the next activity.
      .catch(() => undefined)
      .finally(() => {
        renewing = false;
      });
  };
  const onActivity = () => {
    const now = Date.now();
    if (now - lastCheck < ACTIVITY_CHECK_MS) return;
    lastCheck = now;
    renewIfDue();
  };
  // The token's expiry, whichever token is current: signed out then, as on a start after it.
  const watchExpiry = () => {
    clearTimeout(expiry);
    const { token, expToken } = store.getState().user;
    if (!token || expToken === null) return;
    expiry = setTimeout(() => {
      if (store.getState().user.token === token) store.getState().logout();
    }, Math.min(MAX_TIMER_MS, Math.max(0, expToken * 1000 - Date.now())));
  };

  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, onActivity, { passive: true, capture: true });
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.user.token !== previous.user.token) watchExpiry();
  });
  watchExpiry();
  let stopped = false;
  if (firstCheckAfter) {
    void firstCheckAfter.then(
      () => stopped || onActivity(),
      () => stopped || onActivity(),
    );
  } else onActivity();
  return () => {
    stopped = true;
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, onActivity, { capture: true });
    unsubscribe();
    clearTimeout(expiry);
  };
}

/**
 * Logout (document 1, section 4): the page is signed out at once, and the session ends on the
 * server (`POST /player/logout`), so its token answers 401 everywhere from then on — also a copy
 * of it kept elsewhere. Sent with `keepalive`: it completes when the page navigates away.
 */
export async function signOut(store = sessionStore): Promise<void> {
  const { token } = store.getState().user;
  store.getState().logout();
  if (!token) return;
  try {
    const config = await whenRuntimeConfig();
    await fetchEndpoint(authEndpoints.logout, { body: {} }, { api: forSiteType(config.api), token, init: { keepalive: true } });
  } catch {
    // The session already ended (its token is refused) or the API is unreachable: it ends when idle.
  }
}
