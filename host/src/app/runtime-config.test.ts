import { getRuntimeConfig } from '@suwerte/shared';
import { TEST_CONFIG } from '@suwerte/shared/testing';
import { CONFIG_RETRY_MS, startRuntimeConfig } from './runtime-config';

// The file's own answer: told apart from the tests' config by its referral code.
const CONFIG = { ...TEST_CONFIG, defaultReferralCode: 'FROM-THE-FILE' };

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
    expect(getRuntimeConfig()?.defaultReferralCode).toBe('FROM-THE-FILE');
  });
});
