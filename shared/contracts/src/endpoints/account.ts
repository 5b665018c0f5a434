// The signed-in player's account (document 1, sections 3 and 7).
import { AccountEventSchema, AccountSchema, UpdatePasswordRequestSchema, UpdatePasswordResponseSchema, UpdateProfileRequestSchema } from '../contracts/account';
import { MessageResponseSchema } from '../contracts/errors';
import { defineEndpoint } from './define';

const account = defineEndpoint({
  method: 'GET',
  path: '/account/',
  auth: 'player',
  summary: 'The account, balance included (document 1, section 7)',
  response: AccountSchema,
});

export const accountEndpoints = {
  account,
  /**
   * Password change. It ends every session of the account (token versions); the page goes on
   * with the `accesstoken` the answer carries (`renewSessionToken`).
   */
  updatePassword: defineEndpoint({
    method: 'PUT',
    path: '/account/update',
    auth: 'player',
    summary: 'Change the password (document 1, section 7)',
    body: UpdatePasswordRequestSchema,
    response: UpdatePasswordResponseSchema,
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/account/update/profile',
    auth: 'player',
    summary: 'Change full name, contact number and email (document 1, section 7)',
    body: UpdateProfileRequestSchema,
    response: MessageResponseSchema,
    invalidates: [account],
  }),
  /**
   * Server-sent events while a player is signed in: the balance and decided requests, so the
   * header moves when an operator decides or a payment lands elsewhere, without a reload.
   */
  events: defineEndpoint({
    method: 'GET',
    path: '/account/events',
    auth: 'player',
    summary: 'Account changes as server-sent events (ours)',
    response: AccountEventSchema,
    stream: true,
  }),
};
