import {
  AccountSchema,
  UpdatePasswordResponseSchema,
  type Account,
  type UpdatePasswordRequest,
  type UpdateProfileRequest,
} from '../contracts/account';
import { MessageResponseSchema } from '../contracts/errors';
import { sessionStore } from '../store/session-store';
import { apiClient } from './client';
import { renewSessionToken } from '../auth/player-token';
import { ApiError, parseResponse } from './errors';

/** GET /account/ */
export async function fetchAccount(): Promise<Account> {
  const { data } = await apiClient.get('/account/');
  return parseResponse(AccountSchema, data, 'GET /account/');
}

/**
 * Reloads the account into the store at once. Every part that changes the balance (bet,
 * deposit, withdrawal, payout) calls this, and every other part sees the new balance.
 */
export async function refreshAccount(): Promise<Account | null> {
  if (!sessionStore.getState().user.token) return null;
  const account = await fetchAccount();
  // The session may have ended while the call was in flight.
  if (sessionStore.getState().user.token) sessionStore.getState().setAccount(account);
  return account;
}

/**
 * PUT /account/update — password change. It ends every session of the account; this page goes on
 * with the token the answer carries (the store is updated here).
 */
export async function updatePassword(request: UpdatePasswordRequest): Promise<string> {
  const { data } = await apiClient.put('/account/update', request);
  const answer = parseResponse(UpdatePasswordResponseSchema, data, 'PUT /account/update');
  if (!renewSessionToken(answer.accesstoken)) throw new ApiError('Unexpected answer from PUT /account/update. Please try again later.', 'contract');
  return answer.message;
}

/** PUT /account/update/profile */
export async function updateProfile(request: UpdateProfileRequest): Promise<string> {
  const { data } = await apiClient.put('/account/update/profile', request);
  return parseResponse(MessageResponseSchema, data, 'PUT /account/update/profile').message;
}
