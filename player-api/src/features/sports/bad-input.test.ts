import { endpointPath, sportsEndpoints, type AnyEndpoint } from '@suwerte/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, createTestGame } from '../../testing/sports';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Every sports endpoint of the table × malformed input → a 4xx answer with a message, never a 5xx.
let t: TestApp;
let headers: { authorization: string };
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await createPlayer(t, 'fuzzbettor', 50)).headers;
  const game = await createTestGame(t);
  ids = { id: game._id, endingId: game.Ending._id, jackpot: '2' };
});
afterAll(() => t.close());

const JUNK_PARAMS = ['x', '-1', '0', '4', 'null', '%00', 'ffffffffffffffffffffffff', 'a'.repeat(300), '..%2F..', '1e3'];
const JUNK_VALUES: unknown[] = [null, '', 'ten', -10, 0, 1e308, 0.001, 10.005, [], {}, [[]], [[{}]], true, '9', Number.MAX_SAFE_INTEGER];
const JUNK_QUERIES = ['slot1=&slot2=&quarter=', 'slot1=a&slot2=b&quarter=c', 'slot1=-1&slot2=99&quarter=0', 'slot1=1.5&slot2=2&quarter=9', 'slot1[]=1'];

/** Bodies: not objects, empty, and each top-level field (and each line field) replaced by junk. */
function junkBodies(): unknown[] {
  const line = { Amount: 10, jackpot: 2, slot1: 1, slot2: 2, quarter: 1 };
  const valid = { GameId: ids.endingId, bets: [[line]], BetDetails: [[1, 2, 1]], Amount: 10 };
  const bodies: unknown[] = [[], 'text', 42, {}, { bets: 'all' }, { bets: [line, line, line] }];
  for (const field of Object.keys(valid)) for (const value of JUNK_VALUES) bodies.push({ ...valid, [field]: value });
  for (const field of Object.keys(line)) for (const value of JUNK_VALUES) bodies.push({ GameId: ids.endingId, bets: [{ ...line, [field]: value }, line, line] });
  for (const field of Object.keys(line)) for (const value of JUNK_VALUES) bodies.push({ bets: [[{ ...line, [field]: value }]] });
  return bodies;
}

function pathsOf(endpoint: AnyEndpoint): string[] {
  const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  const valid = Object.fromEntries(names.map((name) => [name, ids[name] ?? 'x']));
  if (names.length === 0) return [endpoint.path];
  return [endpointPath(endpoint, valid), ...names.flatMap((name) => JUNK_PARAMS.map((junk) => endpointPath(endpoint, { ...valid, [name]: decodeURIComponent(junk) })))];
}

describe('sports endpoints with malformed input', () => {
  for (const endpoint of Object.values(sportsEndpoints) as AnyEndpoint[]) {
    it(`${endpoint.id} answers 4xx, never 5xx`, async () => {
      const failures: string[] = [];
      const bodies = endpoint.body ? junkBodies() : [undefined];
      const queries = endpoint.query ? JUNK_QUERIES : [''];
      for (const path of pathsOf(endpoint)) {
        for (const query of queries) {
          for (const body of bodies) {
            const response = await t.app.inject({
              method: endpoint.method,
              url: query ? `${path}?${query}` : path,
              headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            const ok = response.statusCode < 500 && (response.statusCode < 400 || typeof (response.json() as { message?: unknown }).message === 'string');
            if (!ok) failures.push(`${response.statusCode} ${path}?${query} ${JSON.stringify(body)}: ${response.body.slice(0, 120)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
