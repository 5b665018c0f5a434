// Tables of the payment-options feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { featureSchema, type TableDef } from '../../db/ddl';

const PAYMENT_OPTIONS: TableDef = {
  name: 'payment_options',
  columns: {
    id: { type: 'text', primaryKey: true },
    mopname: { type: 'text', notNull: true, unique: true },
    label: { type: 'text', notNull: true },
    account_name: { type: 'text', notNull: true },
    account_number: { type: 'text', notNull: true },
    sort_order: { type: 'integer', notNull: true, default: 0 },
    active: { type: 'integer', notNull: true, default: 1, check: 'active IN (0, 1)' },
  },
};

export const PAYMENT_OPTIONS_SCHEMA = featureSchema([[PAYMENT_OPTIONS]]);
