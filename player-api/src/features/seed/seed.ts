import { randomBytes } from 'node:crypto';
import { PLAYER_ROLE } from '@suwerte/contracts';
import { appendEntry } from '../ledger/ledger';
import { listJackpots, setJackpot } from '../jackpot/jackpot';
import { toCentavos } from '@suwerte/money';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { transaction } from '../../db/money';
import type { Store } from '../../db/store';
import type { Q } from '../../db/tables';
import { HOUSE_ROLE, OPERATOR_ROLE, createUser, isUniqueViolation, userByUsername, type NewUser } from '../../db/users';

/** The account owning the default referral code (the register page's 'Proceed without code'). */
export const HOUSE = { username: 'suwerte', referralCode: 'SUWERTE', role: HOUSE_ROLE, fullname: 'Suwerte' } as const;

export const DEMO_PLAYER = {
  username: 'demoplayer',
  password: 'suwerte123',
  fullname: 'Juan Dela Cruz',
  email: 'juan@example.com',
  contactnumber: '09171234567',
  openingBalancePesos: 5000,
  /**
   * The opening deposit is dated before the demo week (its oldest entry is 140 hours old), so
   * the history, newest first, ends with it and every running balance reads on (decision 192).
   */
  openingHoursAgo: 144,
} as const;

export const DEMO_OPERATOR = { username: 'operator1', password: 'operator123', role: OPERATOR_ROLE } as const;

export const JACKPOT_SEED = { Minor: 25_000.5, Major: 150_000.75, Grand: 1_000_000.25 } as const;

export interface SeedOptions {
  /** Demo mode: the demo users (demoplayer, operator1) and demo data. The house account is always seeded. */
  demo: boolean;
  now: Date;
}

/**
 * Creates the user unless one with that username exists; `afterCreate` runs in the same
 * transaction. Returns whether it was created. Idempotent, also when two processes race: on
 * SQLite the second waits for the first's transaction and finds the user; on PostgreSQL one of
 * two inserts meets the UNIQUE index, and that one counts as "already there".
 */
async function ensureUser(
  store: Store,
  user: Omit<NewUser, 'passwordHash' | 'now'> & { password: string },
  now: Date,
  afterCreate?: (q: Q, userId: string) => Promise<void>,
): Promise<boolean> {
  if (await userByUsername(store.db, user.username)) return false;
  const { password, ...rest } = user;
  const passwordHash = await hashPassword(password);
  try {
    return await transaction(store, async (q) => {
      if (await userByUsername(q, user.username)) return false;
      const row = await createUser(q, { ...rest, passwordHash, now });
      await afterCreate?.(q, row.id);
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * The house account (it owns the default referral code the register page's 'Proceed without
 * code' sends, so registration works in every mode) and, in demo mode, the demo users and the
 * jackpot pools. Production seeds nothing else: operators come from the operator CLI.
 * Seeding twice changes nothing.
 */
export async function seed(store: Store, { demo, now }: SeedOptions): Promise<void> {
  await ensureUser(
    store,
    {
      username: HOUSE.username,
      // Nobody knows this password: the house account cannot sign in.
      password: randomBytes(32).toString('hex'),
      role: HOUSE.role,
      fullname: HOUSE.fullname,
      referralCode: HOUSE.referralCode,
    },
    now,
  );

  // Whatever the mode: an account anyone can sign in to with a password this code publishes is a
  // demo account (docs/decisions/140) — also one a database got before demo accounts were marked.
  await markDemoAccounts(store);
  if (!demo) return;
  // The pools once: after that they are the game's (never reset by a restart).
  await transaction(store, async (q) => {
    if ((await listJackpots(q)).length === 0) await setJackpot(q, { ...JACKPOT_SEED }, now);
  });

  const house = await userByUsername(store.db, HOUSE.username);

  await ensureUser(
    store,
    {
      username: DEMO_PLAYER.username,
      password: DEMO_PLAYER.password,
      role: PLAYER_ROLE,
      fullname: DEMO_PLAYER.fullname,
      email: DEMO_PLAYER.email,
      contactnumber: DEMO_PLAYER.contactnumber,
      referredBy: house?.id ?? null,
      demo: true,
    },
    now,
    async (q, userId) => {
      await appendEntry(q, {
        userId,
        amountCentavos: toCentavos(DEMO_PLAYER.openingBalancePesos),
        kind: 'deposit',
        reference: 'seed:opening-balance',
        description: 'Opening balance',
        at: new Date(now.getTime() - DEMO_PLAYER.openingHoursAgo * 3_600_000),
      });
    },
  );

  await ensureUser(store, { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password, role: DEMO_OPERATOR.role, demo: true }, now);
}

/** The accounts demo mode creates with a published password. */
export const PUBLISHED_DEMO_ACCOUNTS: readonly { username: string; password: string }[] = [DEMO_PLAYER, DEMO_OPERATOR];

/**
 * Marks as demo accounts those of PUBLISHED_DEMO_ACCOUNTS whose password is still the published
 * one: they never sign in outside demo mode. An account of that name with another password (a
 * real player who registered the name) is left alone. Each is checked once: marked stays marked.
 */
export async function markDemoAccounts(store: Store): Promise<void> {
  for (const account of PUBLISHED_DEMO_ACCOUNTS) {
    const user = await userByUsername(store.db, account.username);
    if (!user || user.demo === 1 || !(await verifyPassword(account.password, user.password_hash))) continue;
    await store.db.updateTable('users').set({ demo: 1 }).where('id', '=', user.id).execute();
  }
}

/** The demo accounts a database holds (production's start-up log names them). */
export async function demoAccountNames(store: Store): Promise<string[]> {
  const rows = await store.db.selectFrom('users').select('username').where('demo', '=', 1).orderBy('username').execute();
  return rows.map((row) => row.username);
}
