// Tables of the telemetry feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { featureSchema, type TableDef } from '../../db/ddl';

/** Failures of remote releases in players' pages. No user, IP or full address is kept. */
const REMOTE_ERRORS: TableDef = {
  name: 'remote_errors',
  columns: {
    id: { type: 'serial' },
    remote: { type: 'text', notNull: true },
    release: { type: 'text', notNull: true },
    kind: { type: 'text', notNull: true, check: "kind IN ('load', 'render', 'incompatible')" },
    message: { type: 'text', notNull: true },
    route: { type: 'text', notNull: true },
    canary: { type: 'integer', notNull: true, check: 'canary IN (0, 1)' },
    created_at: { type: 'text', notNull: true },
  },
  indexes: [{ name: 'remote_errors_by_time', on: 'created_at' }],
};

export const TELEMETRY_SCHEMA = featureSchema([
  // 1 — failures of remote releases.
  [REMOTE_ERRORS],
]);
