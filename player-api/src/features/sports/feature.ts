import {
  JACKPOT_TEXTS,
  SPORTS_TEXTS,
  jackpotKindOfFlag,
  type JackpotBetResponse,
  type JackpotKind,
  type ScheduledGame,
} from '@suwerte/shared/contracts';
import { sportsEndpoints } from '@suwerte/shared/endpoints';
import type { AppContext, Feature } from '../../context';
import type { DB } from '../../db/database';
import { moneyChange } from '../../db/group-commit';
import { createAnswerCache } from '../../lib/answer-cache';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { fromCentavos, toCentavos } from '@suwerte/shared/money';
import { findBet } from '../bets/legacy';
import { activeSets, availabilityGrid, availableCentavos, editJackpotEntry, gameOfEnding, placeJackpotEntry, placeSportsBet } from './betting';
import { loadSportsTimings, type SportsTimings } from './config';
import { ensureDemoSlate, seedSports } from './demo';
import { SportsEngine } from './engine';
import { endingIdOf, listFinished, listSchedule, loadGame, toScheduledGame, type LoadedGame } from './games';
import { logoSvg } from './logos';
import { advanceAll, advanceGame } from './progression';
import { SPORTS_MIGRATIONS } from './schema';
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
    migrations: SPORTS_MIGRATIONS,
    seed: seedSports,
    register(app, ctx) {
      const timings = options.timings ?? loadSportsTimings();
      const progress = { timings };
      ensureDemoSlate(ctx.db, { now: ctx.now(), publicUrl: ctx.publicUrl, timings });
      const engine = new SportsEngine({ db: ctx.db, now: ctx.now, timings, publicUrl: ctx.publicUrl, log: app.log });
      app.addHook('onListen', async () => engine.start());
      app.addHook('preClose', async () => engine.stop());

      /** The clock of one request, after every due period has been played. */
      const current = (): Date => {
        const now = ctx.now();
        advanceAll(ctx.db, now, progress);
        return now;
      };
      /** A game by its Ending id (or its own id), brought up to the clock first. */
      const currentGame = (id: string): LoadedGame => {
        const game = resolveGame(ctx.db, id);
        return advanceGame(ctx.db, game.row.id, ctx.now(), progress) > 0 ? resolveGame(ctx.db, game.row.id) : game;
      };

      // The same for every caller until a period is played or a game added: built once a second at most.
      const scheduleAnswers = createAnswerCache<ScheduledGame[]>(ctx.db, { maxAgeMs: 1_000 });
      registerEndpoint(app, ctx, sportsEndpoints.schedule, () => {
        const now = current();
        return scheduleAnswers.get(now, () => listSchedule(ctx.db, now));
      });
      registerEndpoint(app, ctx, sportsEndpoints.game, ({ params }) => {
        const game = loadGame(ctx.db, params.id);
        if (!game) throw new HttpError(404, SPORTS_TEXTS.unknownGame);
        return toScheduledGame(currentGame(game.row.id));
      });
      registerEndpoint(app, ctx, sportsEndpoints.finishedGames, () => {
        current();
        return listFinished(ctx.db);
      });
      registerEndpoint(app, ctx, sportsEndpoints.todaysWinners, () => todaysWinners(ctx.db, current()));
      registerEndpoint(app, ctx, sportsEndpoints.biggestWinners, () => biggestWinners(ctx.db, current()));

      registerEndpoint(app, ctx, sportsEndpoints.jackpotBets, ({ params, user }) => {
        const game = currentGame(params.endingId);
        return activeSets(ctx.db, user.id, endingIdOf(game), kindOf(params.jackpot));
      });
      registerEndpoint(app, ctx, sportsEndpoints.slotAvailability, ({ params, query }) => {
        const game = currentGame(params.endingId);
        return { ...query, max: fromCentavos(availableCentavos(ctx.db, game, query)) };
      });
      registerEndpoint(app, ctx, sportsEndpoints.jackpotAvailability, ({ params, body }) => {
        const game = currentGame(params.id);
        return body.bets.map((list) => list.map((slot) => fromCentavos(availableCentavos(ctx.db, game, slot))));
      });
      registerEndpoint(app, ctx, sportsEndpoints.availabilityGrid, ({ params }) => availabilityGrid(ctx.db, currentGame(params.endingId)));

      registerEndpoint(app, ctx, sportsEndpoints.placeGrandBet, async ({ body, user }) => {
        const game = currentGame(body.GameId);
        const lines = body.bets.map((line, index) => ({ ...line, amountCentavos: index < 3 ? toCentavos(line.Amount) : null }));
        return answer(await moneyChange(ctx.db, () => placeJackpotEntry(ctx.db, { userId: user.id, endingId: endingIdOf(game), kind: 'grand', lines, now: ctx.now() })), JACKPOT_TEXTS.placed);
      });
      registerEndpoint(app, ctx, sportsEndpoints.placeJackpotBet, async ({ body, user }) => {
        const game = currentGame(body.GameId);
        const kind = kindOf(body.bets[0]?.jackpot ?? 0);
        const lines = body.bets.map((line) => ({ ...line, amountCentavos: toCentavos(line.Amount) }));
        return answer(await moneyChange(ctx.db, () => placeJackpotEntry(ctx.db, { userId: user.id, endingId: endingIdOf(game), kind, lines, now: ctx.now() })), JACKPOT_TEXTS.placed);
      });
      registerEndpoint(app, ctx, sportsEndpoints.updateJackpotBet, async ({ params, body, user }) => {
        bringBetGameUpToDate(ctx, params.id, progress);
        const lines = (body.bets[0] ?? []).map((line) => ({ ...line, amountCentavos: toCentavos(line.Amount) }));
        return answer(await moneyChange(ctx.db, () => editJackpotEntry(ctx.db, { userId: user.id, betId: params.id, lines, now: ctx.now() })), JACKPOT_TEXTS.updated);
      });
      registerEndpoint(app, ctx, sportsEndpoints.placeSportsBet, async ({ params, body, user }) => {
        current();
        const { bet, balanceCentavos } = await moneyChange(ctx.db, () => {
          const placed = placeSportsBet(ctx.db, {
            userId: user.id,
            subGameId: params.id,
            picks: body.BetDetails[0],
            amountCentavos: toCentavos(body.Amount),
            now: ctx.now(),
          });
          return { bet: findBet(ctx.db, placed.betId), balanceCentavos: placed.balanceCentavos };
        });
        if (!bet) throw new Error('a placed bet vanished');
        return { message: JACKPOT_TEXTS.placed, bet, Balance: fromCentavos(balanceCentavos) };
      });

      // The demo logos: a coloured badge with the team's acronym (public, cacheable, shown by pages on the site's origin).
      app.get<{ Params: { file: string } }>('/sports/logos/:file', async (request, reply) => {
        const svg = logoSvg(ctx.db, request.params.file);
        if (!svg) throw new HttpError(404, 'Not found');
        return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').header('X-Content-Type-Options', 'nosniff').header('Cross-Origin-Resource-Policy', 'cross-origin').send(svg);
      });
    },
  };
}

/** The game of an Ending id, or of its own id: the pages know both. */
function resolveGame(db: DB, id: string): LoadedGame {
  const own = loadGame(db, id);
  return own ?? gameOfEnding(db, id);
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
function bringBetGameUpToDate(ctx: AppContext, betId: string, progress: { timings: SportsTimings }): void {
  const row = ctx.db.prepare<[string], { game_id: string }>('SELECT game_id FROM bets WHERE id = ?').get(betId);
  if (!row) return;
  const game = ctx.db.prepare<[string], { game_id: string }>('SELECT game_id FROM sports_markets WHERE bet_game_id = ?').get(row.game_id);
  if (game) advanceGame(ctx.db, game.game_id, ctx.now(), progress);
}

export const sportsFeature: Feature = createSportsFeature();
