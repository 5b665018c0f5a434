import { sql } from 'kysely';
import { sessionsMigration } from './sessions';
import type { Store } from './store';

/**
 * The PostgreSQL schema: the core tables here, each feature's own in its `postgresMigrations`
 * (versioned per feature in `feature_schema`, like SQLite's). The same tables, columns and
 * money rules as the SQLite schema (db/migrations.ts), written for PostgreSQL:
 * - a case-insensitive unique username and referral code (unique indexes on `lower(…)`);
 * - `rowid` is an identity column where a query orders by insertion;
 * - the ledger is append-only (UPDATE, DELETE and TRUNCATE refused), each entry's balance after
 *   must follow from the balance it moves, the balance moves in the same statement as the insert,
 *   and the balance can never differ from the ledger sum or go negative — triggers and CHECKs,
 *   so no code path, tool or operator's SQL can break them.
 * Append new versions at the end; never edit one that has shipped.
 */
export const CORE_POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id               TEXT PRIMARY KEY,
    username         TEXT NOT NULL,
    password_hash    TEXT NOT NULL,
    role             INTEGER NOT NULL,
    fullname         TEXT NOT NULL DEFAULT '',
    email            TEXT NOT NULL DEFAULT '',
    contactnumber    TEXT NOT NULL DEFAULT '',
    referral_code    TEXT NOT NULL,
    referred_by      TEXT REFERENCES users(id),
    balance_centavos BIGINT NOT NULL DEFAULT 0 CHECK (balance_centavos >= 0),
    token_version    INTEGER NOT NULL DEFAULT 0 CHECK (token_version >= 0),
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
  );
  CREATE UNIQUE INDEX users_username_nocase ON users (lower(username));
  CREATE UNIQUE INDEX users_referral_code_nocase ON users (lower(referral_code));

  CREATE FUNCTION users_start_at_zero() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.balance_centavos <> 0 THEN
      RAISE EXCEPTION 'users.balance_centavos starts at 0; credit it through the ledger';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER users_start_at_zero BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION users_start_at_zero();

  CREATE TABLE ledger (
    rowid                  BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    id                     TEXT PRIMARY KEY,
    user_id                TEXT NOT NULL REFERENCES users(id),
    amount_centavos        BIGINT NOT NULL CHECK (amount_centavos <> 0),
    balance_after_centavos BIGINT NOT NULL CHECK (balance_after_centavos >= 0),
    kind                   TEXT NOT NULL CHECK (length(kind) > 0),
    reference              TEXT,
    description            TEXT NOT NULL DEFAULT '',
    created_at             TEXT NOT NULL
  );
  CREATE INDEX ledger_by_user ON ledger (user_id, created_at);
  CREATE INDEX ledger_by_reference ON ledger (reference) WHERE reference IS NOT NULL;

  CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'ledger is append-only: % is not allowed', TG_OP;
  END $$;
  CREATE TRIGGER ledger_no_update BEFORE UPDATE OR DELETE ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
  CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

  -- Each entry records the balance it leaves; it must follow from the current balance, read
  -- with the player's row locked so no other transaction moves it in between.
  CREATE FUNCTION ledger_balance_after() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE current_balance BIGINT;
  BEGIN
    SELECT balance_centavos INTO current_balance FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
    IF current_balance IS NULL OR NEW.balance_after_centavos <> current_balance + NEW.amount_centavos THEN
      RAISE EXCEPTION 'ledger.balance_after_centavos must equal the balance plus the amount';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER ledger_balance_after BEFORE INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_balance_after();

  -- The user's balance moves in the same statement (hence the same transaction) as the insert.
  CREATE FUNCTION ledger_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    UPDATE users SET balance_centavos = NEW.balance_after_centavos WHERE id = NEW.user_id;
    RETURN NULL;
  END $$;
  CREATE TRIGGER ledger_apply_to_balance AFTER INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_apply_to_balance();

  -- The balance can never drift from the ledger, whoever writes to the table.
  CREATE FUNCTION users_balance_is_ledger_sum() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.balance_centavos <> (SELECT COALESCE(SUM(amount_centavos), 0) FROM ledger WHERE user_id = NEW.id) THEN
      RAISE EXCEPTION 'users.balance_centavos must equal the sum of the ledger';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER users_balance_is_ledger_sum BEFORE UPDATE OF balance_centavos ON users
    FOR EACH ROW WHEN (NEW.balance_centavos IS DISTINCT FROM OLD.balance_centavos) EXECUTE FUNCTION users_balance_is_ledger_sum();

  CREATE TABLE jackpot (
    id             INTEGER PRIMARY KEY,
    minor_centavos BIGINT NOT NULL CHECK (minor_centavos >= 0),
    major_centavos BIGINT NOT NULL CHECK (major_centavos >= 0),
    grand_centavos BIGINT NOT NULL CHECK (grand_centavos >= 0),
    updated_at     TEXT NOT NULL
  );
  `,
  // 2 — the balance guard reads the player's last entry instead of summing their whole ledger on
  // every change (docs/decisions/134): each entry's balance after follows from the balance before
  // it, so the last one's is the sum. A player's entries get their rowid in the order they are
  // written: every writer locks the player's row (appendEntry's FOR UPDATE) before its INSERT.
  `
  CREATE INDEX ledger_by_user_in_order ON ledger (user_id, rowid);
  CREATE OR REPLACE FUNCTION users_balance_is_ledger_sum() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.balance_centavos <> COALESCE((SELECT balance_after_centavos FROM ledger WHERE user_id = NEW.id ORDER BY rowid DESC LIMIT 1), 0) THEN
      RAISE EXCEPTION 'users.balance_centavos must equal the sum of the ledger';
    END IF;
    RETURN NEW;
  END $$;
  `,
  // 3 — server-side sessions (docs/decisions/143), the socket tickets already used
  // (docs/decisions/142), demo accounts (docs/decisions/140): as SQLite's version 6.
  sessionsMigration('postgres'),
];

/** Every process starting at once migrates under this advisory lock, one after another. */
const MIGRATION_LOCK = 0x5357_4552; // 'SWER'

/**
 * Brings the PostgreSQL schema up to date: the core, then each feature's own list, in one
 * transaction per step under an advisory lock. Idempotent; safe when several nodes start at once.
 * Returns the changes made to an existing schema ("schema 2 → 3", "feature health 0 → 1").
 */
export async function migratePostgres(store: Store, features: readonly { name: string; postgresMigrations?: readonly string[] }[]): Promise<string[]> {
  const applied: string[] = [];
  let fresh = false;
  const lists: [string, readonly string[]][] = [['core', CORE_POSTGRES_MIGRATIONS], ...features.flatMap((feature): [string, readonly string[]][] => (feature.postgresMigrations ? [[feature.name, feature.postgresMigrations]] : []))];
  await store.db.transaction().execute(async (q) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(q);
    await sql`CREATE TABLE IF NOT EXISTS feature_schema (feature TEXT PRIMARY KEY, version INTEGER NOT NULL)`.execute(q);
    for (const [feature, migrations] of lists) {
      const row = await sql<{ version: number }>`SELECT version FROM feature_schema WHERE feature = ${feature}`.execute(q);
      const from = row.rows[0]?.version ?? 0;
      if (from > migrations.length) {
        throw new Error(`Schema of ${feature} is at version ${from}, newer than this build knows (${migrations.length}).`);
      }
      // A database with no schema yet is created, not changed: nothing there to report.
      if (feature === 'core' && from === 0) fresh = true;
      if (from < migrations.length && !fresh) applied.push(`${feature === 'core' ? 'schema' : `feature ${feature}`} ${from} → ${migrations.length}`);
      for (let target = from + 1; target <= migrations.length; target += 1) {
        await sql.raw(migrations[target - 1] ?? '').execute(q);
        await sql`INSERT INTO feature_schema (feature, version) VALUES (${feature}, ${target}) ON CONFLICT (feature) DO UPDATE SET version = excluded.version`.execute(q);
      }
    }
  });
  return applied;
}
