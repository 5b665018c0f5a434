import { Outlet, RouterProvider, createBrowserRouter } from '@suwerte/shared';
import { screen } from '@testing-library/react';
import { startTransition, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { navigationTarget } from '../features/federation/navigation-target';
import { followNavigationTarget } from './router';

/** Holds the thread like a phone's CPU rendering a large component. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

/** A router whose `/page` comes when `arrive` is called; `/elsewhere` never does. */
function routerWithLazyPage() {
  window.history.replaceState(null, '', '/page');
  let arrive = (): void => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const router = createBrowserRouter([
    {
      path: '/',
      element: <Outlet />,
      hydrateFallbackElement: <p>Loading page</p>,
      children: [
        {
          path: 'page',
          lazy: async () => {
            await arrived;
            return { Component: () => <h1>The page</h1> };
          },
        },
        { path: 'elsewhere', lazy: () => new Promise<never>(() => undefined) },
      ],
    },
  ]);
  return { router, arrive };
}

type Router = ReturnType<typeof routerWithLazyPage>['router'];

/**
 * The host's first render as index.tsx and App.tsx make it: a transition, the navigation target
 * followed from an effect of RouterProvider's parent; parts rendered after the router, each longer
 * than React's 5 ms slice, during which the page's code arrives (after the router has rendered,
 * before the render commits).
 */
function renderSliced(root: Root, router: Router, arrive: () => void): void {
  function SlowPart({ index }: { index: number }) {
    if (index === 2) arrive();
    busy(8);
    return null;
  }
  function App() {
    useEffect(() => followNavigationTarget(router), []);
    return (
      <>
        <RouterProvider router={router} />
        {Array.from({ length: 8 }, (_, index) => (
          <SlowPart key={index} index={index} />
        ))}
      </>
    );
  }
  startTransition(() => root.render(<App />));
}

describe('the first render, in slices', () => {
  let root: Root | undefined;
  let actEnvironment: unknown;

  beforeEach(() => {
    // React's own scheduler, not act(): the render must really be sliced.
    actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });

  afterEach(() => {
    root?.unmount();
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
  });

  it('shows a lazy page whose code arrives before RouterProvider has subscribed', async () => {
    const { router, arrive } = routerWithLazyPage();
    if (root) renderSliced(root, router, arrive);
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    router.dispose();
  });

  it('leaves the page on its skeleton when anyone subscribes before RouterProvider: why the navigation target waits', async () => {
    const { router, arrive } = routerWithLazyPage();
    const early = router.subscribe(() => undefined);
    if (root) renderSliced(root, router, arrive);
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The page' })).not.toBeInTheDocument();
    early();
    router.dispose();
  });

  it('keeps the navigation target on where the router is going', async () => {
    const { router, arrive } = routerWithLazyPage();
    if (root) renderSliced(root, router, arrive);
    await screen.findByRole('heading', { name: 'The page' });
    void router.navigate('/elsewhere?from=test');
    await vi.waitFor(() => expect(navigationTarget()).toBe('/elsewhere?from=test'));
    router.dispose();
  });
});
