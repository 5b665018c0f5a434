// Test seams: jsdom cannot leave the site, so tests record where a launch would go (see
// captureGameLaunches in @suwerte/shared/testing; the test setup puts the real redirect back).
import { fakeApi, startSignedIn } from '@suwerte/shared/testing';
export { replaceLeaveSite, restoreLeaveSite } from './launch/leave-site';

/**
 * The paths a page's data prefetch (`handle.prefetch`) calls, in order, as a signed-in player
 * against a fake API: what the remote lists as that page's first calls, which the host starts early
 * on a deep link (its `src/app/first-calls.json`, docs/decisions/232).
 */
export async function pathsCalledBy(prefetch: () => Promise<void>): Promise<string[]> {
  startSignedIn();
  const calls = fakeApi(() => ({ status: 200, data: [] }));
  await prefetch();
  return calls.map((call) => call.url);
}

/** Whether `promise` has settled yet, read as the test goes (`watch(afterPaint()).done`). */
export function watch(promise: Promise<unknown>): { done: boolean } {
  const state = { done: false };
  void promise.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
}
