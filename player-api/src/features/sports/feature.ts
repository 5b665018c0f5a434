import { JACKPOT_TEXTS, SPORTS_TEXTS, jackpotKindOfFlag, type JackpotBetResponse, type JackpotKind, type ScheduledGame, sportsEndpoints } from '@suwerte/contracts';
import { sql } from 'kysely';
import type { AppContext, Feature } from '../../context';
import { moneyChange } from '../../db/money';
import type { Q } from '../../db/tables';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { fromCentavos, toCentavos } from '@suwerte/money';
import { findBet } from '../bets/bets';
import { createAnswerCache } from '../../lib/answer-cache';
import { createCatchUpGate } from '../../lib/catch-up-gate';
import { activeSets, availabilityGrid, availableCentavos, editJackpotEntry, gameOfEnding, placeJackpotEntry, placeSportsBet } from './betting';
import { loadSportsTimings, type SportsTimings } from './config';
import { ensureDemoSlate, seedSports } from './demo';
import { SportsEngine } from './engine';
import { endingIdOf, listFinished, listSchedule, loadGame, toScheduledGame, type LoadedGame } from './games';
import { logoSvg } from './logos';
import { advanceAll, advanceGame, nextStepAt, stepIsDue } from './progression';
import { SPORTS_SCHEMA } from './schema';
import { biggestWinners, todaysWinners } from './winners';

export interface SportsFeatureOptions {
  /** Period timings; read from SPORTS_QUARTER_MS and SPORTS_OVERTIME_MS when absent. */
  timings?: SportsTimings;
}

/**
 * Basketball betting (document 2): the schedule and its games, jackpot entries with the
 * per-slot maximum and the ₱5 attendance, the game site's bets, edits, winners — and the
 * progression timer that plays the games and settles their bets.
 */
export function createSportsFeature(options: SportsFeatureOptions = {}): Feature {
  return {
    name: 'sports',
    ...SPORTS_SCHEMA,
    seed: seedSports,
    async register(app, ctx) {
      const { store } = ctx;
      const db = store.db;
      const timings = options.timings ?? loadSportsTimings();
      const progress = { timings };
      if (ctx.demoSlate) await ensureDemoSlate(store, { now: ctx.now(), publicUrl: ctx.publicUrl, timings });
      const engine = new SportsEngine({ store, now: ctx.now, timings, publicUrl: ctx.publicUrl, log: app.log, demoSlate: ctx.demoSlate });
      // The progression runs on the leader only (one node at a time plays the periods); reads
      // on any node still play what is due, under the database's row locks.
      ctx.cluster.lead('sports', async () => {
        engine.start();
        return { stop: () => engine.stop() };
      });

      // Whether any period is due is asked again only once the next one's time comes or the data changes.
      const catchUp = createCatchUpGate(store);
      const playDue = async (now: Date) => {
        await advanceAll(store, now, progress);
        return nextStepAt(db, timings);
      };
      /** The clock of one request, after every due period has been played. */
      const current = async (): Promise<Date> => {
        const now = ctx.now();
        await catchUp.run(now, playDue);
        return now;
      };
      /** A game by its Ending id (or its own id), brought up to the clock first. */
      const currentGame = async (id: string): Promise<LoadedGame> => {
        const game = await resolveGame(db, id);
        const now = ctx.now();
        // The row just read tells whether a step is due: most calls (every bet) find none and skip asking again.
        if (!stepIsDue(game.row, now, timings)) return game;
        return (await advanceGame(store, game.row.id, now, progress)) > 0 ? resolveGame(db, game.row.id) : game;
      };

      // The same for every caller until a period is played or a game added: built once a second at most.
      const scheduleAnswers = createAnswerCache<ScheduledGame[]>(store, { maxAgeMs: 1_000 });
      registerEndpoint(app, ctx, sportsEndpoints.schedule, () => {
        const now = ctx.now();
        // One data version for the check and the answer (a fresh one after a catch-up that ran).
        const quiet = catchUp.skipping(now);
        // The usual call — nothing due, the answer of this version kept — is answered at once (docs/decisions/131).
        const kept = quiet === undefined ? undefined : scheduleAnswers.kept(now, quiet);
        if (kept) return kept;
        return catchUp.run(now, playDue, quiet).then((seen) => scheduleAnswers.get(now, () => listSchedule(db, now), seen));
      });
      registerEndpoint(app, ctx, sportsEndpoints.game, async ({ params }) => {
        const game = await loadGame(db, params.id);
        if (!game) throw new HttpError(404, SPORTS_TEXTS.unknownGame);
        return toScheduledGame(await currentGame(game.row.id));
      });
      registerEndpoint(app, ctx, sportsEndpoints.finishedGames, async () => {
        await current();
        return listFinished(db);
      });
      registerEndpoint(app, ctx, sportsEndpoints.todaysWinners, async () => todaysWinners(db, await current()));
      registerEndpoint(app, ctx, sportsEndpoints.biggestWinners, async () => biggestWinners(db, await current()));

      registerEndpoint(app, ctx, sportsEndpoints.jackpotBets, async ({ params, user }) => {
        const game = await currentGame(params.endingId);
        return activeSets(db, user.id, endingIdOf(game), kindOf(params.jackpot));
      });
      registerEndpoint(app, ctx, sportsEndpoints.slotAvailability, async ({ params, query }) => {
        const game = await currentGame(params.endingId);
        return { ...query, max: fromCentavos(await availableCentavos(db, game, query)) };
      });
      registerEndpoint(app, ctx, sportsEndpoints.jackpotAvailability, async ({ params, body }) => {
        const game = await currentGame(params.id);
        const lists: number[][] = [];
        for (const list of body.bets) {
          const row: number[] = [];
          for (const slot of list) row.push(fromCentavos(await availableCentavos(db, game, slot)));
          lists.push(row);
        }
        return lists;
      });
      registerEndpoint(app, ctx, sportsEndpoints.availabilityGrid, async ({ params }) => availabilityGrid(db, await currentGame(params.endingId)));

      registerEndpoint(app, ctx, sportsEndpoints.placeGrandBet, async ({ body, user }) => {
        const game = await currentGame(body.GameId);
        const lines = body.bets.map((line, index) => ({ ...line, amountCentavos: index < 3 ? toCentavos(line.Amount) : null }));
        const placed = await moneyChange(store, (q) => placeJackpotEntry(q, { userId: user.id, endingId: endingIdOf(game), kind: 'grand', lines, now: ctx.now() }));
        return answer(placed, JACKPOT_TEXTS.placed);
      });
      registerEndpoint(app, ctx, sportsEndpoints.placeJackpotBet, async ({ body, user }) => {
        const game = await currentGame(body.GameId);
        const kind = kindOf(body.bets[0]?.jackpot ?? 0);
        const lines = body.bets.map((line) => ({ ...line, amountCentavos: toCentavos(line.Amount) }));
        const placed = await moneyChange(store, (q) => placeJackpotEntry(q, { userId: user.id, endingId: endingIdOf(game), kind, lines, now: ctx.now() }));
        return answer(placed, JACKPOT_TEXTS.placed);
      });
      registerEndpoint(app, ctx, sportsEndpoints.updateJackpotBet, async ({ params, body, user }) => {
        await bringBetGameUpToDate(ctx, params.id, progress);
        const lines = (body.bets[0] ?? []).map((line) => ({ ...line, amountCentavos: toCentavos(line.Amount) }));
        const edited = await moneyChange(store, (q) => editJackpotEntry(q, { userId: user.id, betId: params.id, lines, now: ctx.now() }));
        return answer(edited, JACKPOT_TEXTS.updated);
      });
      // The game site's bet: the player's session token, or the launch token of this very game (docs/decisions/141).
      registerEndpoint(app, ctx, sportsEndpoints.placeSportsBet, async ({ params, body, user }) => {
        await current();
        const { bet, balanceCentavos } = await moneyChange(store, async (q) => {
          const placed = await placeSportsBet(q, {
            userId: user.id,
            subGameId: params.id,
            picks: body.BetDetails[0],
            amountCentavos: toCentavos(body.Amount),
            now: ctx.now(),
          });
          return { bet: await findBet(q, placed.betId), balanceCentavos: placed.balanceCentavos };
        });
        if (!bet) throw new Error('a placed bet vanished');
        return { message: JACKPOT_TEXTS.placed, bet, Balance: fromCentavos(balanceCentavos) };
      }, { authenticate: ctx.authenticateGameSite });

      // The demo logos: a coloured badge with the team's acronym (public, cacheable, shown by pages on the site's origin).
      app.get<{ Params: { file: string } }>('/sports/logos/:file', async (request, reply) => {
        const svg = await logoSvg(db, request.params.file);
        if (!svg) throw new HttpError(404, 'Not found');
        return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').header('X-Content-Type-Options', 'nosniff').header('Cross-Origin-Resource-Policy', 'cross-origin').send(svg);
      });
    },
  };
}

/** The game of an Ending id, or of its own id: the pages know both. */
async function resolveGame(q: Q, id: string): Promise<LoadedGame> {
  const own = await loadGame(q, id);
  return own ?? gameOfEnding(q, id);
}

function kindOf(flag: number): JackpotKind {
  const kind = jackpotKindOfFlag(flag);
  if (!kind) throw new HttpError(404, SPORTS_TEXTS.notAJackpot);
  return kind;
}

function answer(result: { set: JackpotBetResponse['bet']; balanceCentavos: number }, message: string): JackpotBetResponse {
  return { message, bet: result.set, Balance: fromCentavos(result.balanceCentavos) };
}

/** Plays what is due on the game of a bet before it is edited (a bet on no game is left to the edit's 404). */
async function bringBetGameUpToDate(ctx: AppContext, betId: string, progress: { timings: SportsTimings }): Promise<void> {
  const { rows } = await sql<{ game_id: string }>`
    SELECT m.game_id FROM bets b JOIN sports_markets m ON m.bet_game_id = b.game_id WHERE b.id = ${betId}`.execute(ctx.store.db);
  const game = rows[0];
  if (game) await advanceGame(ctx.store, game.game_id, ctx.now(), progress);
}

export const sportsFeature: Feature = createSportsFeature();
