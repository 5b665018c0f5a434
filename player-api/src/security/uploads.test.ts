import { ImageUploadResponseSchema, TOKEN_ERROR_TEXT } from '@suwerte/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROOF_LINK_TEXT } from '../features/deposits/feature';
import { PNG_1X1, multipartBody, newPlayer, operatorHeaders, type TestPlayer } from '../testing/players';
import { UPLOAD_TEXTS } from '../features/uploads/feature';
import { ORPHAN_AFTER_MS, UPLOAD_QUOTA, uploadsDir } from '../features/uploads/storage';
import { PLAYERS_ONLY_TEXT } from '../lib/auth';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { uploadProof } from '../testing/uploads';

// Issue 9, item 6: payment proofs belong to a player, are served to that player and operators
// only, and a deposit's proof must be one of the player's own uploads.

let t: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;
beforeEach(async () => {
  t = await createTestApp();
  alice = await newPlayer(t, 0, 'alice');
  bob = await newPlayer(t, 0, 'bob');
});
afterEach(() => t.close());

function uploadAs(headers: Record<string, string>, image: Buffer = PNG_1X1) {
  const { payload, headers: form } = multipartBody([
    { name: 'upload_preset', value: 'suwerte' },
    { name: 'cloud_name', value: 'suwerte' },
    { name: 'file', value: image, filename: 'proof.png', type: 'image/png' },
  ]);
  return t.app.inject({ method: 'POST', url: '/image/upload', payload, headers: { ...form, ...headers } });
}

const cashIn = (headers: Record<string, string>, ImageLink: string) =>
  t.app.inject({
    method: 'POST',
    url: '/transaction/cashin',
    headers,
    payload: { Amount: 500, AccountName: 'Alice', AccountNumber: '09170000000', ImageLink, Mode: 'GCASH', InvoiceNumber: null },
  });
const depositCount = async () =>
  Number((await t.store.db.selectFrom('deposits').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', 'in', [alice.id, bob.id]).executeTakeFirstOrThrow()).n);
const pathOf = (url: string) => new URL(url).pathname;
/** A fresh token (after the test clock moved past the first one's expiry). */
const signIn = async (player: TestPlayer) => bearer(await t.login(player.username, 'secret123'));

describe('POST /image/upload', () => {
  it("needs a player's token", async () => {
    const anonymous = await uploadAs({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: TOKEN_ERROR_TEXT });
    const operator = await uploadAs(await operatorHeaders(t));
    expect(operator.statusCode).toBe(403);
    expect(operator.json()).toEqual({ message: PLAYERS_ONLY_TEXT });
  });

  it('names each file with 128 random bits', async () => {
    const names = await Promise.all([1, 2, 3].map(async () => pathOf(await uploadProof(t, alice.headers)).split('/').at(-1) ?? ''));
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(new Set(names).size).toBe(3);
  });

  it(`allows ${UPLOAD_QUOTA.files} uploads a day per player, then 429 with a clear message; the next day again`, async () => {
    for (let index = 0; index < UPLOAD_QUOTA.files; index += 1) expect((await uploadAs(alice.headers)).statusCode).toBe(200);
    const refused = await uploadAs(alice.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: UPLOAD_TEXTS.quota });
    // Another player's quota is their own.
    expect((await uploadAs(bob.headers)).statusCode).toBe(200);
    t.clock.advanceSeconds(24 * 3600 + 1);
    expect((await uploadAs(await signIn(alice))).statusCode).toBe(200);
  });

  it(`allows ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB a day per player`, async () => {
    const photo = Buffer.concat([PNG_1X1, Buffer.alloc(4.9 * 1024 * 1024)]);
    for (let index = 0; index < 5; index += 1) expect((await uploadAs(alice.headers, photo)).statusCode).toBe(200);
    const refused = await uploadAs(alice.headers, photo);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: UPLOAD_TEXTS.quota });
    expect((await uploadAs(alice.headers)).statusCode).toBe(200);
  });

  it('answers a malformed multipart body with 400 { message }, never 500', async () => {
    const { payload, headers } = multipartBody([{ name: 'file', value: PNG_1X1, filename: 'p.png', type: 'image/png' }]);
    const cases = [
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary at all' },
      { headers, payload: payload.subarray(0, payload.length - 20) },
      { headers, payload: Buffer.from('--nope\r\nContent-Disposition: form-data\r\n\r\nx') },
      { headers: { 'content-type': 'multipart/form-data; boundary=abc' }, payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n' },
    ];
    for (const attempt of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/image/upload', payload: attempt.payload, headers: { ...attempt.headers, ...alice.headers } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(typeof (response.json() as { message?: unknown }).message).toBe('string');
    }
  });
});

describe('GET /uploads/:name', () => {
  it('serves a proof to its owner and to operators only, never cached; to anyone else it does not exist', async () => {
    const link = await uploadProof(t, alice.headers);
    const own = await t.app.inject({ url: pathOf(link), headers: alice.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG_1X1)).toBe(true);

    const operator = await t.app.inject({ url: pathOf(link), headers: await operatorHeaders(t) });
    expect(operator.statusCode).toBe(200);
    expect(operator.headers['cache-control']).toBe('private, no-store');

    const other = await t.app.inject({ url: pathOf(link), headers: bob.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Not found' });
    const anonymous = await t.app.inject({ url: pathOf(link) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("a cash-in's ImageLink", () => {
  it.each([
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a file: URL', 'file:///etc/passwd'],
    ['a foreign host', 'https://evil.example/uploads/0123456789abcdef0123456789abcdef.png'],
    ['this API, but not an upload', 'http://localhost:4000/payment-options/gcash.png'],
    ['an upload that does not exist', 'http://localhost:4000/uploads/0123456789abcdef0123456789abcdef.png'],
    ['a path trick', 'http://localhost:4000/uploads/..%2F..%2Ftest.sqlite'],
  ])('refuses %s with 400 and records nothing', async (_name, link) => {
    const response = await cashIn(alice.headers, link);
    expect(response.statusCode).toBe(400);
    expect(typeof (response.json() as { message?: unknown }).message).toBe('string');
    expect(await depositCount()).toBe(0);
  });

  it("refuses another player's upload, and an upload already backing a deposit", async () => {
    const bobs = await uploadProof(t, bob.headers);
    const stolen = await cashIn(alice.headers, bobs);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: PROOF_LINK_TEXT });

    const own = await uploadProof(t, alice.headers);
    expect((await cashIn(alice.headers, own)).statusCode).toBe(201);
    const reused = await cashIn(alice.headers, own);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: PROOF_LINK_TEXT });
    expect(await depositCount()).toBe(1);
  });
});

describe('orphan uploads', () => {
  it('are removed a day after upload when no deposit claimed them; a claimed proof stays', async () => {
    const dir = uploadsDir(t.store);
    const claimed = await uploadProof(t, alice.headers);
    expect((await cashIn(alice.headers, claimed)).statusCode).toBe(201);
    const orphan = await uploadProof(t, alice.headers);
    const fileOf = (link: string) => join(dir, pathOf(link).split('/').at(-1) ?? '');
    expect(existsSync(fileOf(orphan))).toBe(true);

    t.clock.advanceSeconds(ORPHAN_AFTER_MS / 1000 + 1);
    // The next upload (or the next start) sweeps.
    ImageUploadResponseSchema.parse((await uploadAs(await signIn(bob))).json());
    expect(existsSync(fileOf(orphan))).toBe(false);
    const again = await signIn(alice);
    expect((await t.app.inject({ url: pathOf(orphan), headers: again })).statusCode).toBe(404);
    expect(existsSync(fileOf(claimed))).toBe(true);
    expect((await t.app.inject({ url: pathOf(claimed), headers: again })).statusCode).toBe(200);
  });
});

// Issue 31, item 6 (docs/decisions/145): the quota holds under concurrency, and uploads are
// limited per address whoever signs in there.
describe('upload limits under pressure', () => {
  it(`concurrent uploads never pass the ${UPLOAD_QUOTA.bytes / 1024 / 1024} MB a day: 12 of 4 MB at once store exactly 6`, async () => {
    const fourMegabytes = Buffer.concat([PNG_1X1, Buffer.alloc(4 * 1024 * 1024 - PNG_1X1.length)]);
    const answers = await Promise.all(Array.from({ length: 12 }, () => uploadAs(alice.headers, fourMegabytes)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(6);
    expect(codes.filter((code) => code === 429)).toHaveLength(6);
    for (const answer of answers.filter((a) => a.statusCode === 429)) expect(answer.json()).toEqual({ message: UPLOAD_TEXTS.quota });
    const stored = await t.store.db
      .selectFrom('uploads')
      .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.sum<number>('bytes').as('bytes')])
      .where('user_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.files)).toBe(6);
    expect(Number(stored.bytes)).toBeLessThanOrEqual(UPLOAD_QUOTA.bytes);
  });

  it('limits uploads per address, whoever signs in there; other addresses upload as usual', async () => {
    const limited = await createTestApp({ uploadsPerIp: 3 });
    try {
      const [carol, dave] = [await newPlayer(limited, 0, 'carol'), await newPlayer(limited, 0, 'dave')];
      const upload = (headers: Record<string, string>, remoteAddress: string) => {
        const { payload, headers: form } = multipartBody([
          { name: 'upload_preset', value: 'suwerte' },
          { name: 'cloud_name', value: 'suwerte' },
          { name: 'file', value: PNG_1X1, filename: 'proof.png', type: 'image/png' },
        ]);
        return limited.app.inject({ method: 'POST', url: '/image/upload', payload, headers: { ...form, ...headers }, remoteAddress });
      };
      for (const headers of [carol.headers, dave.headers, carol.headers]) expect((await upload(headers, '203.0.113.7')).statusCode).toBe(200);
      const refused = await upload(dave.headers, '203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: UPLOAD_TEXTS.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await upload(dave.headers, '203.0.113.8')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
