import { renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteWidget } from './RemoteWidget';
import { loadRemoteModule } from './remote-loader';

vi.mock('./remote-loader', () => ({ loadRemoteModule: vi.fn() }));
const load = vi.mocked(loadRemoteModule);

describe('RemoteWidget', () => {
  beforeEach(() => {
    resetSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows the temporarily-unavailable panel when the remote is down, and Retry loads again', async () => {
    // React reports errors its boundaries caught; that is expected here.
    vi.mocked(console.error).mockImplementation(() => undefined);
    load.mockRejectedValueOnce(new Error('remoteEntry.js: net::ERR_CONNECTION_REFUSED'));
    renderWithProviders(<RemoteWidget remote="lotto" exposed="LottoToday" />);
    expect(await screen.findByText('Lotto is temporarily unavailable')).toBeInTheDocument();
    load.mockResolvedValueOnce({ default: () => <p>Lotto Today widget</p> });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Lotto Today widget')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('lotto', 'LottoToday');
  });

  it('contains a widget that throws while rendering', async () => {
    load.mockResolvedValueOnce({
      default: () => {
        throw new Error('boom');
      },
    });
    vi.mocked(console.error).mockImplementation(() => undefined);
    renderWithProviders(
      <>
        <p>Header still here</p>
        <RemoteWidget remote="karera" exposed="EGames" />
      </>,
    );
    expect(await screen.findByText('E-Games is temporarily unavailable')).toBeInTheDocument();
    expect(screen.getByText('Header still here')).toBeInTheDocument();
  });
});
