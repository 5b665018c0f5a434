import { randomInt } from 'node:crypto';
import {
  KARERA_ALERTS,
  KARERA_BET_FAILED_TEXT,
  KARERA_EVENTS,
  KARERA_PREVIOUS_COUNTED,
  KARERA_ROUND_LIMIT_TEXT,
  KareraBetRequestSchema,
  KareraSideSchema,
  kareraSideName,
  type KareraBetFailed,
  type KareraBetSuccessful,
  type KareraPhase,
  type KareraRoundState,
  type KareraServerPayloads,
  type KareraSide,
  type KareraTotalBet,
} from '@suwerte/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { LeaderStopReason } from '../../cluster/cluster';
import { moneyChange, transaction } from '../../db/money';
import type { Store } from '../../db/store';
import { fromCentavos, toCentavos } from '@suwerte/money';
import { InsufficientFundsError, readBalance } from '../ledger/ledger';
import type { KareraTimings } from './config';
import {
  RoundClosedError,
  RoundLimitError,
  betsOfRound,
  closeBetting,
  latestRound,
  openNextRound,
  openRounds,
  previousWinners,
  recordBet,
  roundStakes,
  settleRound,
  voidOpenRounds,
  voidRound,
  type RoundRow,
} from './rounds';

/** `totalbet` goes out at most this often while bets arrive (all bets of one tick share one). */
export const TOTALBET_INTERVAL_MS = 100;

export interface KareraPlayer {
  id: string;
  username: string;
}

/**
 * What the node that accepted a bet tells the other nodes once it committed (several nodes
 * share the database): the leader counts it in the round's totals. Checked when it arrives.
 */
export const KareraBetNoticeSchema = z.object({
  roundId: z.string().min(1),
  betId: z.string().min(1),
  userId: z.string().min(1),
  side: KareraSideSchema,
  stakeCentavos: z.number().int().positive(),
});
export type KareraBetNotice = z.infer<typeof KareraBetNoticeSchema>;

/** The events sent to every connected player (the rest answer one player). */
export type KareraBroadcastEvent = Exclude<keyof KareraServerPayloads, 'betsuccessful' | 'betfailed' | 'roundstate'>;
export type KareraBroadcast = <E extends KareraBroadcastEvent>(event: E, payload: KareraServerPayloads[E]) => void;

export interface KareraGameOptions {
  store: Store;
  /** The app clock, for database timestamps. Phase timers and phase ends use real time (every node reads them). */
  now: () => Date;
  timings: KareraTimings;
  /** Sends an event to every connected player (of every node). */
  broadcast: KareraBroadcast;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The winner of a round; a fair coin from the CSPRNG by default. */
  drawWinner?: () => KareraSide;
  /**
   * Other nodes share the database (cluster.shared): a page's resync is read from the database,
   * and each bet accepted here is told to the other nodes (`tellOtherNodes`) for the leader's
   * totals. Default false: this node alone, its memory is the round.
   */
  shared?: boolean;
  /** Sends a committed bet to the other nodes (shared only). */
  tellOtherNodes?: (notice: KareraBetNotice) => void;
  /**
   * A node that starts leading continues the round left open (same round, the phase with the
   * time it has left) and voids older leftovers; otherwise it voids every open round and returns
   * the stakes (one SQLite node restarting: as before issue 14). Default: on PostgreSQL.
   */
  continueRounds?: boolean;
}

export type KareraBetAnswer =
  | { event: typeof KARERA_EVENTS.betSuccessful; payload: KareraBetSuccessful }
  | { event: typeof KARERA_EVENTS.betFailed; payload: KareraBetFailed };

interface Round {
  id: string;
  totals: [number, number];
  /** Each player's stakes this round, [Uno, Dos] in centavos. */
  stakes: Map<string, [number, number]>;
  /** The bets in the totals: a bet told twice (a notice and a recount) counts once. */
  counted: Set<string>;
  winner: KareraSide | null;
}

/**
 * The Video Karera round loop (document 2, section 4): startbetting → bettingclose → DeclareWinner
 * → startbetting… on timers, run by the leader only (cluster.lead). Every phase change is written
 * to the round's row before it is broadcast, so a node that takes the lead continues the round
 * from the database. Bets are taken on every node: each is one money change (db/money.ts) that
 * finds the round open for betting in the database, under a shared lock on its row on
 * PostgreSQL (closing betting and settling lock the row: they wait for the bets in flight, and
 * no bet commits after betting closed); it is acknowledged — and counted in the leader's totals
 * — only once committed. Phase steps (open, close, settle) run one at a time on the timers;
 * each awaits its transaction and logs its failure.
 */
export class KareraGame {
  private phase: KareraPhase | null = null;
  private round: Round | null = null;
  private previous: KareraSide[] = [];
  /** When the phase ends (ms since epoch, real time). */
  private phaseEndsAt = 0;
  private phaseTimer: NodeJS.Timeout | null = null;
  private totalsTimer: NodeJS.Timeout | null = null;
  private lastTotalsAt = 0;
  private running = false;
  /** The phase step in progress (or done): stop() waits for it. */
  private step: Promise<void> = Promise.resolve();
  private readonly drawWinner: () => KareraSide;
  private readonly continueRounds: boolean;

  constructor(private readonly options: KareraGameOptions) {
    this.drawWinner = options.drawWinner ?? (() => (randomInt(1, 3) === 1 ? 1 : 2));
    this.continueRounds = options.continueRounds ?? options.store.engine === 'postgres';
  }

  /**
   * Starts the loop (this node leads): continues the round left open (PostgreSQL) or voids it
   * and returns its stakes (SQLite), then betting opens when no round is in play.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.runStep(() => this.takeOver());
  }

  /**
   * Stops the loop (this node stops leading). `handover`: another node continues the round in
   * play from the database; only the timers stop. `shutdown` (the only node closes): betting
   * stops, the round in play (if not yet settled) is voided and its stakes returned, and
   * players are told with `stopbetting`.
   */
  async stop(reason: LeaderStopReason = 'shutdown'): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.clearTimers();
    // A step in progress (a round opening, closing or being settled) finishes first.
    await this.step;
    this.clearTimers();
    const round = this.round;
    const settled = this.phase === 'result';
    this.phase = null;
    this.round = null;
    if (reason === 'handover') {
      this.options.log.info({ roundId: round?.id ?? null }, 'Video Karera: rounds handed over to another node');
      return;
    }
    if (round && !settled) {
      try {
        const { refunded } = await transaction(this.options.store, (q) => voidRound(q, { roundId: round.id, now: this.options.now() }));
        this.options.log.info({ roundId: round.id, refunded }, 'Video Karera: round stopped, stakes returned');
      } catch (error) {
        this.options.log.error({ err: error, roundId: round.id }, 'Video Karera: could not void the round; it is voided at the next start');
      }
    }
    this.options.broadcast(KARERA_EVENTS.stopBetting, { roundId: round?.id ?? null });
  }

  /** The state a player needs after (re)connecting: from the database when other nodes share it, else this node's memory. */
  async snapshot(playerId: string): Promise<KareraRoundState> {
    if (this.options.shared) return this.snapshotFromDatabase(playerId);
    const balanceCentavos = await readBalance(this.options.store.db, playerId);
    // The round's part is read after the balance, as it is when sent.
    const round = this.round;
    const stakes = round?.stakes.get(playerId) ?? [0, 0];
    return {
      roundId: round?.id ?? null,
      phase: this.phase,
      msLeft: this.phase ? msUntil(this.phaseEndsAt) : 0,
      totals: round ? inPesos(round.totals) : [0, 0],
      stakes: inPesos(stakes),
      winner: round?.winner ? kareraSideName(round.winner) : null,
      previous: [...this.previous],
      Balance: fromCentavos(balanceCentavos),
    };
  }

  /**
   * Handles the `bet` event of a player: the answer goes back to that player only, once the bet
   * is committed (a money change, docs/decisions/095) or refused.
   */
  async bet(player: KareraPlayer, raw: unknown): Promise<KareraBetAnswer> {
    const requestId = readRequestId(raw);
    const fail = (message: KareraBetFailed['message']): KareraBetAnswer => ({
      event: KARERA_EVENTS.betFailed,
      payload: requestId === undefined ? { message } : { message, requestId },
    });
    const parsed = KareraBetRequestSchema.safeParse(raw);
    if (!parsed.success) return fail(KARERA_ALERTS.invalidAmount);
    // The leader knows its round: outside betting a bet is refused without a query, in betting
    // it names the round. Elsewhere (or while taking over) the database finds the round.
    if (this.running && this.phase !== null && this.phase !== 'betting') return fail(KARERA_ALERTS.bettingClosed);
    const knownRoundId = this.running && this.phase === 'betting' ? this.round?.id : undefined;

    const side = parsed.data.bet;
    const stakeCentavos = toCentavos(parsed.data.Amount);
    let placed: { roundId: string; betId: string; balanceCentavos: number };
    try {
      placed = await moneyChange(this.options.store, (q) =>
        // The round's row says whether betting is open, checked where the bet is written.
        recordBet(q, { ...(knownRoundId === undefined ? {} : { roundId: knownRoundId }), userId: player.id, side, stakeCentavos, now: this.options.now() }),
      );
    } catch (error) {
      if (error instanceof RoundClosedError) return fail(KARERA_ALERTS.bettingClosed);
      if (error instanceof InsufficientFundsError) return fail(KARERA_ALERTS.notEnoughBalance);
      if (error instanceof RoundLimitError) return fail(KARERA_ROUND_LIMIT_TEXT);
      this.options.log.error({ err: error, player: player.username }, 'Video Karera: bet could not be recorded');
      return fail(KARERA_BET_FAILED_TEXT);
    }

    // Committed: now the totals count it — here if this node leads, and on the leader wherever
    // it is (this node may be handing the lead over right now; a bet counted twice counts once).
    const { roundId, betId, balanceCentavos } = placed;
    const notice: KareraBetNotice = { roundId, betId, userId: player.id, side, stakeCentavos };
    this.count(notice);
    if (this.options.shared) this.options.tellOtherNodes?.(notice);
    const payload: KareraBetSuccessful = { roundId, betId, bet: side, Amount: fromCentavos(stakeCentavos), Balance: fromCentavos(balanceCentavos) };
    if (requestId !== undefined) payload.requestId = requestId;
    return { event: KARERA_EVENTS.betSuccessful, payload };
  }

  /** A bet another node committed (its notice): the leader counts it in the totals. Anything else is ignored. */
  countBetOfAnotherNode(raw: unknown): void {
    const notice = KareraBetNoticeSchema.safeParse(raw);
    if (notice.success) this.count(notice.data);
    else this.options.log.warn({ notice: raw }, 'Video Karera: a bet notice that does not parse was ignored');
  }

  /** Counts a committed bet in the round's totals when this node runs that round. */
  private count(bet: KareraBetNotice): void {
    const round = this.round;
    if (!this.running || !round || round.id !== bet.roundId || round.counted.has(bet.betId)) return;
    addBet(round, { id: bet.betId, userId: bet.userId, side: bet.side, stakeCentavos: bet.stakeCentavos });
    // Also after betting closed: a bet committed before the close may be told a moment later.
    this.scheduleTotals();
  }

  /** Runs a phase step after the one before it; a failure is logged, never unhandled. */
  private runStep(work: () => Promise<void>): Promise<void> {
    const next = this.step.then(work).catch((error: unknown) => {
      this.options.log.error({ err: error }, 'Video Karera: a round step failed');
    });
    this.step = next;
    return next;
  }

  /**
   * The first step of a leader: the round left open is continued (or voided, see
   * `continueRounds`), the previous results are read, and betting opens when nothing is in play.
   * A database that does not answer: tried again after a pause.
   */
  private async takeOver(): Promise<void> {
    if (!this.running) return;
    const { store, now, log, timings } = this.options;
    let carriedOn = false;
    try {
      this.previous = await previousWinners(store.db, KARERA_PREVIOUS_COUNTED);
      if (this.continueRounds) carriedOn = await this.continueLeftRound();
      else {
        const voided = await transaction(store, (q) => voidOpenRounds(q, now()));
        if (voided > 0) log.warn({ voided }, 'Video Karera: rounds left open by a previous run were voided and their bets returned');
      }
    } catch (error) {
      log.error({ err: error }, 'Video Karera: could not read the rounds left open; trying again');
      this.round = null;
      this.retryLater(timings.resultMs, () => this.takeOver());
      return;
    }
    if (!carriedOn) await this.beginBetting();
  }

  /**
   * Continues the newest open round where the database says it is (older leftovers are voided),
   * or waits out the result still on show. Returns whether a round is in play.
   */
  private async continueLeftRound(): Promise<boolean> {
    const { store, now, log } = this.options;
    const [newest, ...older] = await openRounds(store.db);
    if (newest && older.length > 0) {
      const voided = await transaction(store, (q) => voidOpenRounds(q, now(), { keep: newest.id }));
      log.warn({ voided, continued: newest.id }, 'Video Karera: older rounds left open were voided and their bets returned');
    }
    if (newest) {
      await this.resume(newest);
      return true;
    }
    const last = await latestRound(store.db);
    if (last?.status !== 'settled' || last.phaseEndsAt === null || last.phaseEndsAt <= Date.now()) return false;
    const round = await this.load(last);
    round.winner = last.winner;
    this.setPhase('result', last.phaseEndsAt, () => this.beginBetting());
    return true;
  }

  /** Takes an open round in hand: its totals from the bets table, its phase with the time it has left (none: it moves on at once). */
  private async resume(row: RoundRow): Promise<void> {
    await this.load(row);
    const endsAt = row.phaseEndsAt ?? Date.now();
    if (row.phase === 'betting') {
      this.setPhase('betting', endsAt, () => this.closeBetting());
      this.flushTotals();
    } else {
      this.setPhase('closed', endsAt, () => this.declareWinner());
    }
    this.options.log.info({ roundId: row.id, phase: row.phase, msLeft: msUntil(endsAt) }, 'Video Karera: continuing the round in play');
  }

  /**
   * Makes `row` this node's round and counts its bets from the database. The round is in memory
   * first: a bet told meanwhile is counted, and the recount adds only the bets not yet counted.
   */
  private async load(row: RoundRow): Promise<Round> {
    const round = newRound(row.id);
    this.round = round;
    for (const bet of await betsOfRound(this.options.store.db, row.id)) if (!round.counted.has(bet.id)) addBet(round, bet);
    return round;
  }

  /** The round's totals and stakes as the database has them (its bets, summed anew); kept as they were if it does not answer. */
  private async recount(round: Round): Promise<void> {
    try {
      const bets = await betsOfRound(this.options.store.db, round.id);
      const fresh = newRound(round.id);
      for (const bet of bets) addBet(fresh, bet);
      const missed = fresh.counted.size - round.counted.size;
      if (missed > 0) this.options.log.warn({ roundId: round.id, missed }, 'Video Karera: bets of other nodes were not told; the totals at the close count them');
      round.totals = fresh.totals;
      round.stakes = fresh.stakes;
      round.counted = fresh.counted;
    } catch (error) {
      this.options.log.error({ err: error, roundId: round.id }, 'Video Karera: could not recount the totals at the close; they stay as told');
    }
  }

  private async beginBetting(): Promise<void> {
    if (!this.running) return;
    const { store, now, timings, broadcast, log } = this.options;
    const bettingEndsAt = Date.now() + timings.bettingMs;
    let next: { round: RoundRow; opened: boolean };
    try {
      next = await transaction(store, (q) => openNextRound(q, now(), new Date(bettingEndsAt)));
    } catch (error) {
      // The database may be busy or full: try again after a pause rather than stop the game.
      log.error({ err: error }, 'Video Karera: could not open a round; retrying');
      this.round = null;
      this.setPhase(null, Date.now() + timings.resultMs, () => this.beginBetting());
      return;
    }
    if (!next.opened) {
      // Another leader opened it a moment ago (two leaders overlap while one hands over).
      await this.resume(next.round);
      return;
    }
    this.round = newRound(next.round.id);
    // Opened while the server was stopping: stop() (waiting for this step) decides on it.
    if (!this.running) {
      this.phase = 'betting';
      return;
    }
    this.setPhase('betting', bettingEndsAt, () => this.closeBetting());
    broadcast(KARERA_EVENTS.startBetting, { roundId: next.round.id, msLeft: msUntil(bettingEndsAt) });
    this.flushTotals();
  }

  private async closeBetting(): Promise<void> {
    const round = this.round;
    if (!round) return;
    const { store, timings, log } = this.options;
    // The race ends when planned: a close that comes late (a leader taking over) shortens it.
    const closedEndsAt = this.phaseEndsAt + timings.closedMs;
    try {
      await transaction(store, (q) => closeBetting(q, { roundId: round.id, closedEndsAt: new Date(closedEndsAt) }));
    } catch (error) {
      if (error instanceof RoundClosedError) {
        // Settled or voided by another node (two leaders overlapped): on to the next round.
        log.warn({ roundId: round.id }, 'Video Karera: the round was closed elsewhere');
        this.round = null;
        this.setPhase(null, Date.now(), () => this.beginBetting());
        return;
      }
      // Betting stays open (the database says so) until the close is written.
      log.error({ err: error, roundId: round.id }, 'Video Karera: could not close betting; retrying');
      this.retryLater(timings.resultMs, () => this.closeBetting());
      return;
    }
    // Closed in the database: no bet commits any more. With other nodes, the totals shown at the
    // close are recounted from it — a bet another node took but could not tell (its notice is
    // fire-and-forget over Redis, which may be away) is in them (docs/decisions/184).
    if (this.options.shared) await this.recount(round);
    this.setPhase('closed', closedEndsAt, () => this.declareWinner());
    // The final totals go out with the close, not up to 100 ms later.
    this.flushTotals();
    this.options.broadcast(KARERA_EVENTS.bettingClose, { roundId: round.id, msLeft: msUntil(closedEndsAt) });
  }

  private async declareWinner(): Promise<void> {
    const round = this.round;
    if (!round) return;
    const { store, now, timings, broadcast, log } = this.options;
    const winner = this.drawWinner();
    const resultEndsAt = Date.now() + timings.resultMs;
    try {
      const settlement = await transaction(store, (q) => settleRound(q, { roundId: round.id, winner, now: now(), resultEndsAt: new Date(resultEndsAt) }));
      log.info({ roundId: round.id, winner: kareraSideName(winner), bets: settlement.bets, paidCentavos: settlement.paidCentavos }, 'Video Karera: round settled');
    } catch (error) {
      this.round = null;
      if (error instanceof RoundClosedError) {
        // Settled (and announced) by another node: nothing more to do with it here.
        log.warn({ roundId: round.id }, 'Video Karera: the round was settled elsewhere');
        this.setPhase(null, Date.now() + timings.resultMs, () => this.beginBetting());
        return;
      }
      // Settlement is one transaction: nothing was paid. Return the stakes instead.
      log.error({ err: error, roundId: round.id }, 'Video Karera: settlement failed; voiding the round');
      try {
        await transaction(store, (q) => voidRound(q, { roundId: round.id, now: now() }));
      } catch (voidError) {
        log.error({ err: voidError, roundId: round.id }, 'Video Karera: could not void the round; it is voided at the next start');
      }
      broadcast(KARERA_EVENTS.stopBetting, { roundId: round.id });
      this.setPhase(null, Date.now() + timings.resultMs, () => this.beginBetting());
      return;
    }
    round.winner = winner;
    this.previous = [winner, ...this.previous].slice(0, KARERA_PREVIOUS_COUNTED);
    this.setPhase('result', resultEndsAt, () => this.beginBetting());
    // Settled before announced: a page that reloads the balance on DeclareWinner sees the payout.
    broadcast(KARERA_EVENTS.declareWinner, { roundId: round.id, winner: kareraSideName(winner), msLeft: msUntil(resultEndsAt) });
    broadcast(KARERA_EVENTS.previousWinner, [...this.previous]);
  }

  /** The state a page resyncs to, read from the database (any node, whoever leads). */
  private async snapshotFromDatabase(playerId: string): Promise<KareraRoundState> {
    const { db } = this.options.store;
    const balanceCentavos = await readBalance(db, playerId);
    const previous = await previousWinners(db, KARERA_PREVIOUS_COUNTED);
    const row = await latestRound(db);
    const state: KareraRoundState = {
      roundId: null,
      phase: null,
      msLeft: 0,
      totals: [0, 0],
      stakes: [0, 0],
      winner: null,
      previous,
      Balance: fromCentavos(balanceCentavos),
    };
    // A voided round is no round in play.
    if (!row || row.status === 'void') return state;
    const { totals, stakes } = await roundStakes(db, row.id, playerId);
    return {
      ...state,
      roundId: row.id,
      phase: row.phase,
      msLeft: row.phaseEndsAt === null ? 0 : msUntil(row.phaseEndsAt),
      totals: inPesos(totals),
      stakes: inPesos(stakes),
      winner: row.winner ? kareraSideName(row.winner) : null,
    };
  }

  /** Enters `phase` until `endsAt` (ms since epoch), then runs `next` — at once if that time has passed. */
  private setPhase(phase: KareraPhase | null, endsAt: number, next: () => Promise<void>): void {
    this.phase = phase;
    this.phaseEndsAt = endsAt;
    this.retryLater(msUntil(endsAt), next);
  }

  /** Runs `next` as a step after `ms`, the phase unchanged. */
  private retryLater(ms: number, next: () => Promise<void>): void {
    if (this.phaseTimer) clearTimeout(this.phaseTimer);
    this.phaseTimer = null;
    // Stopping: the phase is recorded (stop() decides on the round from it), no next step.
    if (!this.running) return;
    this.phaseTimer = setTimeout(() => {
      this.phaseTimer = null;
      if (this.running) void this.runStep(next);
    }, ms);
  }

  private scheduleTotals(): void {
    if (this.totalsTimer) return;
    const wait = Math.max(0, this.lastTotalsAt + TOTALBET_INTERVAL_MS - Date.now());
    this.totalsTimer = setTimeout(() => this.flushTotals(), wait);
  }

  private flushTotals(): void {
    if (this.totalsTimer) clearTimeout(this.totalsTimer);
    this.totalsTimer = null;
    const round = this.round;
    if (!round || !this.running) return;
    this.lastTotalsAt = Date.now();
    this.options.broadcast(KARERA_EVENTS.totalBet, inPesos(round.totals));
  }

  private clearTimers(): void {
    if (this.phaseTimer) clearTimeout(this.phaseTimer);
    if (this.totalsTimer) clearTimeout(this.totalsTimer);
    this.phaseTimer = null;
    this.totalsTimer = null;
  }
}

function newRound(id: string): Round {
  return { id, totals: [0, 0], stakes: new Map(), counted: new Set(), winner: null };
}

function addBet(round: Round, bet: { id: string; userId: string; side: KareraSide; stakeCentavos: number }): void {
  const index = bet.side === 1 ? 0 : 1;
  round.counted.add(bet.id);
  round.totals[index] += bet.stakeCentavos;
  const stakes = round.stakes.get(bet.userId) ?? [0, 0];
  stakes[index] += bet.stakeCentavos;
  round.stakes.set(bet.userId, stakes);
}

function inPesos(centavos: readonly [number, number]): KareraTotalBet {
  return [fromCentavos(centavos[0]), fromCentavos(centavos[1])];
}

/** Milliseconds from now until `at` (ms since epoch), never negative. */
function msUntil(at: number): number {
  return Math.max(0, Math.round(at - Date.now()));
}

/** A bet's `requestId` (ours: the page matches the answer to its bet), when it is a sensible one. */
export function readRequestId(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || !('requestId' in raw)) return undefined;
  const value = (raw as { requestId: unknown }).requestId;
  return typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined;
}
