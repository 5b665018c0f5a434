// Tables of the Video Karera feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { addColumn, featureSchema, type TableDef } from '../../db/ddl';

/** One row per round; the round's game (game type 9000) carries its bets and result. `rowid` keeps the rounds' order (previouswinner). */
const KARERA_ROUNDS: TableDef = {
  name: 'karera_rounds',
  ordered: true,
  columns: {
    game_id: { type: 'text', primaryKey: true, references: 'games(id)' },
    status: { type: 'text', notNull: true, default: "'open'", check: "status IN ('open', 'settled', 'void')" },
    winner: { type: 'integer', check: 'winner IS NULL OR winner IN (1, 2)' },
    started_at: { type: 'text', notNull: true },
    ended_at: { type: 'text' },
  },
  checks: ["(status = 'settled') = (winner IS NOT NULL)"],
  indexes: [{ name: 'karera_rounds_by_status', on: 'status' }],
};

export const KARERA_SCHEMA = featureSchema([
  // 1 — the rounds.
  [KARERA_ROUNDS],
  // 2 — the round's phase and when it ends, in the database: another node that takes the lead
  // continues an open round where it is (issue 14). 'result' once settled; NULL end: due at once.
  [
    addColumn('karera_rounds', 'phase', { type: 'text', notNull: true, default: "'betting'", check: "phase IN ('betting', 'closed', 'result')" }),
    addColumn('karera_rounds', 'phase_ends_at', { type: 'text' }),
    `UPDATE karera_rounds SET phase = 'result' WHERE status = 'settled';`,
  ],
]);
