// Tables of the bets feature, defined once for both engines (db/ddl.ts); versioned per feature:
// append, never edit a shipped entry.
import { featureSchema, render, type PerEngine, type TableDef } from '../../db/ddl';

/** Games that bets are placed on. */
const GAMES: TableDef = {
  name: 'games',
  columns: {
    id: { type: 'text', primaryKey: true },
    game_type: { type: 'integer', notNull: true },
    /** JSON Team, or NULL for lotto and e-games. */
    team1: { type: 'text' },
    team2: { type: 'text' },
    /** ISO time of the draw / match / round. */
    schedule: { type: 'text', notNull: true },
    /** JSON number[] once known. */
    result: { type: 'text' },
    created_at: { type: 'text', notNull: true },
  },
};

const BETS: TableDef = {
  name: 'bets',
  ordered: true,
  columns: {
    id: { type: 'text', primaryKey: true },
    user_id: { type: 'text', notNull: true, references: 'users(id)' },
    game_id: { type: 'text', notNull: true, references: 'games(id)' },
    /** JSON number[][]: BetDetails, picks in the first element. */
    details: { type: 'text', notNull: true },
    amount_centavos: { type: 'bigint', notNull: true, check: 'amount_centavos > 0' },
    amount2_centavos: { type: 'bigint', check: 'amount2_centavos IS NULL OR amount2_centavos > 0' },
    amount3_centavos: { type: 'bigint', check: 'amount3_centavos IS NULL OR amount3_centavos > 0' },
    amount4_centavos: { type: 'bigint', check: 'amount4_centavos IS NULL OR amount4_centavos > 0' },
    status: { type: 'integer', notNull: true, default: 1, check: 'status IN (0, 1, 2, 3)' },
    payout_centavos: { type: 'bigint', notNull: true, default: 0, check: 'payout_centavos >= 0' },
    created_at: { type: 'text', notNull: true },
    settled_at: { type: 'text' },
  },
};

/** A bet is settled once: Return (0), Win (2) or Lose (3) never change again. */
const BETS_SETTLE_ONCE: PerEngine = {
  sqlite: `CREATE TRIGGER bets_settle_once BEFORE UPDATE ON bets
WHEN OLD.status <> 1
BEGIN SELECT RAISE(ABORT, 'bet is already settled'); END;`,
  postgres: `CREATE FUNCTION bets_settle_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 1 THEN RAISE EXCEPTION 'bet is already settled'; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER bets_settle_once BEFORE UPDATE ON bets FOR EACH ROW EXECUTE FUNCTION bets_settle_once();`,
};

export const BETS_SCHEMA = featureSchema([
  // 1 — games that bets are placed on, and the bets themselves.
  (engine) =>
    render(
      engine,
      GAMES,
      { name: 'games_by_type_schedule', table: 'games', on: 'game_type, schedule' },
      BETS,
      { name: 'bets_by_user', table: 'bets', on: 'user_id, created_at' },
      { name: 'bets_by_game', table: 'bets', on: 'game_id' },
      BETS_SETTLE_ONCE,
    ),
]);
