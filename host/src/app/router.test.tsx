import { MantineProvider, suwerteTheme } from '@suwerte/shared/host';
import { Outlet, RouterProvider, createBrowserRouter, sessionStore, type RouteObject } from '@suwerte/shared';
import { resetSession } from '@suwerte/shared/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { recoverFromRemoteFailure } from '../features/federation/remote-loader';
import { PAGE_DATA_WAIT_MS, resilientRoute } from '../features/federation/resilient-route';
import { resetLandingPage, whenLandingPageShown } from '../lib/landing-page';
import { HOST_PAGES } from '../features/federation/early-script';
import { routes } from './router';

vi.mock('../features/federation/remote-loader', () => ({ loadRemoteModule: vi.fn(), recoverFromRemoteFailure: vi.fn() }));

function renderRouter(router: ReturnType<typeof createBrowserRouter>) {
  return render(
    <MantineProvider theme={suwerteTheme} forceColorScheme="dark">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('the host router', () => {
  beforeEach(() => {
    resetSession();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(recoverFromRemoteFailure).mockResolvedValue('shown');
  });

  it('has the host’s own pages the early script leaves alone: no other first segment is the host’s', () => {
    const own = (routes[0]?.children ?? []).flatMap((route) => (route.path && route.path !== '*' ? [route.path.split('/')[0]?.toLowerCase()] : []));
    expect([...new Set(own)].sort()).toEqual([...HOST_PAGES].sort());
  });

  it('paints the shell with a page skeleton at once on a deep link whose remote is still loading', () => {
    window.history.replaceState(null, '', '/Lotto');
    // Route discovery that has not answered yet (a remote on a slow connection).
    const router = createBrowserRouter(routes, { patchRoutesOnNavigation: () => new Promise<void>(() => undefined) });
    renderRouter(router);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    router.dispose();
  });

  it('shows a remote page’s panel when its code fails to load, and Retry loads it', async () => {
    const chunkGone = Object.assign(new Error('Loading chunk 88 failed.'), { name: 'ChunkLoadError' });
    const lazy = vi
      .fn<() => Promise<Partial<RouteObject>>>()
      .mockRejectedValueOnce(chunkGone)
      .mockResolvedValueOnce({ Component: () => <h1>Lotto page</h1> });
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter([
      {
        path: '/',
        element: <Outlet />,
        children: [{ index: true, element: <p>Home</p> }, resilientRoute('lotto', { path: 'Lotto', lazy: lazy as RouteObject['lazy'] })],
      },
    ]);
    renderRouter(router);
    await act(() => router.navigate('/Lotto'));
    expect(await screen.findByText('Lotto is temporarily unavailable')).toBeInTheDocument();
    expect(recoverFromRemoteFailure).toHaveBeenCalledWith('lotto', chunkGone, 'load');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Lotto page' })).toBeInTheDocument();
    // Later visits render the recovered page straight away.
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/Lotto'));
    expect(screen.getByRole('heading', { name: 'Lotto page' })).toBeInTheDocument();
    expect(lazy).toHaveBeenCalledTimes(2);
    router.dispose();
  });

  it('starts a remote page’s data beside its code, and a failed start neither blocks nor blanks the page', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    sessionStore.setState({ user: { ...sessionStore.getState().user, token: 'a.b.c', loggedIn: true } });
    const asked: string[] = [];
    const prefetch = vi.fn(async () => {
      asked.push('data');
      throw new Error('Network Error');
    });
    const lazy = vi.fn(async () => {
      asked.push('code');
      return { Component: () => <h1>Lotto page</h1> };
    });
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter([
      {
        path: '/',
        element: <Outlet />,
        children: [{ index: true, element: <p>Home</p> }, resilientRoute('lotto', { path: 'Lotto', handle: { prefetch }, lazy: lazy as RouteObject['lazy'] })],
      },
    ]);
    renderRouter(router);
    await act(() => router.navigate('/Lotto'));
    expect(await screen.findByRole('heading', { name: 'Lotto page' })).toBeInTheDocument();
    // The data first, not waiting for the code; each once.
    expect(asked).toEqual(['data', 'code']);
    router.dispose();
  });

  it('starts no data for a visitor (the guard sends them to sign in)', async () => {
    const prefetch = vi.fn(async () => undefined);
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter([
      {
        path: '/',
        element: <Outlet />,
        children: [
          { index: true, element: <p>Home</p> },
          resilientRoute('lotto', { path: 'Lotto', handle: { prefetch }, lazy: (async () => ({ Component: () => <h1>Lotto page</h1> })) as RouteObject['lazy'] }),
        ],
      },
    ]);
    renderRouter(router);
    await act(() => router.navigate('/Lotto'));
    expect(await screen.findByRole('heading', { name: 'Lotto page' })).toBeInTheDocument();
    expect(prefetch).not.toHaveBeenCalled();
    router.dispose();
  });

  it('renders the page landed on first with the data its route started, when that follows the code closely; slower data never holds it, nor a later page', async () => {
    // A deep link to /Lotto, its page not yet on the screen.
    resetLandingPage('/Lotto');
    sessionStore.setState({ user: { ...sessionStore.getState().user, token: 'a.b.c', loggedIn: true } });
    let data: string | null = null;
    const firstRenders: (string | null)[] = [];
    function LottoPage() {
      const [first] = useState(data);
      firstRenders.push(first);
      return <h1>Lotto page</h1>;
    }
    const later = (ms: number, value: string) => new Promise<void>((resolve) => setTimeout(() => ((data = value), resolve()), ms));
    const prefetch = vi.fn().mockImplementationOnce(() => later(PAGE_DATA_WAIT_MS / 4, 'draws')).mockImplementationOnce(() => new Promise(() => undefined));
    window.history.replaceState(null, '', '/');
    const route = () => resilientRoute('lotto', { path: 'Lotto', handle: { prefetch }, lazy: (async () => ({ Component: LottoPage })) as RouteObject['lazy'] });
    let router = createBrowserRouter([{ path: '/', element: <Outlet />, children: [{ index: true, element: <p>Home</p> }, route()] }]);
    renderRouter(router);
    await act(() => router.navigate('/Lotto'));
    expect(await screen.findByRole('heading', { name: 'Lotto page' })).toBeInTheDocument();
    expect(firstRenders[0]).toBe('draws');
    router.dispose();
    cleanup();

    // Data that never comes: the page renders after PAGE_DATA_WAIT_MS all the same, and asks itself.
    data = null;
    firstRenders.length = 0;
    window.history.replaceState(null, '', '/');
    router = createBrowserRouter([{ path: '/', element: <Outlet />, children: [{ index: true, element: <p>Home</p> }, route()] }]);
    renderRouter(router);
    const started = performance.now();
    await act(() => router.navigate('/Lotto'));
    expect(await screen.findByRole('heading', { name: 'Lotto page' })).toBeInTheDocument();
    expect(performance.now() - started).toBeGreaterThanOrEqual(PAGE_DATA_WAIT_MS - 5);
    expect(firstRenders[0]).toBeNull();
    router.dispose();
    cleanup();

    // Once the page landed on is shown, a page the player goes to renders at once, its data or not.
    resetLandingPage('/');
    await whenLandingPageShown();
    prefetch.mockImplementationOnce(() => later(PAGE_DATA_WAIT_MS / 4, 'results'));
    data = null;
    firstRenders.length = 0;
    window.history.replaceState(null, '', '/');
    router = createBrowserRouter([{ path: '/', element: <Outlet />, children: [{ index: true, element: <p>Home</p> }, route()] }]);
    renderRouter(router);
    await act(() => router.navigate('/Lotto'));
    expect(await screen.findByRole('heading', { name: 'Lotto page' })).toBeInTheDocument();
    expect(firstRenders[0]).toBeNull();
    router.dispose();
    resetLandingPage();
  });

  it('shows a remote page’s panel when the page throws while rendering, and Retry renders it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function LottoPage() {
      if (broken) throw new Error('draws is undefined');
      return <h1>Lotto page</h1>;
    }
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter([
      { path: '/', element: <Outlet />, children: [{ index: true, element: <p>Home</p> }, resilientRoute('lotto', { path: 'Lotto', Component: LottoPage })] },
    ]);
    renderRouter(router);
    await act(() => router.navigate('/Lotto'));
    expect(await screen.findByText('Lotto is temporarily unavailable')).toBeInTheDocument();
    expect(recoverFromRemoteFailure).toHaveBeenCalledWith('lotto', expect.objectContaining({ message: 'draws is undefined' }), 'render');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Lotto page' })).toBeInTheDocument();
    router.dispose();
  });

  it('tries a failed page again by itself on the next visit', async () => {
    const lazy = vi
      .fn<() => Promise<Partial<RouteObject>>>()
      .mockRejectedValueOnce(new Error('Loading chunk 12 failed.'))
      .mockResolvedValueOnce({ Component: () => <h1>Deposit</h1> });
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter([
      { path: '/', element: <Outlet />, children: [{ index: true, element: <p>Home</p> }, resilientRoute('members', { path: 'deposit', lazy: lazy as RouteObject['lazy'] })] },
    ]);
    renderRouter(router);
    await act(() => router.navigate('/deposit'));
    expect(await screen.findByText('The members area is temporarily unavailable')).toBeInTheDocument();
    await act(() => router.navigate('/'));
    // The player comes back a little later.
    const later = Date.now() + 5000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await act(() => router.navigate('/deposit'));
    expect(await screen.findByRole('heading', { name: 'Deposit' })).toBeInTheDocument();
    router.dispose();
  });
});
