// Bench players, straight into the database (no password hashing for hundreds of sign-ups),
// each funded through the ledger, and their access tokens signed with the bench's secret.
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';

export interface BenchPlayer {
  id: string;
  username: string;
}

/** `count` players named `<prefix>0000`…, each with `fundsCentavos` credited through the ledger. */
export function createPlayers(databasePath: string, count: number, { prefix = 'bench', fundsCentavos }: { prefix?: string; fundsCentavos: number }): BenchPlayer[] {
  const db = new Database(databasePath, { timeout: 10_000 });
  try {
    const now = new Date().toISOString();
    const players = Array.from({ length: count }, (_, i) => ({ id: randomBytes(12).toString('hex'), username: `${prefix}${String(i).padStart(4, '0')}` }));
    const insertUser = db.prepare(
      `INSERT INTO users (id, username, password_hash, role, referral_code, created_at, updated_at) VALUES (?, ?, 'bench-player-cannot-sign-in', 420, ?, ?, ?)`,
    );
    const credit = db.prepare(
      `INSERT INTO ledger (id, user_id, amount_centavos, balance_after_centavos, kind, reference, description, created_at)
       VALUES (?, ?, ?, ?, 'adjustment', NULL, 'bench funds', ?)`,
    );
    db.transaction(() => {
      for (const player of players) {
        insertUser.run(player.id, player.username, player.username.toUpperCase(), now, now);
        credit.run(randomBytes(12).toString('hex'), player.id, fundsCentavos, fundsCentavos, now);
      }
    }).immediate();
    return players;
  } finally {
    db.close();
  }
}

/** A player's access token, as the API signs them (role 420, two hours, the session version of a new account). */
export function signToken(key: Uint8Array, player: BenchPlayer): Promise<string> {
  return new SignJWT({ UserInfo: { username: player.username, role: 420 }, ver: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(player.id)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(key);
}
