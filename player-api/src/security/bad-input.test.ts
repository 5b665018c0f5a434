import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PNG_1X1, newPlayer, operatorHeaders, type TestPlayer } from '../testing/players';
import { IMAGE_FORMATS, recordUpload, uploadsDir, writeUploadFile } from '../features/uploads/storage';
import type { ScheduledGame } from '@suwerte/contracts';
import { createTestGame } from '../testing/sports';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { catalog, fieldsOf, type CatalogEntry } from './catalog';
import { concretePath, injectRoute } from './routes';

// Issue 9, "done means": a bad-input test generated from the contracts. Every route of the API
// (the route registry: nothing registered escapes) × {malformed JSON, not an object, wrong types,
// missing fields, prototype keys, huge and sub-centavo numbers, 1 MB strings, malformed
// multipart, prototype and broken path parameters, polluted queries} → a 4xx `{ message }`,
// never a 5xx. Fields and their types come from each route's contract (the endpoint table's
// body schema, or the contract its handler parses with).

// NOTE: one app (one database) for the whole file, and a player of its own for each route: the
// cases break a request, so no route's cases can reach another's data. On PostgreSQL an app takes
// ~2 s to build, and this file built one per route (docs/decisions/172).
// Every case comes from one address: the telemetry routes' per-minute limit (tested in
// features/telemetry) is lifted here as createTestApp lifts the sign-in limits, so each case
// meets the route's validation rather than a 429.
vi.stubEnv('TELEMETRY_REPORTS_PER_MINUTE', '100000');
const app: TestApp = await createTestApp();
afterAll(async () => {
  await app.close();
  vi.unstubAllEnvs();
});

/** The routes, as the running app registers them (the list the cases are generated from). */
const routes: CatalogEntry[] = catalog(app.app);

interface Caller {
  t: TestApp;
  player: TestPlayer;
  headers: Record<string, string>;
  /** Path parameters naming real records (a game, a bet of the caller's) where the route needs them. */
  params: Record<string, string>;
  /** The open basketball game the sports routes' examples bet on. */
  game: ScheduledGame;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}${(counter += 1)}`;

/** A valid body per route that reads one: the baseline each case breaks one way. */
const VALID_BODIES: Record<string, (caller: Caller) => Promise<Record<string, unknown>> | Record<string, unknown>> = {
  'POST /player/login': ({ player }) => ({ username: player.username, password: 'secret123' }),
  'POST /telemetry/remote-errors': () => ({ remote: 'sports', release: '1.4.2', kind: 'load', message: 'Loading chunk 12 failed', route: '/Sports' }),
  'POST /telemetry/vitals': () => ({ remote: 'sports', release: '1.4.2', metric: 'LCP', value: 2310, route: '/Sports' }),
  'POST /register': () => ({ username: unique('valid'), password: 'Karera-Uno-2026', referral: 'SUWERTE', email: 'new@example.com', contactnumber: '09171234567' }),
  'PUT /account/update': ({ player }) => ({ id: player.id, username: player.username, password: 'Karera-Dos-2026' }),
  'PUT /account/update/profile': () => ({ fullname: 'Juan Dela Cruz', contactnumber: '09171234567', email: 'juan@example.com' }),
  'POST /transaction/cashin': async ({ t, player }) => {
    // A proof of this player's own, fresh for each case (written directly: the daily quota is not what is tested here).
    const name = await writeUploadFile(uploadsDir(t.store), PNG_1X1, IMAGE_FORMATS[0]);
    await recordUpload(t.store.db, { name, userId: player.id, bytes: PNG_1X1.length, now: t.clock.now() });
    return { Amount: 500, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', ImageLink: `http://localhost:4000/uploads/${name}`, Mode: 'GCASH', InvoiceNumber: null };
  },
  'POST /transaction/cashin/gateway': () => ({ amount: 100 }),
  'POST /transaction/cashout/:channel': () => ({ Amount: 50, AccountName: 'Juan Dela Cruz', AccountNumber: '09171234567', Mode: 'GCASH', Balance: 0, TransactionType: 0 }),
  'PUT /operator/jackpot': () => ({ Minor: 1, Major: 2.5, Grand: 3.75 }),
  'POST /monitoring/available/jackpot/:id': () => ({ bets: [[{ slot1: 1, slot2: 2, quarter: 1 }]] }),
  'POST /bet/jackpot/multiending': ({ game }) => ({
    GameId: game.Ending._id,
    bets: [...[1, 2, 3].map((quarter) => ({ Amount: 10, jackpot: 3, slot1: quarter, slot2: 2, quarter })), { Amount: 5, jackpot: 3, slot1: 4, slot2: 4, quarter: 4 }],
  }),
  'POST /bet/jackpot/ending': ({ game }) => ({ GameId: game.Ending._id, bets: majorRows([10, 10, 10]) }),
  'PUT /bet/ending/update/jackpot/:id': () => ({ bets: [majorRows([20, 10, 10]).map((row, index) => ({ ...row, id: index }))] }),
  'POST /bet/game/:id': () => ({ BetDetails: [[0, 1]], Amount: 10 }),
  'POST /game/launch': () => ({ game: 'ending', id: '0123456789abcdef01234567' }),
  'POST /karera/ticket': () => ({}),
  'POST /player/renew': () => ({}),
  // A valid logout ends the caller's session: each baseline starts from a session of its own.
  'POST /player/logout': async (caller) => {
    caller.headers = bearer(await caller.t.login(caller.player.username, 'secret123'));
    return {};
  },
};

/** A Major set's three rows (the same slots each time, so an edit may change only the amounts). */
function majorRows(amounts: [number, number, number]) {
  return amounts.map((Amount, index) => ({ Amount, jackpot: 2, slot1: 4 + index, slot2: 4 + index, quarter: index + 1, max: 2000 }));
}

/** Path parameters naming real records, for routes whose example needs them. */
const VALID_PARAMS: Record<string, (caller: Omit<Caller, 'params'>) => Promise<Record<string, string>> | Record<string, string>> = {
  'POST /monitoring/available/jackpot/:id': ({ game }) => ({ id: game._id }),
  'POST /bet/game/:id': ({ game }) => {
    if (!game.OddEven) throw new Error('the test game has no Odd/Even market');
    return { id: game.OddEven._id };
  },
  'PUT /bet/ending/update/jackpot/:id': async ({ t, headers, game }) => {
    const placed = await t.app.inject({ method: 'POST', url: '/bet/jackpot/ending', headers, payload: { GameId: game.Ending._id, bets: majorRows([10, 10, 10]) } });
    if (placed.statusCode !== 201) throw new Error(`placing the set to edit: ${placed.statusCode} ${placed.body}`);
    return { id: (placed.json() as { bet: { _id: string } }).bet._id };
  },
};

/** Pages (HTML) rather than API answers: their refusals are pages too. */
const HTML_ROUTES = new Set(['GET /games/:game']);

const MEGABYTE_STRING = 'x'.repeat(1_000_000);
/** JSON number literals: huge (beyond any amount, beyond 2^53), and sub-centavo. */
const HUGE_NUMBERS = ['1e21', '1e300', '9007199254740993', '-1e21'];
const SUB_CENTAVO_NUMBERS = ['0.001', '50.005', '100.001', '1e-7'];
const WRONG_TYPES: unknown[] = [12345, 'text', true, {}, [], null];
const PROTOTYPE_PARAMETERS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
const BROKEN_PARAMETERS = ['%E0%A4%A', '..%2F..%2Ftest.sqlite', '%00', MEGABYTE_STRING];

/** The body of `valid` with `key` set to the raw JSON text `value` (numbers beyond what JS keeps exactly). */
const withRaw = (valid: Record<string, unknown>, key: string, value: string): string => {
  const rest = JSON.stringify({ ...valid, [key]: null });
  return rest.replace(`${JSON.stringify(key)}:null`, `${JSON.stringify(key)}:${value}`);
};

function expectRefused(response: LightMyRequestResponse, route: CatalogEntry, what: string): void {
  const label = `${route.id}: ${what} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, label).toBeLessThan(500);
  if (HTML_ROUTES.has(route.id)) return;
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const body = response.json() as { message?: unknown };
  expect(typeof body.message, label).toBe('string');
}

function expectNoServerError(response: LightMyRequestResponse, route: CatalogEntry, what: string): void {
  const label = `${route.id}: ${what} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  if (response.statusCode >= 400 && !HTML_ROUTES.has(route.id)) expect(typeof (response.json() as { message?: unknown }).message, label).toBe('string');
}

describe.each(routes.map((route) => [route.id, route] as const))('%s', (_id, route) => {
  let caller: Caller;
  const basePath = () => concretePath(route.path, caller.params);
  const send = (payload: string | Buffer, contentType = 'application/json', path = basePath()) =>
    injectRoute(caller.t.app, { method: route.method as 'POST', url: path, payload, headers: { ...caller.headers, 'content-type': contentType } });

  beforeAll(async () => {
    const t = app;
    const player = await newPlayer(t, 100_000, 'input');
    const headers = route.auth === 'operator' ? await operatorHeaders(t) : route.auth === 'public' ? {} : player.headers;
    const base = { t, player, headers, game: await createTestGame(t) };
    caller = { ...base, params: (await VALID_PARAMS[route.id]?.(base)) ?? {} };
  });

  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';

  it('path parameters: prototype names, broken escapes, traversal, 1 MB → never a 5xx', async () => {
    const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
    for (const name of names) {
      for (const value of [...PROTOTYPE_PARAMETERS, ...BROKEN_PARAMETERS]) {
        // Broken escapes go in raw; the others percent-encoded as a browser would send them.
        const original = encodeURIComponent(caller.params[name] ?? concretePath(`:${name}`));
        const path = basePath().replace(original, value.startsWith('%') || value.includes('%2F') ? value : encodeURIComponent(value));
        // With a valid body, so the handler gets as far as using the parameter.
        const payload = hasBody ? ((await VALID_BODIES[route.id]?.(caller)) ?? {}) : undefined;
        const response = await injectRoute(caller.t.app, { method: route.method as 'GET', url: path, headers: caller.headers, ...(payload ? { payload } : {}) });
        expectNoServerError(response, route, `:${name} = ${value.slice(0, 20)}`);
      }
    }
  });

  it('query strings: prototype keys, broken escapes, huge numbers → never a 5xx', async () => {
    for (const query of [
      '__proto__[polluted]=1&constructor[prototype][polluted]=1&toString=1&hasOwnProperty=1',
      'status=%E0%A4%A&limit=1e300&after=%00',
      `limit=9007199254740993&status=${'x'.repeat(100_000)}`,
      'accesstoken[]=1&username[toString]=x',
    ]) {
      const response = await injectRoute(caller.t.app, { method: route.method as 'GET', url: `${basePath()}?${query}`, headers: caller.headers, ...(hasBody ? { payload: {} } : {}) });
      expectNoServerError(response, route, `?${query.slice(0, 40)}`);
    }
  });

  if (!hasBody) return;

  it('malformed JSON, a body that is not an object, malformed multipart → 4xx { message }', async () => {
    for (const payload of ['{"Amount":', '{', 'nul', '[1,2]', 'null', '"text"', '42', '\u0000']) expectRefused(await send(payload), route, `body ${JSON.stringify(payload)}`);
    expectRefused(await send('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', 'multipart/form-data; boundary=y'), route, 'malformed multipart');
    expectRefused(await send('garbage', 'multipart/form-data'), route, 'multipart without a boundary');
  });

  it('prototype keys in the body → 4xx { message }', async () => {
    const valid = (await VALID_BODIES[route.id]?.(caller)) ?? {};
    for (const polluted of ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
      const merged = JSON.stringify(valid).replace(/^\{/, `${polluted.slice(0, -1)}${Object.keys(valid).length > 0 ? ',' : ''}`);
      expectRefused(await send(merged), route, `body ${polluted}`);
    }
  });

  if (!route.body) return;
  const schema = route.body;
  const fields = Object.entries(fieldsOf(schema));

  it('missing fields and the empty object → 4xx { message }', async () => {
    // A call that sends nothing but its token (logout, renewal, a socket ticket) has the empty
    // object as its whole body: nothing can be missing, and a key too many is refused.
    if (fields.length === 0) {
      expectRefused(await send('{"extra":1}'), route, '{"extra":1}');
      return;
    }
    expectRefused(await send('{}'), route, '{}');
    for (const [key, field] of fields) {
      if (z.safeParse(field, undefined).success) continue;
      const valid = (await VALID_BODIES[route.id]?.(caller)) ?? {};
      const body = { ...valid };
      delete body[key];
      const response = await send(JSON.stringify(body));
      expectRefused(response, route, `missing ${key}`);
      expect([401, 403], `${route.id}: missing ${key} answered as if the token were bad`).not.toContain(response.statusCode);
    }
  });

  it('wrong types → 4xx { message }', async () => {
    for (const [key, field] of fields) {
      for (const value of WRONG_TYPES.filter((candidate) => !z.safeParse(field, candidate).success)) {
        const valid = (await VALID_BODIES[route.id]?.(caller)) ?? {};
        const response = await send(JSON.stringify({ ...valid, [key]: value }));
        expectRefused(response, route, `${key} = ${JSON.stringify(value)}`);
        expect([401, 403], `${route.id}: ${key} = ${JSON.stringify(value)} answered as if the token were bad`).not.toContain(response.statusCode);
      }
    }
  });

  it('huge and sub-centavo numbers → 4xx { message } (refused, never rounded)', async () => {
    const numeric = fields.filter(([, field]) => [0, 1, 50, 100, 500].some((number) => z.safeParse(field, number).success));
    for (const [key] of numeric) {
      for (const value of [...HUGE_NUMBERS, ...SUB_CENTAVO_NUMBERS]) {
        const valid = (await VALID_BODIES[route.id]?.(caller)) ?? {};
        const response = await send(withRaw(valid, key, value));
        expectRefused(response, route, `${key} = ${value}`);
        expect([401, 403], `${route.id}: ${key} = ${value} answered as if the token were bad`).not.toContain(response.statusCode);
      }
    }
  });

  it('1 MB strings → 4xx { message }', async () => {
    const textual = fields.filter(([, field]) => z.safeParse(field, 'x').success || z.safeParse(field, '09171234567').success || z.safeParse(field, 'a@b.co').success);
    for (const [key] of textual) {
      const valid = (await VALID_BODIES[route.id]?.(caller)) ?? {};
      const response = await send(JSON.stringify({ ...valid, [key]: MEGABYTE_STRING }));
      expectRefused(response, route, `${key} = 1 MB string`);
      expect([401, 403], `${route.id}: ${key} = 1 MB answered as if the token were bad`).not.toContain(response.statusCode);
    }
  });

  it('has a valid example body the cases break one way each (and it is accepted; last: it may change the account)', async () => {
    const make = VALID_BODIES[route.id];
    expect(make, `${route.id}: add a valid body to VALID_BODIES`).toBeDefined();
    const valid = (await make?.(caller)) ?? {};
    expect(z.safeParse(schema, valid).success, `${route.id}: VALID_BODIES does not match the contract`).toBe(true);
    const response = await send(JSON.stringify(valid));
    expect(response.statusCode, `${route.id}: valid body → ${response.body}`).toBeLessThan(300);
  });
});

it('covers the whole API', () => {
  // A route the generator cannot break is a route it does not know: every body route has a contract.
  const bodyRoutes = routes.filter((route) => route.method !== 'GET' && route.method !== 'DELETE');
  const withoutContract = bodyRoutes.filter((route) => !route.body).map((route) => route.id);
  expect(withoutContract.sort()).toEqual([
    // Bodies these routes ignore: a decision is in the path, an upload is multipart, the payment page posts nothing.
    'POST /gateway/pay/:ref',
    'POST /image/upload',
    'POST /operator/:kind/:id/:decision',
  ]);
  expect(routes.length).toBeGreaterThanOrEqual(25);
  // Every route is registered from its endpoint definition, but for what a browser or a container
  // reaches without the site's API client: images by URL, pages a player navigates to, the health check.
  expect(routes.filter((route) => !route.fromTable).map((route) => route.id).sort()).toEqual([
    'GET /games/:game', // demo: the game-site stand-in (a page)
    'GET /gateway/pay/:ref', // demo: the payment page a QR code opens
    'GET /health', // docker health checks
    'GET /health/ready', // readiness for traffic (compose, the gateway, an orchestrator)
    'GET /payment-options/:name', // payment options' QR images (<img src>)
    'GET /sports/logos/:file', // team logos (<img src>)
    'POST /gateway/pay/:ref',
  ]);
});
