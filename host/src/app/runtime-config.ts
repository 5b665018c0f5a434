import { configureAnalytics, loadRuntimeConfig } from '@suwerte/shared/host';

/** Loads `/config.json` (API, socket and game-site URLs, analytics id) and starts analytics. */
export async function startRuntimeConfig(): Promise<void> {
  try {
    const config = await loadRuntimeConfig();
    configureAnalytics(config.analytics.measurementId);
  } catch (error) {
    console.warn('Runtime config could not be loaded; API calls will wait for it.', error);
  }
}
