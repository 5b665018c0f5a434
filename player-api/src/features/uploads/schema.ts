// Tables of the uploads feature, defined once for both engines (db/ddl.ts); versioned per
// feature: append, never edit a shipped entry.
import { featureSchema, type PerEngine, type TableDef } from '../../db/ddl';

const UPLOADS: TableDef = {
  name: 'uploads',
  columns: {
    name: { type: 'text', primaryKey: true },
    user_id: { type: 'text', notNull: true, references: 'users(id)' },
    bytes: { type: 'bigint', notNull: true, check: 'bytes > 0' },
    created_at: { type: 'text', notNull: true },
    /** The deposit whose proof it is; one proof backs one deposit. */
    deposit_id: { type: 'text', unique: true },
  },
  indexes: [
    { name: 'uploads_by_user', on: 'user_id, created_at' },
    { name: 'uploads_unclaimed', on: 'created_at', where: 'deposit_id IS NULL' },
  ],
};

/**
 * Proofs of deposits made before uploads had owners: each belongs to its deposit's player
 * (PostgreSQL: ON CONFLICT DO NOTHING for INSERT OR IGNORE, strpos for instr). Runs after the
 * deposits feature's tables.
 */
const CLAIM_EARLIER_PROOFS: PerEngine = {
  sqlite: `INSERT OR IGNORE INTO uploads (name, user_id, bytes, created_at, deposit_id)
SELECT substr(image_link, instr(image_link, '/uploads/') + 9), user_id, 1, created_at, id
FROM deposits WHERE image_link LIKE '%/uploads/%';`,
  postgres: `INSERT INTO uploads (name, user_id, bytes, created_at, deposit_id)
SELECT substr(image_link, strpos(image_link, '/uploads/') + 9), user_id, 1, created_at, id
FROM deposits WHERE image_link LIKE '%/uploads/%'
ON CONFLICT DO NOTHING;`,
};

export const UPLOADS_SCHEMA = featureSchema([[UPLOADS, CLAIM_EARLIER_PROOFS]]);
