// Tables of the health feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { featureSchema, type TableDef } from '../../db/ddl';

/** The readiness check writes this one row (it proves the database takes writes). */
const PROBE_ROW = "INSERT INTO readiness_probe (id, checked_at, node) VALUES (1, '1970-01-01T00:00:00.000Z', '')";

const READINESS_PROBE: TableDef = {
  name: 'readiness_probe',
  columns: { id: { type: 'integer', primaryKey: true, check: 'id = 1' }, checked_at: { type: 'text', notNull: true }, node: { type: 'text', notNull: true } },
};

export const HEALTH_SCHEMA = featureSchema([[READINESS_PROBE, `${PROBE_ROW};`]]);
