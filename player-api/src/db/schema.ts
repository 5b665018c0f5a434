// The core tables — users, the append-only money ledger, jackpot pools, sessions — defined once
// for both engines (db/ddl.ts), their triggers per engine beside them. The engines' version lists
// differ in length (SQLite's grew one change at a time; PostgreSQL's started later, with the
// first changes in its first version) and both have shipped: append, never edit an entry.
import { addColumn, refusal, render, type IndexDef, type PerEngine, type TableDef } from './ddl';

export const USERS: TableDef = {
  name: 'users',
  columns: {
    id: { type: 'text', primaryKey: true },
    username: { type: 'text', notNull: true, nocaseUnique: 'users_username_nocase' },
    password_hash: { type: 'text', notNull: true },
    role: { type: 'integer', notNull: true },
    fullname: { type: 'text', notNull: true, default: "''" },
    email: { type: 'text', notNull: true, default: "''" },
    contactnumber: { type: 'text', notNull: true, default: "''" },
    referral_code: { type: 'text', notNull: true, nocaseUnique: 'users_referral_code_nocase' },
    referred_by: { type: 'text', references: 'users(id)' },
    balance_centavos: { type: 'bigint', notNull: true, default: 0, check: 'balance_centavos >= 0' },
    created_at: { type: 'text', notNull: true },
    updated_at: { type: 'text', notNull: true },
  },
};

/** A token carries the version of its account's sessions: a password change ends the others. */
const ADD_TOKEN_VERSION = addColumn('users', 'token_version', { type: 'integer', notNull: true, default: 0, check: 'token_version >= 0' });

export const LEDGER: TableDef = {
  name: 'ledger',
  ordered: true,
  columns: {
    id: { type: 'text', primaryKey: true },
    user_id: { type: 'text', notNull: true, references: 'users(id)' },
    amount_centavos: { type: 'bigint', notNull: true, check: 'amount_centavos <> 0' },
    balance_after_centavos: { type: 'bigint', notNull: true, check: 'balance_after_centavos >= 0' },
    kind: { type: 'text', notNull: true, check: 'length(kind) > 0' },
    reference: { type: 'text' },
    description: { type: 'text', notNull: true, default: "''" },
    created_at: { type: 'text', notNull: true },
  },
  indexes: [
    { name: 'ledger_by_user', on: 'user_id, created_at' },
    { name: 'ledger_by_reference', on: 'reference', where: 'reference IS NOT NULL' },
  ],
};
/** A player's entries in the order written: the balance guard reads the last one (docs/decisions/134). */
const LEDGER_BY_USER_IN_ORDER: IndexDef = { name: 'ledger_by_user_in_order', table: 'ledger', on: 'user_id', inWriteOrder: true };

export const JACKPOT: TableDef = {
  name: 'jackpot',
  columns: {
    id: { type: 'integer', primaryKey: true },
    minor_centavos: { type: 'bigint', notNull: true, check: 'minor_centavos >= 0' },
    major_centavos: { type: 'bigint', notNull: true, check: 'major_centavos >= 0' },
    grand_centavos: { type: 'bigint', notNull: true, check: 'grand_centavos >= 0' },
    updated_at: { type: 'text', notNull: true },
  },
};

export const SESSIONS: TableDef = {
  name: 'sessions',
  columns: {
    id: { type: 'text', primaryKey: true },
    user_id: { type: 'text', notNull: true, references: 'users(id)', onDelete: 'CASCADE' },
    created_at: { type: 'text', notNull: true },
    expires_at: { type: 'text', notNull: true },
    ended_at: { type: 'text' },
  },
  indexes: [
    { name: 'sessions_by_user', on: 'user_id' },
    { name: 'sessions_by_expiry', on: 'expires_at' },
  ],
};
export const SOCKET_TICKETS_USED: TableDef = {
  name: 'socket_tickets_used',
  columns: { jti: { type: 'text', primaryKey: true }, expires_at: { type: 'text', notNull: true } },
  indexes: [{ name: 'socket_tickets_used_by_expiry', on: 'expires_at' }],
};
/** Demo accounts never sign in outside demo mode (docs/decisions/140). */
const ADD_DEMO = addColumn('users', 'demo', { type: 'integer', notNull: true, default: 0, check: 'demo IN (0, 1)' });

// The money rules as triggers, so no code path, tool or operator's SQL can break them.

/** A user starts at zero; money only ever arrives through the ledger. */
const USERS_START_AT_ZERO = refusal({
  name: 'users_start_at_zero',
  table: 'users',
  event: 'INSERT',
  when: 'NEW.balance_centavos <> 0',
  message: 'users.balance_centavos starts at 0; credit it through the ledger',
});

/** Append-only (PostgreSQL also refuses TRUNCATE). */
const LEDGER_APPEND_ONLY: PerEngine = {
  sqlite: `CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN SELECT RAISE(ABORT, 'ledger is append-only: UPDATE is not allowed'); END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN SELECT RAISE(ABORT, 'ledger is append-only: DELETE is not allowed'); END;`,
  postgres: `CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger is append-only: % is not allowed', TG_OP;
END $$;
CREATE TRIGGER ledger_no_update BEFORE UPDATE OR DELETE ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();`,
};

/**
 * Each entry records the balance it leaves; it must follow from the current balance (on
 * PostgreSQL read with the player's row locked, so no other transaction moves it in between).
 */
const LEDGER_BALANCE_AFTER: PerEngine = {
  sqlite: `CREATE TRIGGER ledger_balance_after BEFORE INSERT ON ledger
WHEN NEW.balance_after_centavos IS NOT
     (SELECT balance_centavos FROM users WHERE id = NEW.user_id) + NEW.amount_centavos
BEGIN SELECT RAISE(ABORT, 'ledger.balance_after_centavos must equal the balance plus the amount'); END;`,
  postgres: `CREATE FUNCTION ledger_balance_after() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE current_balance BIGINT;
BEGIN
  SELECT balance_centavos INTO current_balance FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  IF current_balance IS NULL OR NEW.balance_after_centavos <> current_balance + NEW.amount_centavos THEN
    RAISE EXCEPTION 'ledger.balance_after_centavos must equal the balance plus the amount';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_balance_after BEFORE INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_balance_after();`,
};

/** The user's balance moves in the same statement (hence the same transaction) as the insert. */
const LEDGER_APPLY_TO_BALANCE: PerEngine = {
  sqlite: `CREATE TRIGGER ledger_apply_to_balance AFTER INSERT ON ledger
BEGIN UPDATE users SET balance_centavos = NEW.balance_after_centavos WHERE id = NEW.user_id; END;`,
  postgres: `CREATE FUNCTION ledger_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET balance_centavos = NEW.balance_after_centavos WHERE id = NEW.user_id;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_apply_to_balance AFTER INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_apply_to_balance();`,
};

/** The balance can never drift from the ledger, whoever writes to the table: as first shipped, summing the ledger. */
const USERS_BALANCE_IS_LEDGER_SUM: PerEngine = {
  sqlite: `CREATE TRIGGER users_balance_is_ledger_sum BEFORE UPDATE OF balance_centavos ON users
WHEN NEW.balance_centavos IS NOT (SELECT COALESCE(SUM(amount_centavos), 0) FROM ledger WHERE user_id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'users.balance_centavos must equal the sum of the ledger'); END;`,
  postgres: `CREATE FUNCTION users_balance_is_ledger_sum() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance_centavos <> (SELECT COALESCE(SUM(amount_centavos), 0) FROM ledger WHERE user_id = NEW.id) THEN
    RAISE EXCEPTION 'users.balance_centavos must equal the sum of the ledger';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER users_balance_is_ledger_sum BEFORE UPDATE OF balance_centavos ON users
  FOR EACH ROW WHEN (NEW.balance_centavos IS DISTINCT FROM OLD.balance_centavos) EXECUTE FUNCTION users_balance_is_ledger_sum();`,
};

/**
 * The same guard reading the player's last entry instead of summing their whole ledger
 * (docs/decisions/134): each entry's balance after follows from the balance before it, so the
 * last one's is the sum. A player's entries get their rowid in the order they are written
 * (PostgreSQL: every writer locks the player's row, appendEntry's FOR UPDATE, before its INSERT).
 */
const USERS_BALANCE_IS_LAST_ENTRY: PerEngine = {
  sqlite: `DROP TRIGGER users_balance_is_ledger_sum;
CREATE TRIGGER users_balance_is_ledger_sum BEFORE UPDATE OF balance_centavos ON users
WHEN NEW.balance_centavos IS NOT
     COALESCE((SELECT balance_after_centavos FROM ledger WHERE user_id = NEW.id ORDER BY rowid DESC LIMIT 1), 0)
BEGIN SELECT RAISE(ABORT, 'users.balance_centavos must equal the sum of the ledger'); END;`,
  postgres: `CREATE OR REPLACE FUNCTION users_balance_is_ledger_sum() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance_centavos <> COALESCE((SELECT balance_after_centavos FROM ledger WHERE user_id = NEW.id ORDER BY rowid DESC LIMIT 1), 0) THEN
    RAISE EXCEPTION 'users.balance_centavos must equal the sum of the ledger';
  END IF;
  RETURN NEW;
END $$;`,
};

/** SQLite's schema, one entry per version (`PRAGMA user_version` = number of entries applied). */
export const CORE_SQLITE_MIGRATIONS: readonly string[] = [
  // 1 — users, append-only money ledger, jackpot pools.
  render('sqlite', USERS, USERS_START_AT_ZERO, LEDGER, LEDGER_APPEND_ONLY, LEDGER_BALANCE_AFTER, LEDGER_APPLY_TO_BALANCE, USERS_BALANCE_IS_LEDGER_SUM, JACKPOT),
  // 2 — the house account is no operator: it owns the default referral code and nothing else.
  `UPDATE users SET role = 0 WHERE username = 'suwerte' AND referral_code = 'SUWERTE' AND role = 1;`,
  // 3 — a token carries the version of its account's sessions.
  ADD_TOKEN_VERSION.sqlite,
  // 4 — the query layer looks usernames and referral codes up by lower(…) on both engines
  // (docs/decisions/120): SQLite's case-insensitive UNIQUE does not serve lower(…), so these
  // indexes do; PostgreSQL's unique lower(…) indexes serve both.
  `CREATE INDEX users_username_lower ON users (lower(username));
CREATE INDEX users_referral_code_lower ON users (lower(referral_code));`,
  // 5 — the balance guard reads the player's last entry.
  render('sqlite', LEDGER_BY_USER_IN_ORDER, USERS_BALANCE_IS_LAST_ENTRY),
  // 6 — server-side sessions (docs/decisions/143), the socket tickets already used
  // (docs/decisions/142), demo accounts (docs/decisions/140).
  render('sqlite', SESSIONS, SOCKET_TICKETS_USED, ADD_DEMO),
];

/** PostgreSQL's core schema, one entry per version (`feature_schema`'s 'core' row). */
export const CORE_POSTGRES_MIGRATIONS: readonly string[] = [
  // 1 — as SQLite's 1 and 3 (its 2 had nothing to change on a new engine), with the unique lower(…) indexes.
  render('postgres', USERS, ADD_TOKEN_VERSION, USERS_START_AT_ZERO, LEDGER, LEDGER_APPEND_ONLY, LEDGER_BALANCE_AFTER, LEDGER_APPLY_TO_BALANCE, USERS_BALANCE_IS_LEDGER_SUM, JACKPOT),
  // 2 — as SQLite's 5.
  render('postgres', LEDGER_BY_USER_IN_ORDER, USERS_BALANCE_IS_LAST_ENTRY),
  // 3 — as SQLite's 6.
  render('postgres', SESSIONS, SOCKET_TICKETS_USED, ADD_DEMO),
];
