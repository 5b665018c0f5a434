// API calls of the members area (one function per endpoint; responses parsed with their contracts).
import { forSiteType, whenRuntimeConfig } from '../config/runtime-config';
import { TOKEN_ERROR_TEXT } from '../contracts/errors';
import { BetHistorySchema, TransactionHistorySchema, type Bet, type Transaction } from '../contracts/history';
import {
  BankCodesResponseSchema,
  CASHOUT_CHANNEL,
  CashInResponseSchema,
  CashOutResponseSchema,
  DepositHistorySchema,
  GatewayCashInResponseSchema,
  ImageUploadResponseSchema,
  PaymentOptionsSchema,
  WithdrawalHistorySchema,
  type BankCode,
  type CashInRequest,
  type CashOutRequest,
  type DepositRecord,
  type GatewayCashInResponse,
  type PaymentOption,
  type WithdrawalRecord,
} from '../contracts/members';
import { sessionStore } from '../store/session-store';
import { apiClient } from './client';
import { ApiError, parseResponse, serverText } from './errors';

/** Query keys of the members area, so a page can refresh another's list after a money change. */
export const MEMBERS_QUERY_KEYS = {
  deposits: ['members', 'deposits'],
  paymentOptions: ['members', 'payment-options'],
  bankCodes: ['members', 'bank-codes'],
  withdrawals: ['members', 'withdrawals'],
  bets: ['members', 'bets'],
  transactions: ['members', 'transactions'],
} as const;

/** GET /deposit/history */
export async function fetchDepositHistory(): Promise<DepositRecord[]> {
  const { data } = await apiClient.get('/deposit/history');
  return parseResponse(DepositHistorySchema, data, 'GET /deposit/history');
}

/** GET /mop — the payment options. */
export async function fetchPaymentOptions(): Promise<PaymentOption[]> {
  const { data } = await apiClient.get('/mop');
  return parseResponse(PaymentOptionsSchema, data, 'GET /mop');
}

/** POST /transaction/cashin/gateway { amount } → qr_image, qr_html (and the pending deposit's id). */
export async function requestGatewayCashIn(amount: number): Promise<GatewayCashInResponse> {
  const { data } = await apiClient.post('/transaction/cashin/gateway', { amount });
  return parseResponse(GatewayCashInResponseSchema, data, 'POST /transaction/cashin/gateway');
}

/**
 * Whether `url` is on the player API's own origin: the only place the player's token may be sent
 * (an outside image host must never see it).
 */
async function isPlayerApiUrl(url: string): Promise<boolean> {
  const api = forSiteType((await whenRuntimeConfig()).api);
  return URL.canParse(url) && URL.canParse(api) && new URL(url).origin === new URL(api).origin;
}

/**
 * POST (image host) form `file`, `upload_preset`, `cloud_name` → `secure_url`. The host is the
 * runtime config's: the player API's own upload (the default) takes the player's bearer token and
 * keeps the proof theirs; an outside host gets no token.
 */
export async function uploadProofImage(file: Blob, fileName = 'proof'): Promise<string> {
  const { imageUpload } = await whenRuntimeConfig();
  const form = new FormData();
  form.append('file', file, fileName);
  form.append('upload_preset', imageUpload.uploadPreset);
  form.append('cloud_name', imageUpload.cloudName);
  const token = sessionStore.getState().user.token;
  const headers = token && (await isPlayerApiUrl(imageUpload.url)) ? { Authorization: `Bearer ${token}` } : undefined;
  let response: Response;
  try {
    response = await fetch(imageUpload.url, headers ? { method: 'POST', body: form, headers } : { method: 'POST', body: form });
  } catch {
    throw new ApiError('Network error: the image host could not be reached.', 'network');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const text = serverText(body);
    // As every call to the player API: a refused token ends the session.
    if (headers && text === TOKEN_ERROR_TEXT) sessionStore.getState().logout();
    throw new ApiError(text ?? `Image upload failed (HTTP ${response.status}).`, 'http', response.status, text);
  }
  return parseResponse(ImageUploadResponseSchema, body, 'POST image upload').secure_url;
}

/**
 * A deposit's proof image, as a Blob to show through an object URL. The player API serves proofs
 * only to their owner and to operators, so it is fetched with the bearer token (an `<img src>`
 * cannot send one); a link to an outside image host is public and fetched without it.
 */
export async function fetchProofImage(link: string): Promise<Blob> {
  if (await isPlayerApiUrl(link)) {
    const { data } = await apiClient.get<Blob>(link, { responseType: 'blob' });
    if (!(data instanceof Blob)) throw new ApiError('Unexpected answer for the proof image. Please try again later.', 'contract');
    return data;
  }
  let response: Response;
  try {
    response = await fetch(link);
  } catch {
    throw new ApiError('Network error: the image host could not be reached.', 'network');
  }
  if (!response.ok) throw new ApiError(`The proof image could not be loaded (HTTP ${response.status}).`, 'http', response.status);
  return response.blob();
}

/** POST /transaction/cashin — a manual deposit with its proof; pending until an operator decides. */
export async function requestCashIn(request: CashInRequest): Promise<DepositRecord> {
  const { data } = await apiClient.post('/transaction/cashin', request);
  return parseResponse(CashInResponseSchema, data, 'POST /transaction/cashin');
}

/** GET /transaction/bankcodes/instapay — banks and e-wallets (the list under `data.data`). */
export async function fetchBankCodes(): Promise<BankCode[]> {
  const { data } = await apiClient.get(`/transaction/bankcodes/${CASHOUT_CHANNEL}`);
  return parseResponse(BankCodesResponseSchema, data, `GET /transaction/bankcodes/${CASHOUT_CHANNEL}`).data.data;
}

/** GET /withdraw/history — the last 7 days. */
export async function fetchWithdrawHistory(): Promise<WithdrawalRecord[]> {
  const { data } = await apiClient.get('/withdraw/history');
  return parseResponse(WithdrawalHistorySchema, data, 'GET /withdraw/history');
}

/** POST /transaction/cashout/{name} — the amount leaves the balance at once (held until paid out). */
export async function requestCashOut(request: CashOutRequest, channel: string = CASHOUT_CHANNEL): Promise<WithdrawalRecord> {
  const { data } = await apiClient.post(`/transaction/cashout/${encodeURIComponent(channel)}`, request);
  return parseResponse(CashOutResponseSchema, data, `POST /transaction/cashout/${channel}`);
}

/** GET /bet/history — the last 7 days, newest first. */
export async function fetchBetHistory(): Promise<Bet[]> {
  const { data } = await apiClient.get('/bet/history');
  return parseResponse(BetHistorySchema, data, 'GET /bet/history');
}

/** GET /transact/history — the last 7 days, newest first. */
export async function fetchTransactionHistory(): Promise<Transaction[]> {
  const { data } = await apiClient.get('/transact/history');
  return parseResponse(TransactionHistorySchema, data, 'GET /transact/history');
}

