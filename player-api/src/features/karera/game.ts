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
import type { DB } from '../../db/database';
import { moneyChange } from '../../db/group-commit';
import { fromCentavos, toCentavos } from '@suwerte/shared/money';
import { InsufficientFundsError, balanceOf } from '../ledger/ledger';
import type { KareraTimings } from './config';
import { openRound, previousWinners, recordBet, settleRound, voidOpenRounds, voidRound } from './rounds';

/** `totalbet` goes out at most this often while bets arrive (all bets of one tick share one). */
export const TOTALBET_INTERVAL_MS = 100;

export interface KareraPlayer {
  id: string;
  username: string;
}

/** The events sent to every connected player (the rest answer one player). */
export type KareraBroadcastEvent = Exclude<keyof KareraServerPayloads, 'betsuccessful' | 'betfailed' | 'roundstate'>;
export type KareraBroadcast = <E extends KareraBroadcastEvent>(event: E, payload: KareraServerPayloads[E]) => void;

export interface KareraGameOptions {
  db: DB;
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
 * → startbetting… on timers. Bets are accepted only while betting is open; each is one savepoint
 * of a group commit through the bets module. Node runs this on one thread, the group runs in one
 * synchronous block and the phase is checked again inside it, so a bet and a phase change never
 * interleave.
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
  private readonly drawWinner: () => KareraSide;

  constructor(private readonly options: KareraGameOptions) {
    this.drawWinner = options.drawWinner ?? (() => (randomInt(1, 3) === 1 ? 1 : 2));
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts the loop: rounds a crash left open are refunded first, then betting opens. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const { db, now, log } = this.options;
    const voided = voidOpenRounds(db, now());
    if (voided > 0) log.warn({ voided }, 'Video Karera: rounds left open by a previous run were voided and their bets returned');
    this.previous = previousWinners(db, KARERA_PREVIOUS_COUNTED);
    this.beginBetting();
  }

  /**
   * Stops the loop (the server is closing): betting stops, the round in play (if not yet
   * settled) is voided and its stakes returned, and players are told with `stopbetting`.
   */
  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.clearTimers();
    const round = this.round;
    if (round && this.phase !== 'result') {
      try {
        const { refunded } = voidRound(this.options.db, { roundId: round.id, now: this.options.now() });
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
  snapshot(playerId: string): KareraRoundState {
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
      Balance: fromCentavos(balanceOf(this.options.db, playerId)),
    };
  }

  /**
   * Handles the `bet` event of a player: the answer goes back to that player only, once the bet
   * is committed (group commit, docs/decisions/095) or refused.
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
      placed = await moneyChange(this.options.db, () => {
        // Checked again where the bet is written: betting may have closed while it waited for its group.
        const round = this.round;
        if (this.phase !== 'betting' || !round) throw new BettingClosedError();
        const { betId, balanceCentavos } = recordBet(this.options.db, { roundId: round.id, userId: player.id, side, stakeCentavos, now: this.options.now() });
        return { round, betId, balanceCentavos };
      });
    } catch (error) {
      if (error instanceof BettingClosedError) return fail(KARERA_ALERTS.bettingClosed);
      if (error instanceof InsufficientFundsError) return fail(KARERA_ALERTS.notEnoughBalance);
      this.options.log.error({ err: error, player: player.username }, 'Video Karera: bet could not be recorded');
      return fail(KARERA_BET_FAILED_TEXT);
    }

    // Committed: now the round's totals and the player's stakes count it. No timer ran since the
    // change did (the group's promises settle before the loop moves on), so the round is still in play.
    const { round, betId, balanceCentavos } = placed;
    const index = side === 1 ? 0 : 1;
    round.totals[index] += stakeCentavos;
    const stakes = round.stakes.get(player.id) ?? [0, 0];
    stakes[index] += stakeCentavos;
    round.stakes.set(player.id, stakes);
    this.scheduleTotals();
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

  private beginBetting(): void {
    if (!this.running) return;
    const { db, now, timings, broadcast, log } = this.options;
    let roundId: string;
    try {
      roundId = openRound(db, now());
    } catch (error) {
      // The database may be busy or full: try again after a pause rather than stop the game.
      log.error({ err: error }, 'Video Karera: could not open a round; retrying');
      this.setPhase(null, timings.resultMs, () => this.beginBetting());
      return;
    }
    this.round = { id: roundId, totals: [0, 0], stakes: new Map(), winner: null };
    this.setPhase('betting', timings.bettingMs, () => this.closeBetting());
    broadcast(KARERA_EVENTS.startBetting, { roundId, msLeft: timings.bettingMs });
    this.flushTotals();
  }

  private closeBetting(): void {
    const round = this.round;
    if (!round) return;
    this.setPhase('closed', this.options.timings.closedMs, () => this.declareWinner());
    // The final totals go out with the close, not up to 100 ms later.
    this.flushTotals();
    this.options.broadcast(KARERA_EVENTS.bettingClose, { roundId: round.id, msLeft: this.options.timings.closedMs });
  }

  private declareWinner(): void {
    const round = this.round;
    if (!round) return;
    const { db, now, timings, broadcast, log } = this.options;
    const winner = this.drawWinner();
    try {
      const settlement = settleRound(db, { roundId: round.id, winner, now: now() });
      log.info({ roundId: round.id, winner: kareraSideName(winner), bets: settlement.bets, paidCentavos: settlement.paidCentavos }, 'Video Karera: round settled');
    } catch (error) {
      // Settlement is one transaction: nothing was paid. Return the stakes instead.
      log.error({ err: error, roundId: round.id }, 'Video Karera: settlement failed; voiding the round');
      try {
        voidRound(db, { roundId: round.id, now: now() });
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

  private setPhase(phase: KareraPhase | null, ms: number, next: () => void): void {
    this.phase = phase;
    this.phaseEndsAt = Date.now() + ms;
    if (this.phaseTimer) clearTimeout(this.phaseTimer);
    this.phaseTimer = setTimeout(() => {
      this.phaseTimer = null;
      if (this.running) next();
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
