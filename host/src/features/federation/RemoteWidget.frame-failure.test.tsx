import { renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import { resetIdleQueue } from '../../lib/load-when-near';
import { RemoteWidget } from './RemoteWidget';

// The host's own WidgetFrame chunk does not arrive (a network failure after the first paint).
vi.mock('./WidgetFrame', () => {
  throw new Error('Loading chunk 1480 failed.');
});

describe('RemoteWidget when its frame chunk does not arrive', () => {
  beforeEach(() => {
    resetSession();
    resetIdleQueue();
  });

  it('shows Retry in the widget’s place instead of a skeleton that never ends', async () => {
    renderWithProviders(<RemoteWidget remote="lotto" exposed="LottoToday" />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
