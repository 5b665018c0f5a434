import { QueryObserver } from '@tanstack/react-query';
import type { Account } from '@suwerte/contracts/account';
import { accountEndpoints } from '@suwerte/contracts/account';
import { historyEndpoints, membersEndpoints } from '@suwerte/contracts/members';
import { sessionStore } from '../store/session-store';
import { callEndpoint } from './call-endpoint';
import { whenEarlyAnswersIn } from './early-calls';
import { openEventStream } from './event-stream';
import { pendingSyncs, writeBalance } from './balance';
import { endpointQueryOptions, invalidateEndpoints, queryClient, setEndpointData } from './query';

/** Spec: the account result is applied 1000 ms after it arrives. */
export const ACCOUNT_APPLY_DELAY_MS = 1000;

const ACCOUNT = accountEndpoints.account;

export interface AccountSyncOptions {
  /** Called once the first `/account/` answer of the session is applied. */
  onFirstApply?: (account: Account) => void;
  /** The account stream opens no sooner than this settles as well (the host: once the page landed on is on the screen). */
  streamAfter?: Promise<unknown>;
}

/**
 * The one owner of the balance while a session lasts. The account is one query (`GET /account/`):
 * - fetched when the session starts and applied 1000 ms later (spec);
 * - then kept active, so every call that `invalidates` it refetches it at once;
 * - every answer in the cache — a refetch, a balance a money event carries (`writeBalance`) —
 *   is mirrored into the store by this one subscriber, for the shell (which does not load
 *   TanStack Query) and every remote;
 * - the account event stream writes the balance when it changes elsewhere (an operator's
 *   decision, a QR payment, a payout) and refreshes the lists a decision touches.
 * Failures other than 'ERROR VERIFYING TOKEN' (which signs out, in the API client) are ignored:
 * the header keeps the last balance. Returns what stops it (call it when the session ends).
 */
export function startAccountSync({ onFirstApply, streamAfter }: AccountSyncOptions = {}): () => void {
  const token = sessionStore.getState().user.token;
  if (!token) return () => undefined;
  const current = () => !stopped && sessionStore.getState().user.token === token;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe: () => void = () => undefined;
  let fetched: Account | null = null;
  let newerBalance: number | null = null;
  let applied = false;

  const apply = (account: Account) => {
    if (applied || !current()) return;
    applied = true;
    pendingSyncs.delete(early);
    clearTimeout(timer);
    unsubscribe = mirrorAccount(account);
    onFirstApply?.(account);
  };
  // A balance a money event carries before the first apply is newer than that answer: the
  // account is applied at once with it rather than showing an older balance a moment later.
  const early = (balance: number) => {
    if (fetched) apply({ ...fetched, balance });
    else newerBalance = balance;
  };
  pendingSyncs.add(early);

  callEndpoint(ACCOUNT)
    .then((account) => {
      fetched = account;
      if (newerBalance !== null) apply({ ...account, balance: newerBalance });
      else timer = setTimeout(() => apply(account), ACCOUNT_APPLY_DELAY_MS);
    })
    .catch(() => undefined);

  let opened = false;
  let stopEvents: () => void = () => undefined;
  // The stream opens once the page has its first data (at once where no early call was made): before
  // that it would hold one of the player API's connections, and wait for its own preflight, while the
  // page's first answers are on their way (docs/decisions/241); and not before `streamAfter`: no first
  // screen draws what it says (docs/decisions/246).
  void Promise.allSettled([whenEarlyAnswersIn(), streamAfter]).then(() => {
    if (!current()) return;
    stopEvents = openEventStream(accountEndpoints.events, {
      onMessage: ({ Balance, decided }) => {
        if (!current()) return;
        // The message sent when the stream opens is a resync, like /account/ itself: it waits
        // for the first apply. What follows is a change made elsewhere, applied at once.
        const change = opened;
        opened = true;
        if (change || applied) writeBalance(Balance);
        if (!change) return;
        invalidateEndpoints([historyEndpoints.transactions, historyEndpoints.bets]);
        const kinds = new Set(decided.map((request) => request.kind));
        if (kinds.has('deposits')) invalidateEndpoints([membersEndpoints.depositHistory]);
        if (kinds.has('withdrawals')) invalidateEndpoints([membersEndpoints.withdrawHistory]);
      },
    });
  });

  return () => {
    stopped = true;
    pendingSyncs.delete(early);
    clearTimeout(timer);
    unsubscribe();
    stopEvents();
  };
}

/**
 * Puts `account` into the account query and keeps that query active, mirroring each of its
 * answers into the store (the subscriber of `startAccountSync`; tests start it directly).
 * Returns what stops it.
 */
export function mirrorAccount(account: Account): () => void {
  const token = sessionStore.getState().user.token;
  const mirror = (answer: Account | undefined) => {
    if (answer && token && sessionStore.getState().user.token === token) sessionStore.getState().setAccount(answer);
  };
  setEndpointData(ACCOUNT, undefined, () => account);
  // Fresh until something invalidates it: a refetch is a reason, never a timer.
  const observer = new QueryObserver(queryClient, { ...endpointQueryOptions(ACCOUNT), staleTime: Infinity, refetchOnWindowFocus: false });
  const unsubscribe = observer.subscribe((result) => mirror(result.data));
  mirror(account);
  return unsubscribe;
}
