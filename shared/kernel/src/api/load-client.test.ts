import { ApiError, NETWORK_ERROR_TEXT } from './errors';
import { loadApiClient } from './load-client';

// The client's chunk cannot be loaded (the connection dropped between the page and its first call).
vi.mock('./client', () => {
  throw new Error('Loading chunk api-client failed. (error: http://localhost/api-client.0123abcd.js)');
});

it('fails a call whose client cannot be loaded as a network error, never with the chunk’s text', async () => {
  const failure = await loadApiClient().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({ message: NETWORK_ERROR_TEXT, kind: 'network' });
});
