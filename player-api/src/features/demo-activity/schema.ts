// Tables of the demo-activity feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { featureSchema } from '../../db/ddl';

export const DEMO_ACTIVITY_SCHEMA = featureSchema([
  // 1 — which demo activities this database has seeded, once each.
  [{ name: 'demo_activity', columns: { name: { type: 'text', primaryKey: true }, seeded_at: { type: 'text', notNull: true } } }],
]);
