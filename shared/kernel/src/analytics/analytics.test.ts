import { configureAnalytics, setAnalyticsTransport, trackEvent, trackPageView } from './analytics';

describe('analytics adapter', () => {
  afterEach(() => setAnalyticsTransport(null));

  it('sends nothing and loads no third-party script without a measurement id', () => {
    configureAnalytics(null);
    trackPageView('/Lotto');
    trackEvent('account_loaded', { username: 'demoplayer' });
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('forwards page views and events to the configured transport', () => {
    const calls: unknown[] = [];
    setAnalyticsTransport({
      pageView: (path) => calls.push(['page', path]),
      event: (name, params) => calls.push(['event', name, params]),
    });
    trackPageView('/Lotto');
    trackEvent('account_loaded', { username: 'demoplayer' });
    expect(calls).toEqual([
      ['page', '/Lotto'],
      ['event', 'account_loaded', { username: 'demoplayer' }],
    ]);
  });

  it('loads the tag only when a measurement id is configured', () => {
    configureAnalytics('G-TEST123');
    expect(document.querySelector('script[src*="googletagmanager"]')?.getAttribute('src')).toContain('G-TEST123');
    trackPageView('/');
    expect(window.dataLayer?.length).toBeGreaterThan(0);
    document.querySelectorAll('script[src*="googletagmanager"]').forEach((node) => node.remove());
    delete window.dataLayer;
  });
});
