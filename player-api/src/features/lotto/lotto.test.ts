import { GAME_TYPE, LOTTO_DRAW_GAME_TYPES, LottoResultListSchema, LottoScheduleListSchema, TOKEN_ERROR_TEXT, TodaysDrawListSchema, type LottoResult, type LottoSchedule } from '@suwerte/contracts';
import { manilaDayKey } from '@suwerte/time';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sql } from 'kysely';
import { openDatabase, type DB } from '../../db/database';
import { openSqliteStore, type Store } from '../../db/store';
import { TEST_SECRET, bearer, createClock, type TestClock } from '../../testing/test-app';
import { drawNumbers } from './draws';

// 2026-06-10 is a Wednesday. Manila is UTC+8: 10:00 in Manila is 02:00Z.
const WEDNESDAY_10AM = new Date('2026-06-10T02:00:00Z');

interface Site {
  app: FastifyInstance;
  db: DB;
  /** The site's store (over `db`, which the test closes). */
  store: Store;
  clock: TestClock;
}

let dir: string;
let dbPath: string;
const open: Site[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'suwerte-lotto-'));
  dbPath = join(dir, 'lotto.sqlite');
});

afterEach(async () => {
  for (const site of open.splice(0)) {
    await site.app.close();
    site.db.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

/** The player API on this test's database file, started at `start` (a restart if it already exists). */
async function startAt(start: Date, { demo = true } = {}): Promise<Site> {
  const db = openDatabase(dbPath);
  const store = openSqliteStore(db);
  const clock = createClock(start);
  const app = await buildApp({ database: store, jwtSecret: TEST_SECRET, now: clock.now, mode: demo ? 'demo' : 'production' });
  await app.ready();
  const site = { app, db, store, clock };
  open.push(site);
  return site;
}

async function tokenOf(app: FastifyInstance): Promise<string> {
  const credentials = { username: 'lottofan', password: 'Lotto-Fan-2026' };
  // A player of our own: without demo data there is no demo player.
  await app.inject({
    method: 'POST',
    url: '/register',
    payload: { ...credentials, referral: 'SUWERTE', email: 'lottofan@example.com', contactnumber: '09171234567' },
  });
  const response = await app.inject({ method: 'POST', url: '/player/login', payload: credentials });
  expect(response.statusCode).toBe(200);
  return (response.json() as { accesstoken: string }).accesstoken;
}

async function schedules(site: Site): Promise<LottoSchedule[]> {
  const response = await site.app.inject({ url: '/schedule/active/lotto', headers: bearer(await tokenOf(site.app)) });
  expect(response.statusCode).toBe(200);
  return LottoScheduleListSchema.parse(response.json());
}

async function results(site: Site): Promise<LottoResult[]> {
  const response = await site.app.inject({ url: '/result/lotto', headers: bearer(await tokenOf(site.app)) });
  expect(response.statusCode).toBe(200);
  return LottoResultListSchema.parse(response.json());
}

async function todays(site: Site): Promise<LottoResult[]> {
  const response = await site.app.inject({ url: '/game/pick3/todaysdraw' });
  expect(response.statusCode).toBe(200);
  return TodaysDrawListSchema.parse(response.json());
}

const at = (list: { GameType: number; Schedule: string }[], gameType: number) =>
  list.filter((item) => item.GameType === gameType).map((item) => item.Schedule);

describe('lotto schedule', () => {
  it('has EZ 2 at 2PM, 5PM and 9PM Philippine time, and every game on the schedule', async () => {
    const site = await startAt(WEDNESDAY_10AM);
    const list = await schedules(site);
    expect(at(list, GAME_TYPE.EZ2)).toEqual(['2026-06-10T06:00:00.000Z', '2026-06-10T09:00:00.000Z', '2026-06-10T13:00:00.000Z']);
    // Wednesday: 6/45 and 6/55 at 9PM, Mega Millions at 11AM.
    expect(at(list, 45)).toEqual(['2026-06-10T13:00:00.000Z']);
    expect(at(list, 55)).toEqual(['2026-06-10T13:00:00.000Z']);
    expect(at(list, GAME_TYPE.MEGA_MILLIONS)).toEqual(['2026-06-10T03:00:00.000Z']);
    // Games with nothing left today show their next draw: 6/49 on Thursday at 9PM, and 6/42
    // (today's finished demo draw, an hour back) on Thursday too.
    expect(at(list, 49)).toEqual(['2026-06-11T13:00:00.000Z']);
    expect(at(list, 42)).toEqual(['2026-06-10T01:00:00.000Z', '2026-06-11T13:00:00.000Z']);
    for (const type of LOTTO_DRAW_GAME_TYPES) expect(at(list, type).length, `game ${type}`).toBeGreaterThan(0);
    const times = list.map((item) => item.Schedule);
    expect(times).toEqual([...times].sort());
  });

  it('always has, today, a finished draw with numbers and a draw still to come — in the morning', async () => {
    const site = await startAt(WEDNESDAY_10AM);
    const today = await todays(site);
    const now = site.clock.now().toISOString();
    const finished = today.filter((draw) => draw.Schedule <= now);
    // Nothing on the timetable has finished by 10AM: the demo draw is an hour back.
    expect(finished.map((draw) => draw.Schedule)).toEqual(['2026-06-10T01:00:00.000Z']);
    expect(finished[0]?.ResultId[0]?.result).toHaveLength(6);
    expect(today.filter((draw) => draw.Schedule > now).every((draw) => draw.ResultId.length === 0)).toBe(true);
    expect(today.filter((draw) => draw.Schedule > now).length).toBeGreaterThan(0);
    expect(new Set(today.map((draw) => manilaDayKey(new Date(draw.Schedule))))).toEqual(new Set(['2026-06-10']));
  });

  it('after 9PM adds a draw still to come before midnight, and shows tomorrow’s EZ 2', async () => {
    const site = await startAt(new Date('2026-06-10T14:30:00Z')); // 10:30PM in Manila
    const list = await schedules(site);
    const upcoming = list.filter((item) => item.Schedule > site.clock.now().toISOString());
    expect(upcoming[0]?.Schedule).toBe('2026-06-10T15:30:00.000Z'); // 11:30PM, a demo draw
    // Today's EZ 2 draws are all finished (still listed) and tomorrow's 2PM is the next one.
    expect(at(list, GAME_TYPE.EZ2)).toEqual([
      '2026-06-10T06:00:00.000Z',
      '2026-06-10T09:00:00.000Z',
      '2026-06-10T13:00:00.000Z',
      '2026-06-11T06:00:00.000Z',
    ]);
  });

  it('just after midnight in Manila (still the day before in UTC) keeps to the Manila day', async () => {
    const site = await startAt(new Date('2026-06-10T16:10:00Z')); // Thursday 12:10AM in Manila
    const today = await todays(site);
    expect(today.length).toBeGreaterThan(0);
    expect(new Set(today.map((draw) => manilaDayKey(new Date(draw.Schedule))))).toEqual(new Set(['2026-06-11']));
    // The finished demo draw is clamped to midnight, not yesterday.
    expect(today[0]?.Schedule).toBe('2026-06-10T16:00:00.000Z');
    expect(today[0]?.ResultId[0]?.result.length).toBeGreaterThan(0);
  });

  it('gives the same answers whatever the server machine’s time zone', async () => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      const west = await schedules(await startAt(WEDNESDAY_10AM));
      process.env.TZ = 'Asia/Tokyo';
      dbPath = join(dir, 'lotto-east.sqlite');
      const east = await schedules(await startAt(WEDNESDAY_10AM));
      expect(east.map(({ GameType, Schedule }) => [GameType, Schedule])).toEqual(west.map(({ GameType, Schedule }) => [GameType, Schedule]));
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('needs a bearer token', async () => {
    const site = await startAt(WEDNESDAY_10AM);
    for (const url of ['/schedule/active/lotto', '/result/lotto']) {
      const response = await site.app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: TOKEN_ERROR_TEXT });
    }
  });
});

describe('lotto results', () => {
  it('lists drawn results of the last 7 days, newest first, never a draw still to come', async () => {
    const site = await startAt(WEDNESDAY_10AM);
    const list = await results(site);
    const now = site.clock.now().toISOString();
    expect(list.length).toBeGreaterThan(5);
    expect(list.every((result) => result.Schedule <= now && (result.ResultId[0]?.result.length ?? 0) > 0)).toBe(true);
    const times = list.map((result) => result.Schedule);
    expect(times).toEqual([...times].sort().reverse());
    // Monday's 9PM EZ 2 (two days back) is there.
    expect(list.some((result) => result.GameType === GAME_TYPE.EZ2 && result.Schedule === '2026-06-08T13:00:00.000Z')).toBe(true);
  });

  it('draws a result as soon as its time has come on a server that keeps running', async () => {
    const site = await startAt(WEDNESDAY_10AM);
    expect((await results(site)).some((result) => result.Schedule === '2026-06-10T06:00:00.000Z')).toBe(false);
    site.clock.set(new Date('2026-06-10T06:00:01Z')); // 2:00:01PM
    const twoPm = (await results(site)).filter((result) => result.Schedule === '2026-06-10T06:00:00.000Z');
    expect(twoPm.map((result) => result.GameType)).toEqual([GAME_TYPE.EZ2]);
    expect(twoPm[0]?.ResultId[0]?.result).toHaveLength(2);
    // Drawn once: the numbers do not change on the next read.
    const again = (await results(site)).find((result) => result.Schedule === '2026-06-10T06:00:00.000Z');
    expect(again?.ResultId).toEqual(twoPm[0]?.ResultId);
  });

  it('draws once even when two servers share the database', async () => {
    const one = await startAt(WEDNESDAY_10AM);
    const two = await startAt(WEDNESDAY_10AM);
    for (const site of [one, two]) site.clock.set(new Date('2026-06-10T06:00:01Z'));
    const [a, b] = await Promise.all([results(one), results(two)]);
    expect(a.find((result) => result.Schedule === '2026-06-10T06:00:00.000Z')?.ResultId).toEqual(
      b.find((result) => result.Schedule === '2026-06-10T06:00:00.000Z')?.ResultId,
    );
    // A drawn result is final: the database itself refuses to change it.
    await expect(sql`UPDATE lotto_draws SET result = '[1,2]' WHERE result IS NOT NULL`.execute(one.store.db)).rejects.toThrow(/already has a result/);
  });

  it('keeps a long-running server’s calendar current days later', async () => {
    const site = await startAt(WEDNESDAY_10AM);
    site.clock.set(new Date('2026-06-19T02:00:00Z')); // nine days later, beyond the seeded week
    const today = await todays(site);
    expect(at(today, GAME_TYPE.EZ2)).toEqual(['2026-06-19T06:00:00.000Z', '2026-06-19T09:00:00.000Z', '2026-06-19T13:00:00.000Z']);
  });
});

describe('seeding the calendar', () => {
  it('is idempotent: restarting adds nothing, and a later restart keeps today’s promise', async () => {
    const first = await startAt(WEDNESDAY_10AM);
    const count = async () => (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM lotto_draws`.execute(first.store.db)).rows[0]?.n ?? 0;
    const before = await count();
    await startAt(WEDNESDAY_10AM);
    expect(await count()).toBe(before);
    // Restarted after 9PM: a demo draw still to come is added, nothing else.
    const late = await startAt(new Date('2026-06-10T14:00:00Z'));
    expect(await count()).toBe(before + 1);
    const today = await todays(late);
    expect(today.some((draw) => draw.Schedule > late.clock.now().toISOString())).toBe(true);
  });

  it('starts with no draws without demo data', async () => {
    const site = await startAt(WEDNESDAY_10AM, { demo: false });
    expect(await todays(site)).toEqual([]);
    expect(await results(site)).toEqual([]);
  });
});

describe('drawNumbers', () => {
  it('draws 6 distinct numbers of 1…N for the 6/N games, in order', () => {
    for (const type of [42, 45, 49, 55, 58]) {
      for (let round = 0; round < 50; round += 1) {
        const numbers = drawNumbers(type);
        expect(numbers).toHaveLength(6);
        expect(new Set(numbers).size).toBe(6);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(Math.min(...numbers)).toBeGreaterThanOrEqual(1);
        expect(Math.max(...numbers)).toBeLessThanOrEqual(type);
      }
    }
  });

  it('draws two numbers of 1–31 for EZ 2 and 5 white plus 1 yellow for Mega Millions', () => {
    for (let round = 0; round < 50; round += 1) {
      const ez2 = drawNumbers(GAME_TYPE.EZ2);
      expect(ez2).toHaveLength(2);
      expect(ez2.every((n) => n >= 1 && n <= 31)).toBe(true);
      const mega = drawNumbers(GAME_TYPE.MEGA_MILLIONS);
      expect(mega).toHaveLength(6);
      expect(new Set(mega.slice(0, 5)).size).toBe(5);
      expect(mega.slice(0, 5).every((n) => n >= 1 && n <= 70)).toBe(true);
      expect(mega[5]).toBeGreaterThanOrEqual(1);
      expect(mega[5]).toBeLessThanOrEqual(25);
    }
    expect(() => drawNumbers(77)).toThrow(RangeError);
  });
});
