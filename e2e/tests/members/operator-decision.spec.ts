import { membersEndpoints, uploadsEndpoints } from '@suwerte/contracts';
import { apiUrl, callApi, fundPlayer, loginToken, operatorDecide, registerPlayer, withdraw } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { PROOF_PNG, documentKept, headerBalance, markDocument } from './members-helpers';

// The account event stream: an operator's decision reaches a signed-in page — one that does
// not poll anything (the Lotto page) — and the header balance moves without a reload.

test("an operator's approval of a manual deposit moves the header balance on any page, without a reload", async ({ page, loginAs }) => {
  const player = await registerPlayer('decide');
  const token = await loginToken(player);
  const form = new FormData();
  form.append('file', new Blob([PROOF_PNG], { type: 'image/png' }), 'proof.png');
  form.append('upload_preset', 'e2e');
  form.append('cloud_name', 'e2e');
  const upload = await fetch(`${apiUrl()}${uploadsEndpoints.proofImage.path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(upload.status).toBe(200);
  const { secure_url } = uploadsEndpoints.proofImage.response.parse(await upload.json());
  const deposit = await callApi(membersEndpoints.cashIn, {
    token,
    body: { Amount: 250, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', ImageLink: secure_url, Mode: 'GCASH', InvoiceNumber: null },
  });

  await loginAs(player, '/Lotto');
  await expect(headerBalance(page)).toHaveText('₱0.00');
  await markDocument(page);
  await operatorDecide('deposits', deposit._id, 'approve');
  await expect(headerBalance(page)).toHaveText('₱250.00', { timeout: 5_000 });
  expect(await documentKept(page)).toBe(true);
});

test("an operator's rejection of a withdrawal returns the money to the header on any page, without a reload", async ({ page, loginAs }) => {
  const player = await registerPlayer('refund');
  await fundPlayer(player, 100);
  await withdraw(player, 60);
  const [withdrawal] = await callApi(membersEndpoints.withdrawHistory, { token: await loginToken(player) });

  await loginAs(player, '/');
  await expect(headerBalance(page)).toHaveText('₱40.00');
  await markDocument(page);
  await operatorDecide('withdrawals', withdrawal?._id ?? '', 'reject');
  await expect(headerBalance(page)).toHaveText('₱100.00', { timeout: 5_000 });
  expect(await documentKept(page)).toBe(true);
});
