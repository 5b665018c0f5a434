// Tables of the telemetry feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { VITAL_METRICS } from '@suwerte/federation';
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

/**
 * One row per reported metric of a sampled page load (docs/decisions/216). No user, address or
 * full URL is kept; the route prefix at most.
 */
const VITALS: TableDef = {
  name: 'vitals',
  columns: {
    id: { type: 'serial' },
    remote: { type: 'text', notNull: true },
    release: { type: 'text', notNull: true },
    metric: { type: 'text', notNull: true, check: `metric IN (${VITAL_METRICS.map((metric) => `'${metric}'`).join(', ')})` },
    value: { type: 'integer', notNull: true, check: 'value >= 0' },
    route: { type: 'text', notNull: true },
    canary: { type: 'integer', notNull: true, check: 'canary IN (0, 1)' },
    created_at: { type: 'text', notNull: true },
  },
  indexes: [{ name: 'vitals_by_time', on: 'created_at' }],
};

export const TELEMETRY_SCHEMA = featureSchema([
  // 1 — failures of remote releases.
  [REMOTE_ERRORS],
  // 2 — players' vitals per release.
  [VITALS],
]);
