import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { HttpError } from '../../lib/errors';

/** Reads stdin to its end (a password piped in: `printf '%s' "$PASSWORD" | … create-operator reviewer1`); the first line counts. */
async function readPiped(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/** Asks on the terminal without echoing what is typed. */
function ask(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/**
 * The new operator's password: from stdin when it is piped, else typed twice at a prompt that
 * does not echo. Never from the arguments (they sit in the shell history and the process list).
 */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const first = await ask(prompt);
  const again = await ask('Type it again: ');
  if (first !== again) throw new HttpError(400, 'The two passwords differ; nothing was created.');
  return first;
}
