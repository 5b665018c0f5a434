import { EndpointCallError, fetchEndpoint } from './fetch-endpoint';
import { jackpotEndpoints } from './jackpot';
import { membersEndpoints } from './members';
import { telemetryEndpoints } from './telemetry';
import { uploadsEndpoints } from './uploads';

const POOLS = [{ Minor: 100, Major: 200, Grand: 300 }];

/** A fetch that answers `status` with `body` and records what it was asked. */
function answering(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const send = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
  return { calls, send: send as typeof fetch };
}

describe('fetchEndpoint', () => {
  it('calls the path, query and body of the definition and parses the answer with its schema', async () => {
    const { calls, send } = answering(200, POOLS);
    expect(await fetchEndpoint(jackpotEndpoints.jackpot, undefined, { api: 'http://api.test/', fetch: send })).toEqual(POOLS);
    expect(calls[0]?.url).toBe('http://api.test/jackpot');
    expect(calls[0]?.init?.method).toBe('GET');
    expect(calls[0]?.init?.body).toBeUndefined();

    const bank = answering(200, { data: { data: [{ code: 'GCASH', name: 'GCash' }] } });
    await fetchEndpoint(membersEndpoints.bankCodes, { params: { channel: 'insta pay' } }, { api: 'http://api.test', token: 't0k', headers: { 'x-forwarded-for': '198.51.0.1' }, fetch: bank.send });
    expect(bank.calls[0]?.url).toBe('http://api.test/transaction/bankcodes/insta%20pay');
    expect(bank.calls[0]?.init?.headers).toEqual({ authorization: 'Bearer t0k', 'x-forwarded-for': '198.51.0.1' });
  });

  it('sends a JSON body and the options fetch is given, with the success status of the definition (202)', async () => {
    const { calls, send } = answering(202, { accepted: true });
    const report = { remote: 'sports', release: '1.4.2', kind: 'load', message: 'Loading chunk 12 failed', route: '/Sports' } as const;
    await fetchEndpoint(telemetryEndpoints.reportRemoteError, { body: report }, { api: 'http://api.test', init: { keepalive: true, credentials: 'omit' }, fetch: send });
    expect(calls[0]?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual(report);
  });

  it('throws an EndpointCallError with the status and the server text for any other status', async () => {
    const { send } = answering(401, { message: 'ERROR VERIFYING TOKEN' });
    const failure = await fetchEndpoint(membersEndpoints.depositHistory, undefined, { api: 'http://api.test', fetch: send }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EndpointCallError);
    expect(failure).toMatchObject({ status: 401, serverMessage: 'ERROR VERIFYING TOKEN', message: 'GET /deposit/history: 401 {"message":"ERROR VERIFYING TOKEN"}' });
    // 200 where the definition says 202 is not the endpoint's answer either.
    await expect(fetchEndpoint(telemetryEndpoints.reportRemoteError, { body: { remote: 'sports', release: '1', kind: 'load', message: 'x', route: '/' } }, { api: 'http://api.test', fetch: answering(200, { accepted: true }).send })).rejects.toMatchObject({ status: 200 });
  });

  it('says so when the answer breaks its contract, is not JSON, or the API cannot be reached', async () => {
    await expect(fetchEndpoint(jackpotEndpoints.jackpot, undefined, { api: 'http://api.test', fetch: answering(200, [{ Minor: 'lots' }]).send })).rejects.toThrow(
      /GET \/jackpot: the answer breaks its contract/,
    );
    await expect(fetchEndpoint(jackpotEndpoints.jackpot, undefined, { api: 'http://api.test', fetch: answering(200, '<html>').send })).rejects.toThrow('GET /jackpot: the answer is not JSON');
    const down = (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch;
    await expect(fetchEndpoint(jackpotEndpoints.jackpot, undefined, { api: 'http://api.test', fetch: down })).rejects.toMatchObject({ status: null, serverMessage: null });
  });

  it('refuses a file endpoint (it reads one JSON answer)', async () => {
    await expect(fetchEndpoint(uploadsEndpoints.proofFile, { params: { name: '0123456789abcdef0123456789abcdef.png' } }, { api: 'http://api.test' })).rejects.toThrow(TypeError);
  });
});
