import { CashInRequestSchema, MEMBERS_TEXTS, isGatewayOption, type DepositRecord } from '@suwerte/shared/contracts';
import type { Feature } from '../../context';
import { currentUser } from '../../lib/auth';
import { HttpError, parseBody } from '../../lib/errors';
import { toCentavos } from '../../lib/money';
import { findPaymentOption } from '../payment-options/payment-options';
import { claimUpload, uploadNameOf } from '../uploads/storage';
import { DEPOSITS_MIGRATIONS, createManualDeposit, depositHistory, toDepositRecord } from './deposits';

/** A proof must be an image this player uploaded here for this deposit (not a link to anything else). */
export const PROOF_LINK_TEXT = 'Upload the proof of payment first: ImageLink must be an image you uploaded for this deposit';

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
      const proof = uploadNameOf(body.ImageLink, ctx.publicUrl);
      if (!proof) throw new HttpError(400, PROOF_LINK_TEXT);
      // The deposit and the claim on its proof commit together: one proof backs one deposit.
      const row = ctx.db
        .transaction(() => {
          const deposit = createManualDeposit(ctx.db, {
            userId: user.id,
            amountCentavos: toCentavos(body.Amount),
            mode: option.mopname,
            accountName: body.AccountName,
            accountNumber: body.AccountNumber,
            imageLink: `/uploads/${proof}`,
            invoiceNumber: body.InvoiceNumber,
            now: ctx.now(),
          });
          if (!claimUpload(ctx.db, { name: proof, userId: user.id, depositId: deposit.id })) throw new HttpError(400, PROOF_LINK_TEXT);
          return deposit;
        })
        .immediate();
      const response: DepositRecord = toDepositRecord(row, ctx.publicUrl);
      return reply.code(201).send(response);
    });
  },
};
