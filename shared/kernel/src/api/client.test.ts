import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { sessionStore } from '../store/session-store';
import { resetSession, signInForTest, testAccount } from '../testing';
import { accountEndpoints } from '@suwerte/contracts/account';
import { callEndpoint } from './call-endpoint';
import { apiClient } from './client';
import { ApiError } from './errors';

const seen: InternalAxiosRequestConfig[] = [];

/** Answers every request with `status` and `data`, recording what was sent. */
function answer(status: number, data: unknown): void {
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', undefined, config, {}, response);
    return response;
  };
  apiClient.defaults.adapter = adapter;
}

const account = testAccount({ fullname: '', contactnumber: '', email: '' });

describe('API client', () => {
  beforeEach(() => {
    seen.length = 0;
    resetSession();
  });

  it('uses the production API of the runtime config and the bearer token of the store', async () => {
    signInForTest();
    answer(200, account);
    await expect(callEndpoint(accountEndpoints.account)).resolves.toEqual(account);
    expect(seen[0]?.baseURL).toBe('http://api.test');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it("logs the player out when a call answers 'ERROR VERIFYING TOKEN'", async () => {
    signInForTest();
    answer(401, { message: 'ERROR VERIFYING TOKEN' });
    await expect(callEndpoint(accountEndpoints.account)).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getState().user.token).toBeNull();
  });

  it('keeps the session on other errors', async () => {
    signInForTest();
    answer(500, { message: 'Internal server error' });
    await expect(callEndpoint(accountEndpoints.account)).rejects.toMatchObject({ kind: 'http', status: 500 });
    expect(sessionStore.getState().user.token).toBe('test-token');
  });

  it('turns a response that breaks its contract into a clear error', async () => {
    signInForTest();
    answer(200, { ...account, balance: 'lots' });
    await expect(callEndpoint(accountEndpoints.account)).rejects.toMatchObject({ kind: 'contract', message: 'Unexpected answer from GET /account/. Please try again later.' });
  });
});
