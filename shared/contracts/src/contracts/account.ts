import { z } from 'zod/mini';
import { PesoSchema, RecordIdSchema, TimestampSchema, password, profileContact, profileEmail, requiredString, MESSAGES } from './fields';

/** The requests an operator decides (deposits and withdrawals): the account's events name the kind decided. */
export const OPERATOR_REQUEST_KINDS = ['deposits', 'withdrawals'] as const;
export type OperatorRequestKind = (typeof OPERATOR_REQUEST_KINDS)[number];

/** GET /account/ — the signed-in player's account; `balance` in pesos. */
export const AccountSchema = z.object({
  _id: RecordIdSchema,
  username: z.string(),
  name: z.string(),
  createdAt: TimestampSchema,
  balance: PesoSchema,
  fullname: z.string(),
  contactnumber: z.string(),
  email: z.string(),
  token: z.optional(z.string()),
});
export type Account = z.infer<typeof AccountSchema>;

/** PUT /account/update — password change. */
export const UpdatePasswordRequestSchema = z.object({
  id: RecordIdSchema.check(z.maxLength(64)),
  username: z.string().check(z.minLength(1), z.maxLength(64)),
  password,
});
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequestSchema>;

/**
 * PUT /account/update's answer: the new password ends every session of the account, this one's
 * included; `accesstoken` is the one the page goes on with.
 */
export const UpdatePasswordResponseSchema = z.object({ message: z.string(), accesstoken: z.string().check(z.minLength(1)) });
export type UpdatePasswordResponse = z.infer<typeof UpdatePasswordResponseSchema>;

/** PUT /account/update/profile */
export const UpdateProfileRequestSchema = z.object({
  fullname: requiredString(MESSAGES.fullnameRequired).check(z.maxLength(80)),
  contactnumber: profileContact,
  email: profileEmail,
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;

/**
 * A message of GET /account/events (server-sent events; ours, the spec is silent): the balance
 * now, and the player's deposits and withdrawals decided since the previous message. Sent when
 * the stream opens and whenever either changes — an operator's decision, a QR payment, a payout.
 */
export const AccountEventSchema = z.object({
  Balance: PesoSchema,
  decided: z.array(z.object({ kind: z.enum(OPERATOR_REQUEST_KINDS), _id: RecordIdSchema, Status: z.int() })),
});
export type AccountEvent = z.infer<typeof AccountEventSchema>;
