import { randomBytes, randomInt } from 'node:crypto';
import { GAME_STATUS, PLAYER_ROLE, QUARTERS } from '@suwerte/contracts';
import { sql } from 'kysely';
import { moneyChange, transaction } from '../../db/money';
import type { SeedOptions } from '../seed/seed';
import { isUniqueViolation, type Store } from '../../db/store';
import type { Q } from '../../db/tables';
import { createUser, userByUsername } from '../../db/users';
import { newId } from '../../lib/ids';
import { toCentavos } from '@suwerte/money';
import { appendEntry, readBalance } from '../ledger/ledger';
import { placeSportsBet } from './betting';
import type { SportsTimings } from './config';
import { createSportsGame, loadGame, marketId, type MarketKind, type TeamRow } from './games';
import { advanceGame } from './progression';
import { drawPeriod, endingResult, needsAnotherPeriod, quarterResult, totals, type Period, type RandomInt } from './scoring';

/**
 * The demo slate (decision 067): PBA teams, a few demo bettors, and games kept relative to the
 * clock — upcoming games open for betting, one game in each of Q1–Q4 and in overtime, and games
 * completed in the last hours with their bets settled (so the Winners Circle has winners).
 * Checked at every start and, while the API runs, on the progression timer: whatever is missing
 * is created, nothing is ever duplicated. Demo games draw their periods in advance (their
 * `plan`), which lets some demo bets be winners; other games draw each period when it ends.
 */

export const DEMO_LEAGUE = 'PBA';

export const DEMO_TEAMS: readonly { name: string; acronym: string; color: string }[] = [
  { name: 'Barangay Ginebra San Miguel', acronym: 'BGSM', color: '#c8102e' },
  { name: 'San Miguel Beermen', acronym: 'SMB', color: '#0b3d91' },
  { name: 'TNT Tropang Giga', acronym: 'TNT', color: '#f58220' },
  { name: 'Magnolia Hotshots', acronym: 'MAG', color: '#1a7f3c' },
  { name: 'Meralco Bolts', acronym: 'MER', color: '#f2a900' },
  { name: 'NLEX Road Warriors', acronym: 'NLEX', color: '#d7282f' },
  { name: 'Rain or Shine Elasto Painters', acronym: 'ROS', color: '#7b2d8e' },
  { name: 'Phoenix Fuel Masters', acronym: 'PHX', color: '#e4572e' },
  { name: 'NorthPort Batang Pier', acronym: 'NP', color: '#00857c' },
  { name: 'Converge FiberXers', acronym: 'CON', color: '#ff6b00' },
  { name: 'Blackwater Bossing', acronym: 'BWB', color: '#3d3d3d' },
  { name: 'Terrafirma Dyip', acronym: 'TER', color: '#2b59c3' },
];

/** Players who bet on the demo games. They cannot sign in (their password is random and discarded). */
export const DEMO_BETTORS = ['marites88', 'jomarie_d', 'kristinev', 'bongskie', 'rafael_dc', 'ailyncruz'] as const;
export const BETTOR_FLOAT_CENTAVOS = toCentavos(100_000);
const BETTOR_TOP_UP_BELOW = toCentavos(10_000);

/** The demo games' per-slot maximum and minimum bet, in centavos. */
export const DEMO_MAXBET_CENTAVOS = toCentavos(2_000);
export const DEMO_MINBET_CENTAVOS = toCentavos(10);

/** How many games of each kind the slate keeps. */
export const DEMO_SLATE = { upcoming: 4, completedRecent: 3, liveStatuses: [GAME_STATUS.Q1, GAME_STATUS.Q2, GAME_STATUS.Q3, GAME_STATUS.Q4, GAME_STATUS.OT1] } as const;

const HOUR_MS = 3_600_000;
const cryptoRandom: RandomInt = (min, maxInclusive) => randomInt(min, maxInclusive + 1);

/** Teams (always idempotent), and in demo mode the demo bettors and the slate's marker. */
export async function seedSports(store: Store, { demo, now }: SeedOptions): Promise<void> {
  if (!demo) return;
  await transaction(store, async (q) => {
    for (const team of DEMO_TEAMS) {
      await sql`
        INSERT INTO sports_teams (id, name, acronym, league, color, created_at)
        VALUES (${newId()}, ${team.name}, ${team.acronym}, ${DEMO_LEAGUE}, ${team.color}, ${now.toISOString()})
        ON CONFLICT (acronym) DO NOTHING`.execute(q);
    }
    await sql`INSERT INTO sports_demo (id, enabled_at) VALUES (1, ${now.toISOString()}) ON CONFLICT (id) DO NOTHING`.execute(q);
  });

  // Not a password hash at all, so no password ever matches: these accounts cannot sign in.
  const passwordHash = `locked$${randomBytes(16).toString('hex')}`;
  // Nodes starting at once on PostgreSQL can both find a bettor missing: one insert meets the
  // UNIQUE index, its transaction leaves nothing, and the next attempt finds what the other made.
  for (let attempt = 1; ; attempt += 1) {
    const missing: string[] = [];
    for (const username of DEMO_BETTORS) if (!(await userByUsername(store.db, username))) missing.push(username);
    if (missing.length === 0) return;
    try {
      await transaction(store, async (q) => {
        for (const username of missing) {
          if (await userByUsername(q, username)) continue;
          const user = await createUser(q, { username, passwordHash, role: PLAYER_ROLE, fullname: username, demo: true, now });
          await appendEntry(q, { userId: user.id, amountCentavos: BETTOR_FLOAT_CENTAVOS, kind: 'deposit', reference: 'seed:demo-bettor', description: 'Opening balance', at: now });
        }
      });
      return;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

export async function isDemoEnabled(q: Q): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`SELECT 1 AS n FROM sports_demo WHERE id = 1`.execute(q);
  return rows.length > 0;
}

export async function listTeams(q: Q): Promise<TeamRow[]> {
  const { rows } = await sql<TeamRow>`SELECT id, name, acronym, league, color FROM sports_teams ORDER BY rowid`.execute(q);
  return rows;
}

/** A plan of periods: four quarters, and overtimes while level (at most two), or forced into overtime. */
export function planPeriods(random: RandomInt, { overtime = false }: { overtime?: boolean } = {}): Period[] {
  const periods: Period[] = [];
  for (let quarter = 1; quarter <= QUARTERS; quarter += 1) periods.push(drawPeriod(quarter, random));
  const score = totals(periods);
  const last = periods[QUARTERS - 1];
  if (overtime && last && score.Team1 !== score.Team2) {
    // Level after Q4: the trailing side scored the difference more in the fourth quarter.
    if (score.Team1 < score.Team2) last.Team1 += score.Team2 - score.Team1;
    else last.Team2 += score.Team1 - score.Team2;
  }
  while (needsAnotherPeriod(periods)) {
    const next = drawPeriod(periods.length + 1, random);
    const level = totals([...periods, next]);
    // A demo game never needs the final tie-break: its last overtime has a winner.
    if (!needsAnotherPeriod([...periods, next]) && level.Team1 === level.Team2) next.Team1 += 1;
    periods.push(next);
  }
  return periods;
}

interface SlateOptions {
  now: Date;
  publicUrl: string;
  timings: SportsTimings;
  random?: RandomInt;
}

interface DemoGameState {
  status: number;
  schedule: string;
  completed_at: string | null;
  team1_id: string;
  team2_id: string;
}

/** Keeps the demo slate full (see above). Returns how many games it created. */
export async function ensureDemoSlate(store: Store, options: SlateOptions): Promise<number> {
  if (!(await isDemoEnabled(store.db))) return 0;
  const teams = await listTeams(store.db);
  if (teams.length < 2) return 0;
  const { now, timings } = options;
  const random = options.random ?? cryptoRandom;
  const { rows: games } = await sql<DemoGameState>`
    SELECT status, schedule, completed_at, team1_id, team2_id FROM sports_games
    WHERE demo = 1 AND (status < ${GAME_STATUS.COMPLETED} OR completed_at >= ${new Date(now.getTime() - 24 * HOUR_MS).toISOString()})`.execute(store.db);
  const busy = new Set(games.filter((game) => game.status < GAME_STATUS.COMPLETED).flatMap((game) => [game.team1_id, game.team2_id]));
  const pickTeams = (): [TeamRow, TeamRow] => {
    const free = teams.filter((team) => !busy.has(team.id));
    const pool = free.length >= 2 ? free : teams;
    const first = pool[random(0, pool.length - 1)] ?? teams[0];
    const rest = pool.filter((team) => team !== first);
    const second = rest[random(0, rest.length - 1)] ?? teams[1];
    if (!first || !second) throw new Error('the demo needs two teams');
    busy.add(first.id);
    busy.add(second.id);
    return [first, second];
  };

  let created = 0;
  const create = async (schedule: Date, createdAt: Date, plan: Period[]) => {
    const [team1, team2] = pickTeams();
    const game = {
      team1,
      team2,
      schedule,
      maxbetCentavos: DEMO_MAXBET_CENTAVOS,
      minbetCentavos: DEMO_MINBET_CENTAVOS,
      plan,
      demo: true,
      publicUrl: options.publicUrl,
      now: createdAt,
    };
    const id = await transaction(store, (q) => createSportsGame(q, game));
    await placeDemoBets(store, id, plan, new Date(Math.min(now.getTime(), schedule.getTime() - 60_000, createdAt.getTime() + 60_000)), random);
    await advanceGame(store, id, now, { timings, random });
    created += 1;
  };

  // Live: one game in each of Q1–Q4 and the first overtime, a fifth of the way into its period.
  for (const status of DEMO_SLATE.liveStatuses) {
    if (games.some((game) => game.status === status)) continue;
    const isOvertime = status >= GAME_STATUS.OT1;
    const intoPeriod = (isOvertime ? timings.overtimeMs : timings.quarterMs) / 5;
    const quartersPlayed = Math.min(status - 1, QUARTERS);
    const schedule = new Date(now.getTime() - quartersPlayed * timings.quarterMs - intoPeriod);
    await create(schedule, new Date(schedule.getTime() - 6 * HOUR_MS), planPeriods(random, { overtime: isOvertime }));
  }

  // Upcoming: open for betting, an hour apart, the first within the hour.
  const upcoming = games.filter((game) => game.status === GAME_STATUS.SCHEDULED).map((game) => Date.parse(game.schedule));
  for (let count = upcoming.length; count < DEMO_SLATE.upcoming; count += 1) {
    const last = Math.max(now.getTime(), ...upcoming);
    const schedule = new Date(upcoming.length === 0 ? now.getTime() + 30 * 60_000 : last + HOUR_MS);
    upcoming.push(schedule.getTime());
    await create(schedule, new Date(now.getTime() - random(1, 6) * 10 * 60_000), planPeriods(random));
  }

  // Completed in the last hours, their bets settled.
  const completed = games.filter((game) => game.status === GAME_STATUS.COMPLETED).length;
  for (let index = completed; index < DEMO_SLATE.completedRecent; index += 1) {
    const schedule = new Date(now.getTime() - (index + 1) * 2 * HOUR_MS - 4 * timings.quarterMs - 2 * timings.overtimeMs);
    await create(schedule, new Date(schedule.getTime() - 6 * HOUR_MS), planPeriods(random));
  }
  return created;
}

/**
 * A few bets of the demo bettors on a new demo game, of every kind but the jackpots (which
 * would move the jackpot pools players see). One in three Ending bets picks the planned result.
 */
async function placeDemoBets(store: Store, gameId: string, plan: readonly Period[], at: Date, random: RandomInt): Promise<void> {
  const game = await loadGame(store.db, gameId);
  if (!game) return;
  const has = (kind: MarketKind) => marketId(game, kind) !== null;
  const topUps: Promise<unknown>[] = [];
  const placing: { userId: string; subGameId: string; picks: number[]; amountCentavos: number }[] = [];
  for (const username of DEMO_BETTORS) {
    const bettor = await userByUsername(store.db, username);
    if (!bettor) continue;
    if ((await readBalance(store.db, bettor.id)) < BETTOR_TOP_UP_BELOW) {
      topUps.push(
        moneyChange(store, (q) =>
          appendEntry(q, { userId: bettor.id, amountCentavos: BETTOR_FLOAT_CENTAVOS, kind: 'deposit', reference: 'seed:demo-bettor', description: 'Demo top-up', at }),
        ),
      );
    }
    const quarter = random(1, QUARTERS);
    const amountCentavos = toCentavos([20, 50, 100, 200][random(0, 3)] ?? 20);
    const winning = random(0, 2) === 0;
    const ending = endingResult(plan, quarter);
    const quarterly = quarterResult(plan, quarter);
    const bets: { kind: MarketKind; picks: number[] }[] = [
      { kind: 'ending', picks: winning && ending ? ending : [random(0, 9), random(0, 9), quarter] },
      { kind: 'oddeven', picks: [random(0, 1), quarter] },
    ];
    const extra = random(0, 3);
    if (extra === 0 && has('endingwq')) bets.push({ kind: 'endingwq', picks: winning && quarterly ? quarterly : [random(0, 9), random(0, 9), quarter] });
    if (extra === 1 && has('ftts')) bets.push({ kind: 'ftts', picks: [random(0, 1), quarter] });
    if (extra === 2 && has('teambetting')) bets.push({ kind: 'teambetting', picks: [random(0, 1), random(0, 1) === 0 ? 0 : random(1, 9)] });
    if (extra === 3 && has('endingwqr')) bets.push({ kind: 'endingwqr', picks: [random(0, 9), random(0, 9), quarter] });
    for (const bet of bets) {
      const subGameId = marketId(game, bet.kind);
      if (!subGameId) continue;
      placing.push({ userId: bettor.id, subGameId, picks: bet.picks, amountCentavos });
    }
  }
  await Promise.all(topUps);
  // Together: one group commit on SQLite. A full slot or a closed quarter: the demo bettor simply does not place that one.
  await Promise.allSettled(placing.map((bet) => moneyChange(store, (q) => placeSportsBet(q, { ...bet, now: at }))));
}
