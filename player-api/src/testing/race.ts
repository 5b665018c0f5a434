import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openStore, type Store } from '../db/store';

/** What one racing process reports: attempts that succeeded, were refused as expected, or failed otherwise. */
export interface RaceResult {
  ok: number;
  refused: number;
  failures: string[];
}

/**
 * Forks one child per argument list (`node --import tsx <worker> ...args`), waits until every
 * child has opened its own database connection, then starts them all at once; resolves with
 * each child's result. Children still running at the end are killed.
 */
export async function race(worker: URL, argLists: readonly string[][]): Promise<RaceResult[]> {
  const children = argLists.map((args) =>
    fork(fileURLToPath(worker), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  try {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve, reject) => {
            child.once('message', (message) => (message === 'ready' ? resolve() : reject(new Error(String(message)))));
            child.once('exit', (code) => reject(new Error(`worker exited early (${code})`)));
          }),
      ),
    );
    return await Promise.all(
      children.map(
        (child) =>
          new Promise<RaceResult>((resolve, reject) => {
            child.once('message', (message) => resolve(message as RaceResult));
            child.once('error', reject);
            child.send('go');
          }),
      ),
    );
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
  }
}

/** Counts the outcomes of a race's attempts. */
function tally(settled: readonly PromiseSettledResult<unknown>[], isRefusal: (error: unknown) => boolean): RaceResult {
  const result: RaceResult = { ok: 0, refused: 0, failures: [] };
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') result.ok += 1;
    else if (isRefusal(outcome.reason)) result.refused += 1;
    else result.failures.push(outcome.reason instanceof Error ? `${outcome.reason.name}: ${outcome.reason.message}` : String(outcome.reason));
  }
  return result;
}

/**
 * The child's side of `race` on the async query layer: opens its own store on `location` (a
 * SQLite path, or a postgres:// URL — a test schema goes in the URL, e.g.
 * `?options=-c%20search_path%3Dt_abc`), says 'ready', and on 'go' makes `count` attempts, one
 * after the other (each its own money change or transaction), or all at once with
 * `concurrent` (they share the process's group commits on SQLite, its pool on PostgreSQL).
 * An attempt resolves (ok), rejects with what `isRefusal` accepts (refused) or with anything
 * else (a failure).
 */
export function serveStoreRace(
  location: string,
  count: number,
  attempt: (store: Store, index: number) => Promise<unknown>,
  isRefusal: (error: unknown) => boolean,
  { concurrent = false }: { concurrent?: boolean } = {},
): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('a race worker runs as a forked child');
  const store = openStore(location);
  const run = async (): Promise<RaceResult> => {
    if (concurrent) return tally(await Promise.allSettled(Array.from({ length: count }, (_, index) => attempt(store, index))), isRefusal);
    const settled: PromiseSettledResult<unknown>[] = [];
    for (let index = 0; index < count; index += 1) {
      try {
        settled.push({ status: 'fulfilled', value: await attempt(store, index) });
      } catch (error) {
        settled.push({ status: 'rejected', reason: error });
      }
    }
    return tally(settled, isRefusal);
  };
  process.on('message', (message) => {
    if (message !== 'go') return;
    void run()
      .catch((error: unknown): RaceResult => ({ ok: 0, refused: 0, failures: [String(error)] }))
      .then(async (result) => {
        await store.close();
        send(result, () => process.exit(0));
      });
  });
  send('ready');
}
