// The player API as its own process (src/main.ts through tsx), for the tests of what only a
// process shows: its start-up refusals and messages, its signals and its exit code.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const PLAYER_API = join(import.meta.dirname, '..', '..');

export interface StartedMain {
  /** The exit code when it exited while starting; null while it runs. */
  code: number | null;
  /** What the process wrote so far (it goes on growing). */
  readonly output: string;
  /** Its address once it listens; null when it exited (or did not listen within 30 s). */
  url: string | null;
  /** SIGTERM, resolved once it exited. */
  stop: () => Promise<void>;
  /** Sends `signal`; resolves with the exit code (or signal) once it exited. */
  signal: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts src/main.ts with exactly `env` (plus PATH); resolves once it listens or exits. */
export function startMain(env: Record<string, string>): Promise<StartedMain> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: PLAYER_API,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exit;
  };
  const started = (code: number | null, url: string | null): StartedMain => ({
    code,
    url,
    stop: async () => void (await signal('SIGTERM')),
    signal,
    get output() {
      return output;
    },
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(started(null, null)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(started(null, match[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(started(code, null));
    });
  });
}
