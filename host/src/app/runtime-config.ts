import { RUNTIME_CONFIG_READ, configureAnalytics, loadRuntimeConfig } from '@suwerte/shared/host';
import { CONFIG_URL, takeEarly } from '../features/federation/early-reads';

/** Waits between attempts to read `/config.json`, the last one repeated: every API call waits for it. */
export const CONFIG_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** The file as the early script read it on a deep link (docs/decisions/236), else as the kernel reads it. */
async function readConfig(url: string): Promise<Pick<Response, 'ok' | 'status' | 'json'>> {
  const early = await takeEarly(url);
  return early ? new Response(early.text, { status: early.status }) : fetch(url, RUNTIME_CONFIG_READ);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads `/config.json` (API, socket and game-site URLs, analytics id) and starts analytics. A read
 * that fails (the connection dropped, the server mid-deploy) is tried again until one succeeds: the
 * page's API calls wait for it, and would otherwise wait until a reload.
 */
export async function startRuntimeConfig(wait: (ms: number) => Promise<void> = pause): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const config = await loadRuntimeConfig(CONFIG_URL, readConfig).catch((error: unknown) => {
      console.warn('Runtime config could not be loaded; API calls wait for it. Trying again.', error);
      return null;
    });
    if (config) {
      configureAnalytics(config.analytics.measurementId);
      return;
    }
    await wait(CONFIG_RETRY_MS[Math.min(attempt, CONFIG_RETRY_MS.length - 1)] ?? 30_000);
  }
}
