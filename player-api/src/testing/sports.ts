import { ScheduledGameSchema, type ScheduledGame } from '@suwerte/contracts';
import { toCentavos } from '@suwerte/money';
import { moneyChange, transaction } from '../db/money';
import { PLAYER_ROLE, createUser } from '../db/users';
import { appendEntry } from '../features/ledger/ledger';
import { DEFAULT_SPORTS_TIMINGS } from '../features/sports/config';
import { listTeams } from '../features/sports/demo';
import { createSportsGame, loadGame, toScheduledGame, type MarketKind } from '../features/sports/games';
import type { Period } from '../features/sports/scoring';
import { hashPassword } from '../lib/passwords';
import { bearer, type TestApp } from './test-app';

/** The periods of the games the sports tests play: 93-93 after Q4, 103-100 after the first overtime. */
export const OVERTIME_PLAN: Period[] = [
  { quarter: 1, Team1: 25, Team2: 22, first: 0 },
  { quarter: 2, Team1: 18, Team2: 27, first: 1 },
  { quarter: 3, Team1: 30, Team2: 20, first: 0 },
  { quarter: 4, Team1: 20, Team2: 24, first: 1 },
  { quarter: 5, Team1: 10, Team2: 7, first: 0 },
];

/** No overtime: 99-90 after Q4. */
export const REGULATION_PLAN: Period[] = [
  { quarter: 1, Team1: 25, Team2: 22, first: 0 },
  { quarter: 2, Team1: 18, Team2: 27, first: 1 },
  { quarter: 3, Team1: 30, Team2: 20, first: 0 },
  { quarter: 4, Team1: 26, Team2: 21, first: 1 },
];

export const QUARTER_MS = DEFAULT_SPORTS_TIMINGS.quarterMs;
export const OVERTIME_MS = DEFAULT_SPORTS_TIMINGS.overtimeMs;

export interface TestPlayer {
  id: string;
  username: string;
  headers: { authorization: string };
}

/** A player of its own, with a balance in pesos, signed in. */
export async function createPlayer(t: TestApp, username: string, pesos: number): Promise<TestPlayer> {
  const passwordHash = await hashPassword('suwerte123');
  const { id } = await createUser(t.store.db, { username, passwordHash, role: PLAYER_ROLE, now: t.clock.now() });
  if (pesos > 0) {
    await moneyChange(t.store, (q) => appendEntry(q, { userId: id, amountCentavos: toCentavos(pesos), kind: 'deposit', description: 'Opening balance', at: t.clock.now() }));
  }
  return { id, username, headers: bearer(await t.login(username, 'suwerte123')) };
}

export interface TestGameOptions {
  /** Minutes from the test clock's now to tip-off. Default 60. */
  inMinutes?: number;
  plan?: Period[];
  maxbetPesos?: number;
  markets?: readonly MarketKind[];
}

/** A game between two seeded teams with a known plan, as the API answers it. */
export async function createTestGame(t: Pick<TestApp, 'store' | 'clock'>, options: TestGameOptions = {}): Promise<ScheduledGame> {
  const [team1, team2] = await listTeams(t.store.db);
  if (!team1 || !team2) throw new Error('the sports seed has no teams');
  const now = t.clock.now();
  const id = await transaction(t.store, (q) => createSportsGame(q, {
    team1,
    team2,
    schedule: new Date(now.getTime() + (options.inMinutes ?? 60) * 60_000),
    maxbetCentavos: (options.maxbetPesos ?? 2_000) * 100,
    minbetCentavos: 1_000,
    plan: options.plan ?? OVERTIME_PLAN,
    publicUrl: 'http://localhost:4000',
    now,
    ...(options.markets ? { markets: options.markets } : {}),
  }));
  const game = await loadGame(t.store.db, id);
  if (!game) throw new Error('the test game vanished');
  return ScheduledGameSchema.parse(toScheduledGame(game));
}

/** Moves the clock to `minutes` after the game's tip-off. */
export function moveToMinutesAfterTipOff(t: TestApp, game: Pick<ScheduledGame, 'Schedule'>, minutes: number): void {
  t.clock.set(new Date(Date.parse(game.Schedule) + minutes * 60_000));
}
