// Endpoints of basketball betting (document 2, section 7), plus the paths the spec leaves out
// (decision 060): the Major/Minor place-bet and max calls, and the game site's bet call.
import { z } from 'zod/mini';
import {
  AvailabilityGridSchema,
  AvailabilityRequestSchema,
  AvailabilityResponseSchema,
  BetSetListSchema,
  GrandBetRequestSchema,
  JackpotBetRequestSchema,
  JackpotBetResponseSchema,
  JackpotEditRequestSchema,
  SCHEDULE_POLL_MS,
  ScheduledGameListSchema,
  ScheduledGameSchema,
  SlotAvailabilityQuerySchema,
  SlotAvailabilitySchema,
  SportsBetRequestSchema,
  SportsBetResponseSchema,
  WinnerListSchema,
} from '../contracts/sports';
import { defineEndpoint } from './define';
import { historyEndpoints } from './history';
import { jackpotEndpoints } from './jackpot';

/** A record id in a path: anything else names nothing (404). */
const RecordIdParam = z.string().check(z.regex(/^[0-9a-f]{24}$/));
const idParams = z.object({ id: RecordIdParam });
const endingIdParams = z.object({ endingId: RecordIdParam });

/** The jackpot of an Active Bets list: 1 Minor, 2 Major, 3 Grand. */
const JackpotFlagParam = z.pipe(z.coerce.number<string | number>(), z.union([z.literal(1), z.literal(2), z.literal(3)]));

const schedule = defineEndpoint({
  method: 'GET',
  path: '/schedule',
  auth: 'public',
  summary: 'The basketball schedule: upcoming, live and recently completed games (document 2, section 7)',
  response: ScheduledGameListSchema,
});

const game = defineEndpoint({
  method: 'GET',
  path: '/schedule/:id',
  auth: 'player',
  summary: 'One game with its sub-games, polled every 10 s on the betting pages (document 2, section 7)',
  params: idParams,
  response: ScheduledGameSchema,
  pollMs: SCHEDULE_POLL_MS,
});

const finishedGames = defineEndpoint({
  method: 'GET',
  path: '/finishedgames/basketball/limit',
  auth: 'player',
  summary: 'Completed games, newest first (document 2, section 7: the Completed tab)',
  response: ScheduledGameListSchema,
});

const jackpotBets = defineEndpoint({
  method: 'GET',
  path: '/bets/game/:jackpot/:endingId',
  auth: 'player',
  summary: "The caller's active jackpot sets on a game: bets/game/3 Grand, /2 Major, /1 Minor (document 2, section 7)",
  params: z.object({ jackpot: JackpotFlagParam, endingId: RecordIdParam }),
  response: BetSetListSchema,
});

const slotAvailability = defineEndpoint({
  method: 'GET',
  path: '/monitoring/available/ending/:endingId',
  auth: 'player',
  summary: 'Still available on one slot pair and quarter: the Major/Minor max (ours, decision 060)',
  params: endingIdParams,
  query: SlotAvailabilityQuerySchema,
  response: SlotAvailabilitySchema,
});

const jackpotAvailability = defineEndpoint({
  method: 'POST',
  path: '/monitoring/available/jackpot/:id',
  auth: 'player',
  summary: 'Still available per slot for lists of {slot1, slot2, quarter}: the Grand max (document 2, section 7)',
  params: idParams,
  body: AvailabilityRequestSchema,
  response: AvailabilityResponseSchema,
});

const availabilityGrid = defineEndpoint({
  method: 'GET',
  path: '/monitoringnew/available/:endingId',
  auth: 'player',
  summary: 'The CARD grid: still available by first digit, second digit and quarter (document 2, section 7)',
  params: endingIdParams,
  response: AvailabilityGridSchema,
});

/**
 * What a placed or edited jackpot entry makes stale: the sets, the maxima, the Grand pool
 * (attendance) and the histories. The balance is not refetched: the answer carries it (`Balance`,
 * written into the account query by the page).
 */
const afterJackpotBet = [jackpotBets, slotAvailability, jackpotAvailability, availabilityGrid, jackpotEndpoints.jackpot, historyEndpoints.bets, historyEndpoints.transactions];

export const sportsEndpoints = {
  schedule,
  game,
  finishedGames,
  biggestWinners: defineEndpoint({
    method: 'GET',
    path: '/biggestwinner',
    auth: 'public',
    summary: 'The biggest single wins, names masked by the server (document 2, section 7)',
    response: WinnerListSchema,
  }),
  todaysWinners: defineEndpoint({
    method: 'GET',
    path: '/todayswinner',
    auth: 'public',
    summary: "Today's wins (Philippine day), newest first, names masked by the server (document 2, section 7)",
    response: WinnerListSchema,
  }),
  jackpotBets,
  slotAvailability,
  jackpotAvailability,
  availabilityGrid,
  placeGrandBet: defineEndpoint({
    method: 'POST',
    path: '/bet/jackpot/multiending',
    auth: 'player',
    summary: 'Places a Grand Jackpot entry: rows Q1–Q3 and the Q4 Grand line, ₱5 attendance (document 2, section 7)',
    body: GrandBetRequestSchema,
    response: JackpotBetResponseSchema,
    status: 201,
    invalidates: [...afterJackpotBet, schedule],
  }),
  placeJackpotBet: defineEndpoint({
    method: 'POST',
    path: '/bet/jackpot/ending',
    auth: 'player',
    summary: 'Places a Minor (2 rows) or Major (3 rows) jackpot entry, ₱5 attendance (ours, decision 060)',
    body: JackpotBetRequestSchema,
    response: JackpotBetResponseSchema,
    status: 201,
    invalidates: [...afterJackpotBet, schedule],
  }),
  updateJackpotBet: defineEndpoint({
    method: 'PUT',
    path: '/bet/ending/update/jackpot/:id',
    auth: 'player',
    summary: "Changes the amounts of the caller's jackpot set while betting is open (document 2, section 7)",
    params: idParams,
    body: JackpotEditRequestSchema,
    response: JackpotBetResponseSchema,
    invalidates: afterJackpotBet,
  }),
  placeSportsBet: defineEndpoint({
    method: 'POST',
    path: '/bet/game/:id',
    auth: 'player',
    summary: "A bet of the external game site: Regular, Overtime, Quarter, Reverse, Odd/Even, FTTS, Team Winner (ours, decision 066)",
    params: idParams,
    body: SportsBetRequestSchema,
    response: SportsBetResponseSchema,
    status: 201,
    invalidates: [slotAvailability, jackpotAvailability, availabilityGrid],
  }),
};
