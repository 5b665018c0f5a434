/** Tables of the bets feature (versioned per feature; append, never edit a shipped entry). */
export const BETS_MIGRATIONS: readonly string[] = [
  // 1 — games that bets are placed on, and the bets themselves.
  `
  CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    game_type  INTEGER NOT NULL,
    team1      TEXT,            -- JSON Team, or NULL for lotto and e-games
    team2      TEXT,
    schedule   TEXT NOT NULL,   -- ISO time of the draw / match / round
    result     TEXT,            -- JSON number[] once known
    created_at TEXT NOT NULL
  ) STRICT;
  CREATE INDEX games_by_type_schedule ON games (game_type, schedule);

  CREATE TABLE bets (
    id               TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL REFERENCES users(id),
    game_id          TEXT NOT NULL REFERENCES games(id),
    details          TEXT NOT NULL,   -- JSON number[][]: BetDetails, picks in the first element
    amount_centavos  INTEGER NOT NULL CHECK (amount_centavos > 0),
    amount2_centavos INTEGER CHECK (amount2_centavos IS NULL OR amount2_centavos > 0),
    amount3_centavos INTEGER CHECK (amount3_centavos IS NULL OR amount3_centavos > 0),
    amount4_centavos INTEGER CHECK (amount4_centavos IS NULL OR amount4_centavos > 0),
    status           INTEGER NOT NULL DEFAULT 1 CHECK (status IN (0, 1, 2, 3)),
    payout_centavos  INTEGER NOT NULL DEFAULT 0 CHECK (payout_centavos >= 0),
    created_at       TEXT NOT NULL,
    settled_at       TEXT
  ) STRICT;
  CREATE INDEX bets_by_user ON bets (user_id, created_at);
  CREATE INDEX bets_by_game ON bets (game_id);

  -- A bet is settled once: Return (0), Win (2) or Lose (3) never change again.
  CREATE TRIGGER bets_settle_once BEFORE UPDATE ON bets
  WHEN OLD.status <> 1
  BEGIN SELECT RAISE(ABORT, 'bet is already settled'); END;
  `,
];

/** The same tables on PostgreSQL (docs/decisions/120). */
export const BETS_POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    game_type  INTEGER NOT NULL,
    team1      TEXT,
    team2      TEXT,
    schedule   TEXT NOT NULL,
    result     TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX games_by_type_schedule ON games (game_type, schedule);

  CREATE TABLE bets (
    rowid            BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    id               TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL REFERENCES users(id),
    game_id          TEXT NOT NULL REFERENCES games(id),
    details          TEXT NOT NULL,
    amount_centavos  BIGINT NOT NULL CHECK (amount_centavos > 0),
    amount2_centavos BIGINT CHECK (amount2_centavos IS NULL OR amount2_centavos > 0),
    amount3_centavos BIGINT CHECK (amount3_centavos IS NULL OR amount3_centavos > 0),
    amount4_centavos BIGINT CHECK (amount4_centavos IS NULL OR amount4_centavos > 0),
    status           INTEGER NOT NULL DEFAULT 1 CHECK (status IN (0, 1, 2, 3)),
    payout_centavos  BIGINT NOT NULL DEFAULT 0 CHECK (payout_centavos >= 0),
    created_at       TEXT NOT NULL,
    settled_at       TEXT
  );
  CREATE INDEX bets_by_user ON bets (user_id, created_at);
  CREATE INDEX bets_by_game ON bets (game_id);

  -- A bet is settled once: Return (0), Win (2) or Lose (3) never change again.
  CREATE FUNCTION bets_settle_once() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.status <> 1 THEN RAISE EXCEPTION 'bet is already settled'; END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER bets_settle_once BEFORE UPDATE ON bets FOR EACH ROW EXECUTE FUNCTION bets_settle_once();
  `,
];
