// The shape of a migrated database read back from the engine itself — SQLite's pragmas, PostgreSQL's
// information_schema and pg_catalog — in one form for both, so a test can hold them side by side
// (db/schema.postgres.test.ts). Test support only.
import { sql } from 'kysely';
import type { DB } from '../db/database';
import type { Store } from '../db/store';

export interface ColumnShape {
  name: string;
  /** `text` or `integer` (PostgreSQL's integer and bigint alike; SQLite's INTEGER is 64-bit). */
  type: string;
  notNull: boolean;
  /** The default as a literal (`0`, `''`, `'open'`), or null. */
  default: string | null;
}

export interface TableShape {
  columns: ColumnShape[];
  primaryKey: string[];
  /** Each unique constraint's columns; a column unique without regard to case is `lower(column)`. */
  unique: string[];
  /** `columns → table(columns) on delete action`. */
  foreignKeys: string[];
  /** Each CHECK as the columns it reads (sorted, comma-joined). */
  checks: string[];
  /** `name: [unique ](columns)[ where condition]`, indexes made by CREATE INDEX (not the constraints'). */
  indexes: string[];
  triggers: string[];
}

export type SchemaShape = Record<string, TableShape>;

/** Splits `a, lower(b), c` at its top-level commas. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** The text inside the parentheses that open at `start`. */
function parenthesized(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    if (text[i] === ')') {
      depth -= 1;
      if (depth === 0) return text.slice(start + 1, i);
    }
  }
  throw new Error(`unbalanced parentheses in ${text}`);
}

/** A condition or expression with the engines' differences in spelling removed (parentheses, casts, case, spaces). */
function normalize(text: string): string {
  return text
    .replace(/::[a-z ]+/gi, '')
    .replace(/[()]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The columns a CHECK's condition reads (string literals left out). */
function checkColumns(condition: string, columns: readonly string[]): string {
  const words = new Set(condition.replace(/'[^']*'/g, '').match(/[a-z_][a-z0-9_]*/gi) ?? []);
  return columns.filter((column) => words.has(column)).sort().join(',');
}

function sortShape(table: TableShape): TableShape {
  return { ...table, unique: [...table.unique].sort(), foreignKeys: [...table.foreignKeys].sort(), checks: [...table.checks].sort(), indexes: [...table.indexes].sort(), triggers: [...table.triggers].sort() };
}

interface SqliteColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

export function sqliteShape(db: DB): SchemaShape {
  const shape: SchemaShape = {};
  const tables = db.prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
  for (const { name, sql: tableSql } of tables) {
    const columns = db.prepare<[], SqliteColumn>(`PRAGMA table_info(${name})`).all();
    const names = columns.map((column) => column.name);
    const checks: string[] = [];
    for (const match of tableSql.matchAll(/\bCHECK\s*\(/gi)) checks.push(checkColumns(parenthesized(tableSql, match.index + match[0].length - 1), names));
    const unique: string[] = [];
    const indexes: string[] = [];
    for (const index of db.prepare<[], { name: string; unique: number; origin: string }>(`PRAGMA index_list(${name})`).all()) {
      if (index.origin === 'u') {
        const keys = db.prepare<[], { name: string; coll: string; key: number }>(`PRAGMA index_xinfo(${index.name})`).all().filter((key) => key.key === 1);
        unique.push(keys.map((key) => (key.coll.toUpperCase() === 'NOCASE' ? `lower(${key.name})` : key.name)).join(', '));
      } else if (index.origin === 'c') {
        const indexSql = db.prepare<[string], { sql: string }>('SELECT sql FROM sqlite_master WHERE name = ?').get(index.name)?.sql ?? '';
        const open = indexSql.indexOf('(', indexSql.search(/\bON\b/i));
        const inside = parenthesized(indexSql, open);
        const on = splitTopLevel(inside).join(', ');
        const where = /\bWHERE\b([\s\S]*)$/i.exec(indexSql.slice(open + inside.length + 2))?.[1];
        indexes.push(`${index.name}: ${index.unique ? 'unique ' : ''}(${on})${where ? ` where ${normalize(where)}` : ''}`);
      }
    }
    const foreignKeys = db
      .prepare<[], { id: number; table: string; from: string; to: string; on_delete: string }>(`PRAGMA foreign_key_list(${name})`)
      .all()
      .map((key) => `${key.from} → ${key.table}(${key.to}) on delete ${key.on_delete.toLowerCase()}`);
    const triggers = db.prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?").all(name).map((trigger) => trigger.name);
    shape[name] = sortShape({
      columns: columns.map((column) => ({ name: column.name, type: column.type.toLowerCase(), notNull: column.notnull === 1 || column.pk > 0, default: column.dflt_value })),
      primaryKey: columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name),
      unique,
      foreignKeys,
      checks,
      indexes,
      triggers,
    });
  }
  return shape;
}

const PG_DELETE_ACTIONS: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/**
 * PostgreSQL's shape of the store's schema. Its `rowid` identity column (SQLite's implicit rowid,
 * db/ddl.ts) and the unique constraint on it are left out, as is its place at the end of indexes.
 */
export async function postgresShape(store: Store): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>`
    SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
    WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`.execute(store.db);
  for (const column of columns.rows) {
    if (column.column_name === 'rowid') continue;
    const table = (shape[column.table_name] ??= { columns: [], primaryKey: [], unique: [], foreignKeys: [], checks: [], indexes: [], triggers: [] });
    table.columns.push({
      name: column.column_name,
      type: column.data_type === 'bigint' ? 'integer' : column.data_type,
      notNull: column.is_nullable === 'NO',
      default: column.column_default === null ? null : column.column_default.replace(/::[a-z ]+$/i, ''),
    });
  }
  const constraints = await sql<{ table_name: string; contype: string; columns: string[]; foreign_table: string | null; foreign_columns: string[] | null; confdeltype: string }>`
    SELECT c.conrelid::regclass::text AS table_name, c.contype,
      ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS columns,
      c.confrelid::regclass::text AS foreign_table,
      ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS foreign_columns,
      c.confdeltype
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE n.nspname = current_schema() AND c.conrelid <> 0`.execute(store.db);
  for (const constraint of constraints.rows) {
    const table = shape[constraint.table_name];
    if (!table || constraint.columns.includes('rowid')) continue;
    if (constraint.contype === 'p') table.primaryKey = constraint.columns;
    if (constraint.contype === 'u') table.unique.push(constraint.columns.join(', '));
    if (constraint.contype === 'c') table.checks.push([...constraint.columns].sort().join(','));
    if (constraint.contype === 'f') table.foreignKeys.push(`${constraint.columns.join(', ')} → ${constraint.foreign_table ?? ''}(${(constraint.foreign_columns ?? []).join(', ')}) on delete ${PG_DELETE_ACTIONS[constraint.confdeltype] ?? constraint.confdeltype}`);
  }
  const indexes = await sql<{ table_name: string; index_name: string; unique: boolean; definition: string }>`
    SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS unique, pg_get_indexdef(x.indexrelid) AS definition
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`.execute(store.db);
  for (const index of indexes.rows) {
    const table = shape[index.table_name];
    if (!table) continue;
    const open = index.definition.indexOf('(', index.definition.indexOf(' USING '));
    const inside = parenthesized(index.definition, open);
    const on = splitTopLevel(inside).filter((part, i, all) => !(part === 'rowid' && i === all.length - 1));
    const where = /\bWHERE\b([\s\S]*)$/i.exec(index.definition.slice(open + inside.length + 2))?.[1];
    // A unique index on lower(column) is how PostgreSQL makes a column unique without regard to case.
    if (index.unique && !where && on.every((part) => /^lower\(\w+\)$/.test(part))) table.unique.push(on.join(', '));
    else table.indexes.push(`${index.index_name}: ${index.unique ? 'unique ' : ''}(${on.join(', ')})${where ? ` where ${normalize(where)}` : ''}`);
  }
  const triggers = await sql<{ table_name: string; trigger_name: string }>`
    SELECT c.relname AS table_name, t.tgname AS trigger_name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND NOT t.tgisinternal`.execute(store.db);
  for (const trigger of triggers.rows) shape[trigger.table_name]?.triggers.push(trigger.trigger_name);
  for (const [name, table] of Object.entries(shape)) shape[name] = sortShape(table);
  return shape;
}
