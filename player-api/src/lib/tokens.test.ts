import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const SECRET = 'tokens-test-secret-0123456789abcdef';
const user = { id: 'u1', username: 'juan', role: 420, tokenVersion: 3, sessionId: 'session-of-juan-0001' };

function clockAt(start: number) {
  let current = start;
  return { now: () => new Date(current), set: (ms: number) => (current = ms) };
}

describe('createTokenService: verified tokens are remembered', () => {
  it('answers a remembered token with the same claims, frozen (no caller can change what the next one gets)', async () => {
    const clock = clockAt(Date.UTC(2026, 10, 24, 8));
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 60, now: clock.now });
    const token = await tokens.sign(user);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: 'u1', ver: 3, sid: user.sessionId, UserInfo: { username: 'juan', role: 420 } });
    expect(await tokens.verify(token)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.UserInfo)).toBe(true);
  });

  it('refuses a remembered token once it expires, by the injected clock, exactly when jose would', async () => {
    const start = Date.UTC(2026, 10, 24, 8);
    const clock = clockAt(start);
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 60, now: clock.now });
    const token = await tokens.sign(user);
    await tokens.verify(token);
    clock.set(start + 59_999);
    await expect(tokens.verify(token)).resolves.toMatchObject({ sub: 'u1' });
    clock.set(start + 60_000);
    await expect(tokens.verify(token)).rejects.toThrow();
    // The clock set back: valid again, as jose says (nothing about it was remembered wrongly).
    clock.set(start + 1_000);
    await expect(tokens.verify(token)).resolves.toMatchObject({ sub: 'u1' });
  });

  it('honours a not-before time on a remembered token', async () => {
    const start = Date.UTC(2026, 10, 24, 8);
    const clock = clockAt(start);
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 60, now: clock.now });
    const seconds = Math.floor(start / 1000);
    const token = await new SignJWT({ UserInfo: { username: 'juan', role: 420 }, ver: 0, sid: user.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setNotBefore(seconds)
      .setExpirationTime(seconds + 60)
      .sign(new TextEncoder().encode(SECRET));
    await tokens.verify(token);
    clock.set(start - 5_000);
    await expect(tokens.verify(token)).rejects.toThrow();
  });

  it('matches only the exact token verified: a changed signature or payload is checked, and refused', async () => {
    const clock = clockAt(Date.UTC(2026, 10, 24, 8));
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 60, now: clock.now });
    const token = await tokens.sign(user);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ UserInfo: { username: 'juan', role: 1 }, ver: 3, sub: 'u1', exp: 9_999_999_999 })).toString('base64url');
    await expect(tokens.verify(`${header}.${otherPayload}.${signature}`)).rejects.toThrow();
    await expect(tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).rejects.toThrow();
    const forged = await createTokenService({ secret: 'another-secret-0123456789abcdef', ttlSeconds: 60, now: clock.now }).sign(user);
    await expect(tokens.verify(forged)).rejects.toThrow();
  });

  it('keeps a bounded number of tokens, forgetting the oldest: a forgotten token is simply verified again', async () => {
    const clock = clockAt(Date.UTC(2026, 10, 24, 8));
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 60, now: clock.now, verifiedTokensKept: 2 });
    const signed = await Promise.all([1, 2, 3].map((n) => tokens.sign({ ...user, id: `u${n}` })));
    const first = await tokens.verify(signed[0] ?? '');
    await tokens.verify(signed[1] ?? '');
    await tokens.verify(signed[2] ?? '');
    const again = await tokens.verify(signed[0] ?? '');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('createTokenService: recall (a remembered token, checked at once)', () => {
  it('knows only tokens verify accepted, with the same claims, and only within their time window', async () => {
    const start = Date.UTC(2026, 10, 24, 8);
    const clock = clockAt(start);
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 60, now: clock.now });
    const token = await tokens.sign(user);
    // Signed by this very service, yet not verified yet: recall does not vouch for it.
    expect(tokens.recall(token)).toBeUndefined();
    const verified = await tokens.verify(token);
    expect(tokens.recall(token)).toBe(verified);
    clock.set(start + 60_000);
    expect(tokens.recall(token)).toBeUndefined();
    clock.set(start + 59_999);
    expect(tokens.recall(token)).toBe(verified);
  });

  it('never vouches for a changed token or one that failed verification', async () => {
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 60, now: () => new Date() });
    const token = await tokens.sign(user);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.slice(0, -2)}AA`;
    await expect(tokens.verify(forged)).rejects.toThrow();
    expect(tokens.recall(forged)).toBeUndefined();
    expect(tokens.recall(`${token} `)).toBeUndefined();
  });
});
