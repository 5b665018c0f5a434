// Tables of the bets feature, defined once for both engines (db/ddl.ts); versioned per feature:
// append, never edit a shipped entry.
import { featureSchema, refusal, type TableDef } from '../../db/ddl';

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
  indexes: [{ name: 'games_by_type_schedule', on: 'game_type, schedule' }],
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
  indexes: [
    { name: 'bets_by_user', on: 'user_id, created_at' },
    { name: 'bets_by_game', on: 'game_id' },
  ],
};

/** A bet is settled once: Return (0), Win (2) or Lose (3) never change again. */
const BETS_SETTLE_ONCE = refusal({ name: 'bets_settle_once', table: 'bets', event: 'UPDATE', when: 'OLD.status <> 1', message: 'bet is already settled' });

export const BETS_SCHEMA = featureSchema([
  // 1 — games that bets are placed on, and the bets themselves.
  [GAMES, BETS, BETS_SETTLE_ONCE],
]);
