import { OPERATOR_REQUEST_KINDS, type AccountEvent } from '@suwerte/shared/contracts';
import type { AppContext } from '../../context';
import { fromCentavos } from '@suwerte/shared/money';
import { decidedSince } from '../../lib/requests';
import { balanceOf } from '../ledger/ledger';

/** How often a signed-in page's stream looks for a change. */
export const ACCOUNT_WATCH_MS = 1_000;

type Decided = AccountEvent['decided'][number];

/**
 * Feeds one player's account stream: the balance at once, then a message whenever the balance
 * changes or one of their deposits or withdrawals is decided. It reads the database rather than
 * listening inside this process, so a decision made anywhere — the operator endpoints, the
 * operator command line on the same file, the payment page, a payout — is seen.
 */
export function watchAccount(ctx: AppContext, userId: string, send: (event: AccountEvent) => void, intervalMs = ACCOUNT_WATCH_MS): () => void {
  const since = ctx.now().toISOString();
  const reported = new Set<string>();
  const newlyDecided = (): Decided[] => {
    const decided: Decided[] = OPERATOR_REQUEST_KINDS.flatMap((kind) =>
      decidedSince(ctx.db, kind, userId, since).map((row) => ({ kind, _id: row.id, Status: row.status })),
    ).filter((request) => !reported.has(request._id));
    for (const request of decided) reported.add(request._id);
    return decided;
  };
  // What was decided in the very instant the stream opened counts as known.
  newlyDecided();
  let balance = balanceOf(ctx.db, userId);
  send({ Balance: fromCentavos(balance), decided: [] });

  const timer = setInterval(() => {
    const current = balanceOf(ctx.db, userId);
    const decided = newlyDecided();
    if (current === balance && decided.length === 0) return;
    balance = current;
    send({ Balance: fromCentavos(current), decided });
  }, intervalMs);
  return () => clearInterval(timer);
}
