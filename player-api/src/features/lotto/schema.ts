// Tables of the lotto feature, defined once for both engines (db/ddl.ts); versioned per feature:
// append, never edit a shipped entry.
import { featureSchema, refusal, type TableDef } from '../../db/ddl';

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
  indexes: [
    { name: 'lotto_draws_by_schedule', on: 'schedule' },
    { name: 'lotto_draws_undrawn', on: 'schedule', where: 'result IS NULL' },
  ],
};

/** A draw's numbers are final: once set they never change. */
const LOTTO_DRAWS_RESULT_FINAL = refusal({ name: 'lotto_draws_result_final', table: 'lotto_draws', event: 'UPDATE OF result', when: 'OLD.result IS NOT NULL', message: 'lotto draw already has a result' });

export const LOTTO_SCHEMA = featureSchema([
  // 1 — lotto draws.
  [LOTTO_DRAWS, LOTTO_DRAWS_RESULT_FINAL],
]);
