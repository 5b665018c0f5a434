import { AxiosError, type AxiosProgressEvent } from 'axios';
import { historyEndpoints, membersEndpoints, uploadsEndpoints } from '@suwerte/contracts/members';
import { callEndpoint, sessionStore } from '@suwerte/shared';
import { TEST_CONFIG, fakeApi, resetSession, signInForTest, untilAborted, setRuntimeConfig } from '@suwerte/shared/testing';
import { storedProofName, uploadProofImage } from './proof-upload';

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
    expect(await callEndpoint(membersEndpoints.depositHistory)).toEqual([deposit]);
    expect((await callEndpoint(membersEndpoints.paymentOptions))[0]?.mopname).toBe('QRPH');
    expect((await callEndpoint(membersEndpoints.gatewayCashIn, { body: { amount: 200 } })).deposit_id).toBe('d2');
    await callEndpoint(membersEndpoints.cashIn, {
      body: { Amount: 500, AccountName: 'Juan', AccountNumber: '0917', ImageLink: 'https://img.test/a.png', Mode: 'GCASH', InvoiceNumber: null },
    });
    expect((await callEndpoint(membersEndpoints.bankCodes, { params: { channel: 'instapay' } })).data.data).toEqual([{ code: 'GCASH', name: 'GCash' }]);
    expect(await callEndpoint(membersEndpoints.withdrawHistory)).toEqual([withdrawal]);
    await callEndpoint(membersEndpoints.cashOut, {
      params: { channel: 'instapay' },
      body: { Amount: 500, AccountName: 'Juan', AccountNumber: '0012', Mode: 'BDO', Balance: 5000, TransactionType: 0 },
    });
    expect(await callEndpoint(historyEndpoints.bets)).toEqual([]);
    expect(await callEndpoint(historyEndpoints.transactions)).toEqual([]);

    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /transaction/cashout/instapay');
    expect(calls.find((call) => call.url === '/transaction/cashin/gateway')?.body).toEqual({ amount: 200 });
    expect(calls.find((call) => call.url === '/transaction/cashin')?.body).toMatchObject({ Mode: 'GCASH', InvoiceNumber: null });
    for (const call of calls) expect(String(call.headers.get('Authorization'))).toBe('Bearer test-token');
  });

  it('turns an answer that breaks its contract into a clear error', async () => {
    fakeApi(() => ({ status: 200, data: [{ _id: 'd1' }] }));
    await expect(callEndpoint(membersEndpoints.depositHistory)).rejects.toThrow('Unexpected answer from GET /deposit/history. Please try again later.');
  });

  it("uploads the proof to the player API's own upload with the player's bearer token", async () => {
    setRuntimeConfig({ ...TEST_CONFIG, imageUpload: { ...TEST_CONFIG.imageUpload, url: 'http://api.test/image/upload' } });
    signInForTest('demoplayer', 1000);
    const token = sessionStore.getState().user.token;
    const calls = fakeApi(() => ({ status: 200, data: { secure_url: 'http://api.test/uploads/p.png' } }));
    expect(await uploadProofImage(new File(['png'], 'receipt.png', { type: 'image/png' }), 'receipt.png')).toBe('http://api.test/uploads/p.png');
    expect(calls[0]?.url).toBe('http://api.test/image/upload');
    expect(String(calls[0]?.headers.get('Authorization'))).toBe(`Bearer ${token ?? ''}`);

    // A refused token ends the session, as with every other call.
    fakeApi(() => ({ status: 401, data: { message: 'ERROR VERIFYING TOKEN' } }));
    await expect(uploadProofImage(new Blob(['x']))).rejects.toThrow('ERROR VERIFYING TOKEN');
    expect(sessionStore.getState().user.token).toBeNull();
    setRuntimeConfig(TEST_CONFIG);
  });

  it('fetches a proof the player API keeps with the bearer token, as a Blob; an outside link is not one', async () => {
    signInForTest('demoplayer', 1000);
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const calls = fakeApi(() => ({ status: 200, data: png }));
    const name = storedProofName('http://api.test/uploads/0123456789abcdef0123456789abcdef.png');
    expect(name).toBe('0123456789abcdef0123456789abcdef.png');
    expect(await callEndpoint(uploadsEndpoints.proofFile, { params: { name: name ?? '' } })).toBe(png);
    expect(calls[0]?.url).toBe('/uploads/0123456789abcdef0123456789abcdef.png');
    expect(String(calls[0]?.headers.get('Authorization'))).toBe('Bearer test-token');
    // Not a file: a clear error, as with any answer that breaks its contract.
    fakeApi(() => ({ status: 200, data: { message: 'hello' } }));
    await expect(callEndpoint(uploadsEndpoints.proofFile, { params: { name: name ?? '' } })).rejects.toThrow(
      'Unexpected answer from GET /uploads/0123456789abcdef0123456789abcdef.png. Please try again later.',
    );
    // Another host, another path, a query: public links the token never goes to.
    for (const link of ['https://img.test/p.png', 'http://api.test/uploads/x.png', 'http://api.test/uploads/0123456789abcdef0123456789abcdef.png?a=1', 'javascript:alert(1)']) {
      expect(storedProofName(link)).toBeNull();
    }
  });

  it('uploads the proof to an outside image host as a form (file, upload_preset, cloud_name), without the bearer token', async () => {
    signInForTest('demoplayer', 1000);
    const calls = fakeApi(() => ({ status: 200, data: { secure_url: 'https://img.test/p.png' } }));
    const link = await uploadProofImage(new File(['png'], 'receipt.png', { type: 'image/png' }), 'receipt.png');
    expect(link).toBe('https://img.test/p.png');
    expect(calls[0]?.url).toBe('http://images.test/upload');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Authorization')).toBeUndefined();
    const form = calls[0]?.body as FormData;
    expect(form.get('upload_preset')).toBe('preset');
    expect(form.get('cloud_name')).toBe('cloud');
    expect((form.get('file') as File).name).toBe('receipt.png');
  });

  it("reports the image host's refusal with its text", async () => {
    fakeApi(() => ({ status: 415, data: { message: 'The proof must be a PNG, JPEG or WebP image' } }));
    await expect(uploadProofImage(new Blob(['x']))).rejects.toThrow('The proof must be a PNG, JPEG or WebP image');
    fakeApi(() => ({ status: 502, data: '' }));
    await expect(uploadProofImage(new Blob(['x']))).rejects.toThrow('Image upload failed (HTTP 502).');
    fakeApi(() => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK')));
    await expect(uploadProofImage(new Blob(['x']))).rejects.toThrow('Network error: the image host could not be reached.');
  });

  it('reports how much of the proof went out, and stops when the player cancels', async () => {
    let sendProgress: ((event: AxiosProgressEvent) => void) | undefined;
    fakeApi((call) => {
      sendProgress = call.onUploadProgress;
      return untilAborted(call);
    });
    const shares: number[] = [];
    const controller = new AbortController();
    const upload = uploadProofImage(new Blob(['x'.repeat(100)]), 'receipt.png', { signal: controller.signal, onUploadProgress: (share) => shares.push(share) });
    await vi.waitFor(() => expect(sendProgress).toBeDefined());
    sendProgress?.({ loaded: 25, total: 100, progress: 0.25, bytes: 25, lengthComputable: true });
    sendProgress?.({ loaded: 100, total: 100, progress: 1, bytes: 75, lengthComputable: true });
    expect(shares).toEqual([0.25, 1]);
    controller.abort();
    await expect(upload).rejects.toMatchObject({ kind: 'canceled' });
  });
});
