/** Direct calls to the real player API, for test set-up (the browser flows are tested through the UI). */
import {
  describeCall,
  endpointPath,
  endpointSearch,
  safeParseResponse,
  type AnyEndpoint,
  type EndpointInput,
  type EndpointResponse,
} from '@suwerte/shared/endpoints';

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

let counter = 0;

/** A fresh, unique player registered through POST /register (default referral code). */
export async function registerPlayer(prefix = 'e2e', api = apiUrl()): Promise<Credentials> {
  counter += 1;
  const username = `${prefix}${Date.now().toString(36)}${counter}`.slice(0, 16);
  const credentials = { username, password: 'secret123' };
  const response = await fetch(`${api}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, referral: 'SUWERTE', email: `${username}@example.com`, contactnumber: '09171234567' }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return credentials;
}

export async function loginToken({ username, password }: Credentials, api = apiUrl()): Promise<string> {
  const response = await fetch(`${api}/player/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  const { accesstoken } = (await response.json()) as { accesstoken: string };
  return accesstoken;
}

/** A call's input, plus the bearer token when the endpoint needs one. */
type CallOptions<E extends AnyEndpoint> = EndpointInput<E> & { token?: string };
type CallArgs<E extends AnyEndpoint> = Record<string, never> extends EndpointInput<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/**
 * Calls one endpoint of the table on the real player API and parses the answer with the same
 * response schema the site and the server use; anything but the endpoint's status throws.
 */
export async function callApi<E extends AnyEndpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<EndpointResponse<E>> {
  const { params, query, body, token }: { params?: unknown; query?: unknown; body?: unknown; token?: string } = options ?? {};
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${apiUrl()}${endpointPath(endpoint, params)}${endpointSearch(query)}`, {
    method: endpoint.method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const call = describeCall(endpoint, params);
  if (response.status !== endpoint.status) throw new Error(`${call}: ${response.status} ${await response.text()}`);
  const answer = safeParseResponse(endpoint, await response.json());
  if (!answer.success) throw new Error(`${call}: the answer breaks its contract: ${answer.error.message}`);
  return answer.data;
}

export async function apiGet<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${apiUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
}

// --- Members area (deposits, withdrawals, operator review) ---

/** Pays a QR deposit through the player API's gateway stand-in, as a player would on its page. */
export async function fundPlayer(credentials: Credentials, pesos: number, api = apiUrl()): Promise<void> {
  const token = await loginToken(credentials, api);
  const response = await fetch(`${api}/transaction/cashin/gateway`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ amount: pesos }),
  });
  if (!response.ok) throw new Error(`gateway: ${response.status} ${await response.text()}`);
  const { payment_url } = (await response.json()) as { payment_url: string };
  const paid = await fetch(payment_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`pay: ${paid.status}`);
}

export const OPERATOR: Credentials = NON_PLAYER;

/** An operator's decision on a deposit or withdrawal (the back-office endpoints). */
export async function operatorDecide(kind: 'deposits' | 'withdrawals', id: string, decision: 'approve' | 'reject'): Promise<void> {
  const token = await loginToken(OPERATOR);
  const response = await fetch(`${apiUrl()}/operator/${kind}/${id}/${decision}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`operator ${decision}: ${response.status} ${await response.text()}`);
}

/** Requests a withdrawal the way the Withdraw page does: the amount leaves the balance at once. */
export async function withdraw(credentials: Credentials, pesos: number, api = apiUrl()): Promise<void> {
  const token = await loginToken(credentials, api);
  const response = await fetch(`${api}/transaction/cashout/instapay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ Amount: pesos, AccountName: 'E2E Player', AccountNumber: '09170000000', Mode: 'GCASH', Balance: 0, TransactionType: 0 }),
  });
  if (!response.ok) throw new Error(`withdraw: ${response.status} ${await response.text()}`);
}
