// Tables of the withdrawals feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { featureSchema, render, type PerEngine, type TableDef } from '../../db/ddl';

/** `rowid` orders the history by insertion on PostgreSQL. */
const WITHDRAWALS: TableDef = {
  name: 'withdrawals',
  ordered: true,
  columns: {
    id: { type: 'text', primaryKey: true },
    user_id: { type: 'text', notNull: true, references: 'users(id)' },
    channel: { type: 'text', notNull: true },
    mode: { type: 'text', notNull: true },
    account_name: { type: 'text', notNull: true },
    account_number: { type: 'text', notNull: true },
    status: { type: 'integer', notNull: true, default: 1, check: 'status IN (1, 2, 3)' },
    amount_centavos: { type: 'bigint', notNull: true, check: 'amount_centavos > 0' },
    created_at: { type: 'text', notNull: true },
    decided_at: { type: 'text' },
    decided_by: { type: 'text' },
  },
};

/** Pending (1) → paid out (3) or rejected (2), once. */
const WITHDRAWALS_DECIDE_ONCE: PerEngine = {
  sqlite: `CREATE TRIGGER withdrawals_decide_once BEFORE UPDATE OF status ON withdrawals
WHEN OLD.status <> 1
BEGIN SELECT RAISE(ABORT, 'withdrawal is already decided'); END;`,
  postgres: `CREATE FUNCTION withdrawals_decide_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'withdrawal is already decided';
END $$;
CREATE TRIGGER withdrawals_decide_once BEFORE UPDATE OF status ON withdrawals
  FOR EACH ROW WHEN (OLD.status <> 1) EXECUTE FUNCTION withdrawals_decide_once();`,
};

export const WITHDRAWALS_SCHEMA = featureSchema([
  (engine) =>
    render(
      engine,
      WITHDRAWALS,
      { name: 'withdrawals_by_user', table: 'withdrawals', on: 'user_id, created_at' },
      { name: 'withdrawals_by_status', table: 'withdrawals', on: 'status, created_at' },
      WITHDRAWALS_DECIDE_ONCE,
    ),
]);
