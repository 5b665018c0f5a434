import { MEMBERS_TEXTS, isGatewayOption } from '@suwerte/shared/contracts';
import { membersEndpoints } from '@suwerte/shared/endpoints';
import type { Feature } from '../../context';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { toCentavos } from '@suwerte/shared/money';
import { findPaymentOption } from '../payment-options/payment-options';
import { DEPOSITS_MIGRATIONS, createManualDeposit, depositHistory, toDepositRecord } from './deposits';

/** GET /deposit/history and POST /transaction/cashin (manual deposits with a proof image). */
export const depositsFeature: Feature = {
  name: 'deposits',
  migrations: DEPOSITS_MIGRATIONS,
  register(app, ctx) {
    registerEndpoint(app, ctx, membersEndpoints.depositHistory, ({ user }) => depositHistory(ctx.db, user.id, ctx.now(), ctx.publicUrl));

    /** 201 the pending deposit. */
    registerEndpoint(app, ctx, membersEndpoints.cashIn, ({ user, body }) => {
      const option = findPaymentOption(ctx.db, body.Mode);
      // The QR gateway has its own endpoint; a manual deposit names one of the manual options.
      if (!option || isGatewayOption(option)) throw new HttpError(400, MEMBERS_TEXTS.unknownPaymentMethod);
      const row = createManualDeposit(ctx.db, {
        userId: user.id,
        amountCentavos: toCentavos(body.Amount),
        mode: option.mopname,
        accountName: body.AccountName,
        accountNumber: body.AccountNumber,
        imageLink: body.ImageLink,
        invoiceNumber: body.InvoiceNumber,
        now: ctx.now(),
      });
      return toDepositRecord(row, ctx.publicUrl);
    });
  },
};
