import { pathsCalledBy } from '@suwerte/ui/testing';
import { prefetchSportsPage } from '../features/sports/prefetch-sports-page';
import firstCalls from './first-calls.json';

it('lists the calls of the page’s data chunk as its first calls, which the host starts early on a deep link', async () => {
  expect(firstCalls).toEqual({ 'Sports': await pathsCalledBy(prefetchSportsPage) });
});
