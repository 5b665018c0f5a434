// Tables of the deposits feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { featureSchema, render, type PerEngine, type TableDef } from '../../db/ddl';

/** Manual deposits (proof image) and QR-gateway ones; `rowid` orders the history by insertion on PostgreSQL. */
const DEPOSITS: TableDef = {
  name: 'deposits',
  ordered: true,
  columns: {
    id: { type: 'text', primaryKey: true },
    user_id: { type: 'text', notNull: true, references: 'users(id)' },
    channel: { type: 'text', notNull: true, check: "channel IN ('manual', 'gateway')" },
    mode: { type: 'text', notNull: true },
    status: { type: 'integer', notNull: true, default: 1, check: 'status IN (1, 2, 3)' },
    amount_centavos: { type: 'bigint', notNull: true, check: 'amount_centavos > 0' },
    account_name: { type: 'text' },
    account_number: { type: 'text' },
    image_link: { type: 'text' },
    invoice_number: { type: 'text' },
    gateway_ref: { type: 'text', unique: true },
    created_at: { type: 'text', notNull: true },
    decided_at: { type: 'text' },
    decided_by: { type: 'text' },
  },
};

/** Pending (1) → approved (3) or rejected (2), once. */
const DEPOSITS_DECIDE_ONCE: PerEngine = {
  sqlite: `CREATE TRIGGER deposits_decide_once BEFORE UPDATE OF status ON deposits
WHEN OLD.status <> 1
BEGIN SELECT RAISE(ABORT, 'deposit is already decided'); END;`,
  postgres: `CREATE FUNCTION deposits_decide_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'deposit is already decided';
END $$;
CREATE TRIGGER deposits_decide_once BEFORE UPDATE OF status ON deposits
  FOR EACH ROW WHEN (OLD.status <> 1) EXECUTE FUNCTION deposits_decide_once();`,
};

export const DEPOSITS_SCHEMA = featureSchema([
  (engine) =>
    render(
      engine,
      DEPOSITS,
      { name: 'deposits_by_user', table: 'deposits', on: 'user_id, created_at' },
      { name: 'deposits_by_status', table: 'deposits', on: 'status, created_at' },
      DEPOSITS_DECIDE_ONCE,
    ),
]);
