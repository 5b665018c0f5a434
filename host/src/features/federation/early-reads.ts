// Files the deep-link warm-up read before the federation chunk arrived (docs/decisions/210): the
// registry and the chosen release's manifest, handed to their first reader so the chain does not
// ask the server twice. Only the text travels; the reader still validates it with its schema. Each
// is taken once: a later read (a Retry, a check for a new release) always asks the server.

/** A file as the server answered it. */
export interface EarlyAnswer {
  status: number;
  ok: boolean;
  text: string;
}

const answers = new Map<string, Promise<EarlyAnswer>>();

/** Reads `url` now (revalidated, as its reader would) and keeps the answer for its first reader. */
export function readEarly(url: string, init: RequestInit): Promise<EarlyAnswer> {
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
  return answer.catch(() => null);
}
