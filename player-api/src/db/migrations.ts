import type { DB } from './database';
import { sessionsMigration } from './sessions';

/**
 * The schema, one entry per version (`PRAGMA user_version` = number of entries applied).
 * Append new versions at the end; never edit an entry that has shipped.
 */
export const MIGRATIONS: readonly string[] = [
  // 1 — users, append-only money ledger, jackpot pools.
  `
  CREATE TABLE users (
    id               TEXT PRIMARY KEY,
    username         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash    TEXT NOT NULL,
    role             INTEGER NOT NULL,
    fullname         TEXT NOT NULL DEFAULT '',
    email            TEXT NOT NULL DEFAULT '',
    contactnumber    TEXT NOT NULL DEFAULT '',
    referral_code    TEXT NOT NULL UNIQUE COLLATE NOCASE,
    referred_by      TEXT REFERENCES users(id),
    balance_centavos INTEGER NOT NULL DEFAULT 0 CHECK (balance_centavos >= 0),
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
  ) STRICT;

  -- A user starts at zero; money only ever arrives through the ledger.
  CREATE TRIGGER users_start_at_zero BEFORE INSERT ON users
  WHEN NEW.balance_centavos <> 0
  BEGIN SELECT RAISE(ABORT, 'users.balance_centavos starts at 0; credit it through the ledger'); END;

  CREATE TABLE ledger (
    id                     TEXT PRIMARY KEY,
    user_id                TEXT NOT NULL REFERENCES users(id),
    amount_centavos        INTEGER NOT NULL CHECK (amount_centavos <> 0),
    balance_after_centavos INTEGER NOT NULL CHECK (balance_after_centavos >= 0),
    kind                   TEXT NOT NULL CHECK (length(kind) > 0),
    reference              TEXT,
    description            TEXT NOT NULL DEFAULT '',
    created_at             TEXT NOT NULL
  ) STRICT;
  CREATE INDEX ledger_by_user ON ledger (user_id, created_at);
  CREATE INDEX ledger_by_reference ON ledger (reference) WHERE reference IS NOT NULL;

  -- Append-only.
  CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
  BEGIN SELECT RAISE(ABORT, 'ledger is append-only: UPDATE is not allowed'); END;
  CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
  BEGIN SELECT RAISE(ABORT, 'ledger is append-only: DELETE is not allowed'); END;

  -- Each entry records the balance it leaves; it must follow from the current balance.
  CREATE TRIGGER ledger_balance_after BEFORE INSERT ON ledger
  WHEN NEW.balance_after_centavos IS NOT
       (SELECT balance_centavos FROM users WHERE id = NEW.user_id) + NEW.amount_centavos
  BEGIN SELECT RAISE(ABORT, 'ledger.balance_after_centavos must equal the balance plus the amount'); END;

  -- The user's balance moves in the same statement (hence the same transaction) as the insert.
  CREATE TRIGGER ledger_apply_to_balance AFTER INSERT ON ledger
  BEGIN UPDATE users SET balance_centavos = NEW.balance_after_centavos WHERE id = NEW.user_id; END;

  -- The balance can never drift from the ledger, whoever writes to the table.
  CREATE TRIGGER users_balance_is_ledger_sum BEFORE UPDATE OF balance_centavos ON users
  WHEN NEW.balance_centavos IS NOT (SELECT COALESCE(SUM(amount_centavos), 0) FROM ledger WHERE user_id = NEW.id)
  BEGIN SELECT RAISE(ABORT, 'users.balance_centavos must equal the sum of the ledger'); END;

  CREATE TABLE jackpot (
    id             INTEGER PRIMARY KEY,
    minor_centavos INTEGER NOT NULL CHECK (minor_centavos >= 0),
    major_centavos INTEGER NOT NULL CHECK (major_centavos >= 0),
    grand_centavos INTEGER NOT NULL CHECK (grand_centavos >= 0),
    updated_at     TEXT NOT NULL
  ) STRICT;
  `,
  // 2 — the house account is no operator: it owns the default referral code and nothing else.
  `
  UPDATE users SET role = 0 WHERE username = 'suwerte' AND referral_code = 'SUWERTE' AND role = 1;
  `,
  // 3 — a token carries the version of its account's sessions: a password change ends the others.
  `
  ALTER TABLE users ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0 CHECK (token_version >= 0);
  `,
  // 4 — the query layer looks usernames and referral codes up by lower(…) on both engines (docs/decisions/120).
  `
  CREATE INDEX users_username_lower ON users (lower(username));
  CREATE INDEX users_referral_code_lower ON users (lower(referral_code));
  `,
  // 5 — the balance guard reads the player's last entry instead of summing their whole ledger on
  // every change (docs/decisions/134). Each entry's balance after must follow from the balance
  // before it (ledger_balance_after), so the last entry's is the ledger sum; rowid orders the
  // entries (append-only, never deleted), and this index finds a player's last one at once.
  `
  CREATE INDEX ledger_by_user_in_order ON ledger (user_id);
  DROP TRIGGER users_balance_is_ledger_sum;
  CREATE TRIGGER users_balance_is_ledger_sum BEFORE UPDATE OF balance_centavos ON users
  WHEN NEW.balance_centavos IS NOT
       COALESCE((SELECT balance_after_centavos FROM ledger WHERE user_id = NEW.id ORDER BY rowid DESC LIMIT 1), 0)
  BEGIN SELECT RAISE(ABORT, 'users.balance_centavos must equal the sum of the ledger'); END;
  `,
  // 6 — server-side sessions (docs/decisions/143): a token names its session, which a logout ends
  // and which expires when idle; the socket tickets already used (docs/decisions/142); demo
  // accounts, which never sign in outside demo mode (docs/decisions/140).
  sessionsMigration('sqlite'),
];

export function schemaVersion(db: DB): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the schema up to date; idempotent, and safe when several processes start at once
 * (each step re-reads the version inside its own BEGIN IMMEDIATE transaction).
 */
export function migrate(db: DB): { from: number; to: number } {
  const from = schemaVersion(db);
  if (from > MIGRATIONS.length) {
    throw new Error(`Database schema version ${from} is newer than this build knows (${MIGRATIONS.length}).`);
  }
  for (let target = from + 1; target <= MIGRATIONS.length; target += 1) {
    db.transaction(() => {
      if (schemaVersion(db) >= target) return;
      db.exec(MIGRATIONS[target - 1] ?? '');
      db.pragma(`user_version = ${target}`);
    }).immediate();
  }
  return { from, to: schemaVersion(db) };
}

const FEATURE_SCHEMA_TABLE = `
  CREATE TABLE IF NOT EXISTS feature_schema (
    feature TEXT PRIMARY KEY,
    version INTEGER NOT NULL
  ) STRICT;
`;

function featureVersion(db: DB, feature: string): number {
  const row = db.prepare<[string], { version: number }>('SELECT version FROM feature_schema WHERE feature = ?').get(feature);
  return row?.version ?? 0;
}

/**
 * Brings one feature's own tables up to date. Each feature keeps its own version, so features
 * developed side by side never compete for migration numbers. Idempotent and multi-process safe.
 */
export function migrateFeature(db: DB, feature: string, migrations: readonly string[]): { from: number; to: number } {
  db.exec(FEATURE_SCHEMA_TABLE);
  const from = featureVersion(db, feature);
  if (from > migrations.length) {
    throw new Error(`Schema of feature ${feature} is at version ${from}, newer than this build knows (${migrations.length}).`);
  }
  for (let target = from + 1; target <= migrations.length; target += 1) {
    db.transaction(() => {
      if (featureVersion(db, feature) >= target) return;
      db.exec(migrations[target - 1] ?? '');
      db.prepare('INSERT INTO feature_schema (feature, version) VALUES (?, ?) ON CONFLICT (feature) DO UPDATE SET version = excluded.version').run(
        feature,
        target,
      );
    }).immediate();
  }
  return { from, to: featureVersion(db, feature) };
}

/**
 * The schema changes a start would make on this database, one line each ("schema 6 → 7",
 * "feature health 0 → 1"); none on a database with no tables yet (nothing there to lose).
 */
export function pendingMigrations(db: DB, features: readonly { name: string; migrations?: readonly string[] }[]): string[] {
  const core = schemaVersion(db);
  if (core === 0) return [];
  const pending = core < MIGRATIONS.length ? [`schema ${core} → ${MIGRATIONS.length}`] : [];
  const hasFeatureTable = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'feature_schema'").get()?.n === 1;
  for (const feature of features) {
    const wanted = feature.migrations?.length ?? 0;
    const at = hasFeatureTable ? featureVersion(db, feature.name) : 0;
    if (at < wanted) pending.push(`feature ${feature.name} ${at} → ${wanted}`);
  }
  return pending;
}
