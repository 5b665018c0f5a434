import { REQUEST_STATUS } from '@suwerte/shared/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../db/seed';
import { findUserByUsername } from '../../db/users';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { findDeposit } from '../deposits/deposits';
import { balanceOf } from '../ledger/ledger';
import { runOperatorCommand } from './cli';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const run = (...args: string[]) => runOperatorCommand(args, { DATABASE_PATH: t.dbPath, PUBLIC_URL: 'http://localhost:4000' });

describe('operator command line', () => {
  it('lists pending manual deposits and approves one on the same database file the API uses', () => {
    const listed = run('deposits', 'list');
    expect(listed.code).toBe(0);
    expect(listed.lines).toHaveLength(1);
    expect(listed.lines[0]).toContain('demoplayer');
    expect(listed.lines[0]).toContain('₱500.00');
    expect(listed.lines[0]).toContain('PENDING');
    const id = listed.lines[0]?.split(' ')[0] ?? '';

    const demoId = findUserByUsername(t.db, DEMO_PLAYER.username)?.id ?? '';
    const before = balanceOf(t.db, demoId);
    const approved = run('deposits', 'approve', id);
    expect(approved.code).toBe(0);
    expect(approved.lines[0]).toContain('APPROVED');
    expect(balanceOf(t.db, demoId)).toBe(before + 50_000);
    expect(findDeposit(t.db, id)?.status).toBe(REQUEST_STATUS.APPROVED);

    expect(run('deposits', 'approve', id)).toEqual({ code: 1, lines: ['Deposit is already approved'] });
    expect(run('deposits', 'list')).toEqual({ code: 0, lines: ['No pending deposits.'] });
    expect(run('deposits', 'list', '--all').lines.length).toBeGreaterThan(1);
  });

  it('rejects a pending withdrawal and refunds it', () => {
    const [line] = run('withdrawals', 'list').lines;
    const id = line?.split(' ')[0] ?? '';
    const demoId = findUserByUsername(t.db, DEMO_PLAYER.username)?.id ?? '';
    const before = balanceOf(t.db, demoId);
    expect(run('withdrawals', 'reject', id).lines[0]).toContain('REJECTED');
    expect(balanceOf(t.db, demoId)).toBe(before + 20_000);
  });

  it('explains its usage and unknown ids', () => {
    expect(run('deposits').code).toBe(2);
    expect(run('payments', 'list').code).toBe(2);
    expect(run('deposits', 'approve').code).toBe(2);
    expect(run('deposits', 'reject', '0123456789abcdef01234567')).toEqual({ code: 1, lines: ['Deposit 0123456789abcdef01234567 not found'] });
  });
});
