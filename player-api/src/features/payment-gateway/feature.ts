import { GATEWAY_MOPNAME, MEMBERS_TEXTS, REQUEST_STATUS, membersEndpoints } from '@suwerte/contracts';
import QRCode from 'qrcode';
import type { Feature } from '../../context';
import { moneyChange } from '../../db/money';
import { registerEndpoint } from '../../lib/endpoints';
import { HttpError } from '../../lib/errors';
import { formatCentavos, toCentavos } from '@suwerte/money';
import {
  AlreadyDecidedError,
  GATEWAY_QR_TTL_MS,
  approveDeposit,
  createGatewayDeposit,
  expireGatewayDeposits,
  findDeposit,
  findDepositByGatewayRef,
  type DepositRow,
} from '../deposits/deposits';
import { findPaymentOption } from '../payment-options/payment-options';
import { GATEWAY_CSP, GATEWAY_NAME, MERCHANT, escapeHtml, formatManilaTime, gatewayPage, qrDetailsHtml } from './pages';

const REF_PATTERN = /^[0-9a-f]{32}$/;

/** A QR to reopen that is not the player's pending one (paid, expired, someone else's, unknown). */
export const GATEWAY_QR_GONE_TEXT = 'This QR code is no longer waiting for a payment';

/** Production mode's answer to a QR request: the stand-in pays anything, so it never runs there. */
export const GATEWAY_UNAVAILABLE_TEXT = 'QR payments are not available: no payment gateway is configured';

/**
 * A local stand-in for the QR payment gateway, in demo mode only: POST /transaction/cashin/gateway
 * opens a pending deposit and answers a QR code of its payment page; paying on that page approves
 * the deposit and credits the ledger in one transaction (paying twice credits once). Its page pays
 * whatever anyone asks for, so production mode has no page and answers 503 until a real gateway
 * is configured.
 */
export const paymentGatewayFeature: Feature = {
  name: 'payment-gateway',
  register(app, ctx) {
    if (ctx.mode !== 'demo') {
      app.post('/transaction/cashin/gateway', { preHandler: ctx.authenticate }, async () => {
        throw new HttpError(503, GATEWAY_UNAVAILABLE_TEXT);
      });
      return;
    }

    // The payment page's form posts url-encoded; its only input is the reference in the path.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, body);
    });

    const paymentUrl = (ref: string) => `${ctx.publicUrl}/gateway/pay/${ref}`;

    /** The QR answer of a pending gateway deposit: its code, details and payment page. */
    const qrOf = async (deposit: DepositRow) => {
      const ref = deposit.gateway_ref ?? '';
      const url = paymentUrl(ref);
      return {
        qr_image: await QRCode.toDataURL(url, { margin: 2, width: 280, errorCorrectionLevel: 'M' }),
        qr_html: qrDetailsHtml({
          amountCentavos: deposit.amount_centavos,
          reference: ref,
          expiresAt: new Date(new Date(deposit.created_at).getTime() + GATEWAY_QR_TTL_MS),
          paymentUrl: url,
        }),
        deposit_id: deposit.id,
        payment_url: url,
      };
    };

    registerEndpoint(app, ctx, membersEndpoints.gatewayCashIn, async ({ user, body: { amount } }) => {
      if (!(await findPaymentOption(ctx.store.db, GATEWAY_MOPNAME))) throw new HttpError(503, MEMBERS_TEXTS.unknownPaymentMethod);
      return qrOf(await createGatewayDeposit(ctx.store.db, { userId: user.id, amountCentavos: toCentavos(amount), mode: GATEWAY_MOPNAME, now: ctx.now() }));
    });

    // Reopening a QR after a reload: only the player's own, and only while it can still be paid.
    registerEndpoint(app, ctx, membersEndpoints.gatewayQr, async ({ user, params: { id } }) => {
      await expireGatewayDeposits(ctx.store.db, ctx.now());
      const deposit = await findDeposit(ctx.store.db, id);
      if (!deposit || deposit.user_id !== user.id || deposit.channel !== 'gateway' || deposit.status !== REQUEST_STATUS.PENDING) {
        throw new HttpError(404, GATEWAY_QR_GONE_TEXT);
      }
      return qrOf(deposit);
    });

    const findByRef = async (ref: string): Promise<DepositRow> => {
      await expireGatewayDeposits(ctx.store.db, ctx.now());
      const deposit = REF_PATTERN.test(ref) ? await findDepositByGatewayRef(ctx.store.db, ref) : null;
      if (!deposit) throw new HttpError(404, 'Unknown payment reference');
      return deposit;
    };

    const render = (deposit: DepositRow): string => {
      const ref = deposit.gateway_ref ?? '';
      const details = `<dl><dt>Merchant</dt><dd>${escapeHtml(MERCHANT)}</dd><dt>Reference</dt><dd>${escapeHtml(ref.slice(0, 12).toUpperCase())}</dd></dl>`;
      let action: string;
      if (deposit.status === REQUEST_STATUS.PENDING) {
        const expires = new Date(new Date(deposit.created_at).getTime() + GATEWAY_QR_TTL_MS);
        action = `<p class="muted">Valid until ${escapeHtml(formatManilaTime(expires))}</p>
<form method="post" action="/gateway/pay/${escapeHtml(ref)}"><button type="submit">Pay ${escapeHtml(formatCentavos(deposit.amount_centavos))}</button></form>`;
      } else if (deposit.status === REQUEST_STATUS.REJECTED) {
        action = `<p class="status expired" role="status" data-testid="payment-status">This QR code has expired. Generate a new one on the deposit page.</p>`;
      } else {
        action = `<p class="status paid" role="status" data-testid="payment-status">Payment received. You can close this page.</p>`;
      }
      return gatewayPage(
        `Pay ${formatCentavos(deposit.amount_centavos)} · ${MERCHANT}`,
        `<h1>${escapeHtml(MERCHANT)}</h1><p class="muted">${escapeHtml(GATEWAY_NAME)}</p>
<p class="amount">${escapeHtml(formatCentavos(deposit.amount_centavos))}</p>${details}${action}`,
      );
    };

    app.get<{ Params: { ref: string } }>('/gateway/pay/:ref', async (request, reply) => {
      const deposit = await findByRef(request.params.ref);
      return reply.header('Content-Security-Policy', GATEWAY_CSP).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(render(deposit));
    });

    app.post<{ Params: { ref: string } }>('/gateway/pay/:ref', async (request, reply) => {
      const deposit = await findByRef(request.params.ref);
      if (deposit.status === REQUEST_STATUS.PENDING) {
        try {
          // The deposit row is read locked inside the change: two payments at once credit once, on any node.
          await moneyChange(ctx.store, (q) => approveDeposit(q, deposit.id, { by: 'gateway', now: ctx.now() }));
        } catch (error) {
          // Paid a moment ago (double click, two devices): the deposit is credited once.
          if (!(error instanceof AlreadyDecidedError)) throw error;
        }
      }
      return reply.code(303).header('Location', `/gateway/pay/${deposit.gateway_ref ?? ''}`).send();
    });
  },
};
