import { randomInt } from 'node:crypto';
import {
  KARERA_ALERTS,
  KARERA_BET_FAILED_TEXT,
  KARERA_EVENTS,
  KARERA_PREVIOUS_COUNTED,
  KareraBetRequestSchema,
  kareraSideName,
  type KareraBetFailed,
  type KareraBetSuccessful,
  type KareraPhase,
  type KareraRoundState,
  type KareraServerPayloads,
  type KareraSide,
  type KareraTotalBet,
} from '@suwerte/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { moneyChange, transaction } from '../../db/money';
import type { Store } from '../../db/store';
import { fromCentavos, toCentavos } from '@suwerte/shared/money';
import { InsufficientFundsError, readBalance } from '../ledger/ledger';
import type { KareraTimings } from './config';
import { RoundClosedError, openRound, previousWinners, recordBet, settleRound, voidOpenRounds, voidRound } from './rounds';

/** `totalbet` goes out at most this often while bets arrive (all bets of one tick share one). */
export const TOTALBET_INTERVAL_MS = 100;

/**
 * On PostgreSQL (several nodes may each run rounds), a round still open this long after it
 * opened is a leftover of a node that stopped without closing it: no live round lasts longer.
 */
const STALE_ROUND_GRACE_MS = 60_000;

export interface KareraPlayer {
  id: string;
  username: string;
}

/** The events sent to every connected player (the rest answer one player). */
export type KareraBroadcastEvent = Exclude<keyof KareraServerPayloads, 'betsuccessful' | 'betfailed' | 'roundstate'>;
export type KareraBroadcast = <E extends KareraBroadcastEvent>(event: E, payload: KareraServerPayloads[E]) => void;

export interface KareraGameOptions {
  store: Store;
  /** The app clock, for database timestamps. Phase timers use real time. */
  now: () => Date;
  timings: KareraTimings;
  /** Sends an event to every connected player. */
  broadcast: KareraBroadcast;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The winner of a round; a fair coin from the CSPRNG by default. */
  drawWinner?: () => KareraSide;
}

export type KareraBetAnswer =
  | { event: typeof KARERA_EVENTS.betSuccessful; payload: KareraBetSuccessful }
  | { event: typeof KARERA_EVENTS.betFailed; payload: KareraBetFailed };

interface Round {
  id: string;
  totals: [number, number];
  /** Each player's stakes this round, [Uno, Dos] in centavos. */
  stakes: Map<string, [number, number]>;
  winner: KareraSide | null;
}

/**
 * The Video Karera round loop (document 2, section 4): startbetting → bettingclose → DeclareWinner
 * → startbetting… on timers. Bets are accepted only while betting is open; each is one money
 * change (db/money.ts) through the bets module, acknowledged — and counted in the round's
 * totals — only once committed. The phase is checked where the bet is written, and the round's
 * row is checked open in the bet's own transaction (on PostgreSQL a shared lock on it, so the
 * settlement waits for every bet in flight). Phase steps (open, close, settle) run one at a
 * time on the timers; each awaits its transaction and logs its failure.
 */
export class KareraGame {
  private phase: KareraPhase | null = null;
  private round: Round | null = null;
  private previous: KareraSide[] = [];
  private phaseEndsAt = 0;
  private phaseTimer: NodeJS.Timeout | null = null;
  private totalsTimer: NodeJS.Timeout | null = null;
  private lastTotalsAt = 0;
  private running = false;
  /** The phase step in progress (or done): stop() waits for it before voiding the round. */
  private step: Promise<void> = Promise.resolve();
  private readonly drawWinner: () => KareraSide;

  constructor(private readonly options: KareraGameOptions) {
    this.drawWinner = options.drawWinner ?? (() => (randomInt(1, 3) === 1 ? 1 : 2));
  }

  get isRunning(): boolean {
    return this.running;
  }

  /**
   * Starts the loop: rounds a crash left open are refunded first, then betting opens. On SQLite
   * (one node) every open round is such a leftover; on PostgreSQL only those older than any
   * live round (other nodes may be in play).
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { store, now, log, timings } = this.options;
    await this.runStep(async () => {
      try {
        const at = now();
        const startedBefore =
          store.engine === 'postgres' ? new Date(at.getTime() - (timings.bettingMs + timings.closedMs + timings.resultMs + STALE_ROUND_GRACE_MS)) : undefined;
        const voided = await transaction(store, (q) => voidOpenRounds(q, at, startedBefore ? { startedBefore } : {}));
        if (voided > 0) log.warn({ voided }, 'Video Karera: rounds left open by a previous run were voided and their bets returned');
      } catch (error) {
        log.error({ err: error }, 'Video Karera: could not void the rounds left open; trying again at the next start');
      }
      try {
        this.previous = await previousWinners(store.db, KARERA_PREVIOUS_COUNTED);
      } catch (error) {
        log.error({ err: error }, 'Video Karera: could not read the previous results');
      }
      await this.beginBetting();
    });
  }

  /**
   * Stops the loop (the server is closing): betting stops, the round in play (if not yet
   * settled) is voided and its stakes returned, and players are told with `stopbetting`.
   */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.clearTimers();
    // A step in progress (a round opening or being settled) finishes first.
    await this.step;
    this.clearTimers();
    const round = this.round;
    if (round && this.phase !== 'result') {
      try {
        const { refunded } = await transaction(this.options.store, (q) => voidRound(q, { roundId: round.id, now: this.options.now() }));
        this.options.log.info({ roundId: round.id, refunded }, 'Video Karera: round stopped, stakes returned');
      } catch (error) {
        this.options.log.error({ err: error, roundId: round.id }, 'Video Karera: could not void the round; it is voided at the next start');
      }
    }
    this.phase = null;
    this.round = null;
    this.options.broadcast(KARERA_EVENTS.stopBetting, { roundId: round?.id ?? null });
  }

  /** The state a player needs after (re)connecting. */
  async snapshot(playerId: string): Promise<KareraRoundState> {
    const balanceCentavos = await readBalance(this.options.store.db, playerId);
    // The round's part is read after the balance, as it is when sent.
    const round = this.round;
    const stakes = round?.stakes.get(playerId) ?? [0, 0];
    return {
      roundId: round?.id ?? null,
      phase: this.phase,
      msLeft: this.phase ? Math.max(0, Math.round(this.phaseEndsAt - Date.now())) : 0,
      totals: round ? this.totalsInPesos(round) : [0, 0],
      stakes: [fromCentavos(stakes[0]), fromCentavos(stakes[1])],
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
    if (this.phase !== 'betting' || !this.round) return fail(KARERA_ALERTS.bettingClosed);

    const side = parsed.data.bet;
    const stakeCentavos = toCentavos(parsed.data.Amount);
    let placed: { round: Round; betId: string; balanceCentavos: number };
    try {
      placed = await moneyChange(this.options.store, async (q) => {
        // Checked again where the bet is written: betting may have closed while it waited for its group.
        const round = this.round;
        if (this.phase !== 'betting' || !round) throw new BettingClosedError();
        const { betId, balanceCentavos } = await recordBet(q, { roundId: round.id, userId: player.id, side, stakeCentavos, now: this.options.now() });
        return { round, betId, balanceCentavos };
      });
    } catch (error) {
      if (error instanceof BettingClosedError || error instanceof RoundClosedError) return fail(KARERA_ALERTS.bettingClosed);
      if (error instanceof InsufficientFundsError) return fail(KARERA_ALERTS.notEnoughBalance);
      this.options.log.error({ err: error, player: player.username }, 'Video Karera: bet could not be recorded');
      return fail(KARERA_BET_FAILED_TEXT);
    }

    // Committed: now the round's totals and the player's stakes count it (the round it was
    // written in; its settlement, which waits for it, pays it either way).
    const { round, betId, balanceCentavos } = placed;
    const index = side === 1 ? 0 : 1;
    round.totals[index] += stakeCentavos;
    const stakes = round.stakes.get(player.id) ?? [0, 0];
    stakes[index] += stakeCentavos;
    round.stakes.set(player.id, stakes);
    if (this.round === round) this.scheduleTotals();
    const payload: KareraBetSuccessful = {
      roundId: round.id,
      betId,
      bet: side,
      Amount: fromCentavos(stakeCentavos),
      Balance: fromCentavos(balanceCentavos),
    };
    if (requestId !== undefined) payload.requestId = requestId;
    return { event: KARERA_EVENTS.betSuccessful, payload };
  }

  /** Runs a phase step after the one before it; a failure is logged, never unhandled. */
  private runStep(work: () => Promise<void>): Promise<void> {
    const next = this.step.then(work).catch((error: unknown) => {
      this.options.log.error({ err: error }, 'Video Karera: a round step failed');
    });
    this.step = next;
    return next;
  }

  private async beginBetting(): Promise<void> {
    if (!this.running) return;
    const { store, now, timings, broadcast, log } = this.options;
    let roundId: string;
    try {
      roundId = await transaction(store, (q) => openRound(q, now()));
    } catch (error) {
      // The database may be busy or full: try again after a pause rather than stop the game.
      log.error({ err: error }, 'Video Karera: could not open a round; retrying');
      this.setPhase(null, timings.resultMs, () => this.beginBetting());
      return;
    }
    // Opened while the server was stopping: stop() (waiting for this step) voids it.
    this.round = { id: roundId, totals: [0, 0], stakes: new Map(), winner: null };
    if (!this.running) {
      this.phase = 'betting';
      return;
    }
    this.setPhase('betting', timings.bettingMs, () => this.closeBetting());
    broadcast(KARERA_EVENTS.startBetting, { roundId, msLeft: timings.bettingMs });
    this.flushTotals();
  }

  private async closeBetting(): Promise<void> {
    const round = this.round;
    if (!round) return;
    this.setPhase('closed', this.options.timings.closedMs, () => this.declareWinner());
    // The final totals go out with the close, not up to 100 ms later.
    this.flushTotals();
    this.options.broadcast(KARERA_EVENTS.bettingClose, { roundId: round.id, msLeft: this.options.timings.closedMs });
  }

  private async declareWinner(): Promise<void> {
    const round = this.round;
    if (!round) return;
    const { store, now, timings, broadcast, log } = this.options;
    const winner = this.drawWinner();
    try {
      const settlement = await transaction(store, (q) => settleRound(q, { roundId: round.id, winner, now: now() }));
      log.info({ roundId: round.id, winner: kareraSideName(winner), bets: settlement.bets, paidCentavos: settlement.paidCentavos }, 'Video Karera: round settled');
    } catch (error) {
      // Settlement is one transaction: nothing was paid. Return the stakes instead.
      log.error({ err: error, roundId: round.id }, 'Video Karera: settlement failed; voiding the round');
      try {
        await transaction(store, (q) => voidRound(q, { roundId: round.id, now: now() }));
      } catch (voidError) {
        log.error({ err: voidError, roundId: round.id }, 'Video Karera: could not void the round; it is voided at the next start');
      }
      this.round = null;
      broadcast(KARERA_EVENTS.stopBetting, { roundId: round.id });
      this.setPhase(null, timings.resultMs, () => this.beginBetting());
      return;
    }
    round.winner = winner;
    this.previous = [winner, ...this.previous].slice(0, KARERA_PREVIOUS_COUNTED);
    this.setPhase('result', timings.resultMs, () => this.beginBetting());
    // Settled before announced: a page that reloads the balance on DeclareWinner sees the payout.
    broadcast(KARERA_EVENTS.declareWinner, { roundId: round.id, winner: kareraSideName(winner), msLeft: timings.resultMs });
    broadcast(KARERA_EVENTS.previousWinner, [...this.previous]);
  }

  private setPhase(phase: KareraPhase | null, ms: number, next: () => Promise<void>): void {
    this.phase = phase;
    this.phaseEndsAt = Date.now() + ms;
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
    this.options.broadcast(KARERA_EVENTS.totalBet, this.totalsInPesos(round));
  }

  private totalsInPesos(round: Round): KareraTotalBet {
    return [fromCentavos(round.totals[0]), fromCentavos(round.totals[1])];
  }

  private clearTimers(): void {
    if (this.phaseTimer) clearTimeout(this.phaseTimer);
    if (this.totalsTimer) clearTimeout(this.totalsTimer);
    this.phaseTimer = null;
    this.totalsTimer = null;
  }
}

/** A bet that reached its group after betting closed. */
class BettingClosedError extends Error {
  override name = 'BettingClosedError';
}

function readRequestId(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || !('requestId' in raw)) return undefined;
  const value = (raw as { requestId: unknown }).requestId;
  return typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : undefined;
}
