import { z } from 'zod/mini';
import { EXTERNAL_GAMES } from './games';
import { MESSAGES, password, registerContact, registerEmail, registerUsername, requiredSecret, requiredString } from './fields';

/** POST /player/login */
export const LoginRequestSchema = z.object({
  username: requiredString(MESSAGES.usernameRequired).check(z.maxLength(64)),
  password: requiredSecret(MESSAGES.passwordRequired).check(z.maxLength(128)),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ accesstoken: z.string().check(z.minLength(1)) });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** POST /register — registration reading B (docs/decisions/200: the register page uses reading B). */
export const RegisterRequestSchema = z.object({
  username: registerUsername,
  password,
  referral: requiredString(MESSAGES.referralRequired).check(z.maxLength(32)),
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

/**
 * POST /game/launch (ours, docs/decisions/141): the game a launch route opens, and its id when it
 * has one (a basketball market, an EZ 2 draw). The answer's `accesstoken` goes into the launch
 * URL instead of the session's own token: it names the player to that one game and opens nothing
 * else.
 */
export const GameLaunchRequestSchema = z.object({
  game: z.enum(EXTERNAL_GAMES, { error: 'Unknown game' }),
  id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
});
export type GameLaunchRequest = z.input<typeof GameLaunchRequestSchema>;

/** The body of a call that sends nothing but its token (logout, renewal, a socket ticket): an empty object. */
export const EmptyRequestSchema = z.strictObject({});

/** A token handed out for one purpose (a renewed session, a game launch, one Video Karera connection). */
export const AccessTokenResponseSchema = z.object({ accesstoken: z.string().check(z.minLength(1)) });
export type AccessTokenResponse = z.infer<typeof AccessTokenResponseSchema>;

/** POST /player/logout's answer. */
export const SIGNED_OUT_TEXT = 'Signed out';

/** Why a new password is refused beyond the spec's 8 to 16 characters (docs/decisions/147): the server's texts, shown as they are. */
export const PASSWORD_TEXTS = {
  common: 'This password is too common and easy to guess. Please choose a less common one.',
  username: 'Your password must not be your username.',
} as const;
