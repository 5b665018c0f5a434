import { setRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../store/session-store';
import { TEST_CONFIG, fakeApi, resetSession, signInForTest } from '../testing';
import {
  fetchProofImage,
  fetchBankCodes,
  fetchBetHistory,
  fetchDepositHistory,
  fetchPaymentOptions,
  fetchTransactionHistory,
  fetchWithdrawHistory,
  requestCashIn,
  requestCashOut,
  requestGatewayCashIn,
  uploadProofImage,
} from './members';

const deposit = { _id: 'd1', Mode: 'GCASH', Status: 1, Amount: 500, createdAt: '2026-06-01T04:00:00.000Z', ImageLink: null };
const withdrawal = { ...deposit, Mode: 'BDO', AccountName: 'Juan', AccountNumber: '0012' };

describe('members API calls', () => {
  beforeEach(() => {
    resetSession();
    signInForTest();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('calls each endpoint with the bearer token and parses its answer', async () => {
    const calls = fakeApi(({ method, url }) => {
      const answers: Record<string, unknown> = {
        'GET /deposit/history': [deposit],
        'GET /mop': [{ _id: 'o1', mopname: 'QRPH', label: 'QR Ph', accountname: 'Suwerte', accountnumber: 'M-1', ImageLink: 'http://api.test/x.png' }],
        'POST /transaction/cashin/gateway': { qr_image: 'data:image/png;base64,AAAA', qr_html: '<p>x</p>', deposit_id: 'd2', payment_url: 'http://api.test/gateway/pay/abc' },
        'POST /transaction/cashin': deposit,
        'GET /transaction/bankcodes/instapay': { data: { data: [{ code: 'GCASH', name: 'GCash' }] } },
        'GET /withdraw/history': [withdrawal],
        'POST /transaction/cashout/instapay': withdrawal,
        'GET /bet/history': [],
        'GET /transact/history': [],
      };
      return { status: 200, data: answers[`${method} ${url}`] };
    });
    expect(await fetchDepositHistory()).toEqual([deposit]);
    expect((await fetchPaymentOptions())[0]?.mopname).toBe('QRPH');
    expect((await requestGatewayCashIn(200)).deposit_id).toBe('d2');
    await requestCashIn({ Amount: 500, AccountName: 'Juan', AccountNumber: '0917', ImageLink: 'https://img.test/a.png', Mode: 'GCASH', InvoiceNumber: null });
    expect(await fetchBankCodes()).toEqual([{ code: 'GCASH', name: 'GCash' }]);
    expect(await fetchWithdrawHistory()).toEqual([withdrawal]);
    await requestCashOut({ Amount: 500, AccountName: 'Juan', AccountNumber: '0012', Mode: 'BDO', Balance: 5000, TransactionType: 0 });
    expect(await fetchBetHistory()).toEqual([]);
    expect(await fetchTransactionHistory()).toEqual([]);

    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /transaction/cashout/instapay');
    expect(calls.find((call) => call.url === '/transaction/cashin/gateway')?.body).toEqual({ amount: 200 });
    expect(calls.find((call) => call.url === '/transaction/cashin')?.body).toMatchObject({ Mode: 'GCASH', InvoiceNumber: null });
    for (const call of calls) expect(String(call.headers.get('Authorization'))).toBe('Bearer test-token');
  });

  it('turns an answer that breaks its contract into a clear error', async () => {
    fakeApi(() => ({ status: 200, data: [{ _id: 'd1' }] }));
    await expect(fetchDepositHistory()).rejects.toThrow('Unexpected answer from GET /deposit/history. Please try again later.');
  });

  it("uploads the proof to the player API's own upload with the player's bearer token", async () => {
    setRuntimeConfig({ ...TEST_CONFIG, imageUpload: { ...TEST_CONFIG.imageUpload, url: 'http://api.test/image/upload' } });
    signInForTest('demoplayer', 1000);
    const token = sessionStore.getState().user.token;
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ secure_url: 'http://api.test/uploads/p.png' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await uploadProofImage(new File(['png'], 'receipt.png', { type: 'image/png' }), 'receipt.png')).toBe('http://api.test/uploads/p.png');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ Authorization: `Bearer ${token ?? ''}` });

    // A refused token ends the session, as with every other call.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'ERROR VERIFYING TOKEN' }), { status: 401 })));
    await expect(uploadProofImage(new Blob(['x']))).rejects.toThrow('ERROR VERIFYING TOKEN');
    expect(sessionStore.getState().user.token).toBeNull();
    setRuntimeConfig(TEST_CONFIG);
  });

  it('fetches a proof from the player API with the bearer token, as a Blob', async () => {
    signInForTest('demoplayer', 1000);
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const calls = fakeApi(() => ({ status: 200, data: png }));
    const blob = await fetchProofImage('http://api.test/uploads/0123456789abcdef0123456789abcdef.png');
    expect(blob).toBe(png);
    expect(calls[0]?.url).toBe('http://api.test/uploads/0123456789abcdef0123456789abcdef.png');
    expect(String(calls[0]?.headers.Authorization)).toMatch(/^Bearer /);
    // An outside host's link is public: plain fetch, no token.
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(new Uint8Array([0x89, 0x50]), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await fetchProofImage('https://img.test/p.png');
    expect(fetchMock.mock.calls[0]?.[1]).toBeUndefined();
  });

  it('uploads the proof to an outside image host as a form (file, upload_preset, cloud_name), without the bearer token', async () => {
    signInForTest('demoplayer', 1000);
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ secure_url: 'https://img.test/p.png' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const link = await uploadProofImage(new File(['png'], 'receipt.png', { type: 'image/png' }), 'receipt.png');
    expect(link).toBe('https://img.test/p.png');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://images.test/upload');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toBeUndefined();
    const form = init?.body as FormData;
    expect(form.get('upload_preset')).toBe('preset');
    expect(form.get('cloud_name')).toBe('cloud');
    expect((form.get('file') as File).name).toBe('receipt.png');
  });

  it("reports the image host's refusal with its text", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'The proof must be a PNG, JPEG or WebP image' }), { status: 415 })));
    await expect(uploadProofImage(new Blob(['x']))).rejects.toThrow('The proof must be a PNG, JPEG or WebP image');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(uploadProofImage(new Blob(['x']))).rejects.toThrow('Network error: the image host could not be reached.');
  });
});
