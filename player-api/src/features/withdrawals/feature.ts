import { membersEndpoints } from '@suwerte/contracts';
import type { Feature } from '../../context';
import { moneyChange } from '../../db/money';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { toCentavos } from '@suwerte/money';
import { BANK_CODES_BY_CHANNEL, requestWithdrawal, toWithdrawalRecord, withdrawalHistory } from './withdrawals';
import { WITHDRAWALS_SCHEMA } from './schema';

/** Bank codes, the withdrawal request and the withdrawal history (document 1, section 7). */
export const withdrawalsFeature: Feature = {
  name: 'withdrawals',
  ...WITHDRAWALS_SCHEMA,
  register(app, ctx) {
    registerEndpoint(app, ctx, membersEndpoints.bankCodes, ({ params }) => {
      const codes = BANK_CODES_BY_CHANNEL.get(params.channel);
      if (!codes) throw new HttpError(404, `Unknown payout channel ${params.channel}`);
      return { data: { data: [...codes] } };
    });

    registerEndpoint(app, ctx, membersEndpoints.withdrawHistory, ({ user }) => withdrawalHistory(ctx.store.db, user.id, ctx.now()));

    /** 201 the pending withdrawal, its amount already held. */
    registerEndpoint(app, ctx, membersEndpoints.cashOut, async ({ user, params, body }) => {
      // `Balance` is what the page showed; the ledger decides what can be withdrawn.
      const row = await moneyChange(ctx.store, (q) =>
        requestWithdrawal(q, {
          userId: user.id,
          channel: params.channel,
          mode: body.Mode,
          accountName: body.AccountName,
          accountNumber: body.AccountNumber,
          amountCentavos: toCentavos(body.Amount),
          now: ctx.now(),
        }),
      );
      return toWithdrawalRecord(row);
    });
  },
};
