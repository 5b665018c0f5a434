import { renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import { RemoteWidget } from './RemoteWidget';
import { loadRemoteModule } from './remote-loader';

// The chunk with the viewport observer and idle queue does not arrive (a network failure after the
// first paint): the widget loads at once instead of waiting for a turn that never comes.
vi.mock('../../lib/load-when-near', () => {
  throw new Error('Loading chunk 2964 failed.');
});
vi.mock('./remote-loader', () => ({ loadRemoteModule: vi.fn(), recoverFromRemoteFailure: vi.fn() }));

describe('RemoteWidget when its observer chunk does not arrive', () => {
  beforeEach(() => resetSession());

  it('still loads the widget, instead of a skeleton that never ends', async () => {
    vi.mocked(loadRemoteModule).mockResolvedValueOnce({ default: () => <p>Lotto Today widget</p> });
    renderWithProviders(<RemoteWidget remote="lotto" exposed="LottoToday" />);
    expect(await screen.findByText('Lotto Today widget')).toBeInTheDocument();
    expect(loadRemoteModule).toHaveBeenCalledWith('lotto', 'LottoToday');
  });
});
