// Tables of the deposits feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { featureSchema, refusal, type TableDef } from '../../db/ddl';

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
  indexes: [
    { name: 'deposits_by_user', on: 'user_id, created_at' },
    { name: 'deposits_by_status', on: 'status, created_at' },
  ],
};

/** Pending (1) → approved (3) or rejected (2), once. */
const DEPOSITS_DECIDE_ONCE = refusal({ name: 'deposits_decide_once', table: 'deposits', event: 'UPDATE OF status', when: 'OLD.status <> 1', message: 'deposit is already decided', postgresWhenOnTrigger: true });

export const DEPOSITS_SCHEMA = featureSchema([[DEPOSITS, DEPOSITS_DECIDE_ONCE]]);
