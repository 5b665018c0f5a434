import { ImageUploadResponseSchema } from '@suwerte/contracts';
import { PNG_1X1, multipartBody } from './players';
import type { TestApp } from './test-app';

/** Uploads a proof image as `headers`' player, as the deposit page does; returns its `secure_url`. */
export async function uploadProof(t: TestApp, headers: { authorization: string }, image: Buffer = PNG_1X1): Promise<string> {
  const { payload, headers: form } = multipartBody([
    { name: 'upload_preset', value: 'suwerte' },
    { name: 'cloud_name', value: 'suwerte' },
    { name: 'file', value: image, filename: 'proof.png', type: 'image/png' },
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/image/upload', payload, headers: { ...form, ...headers } });
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return ImageUploadResponseSchema.parse(response.json()).secure_url;
}
