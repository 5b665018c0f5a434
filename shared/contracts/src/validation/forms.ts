import { z } from 'zod/mini';
import {
  MESSAGES,
  PASSWORD,
  USERNAME_LOGIN,
  lengthChecked,
  password,
  secretChecked,
} from '../contracts/fields';
import { RegisterRequestSchema } from '../contracts/auth';
import { UpdateProfileRequestSchema } from '../contracts/account';

/** Sign-in dialog: reading A's required/length rules (docs/decisions/200). */
export const LoginFormSchema = z.object({
  username: lengthChecked(MESSAGES.usernameRequired, USERNAME_LOGIN),
  password: secretChecked(MESSAGES.passwordRequired, PASSWORD),
});
export type LoginFormValues = z.input<typeof LoginFormSchema>;

/**
 * Register page (reading B). The confirm check runs even while other fields are invalid
 * (`when`), so the player sees every problem at once.
 */
export const RegisterFormSchema = z.extend(RegisterRequestSchema, {
  confirm: z.string(),
}).check(
  z.refine((values) => values.confirm === values.password, {
    path: ['confirm'],
    error: MESSAGES.passwordDoNotMatch,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  }),
);
export type RegisterFormValues = z.input<typeof RegisterFormSchema>;

/** Change-password dialog: both fields 8–16, confirm must equal password. */
export const ChangePasswordFormSchema = z
  .object({
    password,
    confirm: secretChecked(MESSAGES.confirmRequired, PASSWORD),
  })
  .check(
    z.refine((values) => values.confirm === values.password, {
      path: ['confirm'],
      error: MESSAGES.passwordMustMatch,
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    }),
  );
export type ChangePasswordFormValues = z.input<typeof ChangePasswordFormSchema>;

/** Profile details form — the same rules the player API applies to PUT /account/update/profile. */
export const ProfileFormSchema = UpdateProfileRequestSchema;
export type ProfileFormValues = z.input<typeof ProfileFormSchema>;

