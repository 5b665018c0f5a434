import { CashOutRequestSchema, type BankCodesResponse, type WithdrawalRecord } from '@suwerte/shared/contracts';
import type { Feature } from '../../context';
import { currentUser } from '../../lib/auth';
import { HttpError, parseBody } from '../../lib/errors';
import { toCentavos } from '../../lib/money';
import { BANK_CODES_BY_CHANNEL, WITHDRAWALS_MIGRATIONS, requestWithdrawal, toWithdrawalRecord, withdrawalHistory } from './withdrawals';

/** Bank codes, the withdrawal request and the withdrawal history (document 1, section 7). */
export const withdrawalsFeature: Feature = {
  name: 'withdrawals',
  migrations: WITHDRAWALS_MIGRATIONS,
  register(app, ctx) {
    const protectedRoute = { preHandler: ctx.authenticate };

    /** GET /transaction/bankcodes/{channel} → { data: { data: BankCode[] } } */
    app.get<{ Params: { channel: string } }>('/transaction/bankcodes/:channel', protectedRoute, async (request) => {
      const codes = BANK_CODES_BY_CHANNEL.get(request.params.channel);
      if (!codes) throw new HttpError(404, `Unknown payout channel ${request.params.channel}`);
      const response: BankCodesResponse = { data: { data: [...codes] } };
      return response;
    });

    app.get('/withdraw/history', protectedRoute, async (request) => withdrawalHistory(ctx.db, currentUser(request).id, ctx.now()));

    /** { Amount, AccountName, AccountNumber, Mode, Balance, TransactionType: 0 } → 201 the pending withdrawal. */
    app.post<{ Params: { name: string } }>('/transaction/cashout/:name', protectedRoute, async (request, reply) => {
      const user = currentUser(request);
      const body = parseBody(CashOutRequestSchema, request.body);
      // `Balance` is what the page showed; the ledger decides what can be withdrawn.
      const row = requestWithdrawal(ctx.db, {
        userId: user.id,
        channel: request.params.name,
        mode: body.Mode,
        accountName: body.AccountName,
        accountNumber: body.AccountNumber,
        amountCentavos: toCentavos(body.Amount),
        now: ctx.now(),
      });
      const response: WithdrawalRecord = toWithdrawalRecord(row);
      return reply.code(201).send(response);
    });
  },
};
