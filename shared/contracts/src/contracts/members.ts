import { z } from 'zod/mini';
import { MoneySchema, PesoSchema, RecordIdSchema, TimestampSchema, hasWholeCentavos, optionalText, requiredString } from './fields';
import { OPERATOR_REQUEST_KINDS } from './account';

// Contracts of the members area: deposits (QR gateway and manual proof), payment options, the
// proof-image upload, withdrawals and bank codes (document 1, sections 2–9). Bets and
// transactions live in ./history.ts.

/** Every text of the members area the spec gives, verbatim, so the pages and the player API agree. */
export const MEMBERS_TEXTS = {
  depositSuccessTitle: 'Deposit Requested Successfully!',
  depositSuccessBody: 'Your deposit request has been received and is now being processed.',
  depositFailureTitle: 'Deposit Request Failed!',
  depositFailureBody: 'An error occurred while processing your deposit request.',
  qrFailed: 'QR Code generation failed. Please try again.',
  gatewayMinimum: 'Minimum deposit amount is 100.',
  fileRequired: 'File is required',
  withdrawSuccess: 'Withdrawal request successfully submitted',
  withdrawFailure: 'Withdrawal request failed',
  accountNameRequired: 'Account Name Required',
  accountNumberRequired: 'Account Number Required',
  amountRequired: 'Amount Required',
  withdrawMinimum: '50php minimum',
  modeRequired: 'Bank/Ewallet Required',
  noDeposit: 'NO DEPOSIT',
  noWithdrawal: 'NO WITHDRAWAL',
  noOptions: 'NO OPTIONS FOUND',
  noBet: 'NO BET',
  betHistoryCaption: 'Recent Bets (Last 7 Days)',
  transactionHistoryCaption: 'Recent Transactions (Last 7 Days)',
  transactionDetailsTitle: 'TRANSACTION DETAILS',
  // Not in the spec (it is silent on these cases); worded the same way.
  noTransaction: 'NO TRANSACTION',
  depositMinimum: 'Minimum deposit amount is 50.',
  depositMaximum: 'Maximum deposit amount is 100,000.',
  wholePesos: 'Enter whole pesos (digits only)',
  withdrawAmountFormat: 'Enter an amount in pesos, up to 2 decimals',
  withdrawMaximum: 'Maximum withdrawal amount is 100,000.',
  insufficientBalance: 'Insufficient balance',
  proofType: 'The proof must be a PNG, JPEG or WebP image',
  proofSize: 'The proof image must be 5 MB or smaller',
  unknownPaymentMethod: 'Unknown payment method',
  unknownBank: 'Unknown bank or e-wallet',
} as const;

/** Deposit presets and limits (document 1, section 9), in pesos. */
export const DEPOSIT_PRESETS = [50, 100, 200, 500, 1000] as const;
export const DEPOSIT_MIN = 50;
export const GATEWAY_DEPOSIT_MIN = 100;
export const DEPOSIT_MAX = 100_000;
export const WITHDRAW_MIN = 50;
export const WITHDRAW_MAX = 100_000;
/** Withdrawal history is polled every 8 s (document 1, section 4). */
export const WITHDRAW_POLL_MS = 8_000;

/** Proof images: what the image-upload endpoint accepts. */
export const PROOF_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROOF_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Deposit and withdrawal Status (document 1, section 4): 1 PENDING, 2 REJECTED, any other value APPROVED. */
export const REQUEST_STATUS = { PENDING: 1, REJECTED: 2, APPROVED: 3 } as const;
export type RequestStatusLabel = 'PENDING' | 'REJECTED' | 'APPROVED';

export function requestStatusLabel(status: number): RequestStatusLabel {
  if (status === REQUEST_STATUS.PENDING) return 'PENDING';
  if (status === REQUEST_STATUS.REJECTED) return 'REJECTED';
  return 'APPROVED';
}

/** A deposit (document 1, section 3). `ImageLink` is the proof of a manual deposit; null for QR deposits. */
export const DepositRecordSchema = z.object({
  _id: RecordIdSchema,
  Mode: z.string(),
  Status: z.int(),
  Amount: PesoSchema,
  createdAt: TimestampSchema,
  ImageLink: z.nullable(z.string()),
});
export type DepositRecord = z.infer<typeof DepositRecordSchema>;

/** GET /deposit/history — the player's deposits, newest first. */
export const DepositHistorySchema = z.array(DepositRecordSchema);

/** A withdrawal: a deposit record plus the account it is paid to. */
export const WithdrawalRecordSchema = z.extend(DepositRecordSchema, {
  AccountName: z.string(),
  AccountNumber: z.string(),
});
export type WithdrawalRecord = z.infer<typeof WithdrawalRecordSchema>;

/** GET /withdraw/history — the player's withdrawals of the last 7 days, newest first. */
export const WithdrawalHistorySchema = z.array(WithdrawalRecordSchema);

/** The `mopname` of the QR payment gateway among the payment options; every other option is manual. */
export const GATEWAY_MOPNAME = 'QRPH';

/** A payment option (document 1, section 3): where the player sends money, with its image. */
export const PaymentOptionSchema = z.object({
  _id: RecordIdSchema,
  mopname: z.string().check(z.minLength(1)),
  label: z.string(),
  accountname: z.string(),
  accountnumber: z.string(),
  ImageLink: z.string(),
});
export type PaymentOption = z.infer<typeof PaymentOptionSchema>;

/** GET /mop */
export const PaymentOptionsSchema = z.array(PaymentOptionSchema);

export const isGatewayOption = (option: Pick<PaymentOption, 'mopname'>): boolean => option.mopname === GATEWAY_MOPNAME;

/** A deposit amount: whole pesos ("digits only"), within the limits. */
const depositAmount = (minimum: number, minimumText: string) =>
  z
    .number({ error: MEMBERS_TEXTS.amountRequired })
    .check(
      z.int({ error: MEMBERS_TEXTS.wholePesos }),
      z.gte(minimum, { error: minimumText }),
      z.lte(DEPOSIT_MAX, { error: MEMBERS_TEXTS.depositMaximum }),
    );

/** POST /transaction/cashin/gateway */
export const GatewayCashInRequestSchema = z.object({
  amount: depositAmount(GATEWAY_DEPOSIT_MIN, MEMBERS_TEXTS.gatewayMinimum),
});
export type GatewayCashInRequest = z.infer<typeof GatewayCashInRequestSchema>;

/**
 * The gateway's answer: `qr_image` (a data: URL of a QR code of the payment page) and `qr_html`
 * (the gateway's own markup of the payment details, never injected raw). `deposit_id` and
 * `payment_url` are this API's additions: the pending deposit to watch, and the page the QR opens.
 */
export const GatewayCashInResponseSchema = z.object({
  qr_image: z.string().check(z.startsWith('data:image/')),
  qr_html: z.string(),
  deposit_id: RecordIdSchema,
  payment_url: z.url(),
});
export type GatewayCashInResponse = z.infer<typeof GatewayCashInResponseSchema>;

/** POST /transaction/cashin — a manual deposit with a proof image, pending until an operator decides. */
export const CashInRequestSchema = z.object({
  Amount: depositAmount(DEPOSIT_MIN, MEMBERS_TEXTS.depositMinimum),
  AccountName: requiredString(MEMBERS_TEXTS.accountNameRequired).check(z.maxLength(80)),
  AccountNumber: requiredString(MEMBERS_TEXTS.accountNumberRequired).check(z.maxLength(40)),
  ImageLink: z.url({ error: MEMBERS_TEXTS.fileRequired }).check(z.maxLength(2048)),
  Mode: requiredString(MEMBERS_TEXTS.unknownPaymentMethod).check(z.maxLength(40)),
  InvoiceNumber: z._default(z.nullable(optionalText(80)), null),
});
export type CashInRequest = z.input<typeof CashInRequestSchema>;

/** The recorded deposit. */
export const CashInResponseSchema = DepositRecordSchema;

/** The external image host's answer (Cloudinary's unsigned-upload shape); only `secure_url` is used. */
export const ImageUploadResponseSchema = z.object({
  secure_url: z.url(),
  public_id: z.optional(z.string()),
  format: z.optional(z.string()),
  bytes: z.optional(z.number()),
});
export type ImageUploadResponse = z.infer<typeof ImageUploadResponseSchema>;

/**
 * The player API's stored upload names: 128 random bits (32 hex digits) and a known extension —
 * nothing to guess, nothing a client can steer elsewhere. Proofs stored before carry a 24-hex id.
 */
export const STORED_UPLOAD_NAME = /^[0-9a-f]{24}(?:[0-9a-f]{8})?\.(png|jpg|webp)$/;

/**
 * The stored name behind a proof link, if the link is the player API's own `/uploads/<name>`
 * (absolute, on `apiUrl`'s origin). Anything else — another host, `javascript:`, `data:`,
 * `file:` — is null. The API accepts only such links as proofs; the site fetches only those with
 * the player's token.
 */
export function uploadNameOf(link: string, apiUrl: string): string | null {
  if (!URL.canParse(link) || !URL.canParse(apiUrl)) return null;
  const url = new URL(link);
  if (url.origin !== new URL(apiUrl).origin || url.search !== '' || url.hash !== '') return null;
  const match = /^\/uploads\/([^/]+)$/.exec(url.pathname);
  return match?.[1] && STORED_UPLOAD_NAME.test(match[1]) ? match[1] : null;
}

/** A bank or e-wallet that InstaPay can pay out to. */
export const BankCodeSchema = z.object({ code: z.string().check(z.minLength(1)), name: z.string().check(z.minLength(1)) });
export type BankCode = z.infer<typeof BankCodeSchema>;

/** GET /transaction/bankcodes/instapay — the list sits under `data.data` (document 1, section 3). */
export const BankCodesResponseSchema = z.object({ data: z.object({ data: z.array(BankCodeSchema) }) });
export type BankCodesResponse = z.infer<typeof BankCodesResponseSchema>;

/** The `{name}` of POST /transaction/cashout/{name}: the payout channel the bank codes belong to. */
export const CASHOUT_CHANNEL = 'instapay';


/**
 * POST /transaction/cashout/{name}. `Balance` is what the page showed; the API never trusts it
 * (the ledger decides). `TransactionType` is 0 (spec).
 */
export const CashOutRequestSchema = z.object({
  Amount: z
    .number({ error: MEMBERS_TEXTS.amountRequired })
    .check(
      z.refine(hasWholeCentavos, { error: MEMBERS_TEXTS.withdrawAmountFormat }),
      z.gte(WITHDRAW_MIN, { error: MEMBERS_TEXTS.withdrawMinimum }),
      z.lte(WITHDRAW_MAX, { error: MEMBERS_TEXTS.withdrawMaximum }),
    ),
  AccountName: requiredString(MEMBERS_TEXTS.accountNameRequired).check(z.maxLength(80)),
  AccountNumber: requiredString(MEMBERS_TEXTS.accountNumberRequired).check(z.maxLength(40)),
  Mode: requiredString(MEMBERS_TEXTS.modeRequired).check(z.maxLength(40)),
  // Never trusted (the ledger decides), still an amount: no huge or sub-centavo numbers.
  Balance: MoneySchema,
  TransactionType: z.literal(0),
});
export type CashOutRequest = z.input<typeof CashOutRequestSchema>;

/** The recorded withdrawal (its amount already held from the balance). */
export const CashOutResponseSchema = WithdrawalRecordSchema;

// ---------------------------------------------------------------------------------------------
// Forms of the members pages (values as typed; checked with the same texts as the API).

/** Digits only, as the deposit amount field accepts them. */
export const digitsOnly = (text: string): string => text.replace(/\D+/g, '');

/** Whether Proceed is enabled (spec: disabled with no method, no amount or amount below 50). */
export function canProceedToDeposit(option: PaymentOption | null, amountText: string): boolean {
  const amount = Number(amountText);
  return option !== null && amountText !== '' && Number.isInteger(amount) && amount >= DEPOSIT_MIN && amount <= DEPOSIT_MAX;
}

/** The QR Ph check before any call: below ₱100 the gateway is not asked (document 1, section 5). */
export function gatewayAmountError(amount: number): string | null {
  return amount < GATEWAY_DEPOSIT_MIN ? MEMBERS_TEXTS.gatewayMinimum : null;
}

/** A chosen proof file, whatever the environment's File class (browser or jsdom). */
interface FileLike {
  name: string;
  size: number;
  type: string;
}
const isFileLike = (value: unknown): value is FileLike =>
  typeof value === 'object' && value !== null && 'name' in value && 'size' in value && 'type' in value;

/** The manual deposit's details: the sending account and the proof of payment. */
export const ManualDepositFormSchema = z.object({
  AccountName: requiredString(MEMBERS_TEXTS.accountNameRequired).check(z.maxLength(80)),
  AccountNumber: requiredString(MEMBERS_TEXTS.accountNumberRequired).check(z.maxLength(40)),
  proof: z
    .custom<FileLike>(isFileLike, { error: MEMBERS_TEXTS.fileRequired })
    .check(
      z.refine((file: FileLike) => (PROOF_IMAGE_TYPES as readonly string[]).includes(file.type), { error: MEMBERS_TEXTS.proofType }),
      z.refine((file: FileLike) => file.size > 0 && file.size <= PROOF_IMAGE_MAX_BYTES, { error: MEMBERS_TEXTS.proofSize }),
    ),
});
// Types (not interfaces): form values must be indexable records.
export type ManualDepositFormValues = {
  AccountName: string;
  AccountNumber: string;
  proof: File | null;
};

const WITHDRAW_AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/** The withdraw form (document 1, section 5), with the balance the page knows for a clear early refusal. */
export function withdrawFormSchema(balance: number | null) {
  return z.object({
    AccountName: requiredString(MEMBERS_TEXTS.accountNameRequired).check(z.maxLength(80)),
    AccountNumber: requiredString(MEMBERS_TEXTS.accountNumberRequired).check(z.maxLength(40)),
    Amount: z
      .string({ error: MEMBERS_TEXTS.amountRequired })
      .check(
        z.trim(),
        // Each field shows one message: a missing or malformed amount stops here.
        z.minLength(1, { error: MEMBERS_TEXTS.amountRequired, abort: true }),
        z.regex(WITHDRAW_AMOUNT_PATTERN, { error: MEMBERS_TEXTS.withdrawAmountFormat, abort: true }),
        z.refine((text: string) => Number(text) >= WITHDRAW_MIN, { error: MEMBERS_TEXTS.withdrawMinimum }),
        z.refine((text: string) => Number(text) <= WITHDRAW_MAX, { error: MEMBERS_TEXTS.withdrawMaximum }),
        z.refine((text: string) => balance === null || Number(text) <= balance, { error: MEMBERS_TEXTS.insufficientBalance }),
      ),
    Mode: requiredString(MEMBERS_TEXTS.modeRequired),
  });
}
export type WithdrawFormValues = {
  AccountName: string;
  AccountNumber: string;
  Amount: string;
  Mode: string;
};

// ---------------------------------------------------------------------------------------------
// Operator endpoints (not called by the site): review pending deposits and withdrawals.

/** A deposit or withdrawal as an operator reviews it: the record plus whose it is. */
export const OperatorRequestSchema = z.extend(z.partial(WithdrawalRecordSchema, { AccountName: true, AccountNumber: true }), {
  username: z.string(),
  kind: z.enum(OPERATOR_REQUEST_KINDS),
});
export type OperatorRequest = z.infer<typeof OperatorRequestSchema>;

/** GET /operator/{deposits|withdrawals}?status=pending|all&limit=…&after=… — one page. */
export const OperatorRequestListSchema = z.array(OperatorRequestSchema);

/** Requests per page of an operator's review list: 100 unless `limit` asks for 1 to 500. */
export const OPERATOR_REVIEW_PAGE = { default: 100, max: 500 } as const;

/** POST /operator/{deposits|withdrawals}/{id}/{approve|reject} → the updated record. */
export const OPERATOR_DECISIONS = ['approve', 'reject'] as const;
export type OperatorDecision = (typeof OPERATOR_DECISIONS)[number];
