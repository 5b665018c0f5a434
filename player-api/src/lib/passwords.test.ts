import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies', async () => {
    const a = await hashPassword('suwerte123');
    const b = await hashPassword('suwerte123');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toContain('suwerte123');
    expect(a).not.toBe(b);
    await expect(verifyPassword('suwerte123', a)).resolves.toBe(true);
    await expect(verifyPassword('suwerte124', a)).resolves.toBe(false);
    await expect(verifyPassword('', a)).resolves.toBe(false);
  });

  it('never matches a malformed hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'scrypt$x$8$1$abc$def', 'bcrypt$16384$8$1$abc$def', 'scrypt$16384$8$1$$']) {
      await expect(verifyPassword('anything', stored)).resolves.toBe(false);
    }
  });

  it('spends a dummy check for unknown users', async () => {
    await expect(verifyAgainstDummy('anything')).resolves.toBe(false);
  });
});
