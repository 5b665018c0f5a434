/** Tables of the sports feature (versioned per feature; append, never edit a shipped entry). */
export const SPORTS_MIGRATIONS: readonly string[] = [
  // 1 — teams, scheduled games, their markets (sub-games) and the per-slot stakes.
  `
  CREATE TABLE sports_teams (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    acronym    TEXT NOT NULL UNIQUE,
    league     TEXT NOT NULL,
    color      TEXT NOT NULL,   -- the demo logo's colour
    created_at TEXT NOT NULL
  ) STRICT;

  CREATE TABLE sports_games (
    id               TEXT PRIMARY KEY,
    team1_id         TEXT NOT NULL REFERENCES sports_teams(id),
    team2_id         TEXT NOT NULL REFERENCES sports_teams(id),
    schedule         TEXT NOT NULL,                 -- ISO time of tip-off
    status           INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 7),
    phase_started_at TEXT,                          -- when the period in play began (NULL before tip-off)
    periods          TEXT NOT NULL DEFAULT '[]',    -- JSON [{quarter, Team1, Team2, first}] of finished periods
    plan             TEXT,                          -- JSON periods drawn in advance (demo and tests only)
    maxbet_centavos  INTEGER NOT NULL CHECK (maxbet_centavos > 0),
    minbet_centavos  INTEGER NOT NULL CHECK (minbet_centavos > 0),
    demo             INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
    created_at       TEXT NOT NULL,
    completed_at     TEXT,
    CHECK (team1_id <> team2_id)
  ) STRICT;
  CREATE INDEX sports_games_by_schedule ON sports_games (schedule);
  CREATE INDEX sports_games_in_play ON sports_games (status) WHERE status < 7;
  CREATE INDEX sports_games_completed ON sports_games (completed_at) WHERE completed_at IS NOT NULL;

  -- A game only moves forward, and a finished period's points never change.
  CREATE TRIGGER sports_games_forward BEFORE UPDATE OF status, periods ON sports_games
  WHEN NEW.status < OLD.status OR json_array_length(NEW.periods) < json_array_length(OLD.periods)
    OR substr(NEW.periods, 1, length(OLD.periods) - 1) <> substr(OLD.periods, 1, length(OLD.periods) - 1)
  BEGIN SELECT RAISE(ABORT, 'a game only moves forward'); END;

  -- The markets of a game: each is a game of the bets module (bets hang on it). Odd/Even and
  -- First Team To Score also have one row per quarter (quarter 1–4), which is where their bets
  -- go, so a bet's game carries the result of its own quarter.
  CREATE TABLE sports_markets (
    game_id     TEXT NOT NULL REFERENCES sports_games(id),
    kind        TEXT NOT NULL CHECK (kind IN ('ending', 'endingwq', 'endingwqr', 'ftts', 'oddeven', 'teambetting')),
    quarter     INTEGER NOT NULL DEFAULT 0 CHECK (quarter BETWEEN 0 AND 4),
    bet_game_id TEXT NOT NULL UNIQUE REFERENCES games(id),
    PRIMARY KEY (game_id, kind, quarter)
  ) STRICT;

  -- What is staked per Ending, slot pair and quarter: the liability limit, enforced here too.
  CREATE TABLE sports_slot_stakes (
    ending_id       TEXT NOT NULL REFERENCES games(id),
    slot1           INTEGER NOT NULL CHECK (slot1 BETWEEN 0 AND 9),
    slot2           INTEGER NOT NULL CHECK (slot2 BETWEEN 0 AND 9),
    quarter         INTEGER NOT NULL CHECK (quarter BETWEEN 1 AND 6),
    staked_centavos INTEGER NOT NULL CHECK (staked_centavos >= 0),
    limit_centavos  INTEGER NOT NULL CHECK (limit_centavos > 0),
    CHECK (staked_centavos <= limit_centavos),
    PRIMARY KEY (ending_id, slot1, slot2, quarter)
  ) STRICT, WITHOUT ROWID;

  -- The Winners Circle reads wins by settlement time (bets belong to the bets feature; this index is ours).
  CREATE INDEX bets_wins_by_settled ON bets (settled_at) WHERE status = 2;

  -- Whether this database runs the demo slate (set by the seed when demo data is on).
  CREATE TABLE sports_demo (id INTEGER PRIMARY KEY CHECK (id = 1), enabled_at TEXT NOT NULL) STRICT;
  `,
];

/** The same tables on PostgreSQL (docs/decisions/120); one consolidated version. */
export const SPORTS_POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sports_teams (
    rowid      BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    acronym    TEXT NOT NULL UNIQUE,
    league     TEXT NOT NULL,
    color      TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE sports_games (
    id               TEXT PRIMARY KEY,
    team1_id         TEXT NOT NULL REFERENCES sports_teams(id),
    team2_id         TEXT NOT NULL REFERENCES sports_teams(id),
    schedule         TEXT NOT NULL,
    status           INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 7),
    phase_started_at TEXT,
    periods          TEXT NOT NULL DEFAULT '[]',
    plan             TEXT,
    maxbet_centavos  BIGINT NOT NULL CHECK (maxbet_centavos > 0),
    minbet_centavos  BIGINT NOT NULL CHECK (minbet_centavos > 0),
    demo             INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
    created_at       TEXT NOT NULL,
    completed_at     TEXT,
    CHECK (team1_id <> team2_id)
  );
  CREATE INDEX sports_games_by_schedule ON sports_games (schedule);
  CREATE INDEX sports_games_in_play ON sports_games (status) WHERE status < 7;
  CREATE INDEX sports_games_completed ON sports_games (completed_at) WHERE completed_at IS NOT NULL;

  -- A game only moves forward, and a finished period's points never change.
  CREATE FUNCTION sports_games_forward() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.status < OLD.status
      OR jsonb_array_length(NEW.periods::jsonb) < jsonb_array_length(OLD.periods::jsonb)
      OR substr(NEW.periods, 1, length(OLD.periods) - 1) <> substr(OLD.periods, 1, length(OLD.periods) - 1) THEN
      RAISE EXCEPTION 'a game only moves forward';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER sports_games_forward BEFORE UPDATE OF status, periods ON sports_games
    FOR EACH ROW EXECUTE FUNCTION sports_games_forward();

  CREATE TABLE sports_markets (
    game_id     TEXT NOT NULL REFERENCES sports_games(id),
    kind        TEXT NOT NULL CHECK (kind IN ('ending', 'endingwq', 'endingwqr', 'ftts', 'oddeven', 'teambetting')),
    quarter     INTEGER NOT NULL DEFAULT 0 CHECK (quarter BETWEEN 0 AND 4),
    bet_game_id TEXT NOT NULL UNIQUE REFERENCES games(id),
    PRIMARY KEY (game_id, kind, quarter)
  );

  CREATE TABLE sports_slot_stakes (
    ending_id       TEXT NOT NULL REFERENCES games(id),
    slot1           INTEGER NOT NULL CHECK (slot1 BETWEEN 0 AND 9),
    slot2           INTEGER NOT NULL CHECK (slot2 BETWEEN 0 AND 9),
    quarter         INTEGER NOT NULL CHECK (quarter BETWEEN 1 AND 6),
    staked_centavos BIGINT NOT NULL CHECK (staked_centavos >= 0),
    limit_centavos  BIGINT NOT NULL CHECK (limit_centavos > 0),
    CHECK (staked_centavos <= limit_centavos),
    PRIMARY KEY (ending_id, slot1, slot2, quarter)
  );

  CREATE INDEX bets_wins_by_settled ON bets (settled_at) WHERE status = 2;

  CREATE TABLE sports_demo (id INTEGER PRIMARY KEY CHECK (id = 1), enabled_at TEXT NOT NULL);
  `,
];
