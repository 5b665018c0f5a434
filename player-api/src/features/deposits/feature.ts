import { CashInRequestSchema, MEMBERS_TEXTS, isGatewayOption, type DepositRecord } from '@suwerte/shared/contracts';
import type { Feature } from '../../context';
import { currentUser } from '../../lib/auth';
import { HttpError, parseBody } from '../../lib/errors';
import { toCentavos } from '../../lib/money';
import { findPaymentOption } from '../payment-options/payment-options';
import { DEPOSITS_MIGRATIONS, createManualDeposit, depositHistory, toDepositRecord } from './deposits';

/** GET /deposit/history and POST /transaction/cashin (manual deposits with a proof image). */
export const depositsFeature: Feature = {
  name: 'deposits',
  migrations: DEPOSITS_MIGRATIONS,
  register(app, ctx) {
    app.get('/deposit/history', { preHandler: ctx.authenticate }, async (request) =>
      depositHistory(ctx.db, currentUser(request).id, ctx.now(), ctx.publicUrl),
    );

    /** { Amount, AccountName, AccountNumber, ImageLink, Mode, InvoiceNumber } → 201 the pending deposit. */
    app.post('/transaction/cashin', { preHandler: ctx.authenticate }, async (request, reply) => {
      const user = currentUser(request);
      const body = parseBody(CashInRequestSchema, request.body);
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
      const response: DepositRecord = toDepositRecord(row, ctx.publicUrl);
      return reply.code(201).send(response);
    });
  },
};
