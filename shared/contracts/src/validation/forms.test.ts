import { z } from 'zod/mini';
import { ChangePasswordFormSchema, LoginFormSchema, ProfileFormSchema, RegisterFormSchema } from './forms';

/** The first message per field, as the forms show them. */
function errorsOf(schema: z.core.$ZodType, values: unknown): Record<string, string> {
  const result = z.safeParse(schema, values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

describe('login form (reading A rules)', () => {
  it('requires both fields with the spec texts', () => {
    expect(errorsOf(LoginFormSchema, { username: '', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('checks lengths with generic wording', () => {
    expect(errorsOf(LoginFormSchema, { username: 'abc', password: 'short' })).toEqual({
      username: 'Must be at least 4 characters',
      password: 'Must be at least 8 characters',
    });
    expect(errorsOf(LoginFormSchema, { username: 'a'.repeat(17), password: 'p'.repeat(17) })).toEqual({
      username: 'Must be at most 16 characters',
      password: 'Must be at most 16 characters',
    });
    expect(errorsOf(LoginFormSchema, { username: 'demo', password: 'suwerte123' })).toEqual({});
  });
});

describe('register form (reading B)', () => {
  const valid = {
    username: 'newplayer',
    password: 'secret123',
    confirm: 'secret123',
    referral: 'SUWERTE',
    email: 'new@example.com',
    contactnumber: '09171234567',
  };

  it('accepts a valid registration and strips spaces from the username', () => {
    const parsed = RegisterFormSchema.parse({ ...valid, username: ' new player ' });
    expect(parsed.username).toBe('newplayer');
  });

  it('measures the username after stripping spaces (6 to 16)', () => {
    expect(errorsOf(RegisterFormSchema, { ...valid, username: 'ab c d' }).username).toBe('Must be at least 6 characters');
    expect(errorsOf(RegisterFormSchema, { ...valid, username: '' }).username).toBe('Username is required');
    expect(errorsOf(RegisterFormSchema, { ...valid, username: 'x'.repeat(17) }).username).toBe('Must be at most 16 characters');
  });

  it('shows every reading-B message', () => {
    expect(
      errorsOf(RegisterFormSchema, {
        username: 'newplayer',
        password: 'secret123',
        confirm: 'different1',
        referral: '',
        email: 'not-an-email',
        contactnumber: '',
      }),
    ).toEqual({
      confirm: 'Password do not match',
      referral: 'Please input referral',
      email: 'Please enter a valid email address',
      contactnumber: 'Please enter your contact number',
    });
  });

  it('reports a password mismatch even while other fields are invalid', () => {
    const errors = errorsOf(RegisterFormSchema, { ...valid, email: '', confirm: 'nope' });
    expect(errors.confirm).toBe('Password do not match');
    expect(errors.email).toBe('Please enter a valid email address');
  });

  it('rejects a password outside 8 to 16', () => {
    expect(errorsOf(RegisterFormSchema, { ...valid, password: 'short', confirm: 'short' }).password).toBe(
      'Must be at least 8 characters',
    );
  });
});

describe('change password form', () => {
  it('requires both fields and that they match', () => {
    expect(errorsOf(ChangePasswordFormSchema, { password: '', confirm: '' })).toEqual({
      password: 'Password is required',
      confirm: 'Confirm Your Password',
    });
    expect(errorsOf(ChangePasswordFormSchema, { password: 'newsecret1', confirm: 'newsecret2' })).toEqual({
      confirm: 'Password must match',
    });
    expect(errorsOf(ChangePasswordFormSchema, { password: 'newsecret1', confirm: 'short' })).toEqual({
      confirm: 'Must be at least 8 characters',
    });
  });
});

describe('profile form', () => {
  it('uses the spec texts', () => {
    expect(errorsOf(ProfileFormSchema, { fullname: '', email: '', contactnumber: '' })).toEqual({
      fullname: 'Full Name is required',
      email: 'Email is required',
      contactnumber: 'Contact is required',
    });
    expect(errorsOf(ProfileFormSchema, { fullname: 'Juan', email: 'juan@', contactnumber: 'abc' })).toEqual({
      email: 'Not a proper email',
      contactnumber: 'Contact must contain digits only',
    });
  });
});
