// Server-side sessions (docs/decisions/143). A session token names its session (`sid`); the
// session is open until a logout ends it or it expires unused: every request reads it (with the
// account, db/committed.ts), so an ended session is refused at once on every node.
import { randomBytes } from 'node:crypto';
import type { Q } from './tables';

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: string;
  /** When it ends unless renewed: the last sign-in or renewal plus the idle limit. */
  expires_at: string;
  /** When a logout (or a password change, for the account's other sessions) ended it. */
  ended_at: string | null;
}

declare module './tables' {
  interface Tables {
    sessions: SessionRow;
    socket_tickets_used: { jti: string; expires_at: string };
  }
}

/** Ended or expired sessions are kept this long (a day), then removed. */
const KEEP_ENDED_MS = 24 * 60 * 60_000;

/** Whether `session` is open at `now` for `userId`: not ended, not expired, that account's. */
export function isOpenSession(session: SessionRow | undefined, userId: string, now: Date): session is SessionRow {
  return session !== undefined && session.user_id === userId && session.ended_at === null && session.expires_at > now.toISOString();
}

/** A new session of `userId`, open for `idleSeconds`. */
export async function openSession(q: Q, { userId, now, idleSeconds }: { userId: string; now: Date; idleSeconds: number }): Promise<SessionRow> {
  const row: SessionRow = {
    id: randomBytes(18).toString('base64url'),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + idleSeconds * 1000).toISOString(),
    ended_at: null,
  };
  await q.insertInto('sessions').values(row).execute();
  return row;
}

/** Keeps an open session open for `idleSeconds` from now; false when it is no longer open. */
export async function renewSession(q: Q, { sessionId, userId, now, idleSeconds }: { sessionId: string; userId: string; now: Date; idleSeconds: number }): Promise<boolean> {
  const result = await q
    .updateTable('sessions')
    .set({ expires_at: new Date(now.getTime() + idleSeconds * 1000).toISOString() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends one session (a logout). Returns whether it was open. */
export async function endSession(q: Q, sessionId: string, now: Date): Promise<boolean> {
  const result = await q.updateTable('sessions').set({ ended_at: now.toISOString() }).where('id', '=', sessionId).where('ended_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every session of `userId` but `keep` (a password change); returns the ended sessions' ids. */
export async function endOtherSessions(q: Q, { userId, keep, now }: { userId: string; keep: string | null; now: Date }): Promise<string[]> {
  let query = q.updateTable('sessions').set({ ended_at: now.toISOString() }).where('user_id', '=', userId).where('ended_at', 'is', null);
  if (keep !== null) query = query.where('id', '<>', keep);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** Removes sessions and used tickets that ended or expired more than a day ago. */
export async function removeOldSessions(q: Q, now: Date): Promise<void> {
  const before = new Date(now.getTime() - KEEP_ENDED_MS).toISOString();
  await q.deleteFrom('sessions').where((eb) => eb.or([eb('expires_at', '<', before), eb('ended_at', '<', before)])).execute();
  await q.deleteFrom('socket_tickets_used').where('expires_at', '<', now.toISOString()).execute();
}

/**
 * Records a socket ticket as used; false when it was used before (the primary key decides,
 * on either engine and across nodes).
 */
export async function useTicketOnce(q: Q, { jti, expiresAt }: { jti: string; expiresAt: Date }): Promise<boolean> {
  const result = await q.insertInto('socket_tickets_used').values({ jti, expires_at: expiresAt.toISOString() }).onConflict((oc) => oc.column('jti').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
