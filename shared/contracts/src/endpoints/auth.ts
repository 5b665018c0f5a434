// Sign-in and registration (document 1, sections 2, 7 and 8), and the session's own calls: logout,
// renewal, and the short-lived tokens handed to a game site or a Video Karera connection (ours).
import {
  AccessTokenResponseSchema,
  EmptyRequestSchema,
  GameLaunchRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
} from '../contracts/auth';
import { MessageResponseSchema } from '../contracts/errors';
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
  /** Ends the caller's session on the server: its token answers 401 at once, on every node (docs/decisions/143). */
  logout: defineEndpoint({
    method: 'POST',
    path: '/player/logout',
    body: EmptyRequestSchema,
    auth: 'signed-in',
    summary: 'Logout: ends this session on the server (ours)',
    response: MessageResponseSchema,
  }),
  /** A new token of the same session, its idle time starting again; the page renews while the player is active. */
  renew: defineEndpoint({
    method: 'POST',
    path: '/player/renew',
    body: EmptyRequestSchema,
    auth: 'signed-in',
    summary: 'Keeps an active session open: a new token of the same session (ours)',
    response: AccessTokenResponseSchema,
  }),
  /** The `accesstoken` of one game launch: it names the player to that game only (docs/decisions/141). */
  gameLaunch: defineEndpoint({
    method: 'POST',
    path: '/game/launch',
    auth: 'player',
    summary: "A launch route's token for the external game site, instead of the session's own (ours)",
    body: GameLaunchRequestSchema,
    response: AccessTokenResponseSchema,
  }),
  /** The `accesstoken` of the Video Karera socket's query: good for one connection, within a minute (docs/decisions/142). */
  kareraTicket: defineEndpoint({
    method: 'POST',
    path: '/karera/ticket',
    body: EmptyRequestSchema,
    auth: 'player',
    summary: "A ticket for one Video Karera connection, the socket query's access token (ours)",
    response: AccessTokenResponseSchema,
  }),
};
