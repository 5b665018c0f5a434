import { AccessTokenClaimsSchema, PaymentOptionsSchema, REQUEST_STATUS } from '@suwerte/contracts';
import { decodeJwt } from 'jose';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../seed/seed';
import { OPERATOR_ROLE, userByUsername } from '../../db/users';
import { bearer, createTestApp, dataEnvOf, type TestApp } from '../../testing/test-app';
import { createManualDeposit, findDeposit } from '../deposits/deposits';
import { readBalance } from '../ledger/ledger';
import { runOperatorCommand, type CliIo } from './cli';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const noPassword: CliIo = { readPassword: async () => '' };
const run = (args: string[], io: CliIo = noPassword) => runOperatorCommand(args, { ...dataEnvOf(t), PUBLIC_URL: 'http://localhost:4000' }, io);
const typed = (password: string): CliIo & { prompts: string[] } => {
  const prompts: string[] = [];
  return { prompts, readPassword: async (prompt) => (prompts.push(prompt), password) };
};

describe('operator command line', () => {
  it('lists pending manual deposits and approves one on the same database file the API uses', async () => {
    const listed = await run(['deposits', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.lines).toHaveLength(1);
    expect(listed.lines[0]).toContain('demoplayer');
    expect(listed.lines[0]).toContain('₱500.00');
    expect(listed.lines[0]).toContain('PENDING');
    const id = listed.lines[0]?.split(' ')[0] ?? '';

    const demoId = (await userByUsername(t.store.db, DEMO_PLAYER.username))?.id ?? '';
    const before = await readBalance(t.store.db, demoId);
    const approved = await run(['deposits', 'approve', id]);
    expect(approved.code).toBe(0);
    expect(approved.lines[0]).toContain('APPROVED');
    expect(await readBalance(t.store.db, demoId)).toBe(before + 50_000);
    expect((await findDeposit(t.store.db, id))?.status).toBe(REQUEST_STATUS.APPROVED);

    expect(await run(['deposits', 'approve', id])).toEqual({ code: 1, lines: ['Deposit is already approved'] });
    expect(await run(['deposits', 'list'])).toEqual({ code: 0, lines: ['No pending deposits.'] });
    expect((await run(['deposits', 'list', '--all'])).lines.length).toBeGreaterThan(1);
  });

  it("tells where a deposit's proof image is on disk", async () => {
    const id = (await run(['deposits', 'list'])).lines[0]?.split(' ')[0] ?? '';
    const proof = await run(['deposits', 'proof', id]);
    expect(proof.code).toBe(0);
    expect(proof.lines[0]).toMatch(/uploads\/[0-9a-f]{32}\.png$/);
    expect(readFileSync(proof.lines[0] ?? '').subarray(1, 4).toString()).toBe('PNG');
    expect((await run(['deposits', 'proof', '0123456789abcdef01234567'])).code).toBe(1);
    expect((await run(['withdrawals', 'proof', id])).code).toBe(2);
  });

  it('rejects a pending withdrawal and refunds it', async () => {
    const [line] = (await run(['withdrawals', 'list'])).lines;
    const id = line?.split(' ')[0] ?? '';
    const demoId = (await userByUsername(t.store.db, DEMO_PLAYER.username))?.id ?? '';
    const before = await readBalance(t.store.db, demoId);
    expect((await run(['withdrawals', 'reject', id])).lines[0]).toContain('REJECTED');
    expect(await readBalance(t.store.db, demoId)).toBe(before + 20_000);
  });

  it('explains its usage and unknown ids', async () => {
    expect((await run(['deposits'])).code).toBe(2);
    expect((await run(['payments', 'list'])).code).toBe(2);
    expect((await run(['deposits', 'approve'])).code).toBe(2);
    expect((await run(['create-operator'])).code).toBe(2);
    expect(await run(['deposits', 'reject', '0123456789abcdef01234567'])).toEqual({ code: 1, lines: ['Deposit 0123456789abcdef01234567 not found'] });
  });

  it('prints what players typed with its control, bidi and zero-width characters escaped', async () => {
    const demoId = (await userByUsername(t.store.db, DEMO_PLAYER.username))?.id ?? '';
    // Written straight to the database: the API itself refuses such text.
    await createManualDeposit(t.store.db, {
      userId: demoId,
      amountCentavos: 10_000,
      mode: 'GCASH',
      accountName: 'Juan\u001b[2J\u001b[31mHACKED\u202Eevil\u200B',
      accountNumber: '0917\r\n1234',
      imageLink: '/uploads/x.png',
      invoiceNumber: null,
      now: t.clock.now(),
    });
    const { lines } = await run(['deposits', 'list']);
    expect(lines.join('\n')).toContain('Juan\\u{001b}[2J\\u{001b}[31mHACKED\\u{202e}evil\\u{200b}');
    expect(lines.join('\n')).toContain('0917\\u{000d}\\u{000a}1234');
    for (const line of lines) expect(line).not.toMatch(/[\p{Cc}\u202e\u200b]/u);
  });
});

describe('create-operator', () => {
  it('creates an operator whose password was typed (or piped), who can then sign in with the operator role', async () => {
    const io = typed('a-long-operator-passphrase');
    expect(await run(['create-operator', 'reviewer1'], io)).toEqual({
      code: 0,
      lines: ['Operator reviewer1 created. They sign in at POST /player/login; the site itself refuses non-player accounts.'],
    });
    expect(io.prompts).toEqual(['Password for the new operator reviewer1: ']);
    expect((await userByUsername(t.store.db, 'reviewer1'))?.role).toBe(OPERATOR_ROLE);
    const token = await t.login('reviewer1', 'a-long-operator-passphrase');
    expect(AccessTokenClaimsSchema.parse(decodeJwt(token)).UserInfo).toEqual({ username: 'reviewer1', role: OPERATOR_ROLE });
    expect((await t.app.inject({ url: '/operator/deposits', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('never takes the password from the arguments', async () => {
    for (const args of [['create-operator', 'reviewer2', '--password', 'a-long-operator-passphrase'], ['create-operator', 'reviewer2', '--password=x'], ['create-operator', 'reviewer2', '-p', 'x']]) {
      const result = await run(args, typed('a-long-operator-passphrase'));
      expect(result.code).toBe(2);
      expect(result.lines[0]).toMatch(/never giv/);
    }
    expect((await userByUsername(t.store.db, 'reviewer2'))).toBeUndefined();
  });

  it('refuses a short password, a taken name and a bad name', async () => {
    expect(await run(['create-operator', 'reviewer3'], typed('short'))).toEqual({ code: 1, lines: ['An operator password has at least 12 characters'] });
    expect(await run(['create-operator', 'demoplayer'], typed('a-long-operator-passphrase'))).toEqual({ code: 1, lines: ['Username already exists'] });
    expect((await run(['create-operator', 'abc'], typed('a-long-operator-passphrase'))).code).toBe(1);
    expect((await userByUsername(t.store.db, 'reviewer3'))).toBeUndefined();
  });

  it("accepts the name in the README's commands (production's first operator is made by copying them)", async () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const names = new Set([...readme.matchAll(/create-operator (\S+)/g)].map((match) => match[1] ?? ''));
    expect(names.size).toBe(1);
    for (const name of names) {
      const result = await run(['create-operator', name], typed('a-long-operator-passphrase'));
      expect(result.code, `create-operator ${name}: ${result.lines.join(' ')}`).toBe(0);
    }
  });
});

describe('payment-options', () => {
  it('sets, lists and disables the receiving accounts the deposit page shows', async () => {
    const set = await run(['payment-options', 'set', 'UNIONBANK', '--label', 'UnionBank transfer', '--account-name', 'Suwerte Gaming Corp.', '--account-number', '0011 2233 4455']);
    expect(set.code).toBe(0);
    expect(set.lines).toContain('UNIONBANK  UnionBank transfer · Suwerte Gaming Corp. · 0011 2233 4455');
    const player = bearer(await t.login(DEMO_PLAYER.username, DEMO_PLAYER.password));
    const shown = () => t.app.inject({ url: '/mop', headers: player }).then((response) => PaymentOptionsSchema.parse(response.json()).map((option) => option.mopname));
    expect(await shown()).toContain('UNIONBANK');
    expect((await run(['payment-options', 'disable', 'UNIONBANK'])).code).toBe(0);
    expect(await shown()).not.toContain('UNIONBANK');
    expect((await run(['payment-options', 'set', 'QRPH', '--label', 'x', '--account-name', 'x', '--account-number', 'x'])).code).toBe(1);
    expect((await run(['payment-options', 'set', 'MAYA2', '--label', 'Maya'])).lines).toEqual(['--account-name is required']);
  });
});
