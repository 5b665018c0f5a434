// Tables of the withdrawals feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { featureSchema, refusal, type TableDef } from '../../db/ddl';

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
  indexes: [
    { name: 'withdrawals_by_user', on: 'user_id, created_at' },
    { name: 'withdrawals_by_status', on: 'status, created_at' },
  ],
};

/** Pending (1) → paid out (3) or rejected (2), once. */
const WITHDRAWALS_DECIDE_ONCE = refusal({ name: 'withdrawals_decide_once', table: 'withdrawals', event: 'UPDATE OF status', when: 'OLD.status <> 1', message: 'withdrawal is already decided', postgresWhenOnTrigger: true });

export const WITHDRAWALS_SCHEMA = featureSchema([[WITHDRAWALS, WITHDRAWALS_DECIDE_ONCE]]);
