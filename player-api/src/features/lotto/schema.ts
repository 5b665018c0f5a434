/** Tables of the lotto feature (versioned per feature; append, never edit a shipped entry). */
export const LOTTO_MIGRATIONS: readonly string[] = [
  // 1 — lotto draws: the schedule, and each draw's numbers once it has taken place.
  `
  CREATE TABLE lotto_draws (
    id         TEXT PRIMARY KEY,
    game_type  INTEGER NOT NULL,
    schedule   TEXT NOT NULL,   -- ISO time (UTC) of the draw
    source     TEXT NOT NULL CHECK (source IN ('timetable', 'demo')),
    result     TEXT,            -- JSON number[] once drawn
    drawn_at   TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (game_type, schedule)
  ) STRICT;
  CREATE INDEX lotto_draws_by_schedule ON lotto_draws (schedule);
  CREATE INDEX lotto_draws_undrawn ON lotto_draws (schedule) WHERE result IS NULL;

  -- A draw's numbers are final: once set they never change.
  CREATE TRIGGER lotto_draws_result_final BEFORE UPDATE OF result ON lotto_draws
  WHEN OLD.result IS NOT NULL
  BEGIN SELECT RAISE(ABORT, 'lotto draw already has a result'); END;
  `,
];

/** The same table on PostgreSQL (docs/decisions/120). */
export const LOTTO_POSTGRES_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE lotto_draws (
    id         TEXT PRIMARY KEY,
    game_type  INTEGER NOT NULL,
    schedule   TEXT NOT NULL,
    source     TEXT NOT NULL CHECK (source IN ('timetable', 'demo')),
    result     TEXT,
    drawn_at   TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (game_type, schedule)
  );
  CREATE INDEX lotto_draws_by_schedule ON lotto_draws (schedule);
  CREATE INDEX lotto_draws_undrawn ON lotto_draws (schedule) WHERE result IS NULL;

  -- A draw's numbers are final: once set they never change.
  CREATE FUNCTION lotto_draws_result_final() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF OLD.result IS NOT NULL THEN RAISE EXCEPTION 'lotto draw already has a result'; END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER lotto_draws_result_final BEFORE UPDATE OF result ON lotto_draws
    FOR EACH ROW EXECUTE FUNCTION lotto_draws_result_final();
  `,
];
