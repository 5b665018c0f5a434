import { pathsCalledBy } from '@suwerte/ui/testing';
import { prefetchDepositPage } from '../features/deposit/prefetch-deposit-page';
import firstCalls from './first-calls.json';

it('lists the calls of the page’s data chunk as its first calls, which the host starts early on a deep link', async () => {
  expect(firstCalls).toEqual({ 'members.deposit': await pathsCalledBy(prefetchDepositPage) });
});
