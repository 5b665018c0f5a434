// A deep link's first calls made by the host's early script (docs/decisions/236), before the shell and
// its API client have arrived: plain GETs on the player API with the player's token, kept on the
// page for the kernel's API client, which hands each answer to the page's own call of that path, once
// (shared/kernel/src/api/early-calls.ts, docs/decisions/232). Nothing imported but the path check:
// the early script must stay a few kilobytes.
import { isEarlyCallPath } from './early-call-path.mjs';

/** An answer as the API sent it; the page's call parses it with its endpoint's contract. */
interface PageCallAnswer {
  ok: boolean;
  text: string;
}

interface PageCall {
  answer: Promise<PageCallAnswer>;
  /** The API base URL and token it was made with: only a call of the same API and session takes it. */
  api: string;
  token: string;
  startedAt: number;
}

/** As the API client's own timeout. */
const CALL_TIMEOUT_MS = 15_000;

/** The page's calls, shared by the early script and the kernel (two bundles, one page), and every path either has started. */
const page = globalThis as typeof globalThis & { __suwertePageCalls?: Map<string, PageCall>; __suwerteEarlyCallPaths?: Set<string> };
const calls = (page.__suwertePageCalls ??= new Map<string, PageCall>());
const started = (page.__suwerteEarlyCallPaths ??= new Set<string>());

/**
 * Claims the early call of `path` for the caller: true the first time on this page, false once the
 * early script or the host's warm-up has started it — on a fast link the shell's warm-up can be
 * ahead of the early script, and a path is asked for once, by whichever comes first.
 */
export function claimEarlyCall(path: string): boolean {
  if (started.has(path)) return false;
  started.add(path);
  return true;
}

/** Those waiting for the page to have its calls' answers (whenPageCallsAnswered), and the answers taken but not in yet. */
const waiting = new Set<() => void>();
let arriving = 0;

function tellIfAnswered(): void {
  if (calls.size > 0 || arriving > 0) return;
  for (const resolve of waiting) resolve();
  waiting.clear();
}

/**
 * Resolves once the page has taken every call started for it and their answers are in (at once when
 * none was started): the page has its first data. A call nobody takes keeps it waiting; callers cap it.
 */
export function whenPageCallsAnswered(): Promise<void> {
  return new Promise((resolve) => {
    waiting.add(resolve);
    tellIfAnswered();
  });
}

/** Tests: forgets every call and claim. */
export function forgetPageCalls(): void {
  calls.clear();
  started.clear();
  tellIfAnswered();
}

/** The URL of `path` on the API at `api`, joined as the API client (axios) joins its base URL and a path. */
export function apiCallUrl(api: string, path: string): string {
  return `${api.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Whether `api` is an http(s) URL: the only kind the player's token is sent to from here. */
function isHttpUrl(api: string): boolean {
  return URL.canParse(api) && /^https?:$/.test(new URL(api).protocol);
}

/**
 * Starts a GET of each path on the API at `api` with the player's token, unless one is under way.
 * Only plain paths (isEarlyCallPath); a failed call is never handed over: the page asks again.
 */
export function startPageCalls(paths: readonly string[], api: string, token: string, now: () => number = Date.now): void {
  if (!isHttpUrl(api) || token === '') return;
  for (const path of paths) {
    if (!isEarlyCallPath(path) || !claimEarlyCall(path)) continue;
    const answer = fetch(apiCallUrl(api, path), { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }).then(
      async (response) => ({ ok: response.ok, text: await response.text() }),
    );
    // Nobody may take it (the page never comes): not an unhandled rejection.
    answer.catch(() => undefined);
    calls.set(path, { answer, api, token, startedAt: now() });
  }
}

/** Whether the early script has started a call of `path` that nobody has taken yet. */
export function hasPageCall(path: string): boolean {
  return calls.has(path);
}

/**
 * The answer of the early script's GET `path`, once: its JSON when it succeeded, was made on the same
 * API for the same session, and is at most `maxAgeMs` old; undefined otherwise (the caller asks itself).
 */
export async function takePageCall(path: string, api: string, token: string | null, maxAgeMs: number, now: () => number = Date.now): Promise<{ data: unknown } | undefined> {
  const call = calls.get(path);
  if (!call) return undefined;
  calls.delete(path);
  arriving += 1;
  try {
    if (now() - call.startedAt > maxAgeMs || call.token !== token || call.api !== api) return undefined;
    const answer = await call.answer;
    return answer.ok ? { data: JSON.parse(answer.text) as unknown } : undefined;
  } catch {
    return undefined;
  } finally {
    arriving -= 1;
    tellIfAnswered();
  }
}
