import { ImageUploadResponseSchema, MEMBERS_TEXTS, PROOF_IMAGE_MAX_BYTES } from '@suwerte/contracts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { uploadsDir } from './storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { PNG_1X1, multipartBody, newPlayer, type TestPlayer } from '../../testing/players';

let t: TestApp;
let player: TestPlayer;
beforeEach(async () => {
  t = await createTestApp();
  player = await newPlayer(t);
});
afterEach(() => t.close());

function upload(file: Buffer | null, fields: Record<string, string> = { upload_preset: 'suwerte', cloud_name: 'suwerte' }, filename = 'proof.png') {
  const parts = Object.entries(fields).map(([name, value]) => ({ name, value }));
  const { payload, headers } = multipartBody(file ? [...parts, { name: 'file', value: file, filename, type: 'image/png' }] : parts);
  return t.app.inject({ method: 'POST', url: '/image/upload', payload, headers: { ...headers, ...player.headers } });
}

describe('POST /image/upload (the image host stand-in)', () => {
  it('stores a PNG beside the database and answers its secure_url, which serves it back', async () => {
    const response = await upload(PNG_1X1);
    expect(response.statusCode).toBe(200);
    const body = ImageUploadResponseSchema.parse(response.json());
    expect(body.secure_url).toMatch(/^http:\/\/localhost:4000\/uploads\/[0-9a-f]{32}\.png$/);
    const name = body.secure_url.split('/').at(-1) ?? '';
    expect(existsSync(join(uploadsDir(t.store), name))).toBe(true);

    const served = await t.app.inject({ url: `/uploads/${name}`, headers: player.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('accepts JPEG and WebP by their bytes', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
    expect(ImageUploadResponseSchema.parse((await upload(jpeg, undefined, 'a.jpg')).json()).secure_url).toMatch(/\.jpg$/);
    expect(ImageUploadResponseSchema.parse((await upload(webp, undefined, 'a.webp')).json()).secure_url).toMatch(/\.webp$/);
  });

  it('refuses what is not a PNG, JPEG or WebP image, whatever its name says', async () => {
    const response = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), undefined, 'evil.png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: MEMBERS_TEXTS.proofType });
  });

  it('accepts images of a few megabytes (phone photos), beyond the 1 MB JSON body limit', async () => {
    const photo = Buffer.concat([PNG_1X1, Buffer.alloc(3 * 1024 * 1024)]);
    const response = await upload(photo);
    expect(response.statusCode).toBe(200);
    expect(ImageUploadResponseSchema.parse(response.json()).bytes).toBe(photo.length);
  });

  it('refuses an image over 5 MB', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(PROOF_IMAGE_MAX_BYTES)]);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: MEMBERS_TEXTS.proofSize });
  });

  it('requires the file, the preset and the cloud name, as a multipart form', async () => {
    expect((await upload(null)).json()).toEqual({ message: MEMBERS_TEXTS.fileRequired });
    const noPreset = await upload(PNG_1X1, { cloud_name: 'suwerte' });
    expect(noPreset.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/image/upload', payload: { file: 'x' }, headers: player.headers });
    expect(json.statusCode).toBe(400);
  });

  it('serves only stored names (no path tricks)', async () => {
    expect((await t.app.inject({ url: '/uploads/..%2Ftest.sqlite', headers: player.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/0123456789abcdef0123456789abcdef.png', headers: player.headers })).statusCode).toBe(404);
  });
});
