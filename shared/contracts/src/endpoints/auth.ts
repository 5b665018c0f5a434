// Sign-in and registration (document 1, sections 2, 7 and 8).
import { LoginRequestSchema, LoginResponseSchema, RegisterRequestSchema, RegisterResponseSchema } from '../contracts/auth';
import { defineEndpoint } from './define';

export const authEndpoints = {
  /** Reads `accesstoken`, a signed token carrying `UserInfo {username, role}` and `exp`. */
  login: defineEndpoint({
    method: 'POST',
    path: '/player/login',
    auth: 'public',
    summary: 'Sign in (document 1, section 7)',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
  }),
  /** 201 'Registration Successful'; refusals are server texts the page shows (section 8). */
  register: defineEndpoint({
    method: 'POST',
    path: '/register',
    auth: 'public',
    summary: 'Register a player (document 1, section 7)',
    body: RegisterRequestSchema,
    response: RegisterResponseSchema,
    status: 201,
  }),
};
