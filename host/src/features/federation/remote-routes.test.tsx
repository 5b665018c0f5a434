import { MantineProvider, suwerteTheme } from '@suwerte/shared/host';
import { RouterProvider, createBrowserRouter, sessionStore } from '@suwerte/shared';
import { resetSession } from '@suwerte/shared/testing';
import { act, render, screen } from '@testing-library/react';
import type { RemoteRegistry } from '@suwerte/federation';
import { routes } from '../../app/router';
import { loadRemoteRegistry, resetRemoteRegistry } from './registry';
import { setRegistryUnavailable } from './registry-status';
import { patchRemoteRoutes } from './remote-routes';

vi.mock('./remote-loader', () => ({
  registryModule: () => import('./registry'),
  loadRemoteModule: vi.fn(() => new Promise(() => undefined)),
  recoverFromRemoteFailure: vi.fn(),
}));

const registry: RemoteRegistry = { remotes: { lotto: { entry: 'http://localhost:3002/mf-manifest.json', routes: ['/Lotto'] } } };

describe('route discovery without the registry', () => {
  beforeEach(() => {
    resetSession();
    resetRemoteRegistry();
    setRegistryUnavailable(false);
    sessionStore.setState({ user: { ...sessionStore.getState().user, token: 'a.b.c', loggedIn: true } });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('keeps the panel when another reader then reads the registry: a remote’s path never turns into a 404', async () => {
    let registryReads = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (!String(input).endsWith('/remotes.json')) return new Response(null, { status: 404 });
      registryReads += 1;
      return registryReads === 1 ? new Response('unavailable', { status: 503 }) : Response.json(registry);
    });
    window.history.replaceState(null, '', '/Lotto');
    const router = createBrowserRouter(routes, { patchRoutesOnNavigation: patchRemoteRoutes });
    render(
      <MantineProvider theme={suwerteTheme} forceColorScheme="dark">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findByText('This page is temporarily unavailable')).toBeInTheDocument();
    // The deep-link warm-up (or a prefetch) reads the registry after route discovery's read failed.
    await act(async () => {
      await expect(loadRemoteRegistry()).resolves.toEqual(registry);
    });
    expect(screen.getByText('This page is temporarily unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument();
    expect(registryReads).toBe(2);
    router.dispose();
  });
});
