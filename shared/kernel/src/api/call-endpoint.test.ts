import { act, renderHook, waitFor } from '@testing-library/react';
import { jackpotEndpoints, lottoEndpoints } from '@suwerte/contracts/lotto';
import { fakeApi, startSignedIn } from '../testing';
import { callEndpoint } from './call-endpoint';
import { ApiError } from './errors';
import { endpointQueryOptions, getEndpointData, useEndpointMutation, useEndpointQuery } from './query';

const schedule = { _id: 's1', GameType: 45, Schedule: '2026-06-12T13:00:00.000Z' };
const pools = { Minor: 1000, Major: 5000, Grand: 100000 };

describe('callEndpoint', () => {
  beforeEach(() => {
    startSignedIn();
  });

  it('calls the endpoint with the bearer token and parses the answer', async () => {
    const calls = fakeApi(({ url }) => {
      if (url === '/schedule/active/lotto') return { status: 200, data: [schedule] };
      if (url === '/result/lotto') return { status: 200, data: [{ _id: 's0', GameType: 131, Schedule: '2026-06-12T06:00:00.000Z', ResultId: [{ result: [1, 31] }] }] };
      return { status: 200, data: [] };
    });
    expect(await callEndpoint(lottoEndpoints.activeSchedules)).toEqual([schedule]);
    expect((await callEndpoint(lottoEndpoints.results))[0]?.ResultId).toEqual([{ result: [1, 31] }]);
    expect(await callEndpoint(lottoEndpoints.todaysDraws)).toEqual([]);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /schedule/active/lotto', 'GET /result/lotto', 'GET /game/pick3/todaysdraw']);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('sends the body of a mutation', async () => {
    const calls = fakeApi(() => ({ status: 200, data: pools }));
    expect(await callEndpoint(jackpotEndpoints.setJackpot, { body: pools })).toEqual(pools);
    expect(calls[0]).toMatchObject({ method: 'PUT', url: '/operator/jackpot', body: pools });
  });

  it('turns an answer that breaks the contract into a clear ApiError', async () => {
    fakeApi(() => ({ status: 200, data: { schedules: [] } }));
    await expect(callEndpoint(lottoEndpoints.activeSchedules)).rejects.toThrow(
      new ApiError('Unexpected answer from GET /schedule/active/lotto. Please try again later.', 'contract'),
    );
  });
});

describe('endpoint hooks', () => {
  beforeEach(() => {
    startSignedIn();
  });

  it('take the key, the call and the spec’s poll from the definition', () => {
    const options = endpointQueryOptions(jackpotEndpoints.jackpot);
    expect(options.queryKey).toEqual(['GET /jackpot']);
    expect(options.refetchInterval).toBe(30_000);
    // Nothing set by the endpoint leaves the client's defaults alone.
    expect('staleTime' in endpointQueryOptions(lottoEndpoints.results)).toBe(false);
    expect(endpointQueryOptions(lottoEndpoints.results, { staleTime: 0 }).staleTime).toBe(0);
  });

  it('useEndpointQuery caches the parsed answer under the endpoint’s key', async () => {
    fakeApi(() => ({ status: 200, data: [schedule] }));
    const { result } = renderHook(() => useEndpointQuery(lottoEndpoints.activeSchedules, { select: (list) => list.length }));
    await waitFor(() => expect(result.current.data).toBe(1));
    expect(getEndpointData(lottoEndpoints.activeSchedules)).toEqual([schedule]);
  });

  it('useEndpointQuery reports a broken answer as an ApiError', async () => {
    fakeApi(() => ({ status: 200, data: [{ ...schedule, Schedule: 'tomorrow' }] }));
    const { result } = renderHook(() => useEndpointQuery(lottoEndpoints.activeSchedules, { retry: false }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ kind: 'contract', message: 'Unexpected answer from GET /schedule/active/lotto. Please try again later.' });
  });

  it('useEndpointMutation refetches what the endpoint invalidates', async () => {
    let grand = 100000;
    const calls = fakeApi(({ method, body }) => {
      if (method === 'PUT') grand = (body as typeof pools).Grand;
      return { status: 200, data: method === 'PUT' ? { ...pools, Grand: grand } : [{ ...pools, Grand: grand }] };
    });
    const jackpot = renderHook(() => useEndpointQuery(jackpotEndpoints.jackpot));
    await waitFor(() => expect(jackpot.result.current.data?.[0]?.Grand).toBe(100000));
    const { result } = renderHook(() => useEndpointMutation(jackpotEndpoints.setJackpot));
    await act(() => result.current.mutateAsync({ body: { ...pools, Grand: 250000 } }));
    await waitFor(() => expect(jackpot.result.current.data?.[0]?.Grand).toBe(250000));
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'GET']);
  });
});
