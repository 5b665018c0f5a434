/** Direct calls to the real player API, for test set-up (the browser flows are tested through the UI). */
import { CASHOUT_CHANNEL, authEndpoints, fetchEndpointRaw, membersEndpoints, operatorEndpoints, type AnyEndpoint, type RawFetchInput, type EndpointInput, type EndpointResponse } from '@suwerte/contracts';

export const apiUrl = (): string => {
  const url = process.env.E2E_API_URL;
  if (!url) throw new Error('E2E_API_URL is not set: run through playwright with the global setup');
  return url;
};

export const hostUrl = (): string => {
  const url = process.env.E2E_HOST_URL;
  if (!url) throw new Error('E2E_HOST_URL is not set');
  return url;
};

export interface Credentials {
  username: string;
  password: string;
}

export const DEMO: Credentials = { username: 'demoplayer', password: 'suwerte123' };
export const NON_PLAYER: Credentials = { username: 'operator1', password: 'operator123' };

/** The password of the players the suites register. */
export const E2E_PASSWORD = 'Swerte-E2E-2026';

let counter = 0;

/** A call's input, plus the bearer token when the endpoint needs one and another API's base URL. */
type CallOptions<E extends AnyEndpoint> = EndpointInput<E> & { token?: string; api?: string };
type CallArgs<E extends AnyEndpoint> = Record<string, never> extends EndpointInput<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * Calls one endpoint of the table on the real player API and parses the answer with the same
 * response schema the site and the server use; anything but the endpoint's status throws.
 */
export async function callApi<E extends AnyEndpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const { token, api = apiUrl(), ...input }: RawFetchInput & { token?: string; api?: string } = options ?? {};
  return fetchEndpointRaw(endpoint, input, { api, ...(token ? { token } : {}) });
}

/** A fresh, unique player registered through POST /register (default referral code). */
export async function registerPlayer(prefix = 'e2e', api = apiUrl()): Promise<Credentials> {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 16);
  // Not a common password: registration refuses those (docs/decisions/147).
  const credentials = { username, password: E2E_PASSWORD };
  await callApi(authEndpoints.register, {
    api,
    body: { ...credentials, referral: 'SUWERTE', email: `${username}@example.com`, contactnumber: '09171234567' },
  });
  return credentials;
}

export async function loginToken({ username, password }: Credentials, api = apiUrl()): Promise<string> {
  return (await callApi(authEndpoints.login, { api, body: { username, password } })).accesstoken;
}

// --- Members area (deposits, withdrawals, operator review) ---

/** Pays a QR deposit through the player API's gateway stand-in, as a player would on its page. */
export async function fundPlayer(credentials: Credentials, pesos: number, api = apiUrl()): Promise<void> {
  const token = await loginToken(credentials, api);
  const { payment_url } = await callApi(membersEndpoints.gatewayCashIn, { api, token, body: { amount: pesos } });
  // The payment page is the gateway's own HTML form, not an endpoint of the table.
  const paid = await fetch(payment_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`pay: ${paid.status}`);
}

export const OPERATOR: Credentials = NON_PLAYER;

/** An operator's decision on a deposit or withdrawal (the back-office endpoints). */
export async function operatorDecide(kind: 'deposits' | 'withdrawals', id: string, decision: 'approve' | 'reject'): Promise<void> {
  await callApi(operatorEndpoints.decide, { token: await loginToken(OPERATOR), params: { kind, id, decision } });
}

/** Requests a withdrawal the way the Withdraw page does: the amount leaves the balance at once. */
export async function withdraw(credentials: Credentials, pesos: number, api = apiUrl()): Promise<void> {
  await callApi(membersEndpoints.cashOut, {
    api,
    token: await loginToken(credentials, api),
    params: { channel: CASHOUT_CHANNEL },
    body: { Amount: pesos, AccountName: 'E2E Player', AccountNumber: '09170000000', Mode: 'GCASH', Balance: 0, TransactionType: 0 },
  });
}
