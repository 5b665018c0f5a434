import { renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetIdleQueue } from '../../lib/load-when-near';
import { RemoteWidget, resetRemoteWidgets } from './RemoteWidget';
import { RemoteIncompatibleError } from './remote-errors';
import { loadRemoteModule, recoverFromRemoteFailure } from './remote-loader';

vi.mock('./remote-loader', () => ({ loadRemoteModule: vi.fn(), recoverFromRemoteFailure: vi.fn() }));
const load = vi.mocked(loadRemoteModule);
const recover = vi.mocked(recoverFromRemoteFailure);

describe('RemoteWidget', () => {
  beforeEach(async () => {
    resetSession();
    resetIdleQueue();
    await resetRemoteWidgets();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // React reports errors its boundaries caught; that is expected here.
    vi.mocked(console.error).mockImplementation(() => undefined);
    recover.mockResolvedValue('shown');
  });

  it('shows the temporarily-unavailable panel when the remote is down, and Retry loads again', async () => {
    const down = new Error('remoteEntry.js: net::ERR_CONNECTION_REFUSED');
    load.mockRejectedValueOnce(down);
    renderWithProviders(<RemoteWidget remote="lotto" exposed="LottoToday" />);
    expect(await screen.findByText('Lotto is temporarily unavailable')).toBeInTheDocument();
    // Reported once, as a load failure (the boundary does not report it again).
    expect(recover).toHaveBeenCalledTimes(1);
    expect(recover).toHaveBeenCalledWith('lotto', down, 'load');
    load.mockResolvedValueOnce({ default: () => <p>Lotto Today widget</p> });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Lotto Today widget')).toBeInTheDocument();
    expect(load).toHaveBeenLastCalledWith('lotto', 'LottoToday');
  });

  it('contains a widget that throws while rendering, and reports it as a render failure', async () => {
    const boom = new Error('boom');
    load.mockResolvedValueOnce({
      default: () => {
        throw boom;
      },
    });
    renderWithProviders(
      <>
        <p>Header still here</p>
        <RemoteWidget remote="karera" exposed="EGames" />
      </>,
    );
    expect(await screen.findByText('E-Games is temporarily unavailable')).toBeInTheDocument();
    expect(screen.getByText('Header still here')).toBeInTheDocument();
    expect(recover).toHaveBeenCalledWith('karera', boom, 'render');
  });

  it('names a release that needs a newer site, with Reload instead of Retry', async () => {
    load.mockRejectedValueOnce(new RemoteIncompatibleError('lotto', '1.2.0', true, 'missing exports: formatOdds'));
    renderWithProviders(<RemoteWidget remote="lotto" exposed="LottoToday" />);
    expect(await screen.findByText('Lotto needs a newer version of the site — reload')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
