import { z } from 'zod';
import { MESSAGES, password, registerContact, registerEmail, registerUsername, requiredSecret, requiredString } from './fields';

/** POST /player/login */
export const LoginRequestSchema = z.object({
  username: requiredString(MESSAGES.usernameRequired).max(64),
  password: requiredSecret(MESSAGES.passwordRequired).max(128),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ accesstoken: z.string().min(1) });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** POST /register — registration reading B (DESIGN.md: the register page uses reading B). */
export const RegisterRequestSchema = z.object({
  username: registerUsername,
  password,
  referral: requiredString(MESSAGES.referralRequired).max(32),
  email: registerEmail,
  contactnumber: registerContact,
});
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** Success answers 'Registration Successful'; failures answer a server text (see REGISTER_TEXTS). */
export const RegisterResponseSchema = z.object({ message: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

export const REGISTER_TEXTS = {
  success: 'Registration Successful',
  unknownReferralServer: 'No reffer Found',
  unknownReferralShown: 'Please input valid referral',
  empty: 'Registration failed',
} as const;
