// Deposits, payment options, withdrawals and bank codes of the members area (document 1,
// sections 2–9). The proof-image upload is in ./uploads.ts, the histories in ./history.ts.
import { z } from 'zod/mini';
import {
  BankCodesResponseSchema,
  CashInRequestSchema,
  CashInResponseSchema,
  CashOutRequestSchema,
  CashOutResponseSchema,
  DepositHistorySchema,
  GatewayCashInRequestSchema,
  GatewayCashInResponseSchema,
  PaymentOptionsSchema,
  WITHDRAW_POLL_MS,
  WithdrawalHistorySchema,
} from '../contracts/members';
import { accountEndpoints } from './account';
import { defineEndpoint } from './define';
import { historyEndpoints } from './history';

/** A payout channel in a path (`instapay`); unknown ones are the server's 404 with their name. */
const ChannelParamsSchema = z.object({ channel: z.string().check(z.minLength(1), z.maxLength(40)) });

/** A deposit's id in a path. */
const DepositParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

const depositHistory = defineEndpoint({
  method: 'GET',
  path: '/deposit/history',
  auth: 'player',
  summary: "The player's deposits, newest first (document 1, section 7)",
  response: DepositHistorySchema,
});

const withdrawHistory = defineEndpoint({
  method: 'GET',
  path: '/withdraw/history',
  auth: 'player',
  summary: "The player's withdrawals of the last 7 days, polled every 8 s (document 1, sections 4 and 7)",
  response: WithdrawalHistorySchema,
  pollMs: WITHDRAW_POLL_MS,
});

/** Money that moved: the balance, both histories and the list it belongs to. */
const afterMoneyMoved = [accountEndpoints.account, historyEndpoints.transactions];

export const membersEndpoints = {
  depositHistory,
  /** The payment methods of the deposit page; they rarely change. */
  paymentOptions: defineEndpoint({
    method: 'GET',
    path: '/mop',
    auth: 'player',
    summary: 'Payment options (document 1, section 7)',
    response: PaymentOptionsSchema,
    staleTime: 60_000,
  }),
  /** Opens a pending QR deposit: `qr_image`, `qr_html` (plus the deposit's id and its payment page). */
  gatewayCashIn: defineEndpoint({
    method: 'POST',
    path: '/transaction/cashin/gateway',
    auth: 'player',
    summary: 'QR gateway deposit (document 1, section 7)',
    body: GatewayCashInRequestSchema,
    response: GatewayCashInResponseSchema,
    invalidates: [depositHistory],
  }),
  /**
   * A pending QR deposit's code again (ours; the spec is silent): after a reload the player can
   * reopen a QR they have not paid yet. Someone else's deposit, a manual one or one that is no
   * longer pending is 404.
   */
  gatewayQr: defineEndpoint({
    method: 'GET',
    path: '/transaction/cashin/gateway/:id',
    auth: 'player',
    summary: 'A pending QR deposit\'s code, to reopen it (ours: decision 110)',
    params: DepositParamsSchema,
    response: GatewayCashInResponseSchema,
  }),
  /** A manual deposit with its proof; pending until an operator decides. */
  cashIn: defineEndpoint({
    method: 'POST',
    path: '/transaction/cashin',
    auth: 'player',
    summary: 'Manual deposit with a proof image (document 1, section 7)',
    body: CashInRequestSchema,
    response: CashInResponseSchema,
    status: 201,
    invalidates: [depositHistory],
  }),
  /** Banks and e-wallets of a payout channel: the list sits under `data.data`. */
  bankCodes: defineEndpoint({
    method: 'GET',
    path: '/transaction/bankcodes/:channel',
    auth: 'player',
    summary: 'Bank codes (document 1, section 7)',
    params: ChannelParamsSchema,
    response: BankCodesResponseSchema,
    staleTime: 10 * 60_000,
  }),
  withdrawHistory,
  /** The amount leaves the balance at once (held until paid out). */
  cashOut: defineEndpoint({
    method: 'POST',
    path: '/transaction/cashout/:channel',
    auth: 'player',
    summary: 'Withdrawal request, {name} = the payout channel (document 1, section 7)',
    params: ChannelParamsSchema,
    body: CashOutRequestSchema,
    response: CashOutResponseSchema,
    status: 201,
    invalidates: [withdrawHistory, ...afterMoneyMoved],
  }),
};
