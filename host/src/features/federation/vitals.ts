// Real players' vitals per remote release (docs/decisions/215–219). Part of the federation chunk:
// only a page that runs a remote measures anything, and the measuring code (web-vitals) and the
// sending code are chunks of their own, fetched only by a sampled page.
import { CLS_SCALE, VITAL_LIMITS, VITAL_METRICS, type RemoteName, type RemoteRegistry, type VitalMetric, type VitalsReport } from '@suwerte/federation';
import { forSiteType, whenRuntimeConfig } from '@suwerte/shared';
import { landingPath, whenLandingPageShown } from '../../lib/landing-page';
import { pageLoaded } from '../../lib/load-when-near';
import { findRemoteForPath } from './registry';
import type { ReleaseChoice } from './release-choice';
import { routePrefix } from './telemetry';

/** What web-vitals hands its callbacks that a report uses (its `Metric`, narrowed). */
export interface MeasuredVital {
  name: string;
  value: number;
}

/** Where this page's vitals come from: the remote release of the page and its route prefix. */
export type VitalsTag = Pick<VitalsReport, 'remote' | 'release' | 'canary' | 'route'>;

/** A page sends at most this many reports (LCP, INP and CLS, again after a return from the back/forward cache). */
const MAX_REPORTS_PER_PAGE = 9;

function isVitalMetric(name: string): name is VitalMetric {
  return (VITAL_METRICS as readonly string[]).includes(name);
}

/** The report of one measurement, or null for one the API would refuse (a metric it does not keep, a value out of range). */
export function vitalsReport(tag: VitalsTag, metric: MeasuredVital): VitalsReport | null {
  if (!isVitalMetric(metric.name) || !Number.isFinite(metric.value) || metric.value < 0) return null;
  // Whole milliseconds; CLS in ten-thousandths of its score.
  const value = Math.round(metric.name === 'CLS' ? metric.value * CLS_SCALE : metric.value);
  return value <= VITAL_LIMITS[metric.name] ? { ...tag, metric: metric.name, value } : null;
}

export interface VitalsOptions {
  /** 0 ≤ random() < 1, against the sample rate. @default Math.random */
  random?: () => number;
  /** @default fetch */
  send?: typeof fetch;
  /** The measuring library. @default import('web-vitals') */
  measure?: () => Promise<{ onLCP: Watch; onINP: Watch; onCLS: Watch }>;
}
type Watch = (report: (metric: MeasuredVital) => void) => void;

let watching = false;

/** Resolves once the document has loaded, the landing page is on the screen and the browser has a moment (at most 3 s after). */
async function loadedAndIdle(): Promise<void> {
  await pageLoaded();
  await whenLandingPageShown();
  await new Promise<void>((idle) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => idle(), { timeout: 3000 });
    else setTimeout(idle, 0);
  });
}

/**
 * Starts measuring this page's LCP, INP and CLS when `remote` owns the page it was loaded at
 * (a player who lands on /Lotto measures lotto's release; one who lands on / and goes on to /Lotto
 * measures nothing: the numbers would be the shell's). Once per page; in a sample of page loads
 * only (runtime config `vitals.sampleRate`); a browser trying a release of its own is not counted.
 * Never throws and never delays the page: a report that cannot be sent is dropped.
 */
export function watchPageVitals(registry: RemoteRegistry, remote: RemoteName, choice: ReleaseChoice, options: VitalsOptions = {}): void {
  if (watching || choice.override) return;
  const landing = landingPath();
  if (findRemoteForPath(registry, landing) !== remote) return;
  watching = true;
  const { random = Math.random, send = fetch, measure = () => import('web-vitals') } = options;
  const tag: VitalsTag = { remote, release: choice.release, canary: choice.canary, route: routePrefix(landing) };
  void whenRuntimeConfig()
    .then(async (config) => {
      if (random() >= config.vitals.sampleRate) return;
      // Off the page's path: fetched once the page has loaded and the browser is idle. web-vitals
      // reads the entries buffered since the navigation (LCP, layout shifts, the first input).
      await loadedAndIdle();
      const [vitals, { sendVitals }] = await Promise.all([measure(), import('./send-report')]);
      const api = forSiteType(config.api);
      let sent = 0;
      const report = (metric: MeasuredVital) => {
        const body = vitalsReport(tag, metric);
        if (!body || sent >= MAX_REPORTS_PER_PAGE) return;
        sent += 1;
        sendVitals(body, api, send).catch(() => undefined);
      };
      vitals.onLCP(report);
      vitals.onINP(report);
      vitals.onCLS(report);
    })
    .catch(() => undefined);
}

/** Forgets that this page measures (tests). */
export function resetVitals(): void {
  watching = false;
}
