// Bench players, straight into the database (no password hashing for hundreds of sign-ups),
// each funded through the ledger, and their access tokens signed with the bench's secret.
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';

export interface BenchPlayer {
  id: string;
  username: string;
  /** The player's open server-side session (tokens name it, docs/decisions/143). */
  sessionId: string;
}

/** A new bench player's id, name and session id. */
export function benchPlayer(prefix: string, index: number): BenchPlayer {
  return { id: randomBytes(12).toString('hex'), username: `${prefix}${String(index).padStart(4, '0')}`, sessionId: randomBytes(18).toString('base64url') };
}

/** When a bench session ends: long after any run. */
export const benchSessionEnd = (): string => new Date(Date.now() + 12 * 3_600_000).toISOString();

/** `count` players named `<prefix>0000`…, each with `fundsCentavos` credited through the ledger. */
export function createPlayers(databasePath: string, count: number, { prefix = 'bench', fundsCentavos }: { prefix?: string; fundsCentavos: number }): BenchPlayer[] {
  const db = new Database(databasePath, { timeout: 10_000 });
  try {
    const now = new Date().toISOString();
    const players = Array.from({ length: count }, (_, i) => benchPlayer(prefix, i));
    const insertUser = db.prepare(
      `INSERT INTO users (id, username, password_hash, role, referral_code, created_at, updated_at) VALUES (?, ?, 'bench-player-cannot-sign-in', 420, ?, ?, ?)`,
    );
    const openSession = db.prepare(`INSERT INTO sessions (id, user_id, created_at, expires_at, ended_at) VALUES (?, ?, ?, ?, NULL)`);
    const credit = db.prepare(
      `INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, reference, description, created_at)
       VALUES (?, ?, ?, ?, 'adjustment', NULL, 'bench funds', ?)`,
    );
    db.transaction(() => {
      for (const player of players) {
        insertUser.run(player.id, player.username, player.username.toUpperCase(), now, now);
        credit.run(randomBytes(12).toString('hex'), player.id, fundsCentavos, fundsCentavos, now);
        openSession.run(player.sessionId, player.id, now, benchSessionEnd());
      }
    }).immediate();
    return players;
  } finally {
    db.close();
  }
}

/** A player's access token, as the API signs them (role 420, two hours, the session version of a new account, its session). */
export function signToken(key: Uint8Array, player: BenchPlayer): Promise<string> {
  return new SignJWT({ UserInfo: { username: player.username, role: 420 }, ver: 0, sid: player.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(player.id)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(key);
}

/** A Video Karera socket ticket for the session of `token` (each connection needs its own, docs/decisions/142). */
export async function socketTicket(apiUrl: string, token: string): Promise<string> {
  const response = await fetch(`${apiUrl}/karera/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' });
  if (response.status !== 200) throw new Error(`ticket: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accesstoken: string }).accesstoken;
}
