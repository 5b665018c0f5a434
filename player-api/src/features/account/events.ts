import { OPERATOR_REQUEST_KINDS, type AccountEvent } from '@suwerte/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { fromCentavos } from '@suwerte/money';
import { decidedSince } from '../../lib/requests';
import { readBalance } from '../ledger/ledger';

/** How often a signed-in page's stream looks for a change. */
export const ACCOUNT_WATCH_MS = 1_000;

type Decided = AccountEvent['decided'][number];

/**
 * Feeds one player's account stream: the balance at once, then a message whenever the balance
 * changes or one of their deposits or withdrawals is decided. It reads the database rather than
 * listening inside this process, so a decision made anywhere — the operator endpoints, the
 * operator command line, another node, the payment page, a payout — is seen. One look at a
 * time: a look still waiting for the database when the next is due skips that one.
 */
export function watchAccount(
  ctx: AppContext,
  userId: string,
  send: (event: AccountEvent) => void,
  intervalMs = ACCOUNT_WATCH_MS,
  log?: Pick<FastifyBaseLogger, 'error'>,
): () => void {
  const since = ctx.now().toISOString();
  const reported = new Set<string>();
  let stopped = false;
  let busy = false;
  let balance: number | null = null;
  const newlyDecided = async (): Promise<Decided[]> => {
    const found = await Promise.all(
      OPERATOR_REQUEST_KINDS.map(async (kind) => (await decidedSince(ctx.store.db, kind, userId, since)).map((row) => ({ kind, _id: row.id, Status: row.status }))),
    );
    const decided = found.flat().filter((request) => !reported.has(request._id));
    for (const request of decided) reported.add(request._id);
    return decided;
  };
  const look = async (): Promise<void> => {
    if (busy || stopped) return;
    busy = true;
    try {
      if (balance === null) {
        // What was decided in the very instant the stream opened counts as known.
        await newlyDecided();
        const first = await readBalance(ctx.store.db, userId);
        if (stopped) return;
        balance = first;
        send({ Balance: fromCentavos(first), decided: [] });
        return;
      }
      const current = await readBalance(ctx.store.db, userId);
      const decided = await newlyDecided();
      if (stopped || (current === balance && decided.length === 0)) return;
      balance = current;
      send({ Balance: fromCentavos(current), decided });
    } catch (error) {
      // The database did not answer this time: the next look tries again.
      log?.error({ err: error, userId }, 'account stream: could not read the account');
    } finally {
      busy = false;
    }
  };
  void look();
  const timer = setInterval(() => void look(), intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
