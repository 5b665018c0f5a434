import { renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { Link } from '@suwerte/shared';
import { setAnalyticsTransport } from '@suwerte/shared/host';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePageViews } from './use-page-views';

function Page() {
  usePageViews();
  return <Link to="/Lotto?draw=2PM">Lotto</Link>;
}

describe('usePageViews', () => {
  beforeEach(resetSession);
  afterEach(() => setAnalyticsTransport(null));

  it('sends a page view on every route change', async () => {
    const views: string[] = [];
    setAnalyticsTransport({ pageView: (path) => views.push(path), event: () => undefined });
    renderWithProviders(<Page />, { path: '/' });
    await userEvent.click(screen.getByRole('link', { name: 'Lotto' }));
    expect(views).toEqual(['/', '/Lotto?draw=2PM']);
  });
});
