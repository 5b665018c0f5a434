import { lottoEndpoints } from '@suwerte/contracts/lotto';
import { membersEndpoints } from '@suwerte/contracts/members';
import { queryClient, requestEndpoint } from '@suwerte/shared';
import { prefetchEndpoints } from './prefetch-endpoints';

vi.mock('@suwerte/shared', async (original) => ({ ...(await original<object>()), requestEndpoint: vi.fn() }));

describe('prefetchEndpoints', () => {
  beforeEach(() => queryClient.clear());

  it('puts each answer in the cache under the key the page’s query reads', async () => {
    vi.mocked(requestEndpoint).mockImplementation(async (endpoint) => (endpoint === lottoEndpoints.activeSchedules ? ['schedules'] : ['options']));
    await prefetchEndpoints([lottoEndpoints.activeSchedules, membersEndpoints.paymentOptions]);
    expect(queryClient.getQueryData(lottoEndpoints.activeSchedules.queryKey())).toEqual(['schedules']);
    expect(queryClient.getQueryData(membersEndpoints.paymentOptions.queryKey())).toEqual(['options']);
  });

  it('never rejects, and keeps no answer for a failed call (the page asks again)', async () => {
    vi.mocked(requestEndpoint).mockRejectedValue(new Error('Network Error'));
    await expect(prefetchEndpoints([lottoEndpoints.activeSchedules])).resolves.toBeUndefined();
    expect(queryClient.getQueryData(lottoEndpoints.activeSchedules.queryKey())).toBeUndefined();
  });
});
