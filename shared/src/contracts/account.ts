import { z } from 'zod';
import { PesoSchema, RecordIdSchema, TimestampSchema, password, profileContact, profileEmail, requiredString, MESSAGES } from './fields';

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
  token: z.string().optional(),
});
export type Account = z.infer<typeof AccountSchema>;

/** PUT /account/update — password change. */
export const UpdatePasswordRequestSchema = z.object({
  id: RecordIdSchema.max(64),
  username: z.string().min(1).max(64),
  password,
});
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequestSchema>;

/**
 * PUT /account/update's answer: the new password ends every session of the account, this one's
 * included; `accesstoken` is the one the page goes on with.
 */
export const UpdatePasswordResponseSchema = z.object({ message: z.string(), accesstoken: z.string().min(1) });
export type UpdatePasswordResponse = z.infer<typeof UpdatePasswordResponseSchema>;

/** PUT /account/update/profile */
export const UpdateProfileRequestSchema = z.object({
  fullname: requiredString(MESSAGES.fullnameRequired).max(80),
  contactnumber: profileContact,
  email: profileEmail,
});
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;
