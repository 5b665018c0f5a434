// Compares two heap snapshots of one process (the soak's `--soak-snapshots`, issue 36):
//   npx tsx tools/src/bench/heap-diff.ts .bench/soak/node0-minute5.heapsnapshot .bench/soak/node0-minute25.heapsnapshot
// V8 keeps an object's id from one snapshot of a process to the next, so what the later snapshot
// holds that the earlier did not is what was made in between and is still alive. Printed: the
// heap by kind of object (constructor) in each snapshot and the difference, then the objects
// new in the later one grouped by the chain of what holds them (their retainers up to a GC root),
// the largest first — where a leak shows up as one chain holding more and more.
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const snapshotFile = z.object({
  snapshot: z.object({
    meta: z.object({
      node_fields: z.array(z.string()),
      node_types: z.tuple([z.array(z.string())]).rest(z.unknown()),
      edge_fields: z.array(z.string()),
      edge_types: z.tuple([z.array(z.string())]).rest(z.unknown()),
    }),
  }),
  // Millions of entries: checked as arrays only (element by element would take longer than the rest).
  nodes: z.custom<number[]>((value) => Array.isArray(value)),
  edges: z.custom<number[]>((value) => Array.isArray(value)),
  strings: z.custom<string[]>((value) => Array.isArray(value)),
});

interface Heap {
  count: number;
  type: (node: number) => string;
  name: (node: number) => string;
  id: (node: number) => number;
  selfSize: (node: number) => number;
  /** The node's kind: its constructor for an object, else its type (strings, arrays, code…). */
  kind: (node: number) => string;
  /** For each node, the nodes holding it through a strong edge, with the edge's name. */
  retainers: { from: number; edge: string }[][];
}

function load(file: string): Heap {
  const data = snapshotFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  const { meta } = data.snapshot;
  const nodeWidth = meta.node_fields.length;
  const edgeWidth = meta.edge_fields.length;
  const field = (name: string, fields: string[]) => {
    const index = fields.indexOf(name);
    if (index < 0) throw new Error(`${file}: no ${name} field`);
    return index;
  };
  const [typeAt, nameAt, idAt, sizeAt, edgeCountAt] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((name) => field(name, meta.node_fields)) as [number, number, number, number, number];
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((name) => field(name, meta.edge_fields)) as [number, number, number];
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const { nodes, edges, strings } = data;
  const count = nodes.length / nodeWidth;
  const at = (node: number, offset: number) => nodes[node * nodeWidth + offset] ?? 0;
  const type = (node: number) => nodeTypes[at(node, typeAt)] ?? '?';
  const name = (node: number) => strings[at(node, nameAt)] ?? '?';
  const retainers: { from: number; edge: string }[][] = Array.from({ length: count }, () => []);
  let edge = 0;
  for (let node = 0; node < count; node += 1) {
    const edgeCount = at(node, edgeCountAt);
    for (let i = 0; i < edgeCount; i += 1, edge += 1) {
      const edgeType = edgeTypes[edges[edge * edgeWidth + edgeTypeAt] ?? 0] ?? '?';
      if (edgeType === 'weak' || edgeType === 'shortcut') continue;
      const nameOrIndex = edges[edge * edgeWidth + edgeNameAt] ?? 0;
      const to = (edges[edge * edgeWidth + toAt] ?? 0) / nodeWidth;
      const label = edgeType === 'element' || edgeType === 'hidden' ? '[]' : (strings[nameOrIndex] ?? '?');
      retainers[to]?.push({ from: node, edge: label });
    }
  }
  const kind = (node: number) => {
    const nodeType = type(node);
    return nodeType === 'object' || nodeType === 'closure' || nodeType === 'native' ? `${name(node)} (${nodeType})` : `(${nodeType})`;
  };
  return { count, type, name, id: (node) => at(node, idAt), selfSize: (node) => at(node, sizeAt), kind, retainers };
}

const [earlierFile, laterFile] = process.argv.slice(2);
if (!earlierFile || !laterFile) {
  console.error('usage: heap-diff.ts <earlier.heapsnapshot> <later.heapsnapshot>');
  process.exit(2);
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
const byKind = (heap: Heap) => {
  const totals = new Map<string, { count: number; bytes: number }>();
  for (let node = 0; node < heap.count; node += 1) {
    const entry = totals.get(heap.kind(node)) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += heap.selfSize(node);
    totals.set(heap.kind(node), entry);
  }
  return totals;
};

const earlier = load(earlierFile);
const earlierIds = new Set<number>();
for (let node = 0; node < earlier.count; node += 1) earlierIds.add(earlier.id(node));
const earlierKinds = byKind(earlier);
const earlierBytes = [...earlierKinds.values()].reduce((sum, entry) => sum + entry.bytes, 0);
const later = load(laterFile);
const laterKinds = byKind(later);
const laterBytes = [...laterKinds.values()].reduce((sum, entry) => sum + entry.bytes, 0);
console.info(`heap: ${mb(earlierBytes)} MB (${earlier.count} objects) → ${mb(laterBytes)} MB (${later.count} objects)\n`);

console.info('by kind, largest growth first (MB earlier → later, count earlier → later):');
const kinds = [...new Set([...earlierKinds.keys(), ...laterKinds.keys()])].map((kind) => {
  const before = earlierKinds.get(kind) ?? { count: 0, bytes: 0 };
  const after = laterKinds.get(kind) ?? { count: 0, bytes: 0 };
  return { kind, before, after, growth: after.bytes - before.bytes };
});
for (const entry of kinds.sort((a, b) => b.growth - a.growth).slice(0, 25)) {
  console.info(`  ${(entry.growth >= 0 ? '+' : '') + mb(entry.growth)} MB  ${mb(entry.before.bytes)} → ${mb(entry.after.bytes)} MB, ${entry.before.count} → ${entry.after.count}  ${entry.kind}`);
}

/** What holds a node: the chain of first strong retainers up to a root (or `depth` steps), array indices folded. */
const chain = (heap: Heap, start: number, depth = 10): string => {
  const steps: string[] = [];
  const seen = new Set<number>([start]);
  let node = start;
  for (let i = 0; i < depth; i += 1) {
    const holder = heap.retainers[node]?.find((retainer) => !seen.has(retainer.from));
    if (!holder) break;
    steps.push(`${heap.kind(holder.from)}.${holder.edge}`);
    if (heap.type(holder.from) === 'synthetic') break;
    seen.add(holder.from);
    node = holder.from;
  }
  return steps.join(' ← ');
};

const fresh = new Map<string, { count: number; bytes: number; chain: string }>();
let freshBytes = 0;
for (let node = 0; node < later.count; node += 1) {
  if (earlierIds.has(later.id(node))) continue;
  freshBytes += later.selfSize(node);
  const key = `${later.kind(node)} ← ${chain(later, node, 6)}`;
  const entry = fresh.get(key) ?? { count: 0, bytes: 0, chain: key };
  entry.count += 1;
  entry.bytes += later.selfSize(node);
  fresh.set(key, entry);
}
console.info(`\nnew in the later snapshot and still alive: ${mb(freshBytes)} MB; by what holds them, largest first:`);
for (const entry of [...fresh.values()].sort((a, b) => b.bytes - a.bytes).slice(0, 30)) {
  console.info(`  ${mb(entry.bytes)} MB, ${entry.count} objects: ${entry.chain}`);
}
