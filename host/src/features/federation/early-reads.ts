// Files the deep-link warm-up read before the federation chunk arrived (docs/decisions/210): the
// registry and the chosen release's manifest, handed to their first reader so the chain does not
// ask the server twice. On a deep link the early script (src/early.ts, docs/decisions/236) reads them
// before the shell has arrived: the page's one map holds its answers, so the shell's warm-up finds
// them there instead of asking again. Only the text travels; the reader still validates it with its schema. Each
// is taken once: a later read (a Retry, a check for a new release) always asks the server.
import { nextTask } from '../../lib/next-task';

/** The runtime config's file, and how the kernel reads it (@suwerte/shared/host's RUNTIME_CONFIG_READ; a unit test holds them equal): the early script reads it so, and the shell takes that read. */
export const CONFIG_URL = '/config.json';
export const CONFIG_READ: RequestInit = { cache: 'no-cache' };

/** A file as the server answered it. */
export interface EarlyAnswer {
  status: number;
  ok: boolean;
  text: string;
}

/** The page's reads, shared by the early script and the shell (two bundles, one page); and what their first reader does with them. */
const page = globalThis as typeof globalThis & { __suwerteEarlyReads?: Map<string, Promise<EarlyAnswer>>; __suwerteEarlyReactions?: Map<string, Promise<void>> };
const answers = (page.__suwerteEarlyReads ??= new Map<string, Promise<EarlyAnswer>>());
const reactions = (page.__suwerteEarlyReactions ??= new Map<string, Promise<void>>());

/**
 * A read another reader started, handed over in the task after the one its first reader reacts in.
 * The early script and the shell wait for the same reads; the early script's downloads and calls then
 * go out in a task of their own, not one the shell's bookkeeping shares. Lighthouse ties a task to
 * every file whose code ran in it, and had the page's downloads wait for the shell's files in its
 * phone model (docs/decisions/241).
 */
function handedOver(url: string, read: Promise<EarlyAnswer>): Promise<EarlyAnswer> {
  // The first reader's reaction as it stands now: a reader never waits for one made after it joined
  // (the early script joining the shell's read would otherwise wait for itself).
  const reaction = reactions.get(url);
  return read.then(async (answer) => {
    // Its reaction's last task ends with the early script's code: the shell's runs in a task of its own.
    await reaction;
    await nextTask();
    return answer;
  });
}

/**
 * Holds the hand-over of `url`'s answer until `reaction` settles: the early script's downloads for
 * it go out first, a few per task, and the shell asks for none of them before (docs/decisions/246).
 * `reaction` must not wait for the network — only for the early script's own tasks.
 */
export function holdHandOver(url: string, reaction: Promise<unknown>): void {
  reactions.set(
    url,
    reaction.then(
      () => undefined,
      () => undefined,
    ),
  );
}

/** Reads `url` now (revalidated, as its reader would) and keeps the answer for its first reader; a read already under way is joined. */
export function readEarly(url: string, init: RequestInit): Promise<EarlyAnswer> {
  // Already being read (the early script asked first): the same answer, not a second request.
  const reading = answers.get(url);
  if (reading) return handedOver(url, reading);
  const answer = fetch(url, init).then(async (response) => ({ status: response.status, ok: response.ok, text: await response.text() }));
  answers.set(url, answer);
  // A failed early read is nobody's failure: its reader asks the server itself.
  answer.catch(() => {
    if (answers.get(url) === answer) answers.delete(url);
  });
  return answer;
}

/** The early answer for `url`, once; null when there is none or it failed. */
export async function takeEarly(url: string): Promise<EarlyAnswer | null> {
  const answer = answers.get(url);
  if (!answer) return null;
  answers.delete(url);
  return handedOver(url, answer).catch(() => null);
}
