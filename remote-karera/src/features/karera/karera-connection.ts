import { KARERA_ALERTS, KARERA_BET_FAILED_TEXT, KARERA_SOCKET_OPTIONS, KareraBetFailedSchema, KareraBetSuccessfulSchema, KareraBettingCloseSchema, KareraDeclareWinnerSchema, KareraPreviousWinnerSchema, KareraRoundStateSchema, KareraStartBettingSchema, KareraStopBettingSchema, KareraTotalBetSchema, kareraSideOf, type KareraClientToServerEvents, type KareraServerToClientEvents, type KareraSide } from '@suwerte/contracts/karera';
import { sessionStore, writeBalance } from '@suwerte/shared';
import { kareraConnectionParams } from './karera-params';
import { kareraStore, type KareraState } from './karera-store';
import { formatPeso } from '@suwerte/money';
import { afterPaint } from '@suwerte/ui';
import { io, type Socket } from 'socket.io-client';
import { payoutIfWins } from './payout';

/**
 * The page's one Video Karera connection (document 2, section 7). Pages acquire it while they
 * are mounted; the last one to leave closes it after a short grace period (so moving between
 * Video Karera and the Uno/Dos table, or React's StrictMode double mount, keeps one socket).
 * Every server event lands in the page's store (karera-store.ts), which the pages render.
 */

type KareraSocket = Socket<KareraServerToClientEvents, KareraClientToServerEvents>;

/** How long a released connection stays open in case a page takes it again. */
export const RELEASE_GRACE_MS = 1_500;
/** A bet without an answer by then is reported as failed (the socket probably dropped). */
export const BET_ANSWER_TIMEOUT_MS = 10_000;
/** Shown when a bet cannot be sent or gets no answer (the spec has no text for it). */
export const CONNECTION_LOST_TEXT = 'Connection lost — bet not placed';

export type BetOutcome = { ok: true } | { ok: false; message: string };

let socket: KareraSocket | null = null;
/** The player the socket was opened for: another player's sign-in needs a socket of their own. */
let socketPlayer: string | null = null;
/** Reconnections tried since the socket was last live (the delay doubles, 1 s up to 5 s). */
let reconnectAttempts = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let users = 0;
let releaseTimer: ReturnType<typeof setTimeout> | null = null;
/** Bumped whenever the connection is closed, so a connect still awaiting its config gives up. */
let generation = 0;
let nextRequest = 0;
const pendingBets = new Map<string, { resolve: (outcome: BetOutcome) => void; timer: ReturnType<typeof setTimeout> }>();

const set = (patch: Partial<KareraState>) => kareraStore.getState().setKarera(patch);
const karera = (): KareraState => kareraStore.getState();

/** Shows one of the alerts (they hide after 3 s; see KareraAlert). */
export function showKareraAlert(message: string): void {
  set({ alert: message, alertSeq: karera().alertSeq + 1 });
}

interface Contract<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** Server events are checked against their contracts; a malformed one is ignored, never a crash. */
function parsed<T>(schema: Contract<T>, payload: unknown, event: string): T | null {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  console.warn(`Video Karera: ignored a malformed ${event} event`);
  return null;
}

function settlePending(requestId: string | undefined, outcome: BetOutcome): void {
  if (requestId === undefined) return;
  const pending = pendingBets.get(requestId);
  if (!pending) return;
  clearTimeout(pending.timer);
  pendingBets.delete(requestId);
  pending.resolve(outcome);
}

function failAllPending(): void {
  for (const requestId of [...pendingBets.keys()]) settlePending(requestId, { ok: false, message: CONNECTION_LOST_TEXT });
}

/**
 * Connects `s` again after the spec's delay (1 s, doubling up to 5 s), with a new ticket: each
 * ticket opens one connection (docs/decisions/142), so socket.io's own reconnection, which sends
 * the same query again, is off. A session that ended gets no ticket: the API client signs out.
 */
function reconnectLater(s: KareraSocket): void {
  // One reconnection at a time (a failed attempt may report more than one error).
  if (reconnectTimer) return;
  const delay = Math.min(s.io.reconnectionDelay() * 2 ** reconnectAttempts, s.io.reconnectionDelayMax());
  reconnectAttempts += 1;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    void reconnect(s);
  }, delay);
}

async function reconnect(s: KareraSocket): Promise<void> {
  if (socket !== s || s.connected) return;
  set({ connection: 'reconnecting' });
  const params = await kareraConnectionParams().catch(() => null);
  if (socket !== s || s.connected) return;
  if (!params) {
    // No ticket: signed out meanwhile (nothing more to do), or the API is unreachable (try again).
    if (sessionStore.getState().user.token) reconnectLater(s);
    return;
  }
  s.io.opts.query = params.query;
  s.connect();
}

function wire(s: KareraSocket): void {
  let everLive = false;

  s.on('connect', () => {
    everLive = true;
    reconnectAttempts = 0;
    set({ connection: 'live' });
  });
  s.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    set({ connection: 'reconnecting', bettingOpen: false });
    failAllPending();
    reconnectLater(s);
  });
  s.on('connect_error', () => {
    // A refused handshake (an expired or used ticket, an ended session: ERROR VERIFYING TOKEN) or
    // no answer: connect again with a new ticket. A refusal is no sign-out by itself: the ticket
    // call says whether the session is over (the API client signs out on its 401).
    set({ connection: everLive ? 'reconnecting' : 'connecting' });
    reconnectLater(s);
  });

  s.on('roundstate', (payload) => {
    const state = parsed(KareraRoundStateSchema, payload, 'roundstate');
    if (!state) return;
    // The resync after (re)connecting: the round, totals, own stakes and previous results.
    set({
      roundId: state.roundId,
      phase: state.phase,
      phaseEndsAt: state.phase ? Date.now() + state.msLeft : null,
      bettingOpen: state.phase === 'betting' || state.phase === 'result',
      totals: { uno: state.totals[0], dos: state.totals[1] },
      UnoAmount: state.stakes[0],
      DosAmount: state.stakes[1],
      winner: state.winner ? kareraSideOf(state.winner) : null,
      previousWinner: state.previous,
    });
    // The resync carries the balance: the page can take bets without waiting for /account/.
    writeBalance(state.Balance);
  });
  s.on('startbetting', (payload) => {
    const start = parsed(KareraStartBettingSchema, payload, 'startbetting');
    if (!start) return;
    set({
      roundId: start.roundId,
      phase: 'betting',
      phaseEndsAt: Date.now() + start.msLeft,
      bettingOpen: true,
      winner: null,
      UnoAmount: 0,
      DosAmount: 0,
      totals: { uno: 0, dos: 0 },
    });
    showKareraAlert(KARERA_ALERTS.startBetting);
  });
  s.on('bettingclose', (payload) => {
    const close = parsed(KareraBettingCloseSchema, payload, 'bettingclose');
    if (!close) return;
    set({ phase: 'closed', phaseEndsAt: Date.now() + close.msLeft, bettingOpen: false });
    showKareraAlert(KARERA_ALERTS.bettingClosed);
  });
  s.on('stopbetting', (payload) => {
    if (!parsed(KareraStopBettingSchema, payload, 'stopbetting')) return;
    set({ phase: null, phaseEndsAt: null, bettingOpen: false });
    // The round in play was refunded: the account stream brings the balance back.
    showKareraAlert(KARERA_ALERTS.bettingStopped);
  });
  s.on('DeclareWinner', (payload) => {
    const declared = parsed(KareraDeclareWinnerSchema, payload, 'DeclareWinner');
    if (!declared) return;
    announceOutcome(kareraSideOf(declared.winner));
    // Spec: DeclareWinner re-enables the betting state. A bet confirmed now goes into the next
    // round: it waits for startbetting (`whenRoundOpens`), since the server's next round opens then.
    // Settled before declared: a payout reaches the header through the account stream.
    set({ phase: 'result', phaseEndsAt: Date.now() + declared.msLeft, bettingOpen: true, winner: kareraSideOf(declared.winner) });
  });
  s.on('previouswinner', (payload) => {
    const previous = parsed(KareraPreviousWinnerSchema, payload, 'previouswinner');
    if (previous) set({ previousWinner: previous });
  });
  s.on('totalbet', (payload) => {
    const totals = parsed(KareraTotalBetSchema, payload, 'totalbet');
    if (totals) set({ totals: { uno: totals[0], dos: totals[1] } });
  });
  s.on('betsuccessful', (payload) => {
    const success = parsed(KareraBetSuccessfulSchema, payload, 'betsuccessful');
    if (!success) return;
    const state = karera();
    if (success.roundId === state.roundId) {
      set(success.bet === 1 ? { UnoAmount: state.UnoAmount + success.Amount } : { DosAmount: state.DosAmount + success.Amount });
    }
    showKareraAlert(KARERA_ALERTS.betSuccess);
    // The stake is debited: the answer carries the balance after it (no /account/ call).
    writeBalance(success.Balance);
    settlePending(success.requestId, { ok: true });
  });
  s.on('betfailed', (payload) => {
    const failure = parsed(KareraBetFailedSchema, payload, 'betfailed');
    if (!failure) return;
    showKareraAlert(failure.message);
    settlePending(failure.requestId, { ok: false, message: failure.message });
  });
}

async function open(): Promise<void> {
  const mine = ++generation;
  // The ticket's call (and the API client it loads) after the page's first screen is on show: a
  // deep link draws its title without them (docs/decisions/246).
  await afterPaint();
  if (mine !== generation || users === 0) return;
  const params = await kareraConnectionParams().catch(() => undefined);
  // Released (or re-opened) while the ticket and the runtime config came, or nobody signed in.
  if (mine !== generation || users === 0 || params === null) return;
  if (!params) {
    // The ticket call failed: an ended session signed out (nothing to do), else try again later.
    setTimeout(() => {
      if (mine === generation && users > 0 && !socket && sessionStore.getState().user.token) void open();
    }, KARERA_SOCKET_OPTIONS.reconnectionDelayMax);
    return;
  }
  const s: KareraSocket = io(params.origin, {
    path: params.path,
    query: params.query,
    // WebSocket first (no CORS, one connection); long-polling if a proxy refuses it.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    // Each connection needs a new ticket: reconnectLater does it, with the spec's delays.
    reconnection: false,
    reconnectionDelay: params.options.reconnectionDelay,
    reconnectionDelayMax: params.options.reconnectionDelayMax,
    timeout: params.options.timeout,
  });
  socket = s;
  socketPlayer = params.query.username;
  reconnectAttempts = 0;
  wire(s);
}

function close(): void {
  generation += 1;
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  socket?.disconnect();
  socket = null;
  socketPlayer = null;
  failAllPending();
  kareraStore.getState().resetKarera();
}

/** Takes the connection for a page; call the returned function when the page unmounts. */
export function acquireKareraConnection(): () => void {
  users += 1;
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = null;
  const { name, token } = sessionStore.getState().user;
  // Another player signed in meanwhile (or nobody is): the socket must be theirs.
  if (socket && (socketPlayer !== name || !token)) close();
  if (!socket) {
    set({ connection: 'connecting' });
    void open();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users > 0) return;
    releaseTimer = setTimeout(() => {
      releaseTimer = null;
      if (users === 0) close();
    }, RELEASE_GRACE_MS);
  };
}

/**
 * Tells a player who had a stake in the round what it did for them (the spec has no text for it;
 * docs/decisions/083): a win with what it paid, or the stake returned because nobody backed the
 * other side. A loss needs no alert: the flipped WINNER card says it.
 */
function announceOutcome(winner: KareraSide): void {
  const { UnoAmount, DosAmount, totals } = karera();
  const [stake, sideTotal, otherTotal] = winner === 1 ? [UnoAmount, totals.uno, totals.dos] : [DosAmount, totals.dos, totals.uno];
  if (stake <= 0) return;
  if (otherTotal <= 0) showKareraAlert(kareraOutcomeText.refunded(stake));
  else showKareraAlert(kareraOutcomeText.won(payoutIfWins(stake, sideTotal, otherTotal)));
}

const WON = 'You won!';
const REFUNDED = 'No bets on the other side:';

/** The outcome alerts' texts (not in the spec; docs/decisions/083). */
export const kareraOutcomeText = {
  won: (paid: number) => `${WON} ${formatPeso(paid)} is in your balance`,
  refunded: (stake: number) => `${REFUNDED} your ${formatPeso(stake)} stake is back`,
};

/** Whether an alert is good news about the player's own stake (shown like 'Bet Success'). */
export const isKareraOutcomeText = (message: string): boolean => message.startsWith(WON) || message.startsWith(REFUNDED);

/**
 * Resolves true once a round takes bets (the startbetting that follows DeclareWinner), false if
 * the connection drops, the game stops or the round does not open in time: a bet confirmed while
 * the winner is on show is sent into the next round, never into one the player did not see open.
 */
export function whenRoundOpens(): Promise<boolean> {
  const game = karera();
  if (game.connection === 'live' && game.phase === 'betting') return Promise.resolve(true);
  if (game.connection !== 'live' || game.phase !== 'result') return Promise.resolve(false);
  const waitMs = Math.max(0, (game.phaseEndsAt ?? Date.now()) - Date.now()) + BET_ANSWER_TIMEOUT_MS;
  return new Promise((resolve) => {
    const finish = (opened: boolean) => {
      unsubscribe();
      clearTimeout(timer);
      resolve(opened);
    };
    const unsubscribe = kareraStore.subscribe((now) => {
      if (now.connection === 'live' && now.phase === 'betting') finish(true);
      else if (now.connection !== 'live' || now.phase === null) finish(false);
    });
    const timer = setTimeout(() => finish(false), waitMs);
  });
}

/** Sends `bet {bet, Amount}` and resolves with the server's answer. Nothing is sent while offline. */
export function placeKareraBet(side: KareraSide, amount: number): Promise<BetOutcome> {
  const s = socket;
  if (!s?.connected) {
    showKareraAlert(CONNECTION_LOST_TEXT);
    return Promise.resolve({ ok: false, message: CONNECTION_LOST_TEXT });
  }
  nextRequest += 1;
  const requestId = `b${Date.now().toString(36)}${nextRequest}`;
  return new Promise<BetOutcome>((resolve) => {
    const timer = setTimeout(() => {
      pendingBets.delete(requestId);
      showKareraAlert(KARERA_BET_FAILED_TEXT);
      resolve({ ok: false, message: KARERA_BET_FAILED_TEXT });
    }, BET_ANSWER_TIMEOUT_MS);
    pendingBets.set(requestId, { resolve, timer });
    // Never buffered: a bet queued while offline could land in a later round.
    s.volatile.emit('bet', { bet: side, Amount: amount, requestId });
  });
}

/** For tests: closes any connection at once and forgets the users. */
export function resetKareraConnectionForTests(): void {
  users = 0;
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = null;
  close();
}
