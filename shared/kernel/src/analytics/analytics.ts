/**
 * One analytics adapter for the site. It sends nothing anywhere unless a measurement id is
 * configured (runtime config `analytics.measurementId`, off by default); then it loads the
 * third-party tag and forwards page views and events to it.
 */
export interface AnalyticsTransport {
  pageView: (path: string) => void;
  event: (name: string, params: Record<string, unknown>) => void;
}

let transport: AnalyticsTransport | null = null;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function createGtagTransport(measurementId: string): AnalyticsTransport {
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);
  const dataLayer = (window.dataLayer ??= []);
  // gtag's contract is the `arguments` object itself, not an array.
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params -- gtag reads the arguments object
    dataLayer.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', measurementId, { send_page_view: false });
  return {
    pageView: (path) => gtag('event', 'page_view', { page_path: path }),
    event: (name, params) => gtag('event', name, params),
  };
}

/** Called once by the host with the runtime config's measurement id (null keeps analytics off). */
export function configureAnalytics(measurementId: string | null): void {
  transport = measurementId ? createGtagTransport(measurementId) : null;
}

/** Replaces the transport (tests, or another vendor). */
export function setAnalyticsTransport(next: AnalyticsTransport | null): void {
  transport = next;
}

export function trackPageView(path: string): void {
  transport?.pageView(path);
}

export function trackEvent(name: string, params: Record<string, unknown>): void {
  transport?.event(name, params);
}
