import { randomBytes } from 'node:crypto';
import { PLAYER_ROLE } from '@suwerte/shared/contracts';
import { postEntry } from '../features/ledger/ledger';
import { toCentavos } from '@suwerte/shared/money';
import { hashPassword } from '../lib/passwords';
import type { DB } from './database';
import { HOUSE_ROLE, OPERATOR_ROLE, findUserByUsername, insertUser, type NewUser } from './users';

/** The account owning the default referral code (the register page's 'Proceed without code'). */
export const HOUSE = { username: 'suwerte', referralCode: 'SUWERTE', role: HOUSE_ROLE, fullname: 'Suwerte' } as const;

export const DEMO_PLAYER = {
  username: 'demoplayer',
  password: 'suwerte123',
  fullname: 'Juan Dela Cruz',
  email: 'juan@example.com',
  contactnumber: '09171234567',
  openingBalancePesos: 5000,
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
 * transaction. Returns whether it was created. Idempotent, also when two processes race.
 */
async function ensureUser(
  db: DB,
  user: Omit<NewUser, 'passwordHash' | 'now'> & { password: string },
  now: Date,
  afterCreate?: (userId: string) => void,
): Promise<boolean> {
  if (findUserByUsername(db, user.username)) return false;
  const { password, ...rest } = user;
  const passwordHash = await hashPassword(password);
  return db
    .transaction(() => {
      if (findUserByUsername(db, user.username)) return false;
      const row = insertUser(db, { ...rest, passwordHash, now });
      afterCreate?.(row.id);
      return true;
    })
    .immediate();
}

/**
 * The house account (it owns the default referral code the register page's 'Proceed without
 * code' sends, so registration works in every mode) and, in demo mode, the demo users and the
 * jackpot pools. Production seeds nothing else: operators come from the operator CLI.
 * Seeding twice changes nothing.
 */
export async function seed(db: DB, { demo, now }: SeedOptions): Promise<void> {
  await ensureUser(
    db,
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

  if (!demo) return;
  db.prepare(
    `INSERT INTO jackpot (id, minor_centavos, major_centavos, grand_centavos, updated_at)
     VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
  ).run(toCentavos(JACKPOT_SEED.Minor), toCentavos(JACKPOT_SEED.Major), toCentavos(JACKPOT_SEED.Grand), now.toISOString());

  const house = findUserByUsername(db, HOUSE.username);

  await ensureUser(
    db,
    {
      username: DEMO_PLAYER.username,
      password: DEMO_PLAYER.password,
      role: PLAYER_ROLE,
      fullname: DEMO_PLAYER.fullname,
      email: DEMO_PLAYER.email,
      contactnumber: DEMO_PLAYER.contactnumber,
      referredBy: house?.id ?? null,
    },
    now,
    (userId) => {
      postEntry(db, {
        userId,
        amountCentavos: toCentavos(DEMO_PLAYER.openingBalancePesos),
        kind: 'deposit',
        reference: 'seed:opening-balance',
        description: 'Opening balance',
        at: now,
      });
    },
  );

  await ensureUser(db, { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password, role: DEMO_OPERATOR.role }, now);
}
