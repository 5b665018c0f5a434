import type { SitePorts } from '@suwerte/tools/site';

/** Ports of the first worker's site: away from the dev (3000–3004) and `npm start` ports. */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 5300);
/**
 * Workers side by side, each with a site of its own (two: this machine has two cores, and most of
 * a test is waiting on the page, a timer or the API). `E2E_WORKERS=1` runs the suite one test at a time.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** Ports between two workers' sites: a site and its ops suites' servers use base … base + 199. */
export const SITE_STRIDE = 200;

export interface WorkerSite {
  base: number;
  hostUrl: string;
  apiUrl: string;
  ports: SitePorts;
  dataDir: string;
}

/**
 * In a worker process (Playwright sets TEST_PARALLEL_INDEX there, and loads the config before any
 * test file), points the environment the tests read — E2E_PORT_BASE, E2E_HOST_URL, E2E_API_URL,
 * E2E_PORTS — at this worker's own site. A retried or restarted worker keeps its index and its site.
 */
export function useWorkerSite(): void {
  const index = Number(process.env.TEST_PARALLEL_INDEX);
  const sites = process.env.E2E_SITES;
  if (!sites || !Number.isInteger(index)) return;
  const all = JSON.parse(sites) as WorkerSite[];
  const site = all[index % all.length];
  if (!site) return;
  process.env.E2E_PORT_BASE = String(site.base);
  process.env.E2E_HOST_URL = site.hostUrl;
  process.env.E2E_API_URL = site.apiUrl;
  process.env.E2E_PORTS = JSON.stringify(site.ports);
  process.env.E2E_DATA_DIR = site.dataDir;
}
