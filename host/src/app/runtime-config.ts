import { RUNTIME_CONFIG_READ, configureAnalytics, loadRuntimeConfig } from '@suwerte/shared/host';
import { CONFIG_URL, takeEarly } from '../features/federation/early-reads';

/** The file as the early script read it on a deep link (docs/decisions/236), else as the kernel reads it. */
async function readConfig(url: string): Promise<Pick<Response, 'ok' | 'status' | 'json'>> {
  const early = await takeEarly(url);
  return early ? new Response(early.text, { status: early.status }) : fetch(url, RUNTIME_CONFIG_READ);
}

/** Loads `/config.json` (API, socket and game-site URLs, analytics id) and starts analytics. */
export async function startRuntimeConfig(): Promise<void> {
  try {
    const config = await loadRuntimeConfig(CONFIG_URL, readConfig);
    configureAnalytics(config.analytics.measurementId);
  } catch (error) {
    console.warn('Runtime config could not be loaded; API calls will wait for it.', error);
  }
}
