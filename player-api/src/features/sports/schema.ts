// Tables of the sports feature, defined once for both engines (db/ddl.ts); versioned per feature:
// append, never edit a shipped entry.
import { featureSchema, type PerEngine, type TableDef } from '../../db/ddl';

const SPORTS_TEAMS: TableDef = {
  name: 'sports_teams',
  ordered: true,
  columns: {
    id: { type: 'text', primaryKey: true },
    name: { type: 'text', notNull: true, unique: true },
    acronym: { type: 'text', notNull: true, unique: true },
    league: { type: 'text', notNull: true },
    /** The demo logo's colour. */
    color: { type: 'text', notNull: true },
    created_at: { type: 'text', notNull: true },
  },
};

const SPORTS_GAMES: TableDef = {
  name: 'sports_games',
  columns: {
    id: { type: 'text', primaryKey: true },
    team1_id: { type: 'text', notNull: true, references: 'sports_teams(id)' },
    team2_id: { type: 'text', notNull: true, references: 'sports_teams(id)' },
    /** ISO time of tip-off. */
    schedule: { type: 'text', notNull: true },
    status: { type: 'integer', notNull: true, default: 0, check: 'status BETWEEN 0 AND 7' },
    /** When the period in play began (NULL before tip-off). */
    phase_started_at: { type: 'text' },
    /** JSON [{quarter, Team1, Team2, first}] of finished periods. */
    periods: { type: 'text', notNull: true, default: "'[]'" },
    /** JSON periods drawn in advance (demo and tests only). */
    plan: { type: 'text' },
    maxbet_centavos: { type: 'bigint', notNull: true, check: 'maxbet_centavos > 0' },
    minbet_centavos: { type: 'bigint', notNull: true, check: 'minbet_centavos > 0' },
    demo: { type: 'integer', notNull: true, default: 0, check: 'demo IN (0, 1)' },
    created_at: { type: 'text', notNull: true },
    completed_at: { type: 'text' },
  },
  checks: ['team1_id <> team2_id'],
  indexes: [
    { name: 'sports_games_by_schedule', on: 'schedule' },
    { name: 'sports_games_in_play', on: 'status', where: 'status < 7' },
    { name: 'sports_games_completed', on: 'completed_at', where: 'completed_at IS NOT NULL' },
  ],
};

/** A game only moves forward, and a finished period's points never change. */
const SPORTS_GAMES_FORWARD: PerEngine = {
  sqlite: `CREATE TRIGGER sports_games_forward BEFORE UPDATE OF status, periods ON sports_games
WHEN NEW.status < OLD.status OR json_array_length(NEW.periods) < json_array_length(OLD.periods)
  OR substr(NEW.periods, 1, length(OLD.periods) - 1) <> substr(OLD.periods, 1, length(OLD.periods) - 1)
BEGIN SELECT RAISE(ABORT, 'a game only moves forward'); END;`,
  postgres: `CREATE FUNCTION sports_games_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status < OLD.status
    OR jsonb_array_length(NEW.periods::jsonb) < jsonb_array_length(OLD.periods::jsonb)
    OR substr(NEW.periods, 1, length(OLD.periods) - 1) <> substr(OLD.periods, 1, length(OLD.periods) - 1) THEN
    RAISE EXCEPTION 'a game only moves forward';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER sports_games_forward BEFORE UPDATE OF status, periods ON sports_games
  FOR EACH ROW EXECUTE FUNCTION sports_games_forward();`,
};

/**
 * The markets of a game: each is a game of the bets module (bets hang on it). Odd/Even and
 * First Team To Score also have one row per quarter (quarter 1–4), which is where their bets
 * go, so a bet's game carries the result of its own quarter.
 */
const SPORTS_MARKETS: TableDef = {
  name: 'sports_markets',
  columns: {
    game_id: { type: 'text', notNull: true, references: 'sports_games(id)' },
    kind: { type: 'text', notNull: true, check: "kind IN ('ending', 'endingwq', 'endingwqr', 'ftts', 'oddeven', 'teambetting')" },
    quarter: { type: 'integer', notNull: true, default: 0, check: 'quarter BETWEEN 0 AND 4' },
    bet_game_id: { type: 'text', notNull: true, unique: true, references: 'games(id)' },
  },
  primaryKey: ['game_id', 'kind', 'quarter'],
};

/** What is staked per Ending, slot pair and quarter: the liability limit, enforced here too. */
const SPORTS_SLOT_STAKES: TableDef = {
  name: 'sports_slot_stakes',
  withoutRowid: true,
  columns: {
    ending_id: { type: 'text', notNull: true, references: 'games(id)' },
    slot1: { type: 'integer', notNull: true, check: 'slot1 BETWEEN 0 AND 9' },
    slot2: { type: 'integer', notNull: true, check: 'slot2 BETWEEN 0 AND 9' },
    quarter: { type: 'integer', notNull: true, check: 'quarter BETWEEN 1 AND 6' },
    staked_centavos: { type: 'bigint', notNull: true, check: 'staked_centavos >= 0' },
    limit_centavos: { type: 'bigint', notNull: true, check: 'limit_centavos > 0' },
  },
  checks: ['staked_centavos <= limit_centavos'],
  primaryKey: ['ending_id', 'slot1', 'slot2', 'quarter'],
};

/** Whether this database runs the demo slate (set by the seed when demo data is on). */
const SPORTS_DEMO: TableDef = {
  name: 'sports_demo',
  columns: { id: { type: 'integer', primaryKey: true, check: 'id = 1' }, enabled_at: { type: 'text', notNull: true } },
};

export const SPORTS_SCHEMA = featureSchema([
  // 1 — teams, scheduled games, their markets (sub-games) and the per-slot stakes; the Winners
  // Circle reads wins by settlement time (bets belong to the bets feature; this index is ours).
  [
    SPORTS_TEAMS,
    SPORTS_GAMES,
    SPORTS_GAMES_FORWARD,
    SPORTS_MARKETS,
    SPORTS_SLOT_STAKES,
    { name: 'bets_wins_by_settled', table: 'bets', on: 'settled_at', where: 'status = 2' },
    SPORTS_DEMO,
  ],
]);
