// A deep link's first calls, started by the host before the page's code is in (docs/decisions/232):
// the remote's build lists them in its manifest, the host's warm-up starts them through the site's
// API client as soon as it has read that manifest, and the page's own call of the same path — made
// a second or so later, once its code has arrived — takes that answer instead of asking again. The
// answer is parsed by the page's call with its endpoint's contract, as any other. On a deep link the
// host's early script has usually made them already, before the shell arrived (docs/decisions/236):
// those answers are taken the same way (@suwerte/federation/page-calls), and not asked for again.
import { isEarlyCallPath } from '@suwerte/federation/early-call-path';
import { claimEarlyCall, forgetPageCalls, hasPageCall, takePageCall } from '@suwerte/federation/page-calls';
import type { AxiosResponse } from 'axios';
import { forSiteType, whenRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../store/session-store';
import { loadApiClient } from './load-client';

/** How long an early answer waits for the page's call; after that it is dropped and the page asks itself. */
export const EARLY_CALL_MS = 15_000;

interface EarlyCall {
  answer: Promise<AxiosResponse<unknown>>;
  startedAt: number;
  /** The session it was made for: another player's (a sign-out and sign-in since) never gets it. */
  token: string | null;
}

const currentToken = (): string | null => sessionStore.getState().user.token || null;

const early = new Map<string, EarlyCall>();


/**
 * Starts a GET of each path on the player API now (with the player's token, as the page's own call
 * would), unless one is under way. A failed call is never handed over: the page asks again.
 */
export function startEarlyCalls(paths: readonly string[], now: () => number = Date.now): void {
  for (const path of paths) {
    if (!isEarlyCallPath(path) || early.has(path) || !claimEarlyCall(path)) continue;
    const answer = loadApiClient().then((apiClient) => apiClient.request<unknown>({ method: 'GET', url: path }));
    // Nobody may await it (the page never comes): its failure is the page's to see, not an unhandled rejection.
    answer.catch(() => undefined);
    early.set(path, { answer, startedAt: now(), token: currentToken() });
  }
}

/**
 * The early answer of GET `path`, once: the data of a successful answer, or undefined when there
 * is none (never started, already taken, too old, made for another session, or failed) and the
 * caller must ask itself.
 */
export async function takeEarlyAnswer(path: string, now: () => number = Date.now): Promise<{ data: unknown } | undefined> {
  const call = early.get(path);
  if (!call) {
    if (hasPageCall(path)) return takePageCall(path, forSiteType((await whenRuntimeConfig()).api), currentToken(), EARLY_CALL_MS, now);
    // The page asks for it itself (its code was first, on a fast link): from now on nobody starts it
    // early, or a later call — the account's refetch after a deposit — would be handed an answer made
    // before the change it asks about.
    claimEarlyCall(path);
    return undefined;
  }
  early.delete(path);
  if (now() - call.startedAt > EARLY_CALL_MS || call.token !== currentToken()) return undefined;
  try {
    const { data } = await call.answer;
    return { data };
  } catch {
    return undefined;
  }
}

/**
 * Downloads the API client now, failing quietly. A deep link's first calls (the account's too) are
 * answered without it, so nothing else fetches it before the player's first action — a bet, a refresh
 * — which should not wait for it; the host asks for it once the page is in and the browser idle.
 */
export function prepareApiClient(): Promise<void> {
  return loadApiClient().then(
    () => undefined,
    () => undefined,
  );
}

/** Tests: forgets every early call (the early script's too). */
export function forgetEarlyCalls(): void {
  early.clear();
  forgetPageCalls();
}
