import { getRuntimeConfig } from '@suwerte/shared';
import { CONFIG_RETRY_MS, startRuntimeConfig } from './runtime-config';

const CONFIG = {
  api: { production: 'http://localhost:4000', test: 'http://localhost:4000' },
  socket: { production: 'http://localhost:4000', test: 'http://localhost:4000' },
  gameSite: { production: 'http://localhost:4000/games', test: 'http://localhost:4000/games' },
  imageUpload: { url: 'http://localhost:4000/image/upload', uploadPreset: 'suwerte', cloudName: 'suwerte' },
  defaultReferralCode: 'SUWERTE',
  analytics: { measurementId: null },
};

describe('the runtime config', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is read again after a failed read — the connection dropped, the server mid-deploy — until one succeeds, waiting longer each time', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answers = [() => Promise.reject(new TypeError('Failed to fetch')), async () => new Response('busy', { status: 503 }), async () => new Response('{"api":', { status: 200 }), async () => new Response(JSON.stringify(CONFIG), { status: 200 })];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      const next = answers.shift();
      if (!next) throw new Error('read once too often');
      return next();
    });
    const waits: number[] = [];
    await startRuntimeConfig(async (ms) => {
      waits.push(ms);
    });
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(waits).toEqual(CONFIG_RETRY_MS.slice(0, 3));
    expect(getRuntimeConfig()?.api.production).toBe('http://localhost:4000');
  });
});
