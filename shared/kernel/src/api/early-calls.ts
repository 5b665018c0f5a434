// A deep link's first calls, started by the host before the page's code is in (docs/decisions/232):
// the remote's build lists them in its manifest, the host starts them as soon as it has read that
// manifest, and the page's own call of the same path — made a second or so later, once its code has
// arrived — takes that answer instead of asking again. The answer is parsed by the page's call with
// its endpoint's contract, as any other. On a deep link the host's early script has usually made them
// already, before the shell arrived (docs/decisions/236); the shell's warm-up makes those it finds not
// started, the same way: a plain `fetch` (@suwerte/federation/page-calls), never the API client,
// which a page's first calls must not wait for (docs/decisions/240).
import { claimEarlyCall, hasPageCall, startPageCalls, takePageCall, whenPageCallsAnswered } from '@suwerte/federation/page-calls';
import { forSiteType, whenRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../store/session-store';
import { loadApiClient } from './load-client';

/** How long an early answer waits for the page's call; after that it is dropped and the page asks itself. */
export const EARLY_CALL_MS = 15_000;

const currentToken = (): string | null => sessionStore.getState().user.token || null;

/**
 * Starts a GET of each path on the player API (the runtime config's, once it is read) with the
 * player's token, as the early script does, unless one is under way or the page has asked for the
 * path itself meanwhile. Only plain paths; a failed call is never handed over: the page asks again.
 */
export async function startEarlyCalls(paths: readonly string[], now: () => number = Date.now): Promise<void> {
  const token = currentToken();
  if (!token) return;
  const api = forSiteType((await whenRuntimeConfig()).api);
  // Signed out or in as someone else while the config was read: not this session's calls.
  if (currentToken() === token) startPageCalls(paths, api, token, now);
}

/**
 * The early answer of GET `path`, once: the data of a successful answer, or undefined when there
 * is none (never started, already taken, too old, made for another session or API, or failed) and
 * the caller must ask itself.
 */
export async function takeEarlyAnswer(path: string, now: () => number = Date.now): Promise<{ data: unknown } | undefined> {
  if (hasPageCall(path)) return takePageCall(path, forSiteType((await whenRuntimeConfig()).api), currentToken(), EARLY_CALL_MS, now);
  // The page asks for it itself (its code was first, on a fast link): from now on nobody starts it
  // early, or a later call — the account's refetch after a deposit — would be handed an answer made
  // before the change it asks about.
  claimEarlyCall(path);
  return undefined;
}

/**
 * Resolves once the page has its first data: every early call taken by the page's own call of its
 * path and answered (at once when none was made). At most EARLY_CALL_MS: an answer nobody has taken by
 * then is dropped anyway. What the first screen does not need waits for it: the API client, the
 * account's event stream (docs/decisions/241).
 */
export function whenEarlyAnswersIn(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, EARLY_CALL_MS);
    void whenPageCallsAnswered().then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Downloads the API client now, failing quietly. A deep link's first calls (the account's too) are
 * answered without it, so nothing else fetches it before the player's first action — a bet, a refresh
 * — which should not wait for it; the host asks for it once the page has its first data
 * (`whenEarlyAnswersIn`) and the browser is idle.
 */
export function prepareApiClient(): Promise<void> {
  return loadApiClient().then(
    () => undefined,
    () => undefined,
  );
}
