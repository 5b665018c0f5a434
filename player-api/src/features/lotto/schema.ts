// Tables of the lotto feature, defined once for both engines (db/ddl.ts); versioned per feature:
// append, never edit a shipped entry.
import { featureSchema, render, type PerEngine, type TableDef } from '../../db/ddl';

/** Lotto draws: the schedule, and each draw's numbers once it has taken place. */
const LOTTO_DRAWS: TableDef = {
  name: 'lotto_draws',
  columns: {
    id: { type: 'text', primaryKey: true },
    game_type: { type: 'integer', notNull: true },
    /** ISO time (UTC) of the draw. */
    schedule: { type: 'text', notNull: true },
    source: { type: 'text', notNull: true, check: "source IN ('timetable', 'demo')" },
    /** JSON number[] once drawn. */
    result: { type: 'text' },
    drawn_at: { type: 'text' },
    created_at: { type: 'text', notNull: true },
  },
  unique: [['game_type', 'schedule']],
};

/** A draw's numbers are final: once set they never change. */
const LOTTO_DRAWS_RESULT_FINAL: PerEngine = {
  sqlite: `CREATE TRIGGER lotto_draws_result_final BEFORE UPDATE OF result ON lotto_draws
WHEN OLD.result IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'lotto draw already has a result'); END;`,
  postgres: `CREATE FUNCTION lotto_draws_result_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.result IS NOT NULL THEN RAISE EXCEPTION 'lotto draw already has a result'; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER lotto_draws_result_final BEFORE UPDATE OF result ON lotto_draws
  FOR EACH ROW EXECUTE FUNCTION lotto_draws_result_final();`,
};

export const LOTTO_SCHEMA = featureSchema([
  // 1 — lotto draws.
  (engine) =>
    render(
      engine,
      LOTTO_DRAWS,
      { name: 'lotto_draws_by_schedule', table: 'lotto_draws', on: 'schedule' },
      { name: 'lotto_draws_undrawn', table: 'lotto_draws', on: 'schedule', where: 'result IS NULL' },
      LOTTO_DRAWS_RESULT_FINAL,
    ),
]);
