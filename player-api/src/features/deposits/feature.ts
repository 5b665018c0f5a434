import { MEMBERS_TEXTS, isGatewayOption, uploadNameOf, membersEndpoints } from '@suwerte/contracts';
import type { Feature } from '../../context';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { toCentavos } from '@suwerte/money';
import { transaction } from '../../db/money';
import { findPaymentOption } from '../payment-options/payment-options';
import { claimUpload } from '../uploads/storage';
import { createManualDeposit, depositHistory, toDepositRecord } from './deposits';
import { DEPOSITS_SCHEMA } from './schema';

/** A proof must be an image this player uploaded here for this deposit (not a link to anything else). */
export const PROOF_LINK_TEXT = 'Upload the proof of payment first: ImageLink must be an image you uploaded for this deposit';

/** GET /deposit/history and POST /transaction/cashin (manual deposits with a proof image). */
export const depositsFeature: Feature = {
  name: 'deposits',
  ...DEPOSITS_SCHEMA,
  register(app, ctx) {
    registerEndpoint(app, ctx, membersEndpoints.depositHistory, ({ user }) => depositHistory(ctx.store.db, user.id, ctx.now(), ctx.publicUrl));

    /** 201 the pending deposit (its proof claimed by it). */
    registerEndpoint(app, ctx, membersEndpoints.cashIn, async ({ user, body }) => {
      const option = await findPaymentOption(ctx.store.db, body.Mode);
      // The QR gateway has its own endpoint; a manual deposit names one of the manual options.
      if (!option || isGatewayOption(option)) throw new HttpError(400, MEMBERS_TEXTS.unknownPaymentMethod);
      const proof = uploadNameOf(body.ImageLink, ctx.publicUrl);
      if (!proof) throw new HttpError(400, PROOF_LINK_TEXT);
      // The deposit and the claim on its proof commit together: one proof backs one deposit.
      const row = await transaction(ctx.store, async (q) => {
        const deposit = await createManualDeposit(q, {
          userId: user.id,
          amountCentavos: toCentavos(body.Amount),
          mode: option.mopname,
          accountName: body.AccountName,
          accountNumber: body.AccountNumber,
          imageLink: `/uploads/${proof}`,
          invoiceNumber: body.InvoiceNumber,
          now: ctx.now(),
        });
        if (!(await claimUpload(q, { name: proof, userId: user.id, depositId: deposit.id }))) throw new HttpError(400, PROOF_LINK_TEXT);
        return deposit;
      });
      return toDepositRecord(row, ctx.publicUrl);
    });
  },
};
