// A node's heap seen through its inspector (the soak, issue 36): a process started with
// `--inspect=127.0.0.1:<port>` is asked, over the DevTools protocol, for its memory after a full
// garbage collection and for heap snapshots (to compare in Chrome's Memory tab or with heap-diff.ts).
import { createWriteStream } from 'node:fs';
import { WebSocket } from 'ws';
import { z } from 'zod';

/** `process.memoryUsage()` of the node, in MB, read right after a full garbage collection. */
export interface HeapReading {
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
}

export interface NodeInspector {
  /** A full garbage collection, then the node's memory. */
  heap(): Promise<HeapReading>;
  /** Writes a heap snapshot (which collects garbage first) to `file`. */
  snapshot(file: string): Promise<void>;
  close(): void;
}

const targets = z.array(z.object({ webSocketDebuggerUrl: z.string() })).min(1);
const reply = z.object({ id: z.number(), result: z.unknown().optional(), error: z.object({ message: z.string() }).optional() });
const chunk = z.object({ method: z.literal('HeapProfiler.addHeapSnapshotChunk'), params: z.object({ chunk: z.string() }) });
const evaluated = z.object({ result: z.object({ value: z.string() }) });
const usage = z.object({ heapUsed: z.number(), heapTotal: z.number(), external: z.number(), arrayBuffers: z.number() });

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Connects to the inspector listening on 127.0.0.1:`port`. */
export async function connectInspector(port: number): Promise<NodeInspector> {
  const [target] = targets.parse(await (await fetch(`http://127.0.0.1:${port}/json/list`)).json());
  if (!target) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl, { maxPayload: 1024 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let onChunk: ((text: string) => void) | null = null;
  socket.on('message', (data: Buffer) => {
    const message: unknown = JSON.parse(data.toString('utf8'));
    const piece = chunk.safeParse(message);
    if (piece.success) return onChunk?.(piece.data.params.chunk);
    const answer = reply.safeParse(message);
    if (!answer.success) return;
    const pending = waiting.get(answer.data.id);
    waiting.delete(answer.data.id);
    if (answer.data.error) pending?.reject(new Error(answer.data.error.message));
    else pending?.resolve(answer.data.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });

  return {
    heap: async () => {
      await send('HeapProfiler.collectGarbage');
      const result = evaluated.parse(await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true }));
      const memory = usage.parse(JSON.parse(result.result.value));
      return { heapUsedMb: mb(memory.heapUsed), heapTotalMb: mb(memory.heapTotal), externalMb: mb(memory.external), arrayBuffersMb: mb(memory.arrayBuffers) };
    },
    snapshot: async (file) => {
      const out = createWriteStream(file);
      onChunk = (text) => out.write(text);
      try {
        await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      } finally {
        onChunk = null;
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      }
    },
    close: () => socket.close(),
  };
}
