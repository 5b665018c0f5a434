import { z } from 'zod/mini';
import { defineEndpoint, describeCall, endpointPath, endpointSearch, type EndpointInput, type EndpointInputArgs, type EndpointResponse } from './define';
import { jackpotEndpoints } from './jackpot';
import { lottoEndpoints } from './lotto';

const decide = defineEndpoint({
  method: 'POST',
  path: '/operator/:kind/:id/:decision',
  auth: 'operator',
  summary: 'test',
  params: z.object({ kind: z.enum(['deposits', 'withdrawals']), id: z.string(), decision: z.enum(['approve', 'reject']) }),
  query: z.object({ note: z.optional(z.string()) }),
  response: z.object({ ok: z.boolean() }),
  status: 201,
});

describe('defineEndpoint', () => {
  it('names the endpoint by method and path, with 200 as the default status', () => {
    expect(lottoEndpoints.results.id).toBe('GET /result/lotto');
    expect(lottoEndpoints.results.status).toBe(200);
    expect(decide.status).toBe(201);
    expect(jackpotEndpoints.setJackpot.invalidates).toEqual([jackpotEndpoints.jackpot]);
  });

  it('keys an answer by the id, then the params and query when the endpoint has them', () => {
    expect(lottoEndpoints.results.queryKey()).toEqual(['GET /result/lotto']);
    expect(decide.queryKey({ params: { kind: 'deposits', id: 'd1', decision: 'approve' }, query: {} })).toEqual([
      'POST /operator/:kind/:id/:decision',
      { kind: 'deposits', id: 'd1', decision: 'approve' },
      {},
    ]);
  });

  it('fills path parameters percent-encoded and refuses a missing one', () => {
    expect(endpointPath(decide, { kind: 'deposits', id: 'a/b c', decision: 'reject' })).toBe('/operator/deposits/a%2Fb%20c/reject');
    expect(() => endpointPath(decide, { kind: 'deposits' })).toThrow('missing path parameter id');
    expect(describeCall(decide, { kind: 'withdrawals', id: '7', decision: 'approve' })).toBe('POST /operator/withdrawals/7/approve');
  });

  it('writes a query string without empty values', () => {
    expect(endpointSearch({ status: 'all', page: 2, skip: undefined })).toBe('?status=all&page=2');
    expect(endpointSearch({})).toBe('');
    expect(endpointSearch(undefined)).toBe('');
  });

  it('types the input and the answer from the schemas', () => {
    expectTypeOf<EndpointResponse<typeof lottoEndpoints.results>>().toEqualTypeOf<z.infer<typeof lottoEndpoints.results.response>>();
    expectTypeOf<EndpointInputArgs<typeof lottoEndpoints.results>>().toEqualTypeOf<[input?: EndpointInput<typeof lottoEndpoints.results>]>();
    expectTypeOf<EndpointInput<typeof decide>['params']>().toEqualTypeOf<{ kind: 'deposits' | 'withdrawals'; id: string; decision: 'approve' | 'reject' }>();
    const missing = () =>
      // @ts-expect-error the path names :id, so the params schema must have it
      defineEndpoint({ method: 'GET', path: '/x/:id', auth: 'public', summary: '', params: z.object({ other: z.string() }), response: z.null() });
    expect(missing).toBeTypeOf('function');
    expectTypeOf<EndpointInput<typeof jackpotEndpoints.setJackpot>['body']>().toEqualTypeOf<{ Minor: number; Major: number; Grand: number }>();
  });
});
