import { spawn, type ChildProcess } from 'node:child_process';

/**
 * glibc's malloc setting the API runs with, as in its image (deploy/Dockerfile, docs/decisions/194):
 * blocks of 128 KB and more are always mapped on their own and given back when freed. Each
 * password hash (scrypt) takes a 16 MB block in a thread of libuv's pool; with glibc's sliding
 * threshold those blocks stayed in the threads' malloc arenas, which made most of the API's RSS
 * and grew with the hours. An operator's own setting in the environment wins.
 */
export const API_MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };

export interface PlayerApiProcessOptions {
  /** Node's arguments: the API's entry (`player-api/dist/main.js`, or `--import tsx …/main.ts`). */
  args: string[];
  cwd?: string;
  /** The port it listens on (its /health is polled there). */
  port: number;
  /** The API's environment, on top of this process's. */
  env: Record<string, string>;
  /** How long it may take to answer /health. @default 30000 */
  timeoutMs?: number;
  /** Where its standard output (its log) goes: a file descriptor, or nowhere. @default 'ignore' */
  stdout?: number | 'ignore';
}

/** Starts the player API as a process of its own; resolves once its /health answers. */
export async function startPlayerApi({ args, cwd, port, env, timeoutMs = 30_000, stdout = 'ignore' }: PlayerApiProcessOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    ...(cwd ? { cwd } : {}),
    env: { ...API_MALLOC_ENV, ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the player API exited while starting');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the player API did not answer /health within ${timeoutMs / 1000} s`);
}

/** Stops a process started here and waits for it to exit. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
