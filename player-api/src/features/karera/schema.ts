/** Tables of the Video Karera feature (versioned per feature; append, never edit a shipped entry). */
export const KARERA_MIGRATIONS: readonly string[] = [
  // 1 — one row per round; the round's game (game type 9000) carries its bets and result.
  `
  CREATE TABLE karera_rounds (
    game_id    TEXT PRIMARY KEY REFERENCES games(id),
    status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'void')),
    winner     INTEGER CHECK (winner IS NULL OR winner IN (1, 2)),
    started_at TEXT NOT NULL,
    ended_at   TEXT,
    CHECK ((status = 'settled') = (winner IS NOT NULL))
  ) STRICT;
  CREATE INDEX karera_rounds_by_status ON karera_rounds (status);
  `,
  // 2 — the round's phase and when it ends, in the database: another node that takes the lead
  // continues an open round where it is (issue 14). 'result' once settled; NULL end: due at once.
  `
  ALTER TABLE karera_rounds ADD COLUMN phase TEXT NOT NULL DEFAULT 'betting' CHECK (phase IN ('betting', 'closed', 'result'));
  ALTER TABLE karera_rounds ADD COLUMN phase_ends_at TEXT;
  UPDATE karera_rounds SET phase = 'result' WHERE status = 'settled';
  `,
];

/** The same table on PostgreSQL (docs/decisions/120); `rowid` keeps the rounds' order (previouswinner). */
export const KARERA_POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE karera_rounds (
    rowid      BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    game_id    TEXT PRIMARY KEY REFERENCES games(id),
    status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'void')),
    winner     INTEGER CHECK (winner IS NULL OR winner IN (1, 2)),
    started_at TEXT NOT NULL,
    ended_at   TEXT,
    CHECK ((status = 'settled') = (winner IS NOT NULL))
  );
  CREATE INDEX karera_rounds_by_status ON karera_rounds (status);
  `,
  // 2 — as SQLite's 2.
  `
  ALTER TABLE karera_rounds
    ADD COLUMN phase TEXT NOT NULL DEFAULT 'betting' CHECK (phase IN ('betting', 'closed', 'result')),
    ADD COLUMN phase_ends_at TEXT;
  UPDATE karera_rounds SET phase = 'result' WHERE status = 'settled';
  `,
];
