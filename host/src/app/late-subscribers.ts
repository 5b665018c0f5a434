import type { createBrowserRouter } from '@suwerte/shared';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Hands every new subscriber of `router` its current state at once, as a store's subscription
 * would. `RouterProvider` reads the router's state when it renders and subscribes when it commits;
 * the first render is a transition, rendered in slices (docs/decisions/231), and a lazy page that
 * settles between those two moments publishes its "loaded" state before `RouterProvider` listens,
 * leaving the page skeleton for good. React Router keeps that update for a first subscriber only
 * while nobody at all listens, and the host listens from the start (the navigation target).
 * Handed the same state it rendered with, `RouterProvider` changes nothing.
 */
export function replayStateToLateSubscribers(router: DataRouter): DataRouter {
  const subscribe = router.subscribe;
  router.subscribe = (subscriber) => {
    const unsubscribe = subscribe(subscriber);
    subscriber(router.state, { deletedFetchers: [], newErrors: null, flushSync: false });
    return unsubscribe;
  };
  return router;
}
