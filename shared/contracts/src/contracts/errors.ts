import { z } from 'zod/mini';

/** Every 4xx/5xx answer of the player API carries one human-readable message. */
export const ApiErrorBodySchema = z.object({ message: z.string() });
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** The text the API answers with when a bearer token is missing, forged or expired (spec: → logout). */
export const TOKEN_ERROR_TEXT = 'ERROR VERIFYING TOKEN';

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
