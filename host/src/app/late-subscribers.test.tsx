import { Outlet, RouterProvider, createBrowserRouter } from '@suwerte/shared';
import { screen } from '@testing-library/react';
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { replayStateToLateSubscribers } from './late-subscribers';

/** Holds the thread like a phone's CPU rendering a large component. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('replayStateToLateSubscribers', () => {
  let root: Root | undefined;
  let actEnvironment: unknown;

  beforeEach(() => {
    // React's own scheduler, not act(): the render must really be sliced.
    actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
  });

  afterEach(() => {
    root?.unmount();
    root = undefined;
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
  });

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
        ],
      },
    ]);
    // Subscribed from the start, as the host's navigation target is: React Router then no longer
    // keeps its first update for the first subscriber, it publishes it to the listeners it has.
    router.subscribe(() => undefined);
    return { router, arrive };
  }

  it('shows a lazy page whose code arrives while the first render is still in slices', async () => {
    const { router, arrive } = routerWithLazyPage();
    // Parts rendered after the router, each longer than React's 5 ms slice: the page's code
    // arrives after the router has rendered and before the render commits.
    function SlowPart({ index }: { index: number }) {
      if (index === 2) arrive();
      busy(8);
      return null;
    }
    root = createRoot(document.body.appendChild(document.createElement('div')));
    const app = root;
    startTransition(() =>
      app.render(
        <>
          <RouterProvider router={replayStateToLateSubscribers(router)} />
          {Array.from({ length: 8 }, (_, index) => (
            <SlowPart key={index} index={index} />
          ))}
        </>,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    router.dispose();
  });

  it('hands a subscriber the current state at once and keeps its later updates', async () => {
    const { router, arrive } = routerWithLazyPage();
    replayStateToLateSubscribers(router);
    arrive();
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    const heard: boolean[] = [];
    const unsubscribe = router.subscribe((state) => heard.push(state.initialized));
    expect(heard).toEqual([true]);
    await router.navigate('/');
    expect(heard.length).toBeGreaterThan(1);
    unsubscribe();
    router.dispose();
  });
});
