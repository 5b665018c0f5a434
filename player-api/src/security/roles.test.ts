import { TOKEN_ERROR_TEXT } from '@suwerte/contracts';
import { describe, expect, it } from 'vitest';
import { moneyChange } from '../db/money';
import { userByUsername } from '../db/users';
import { DEMO_OPERATOR } from '../features/seed/seed';
import { createManualDeposit } from '../features/deposits/deposits';
import { appWithPlayer, operatorHeaders, type TestPlayer } from '../testing/players';
import { requestWithdrawal } from '../features/withdrawals/withdrawals';
import { appendEntry, readBalance } from '../features/ledger/ledger';
import { OPERATORS_ONLY_TEXT, PLAYERS_ONLY_TEXT } from '../lib/auth';
import { OWN_REQUEST_TEXT } from '../lib/requests';
import type { TestApp } from '../testing/test-app';
import { apiRoutes, concretePath, describeRoute, injectRoute } from './routes';
import { manualDepositRequest } from '../testing/money';

// Issue 9, item 3: player routes take only players' tokens, operator routes only operators', and
// an operator never decides a request they made themselves.

let t: TestApp;
let player: TestPlayer;
let operator: { authorization: string };
appWithPlayer({ pesos: 1_000, per: 'file' }, async (app, member) => {
  t = app;
  player = member;
  operator = await operatorHeaders(app);
});

/** Every route that is open to anyone, and why. Anything else must name its role. */
const PUBLIC_ROUTES = [
  'GET /health', // docker health checks
  'GET /health/ready', // readiness for traffic: the gateway, compose, an orchestrator
  'POST /player/login',
  'POST /register',
  'GET /jackpot', // the home page's jackpot, for visitors too
  'GET /game/pick3/todaysdraw', // the home page's draws, for visitors too
  'GET /schedule', // the basketball schedule: public in the spec (document 2, section 7)
  'GET /biggestwinner', // winners, names masked by the server: public in the spec
  'GET /todayswinner',
  'GET /sports/logos/:file', // team logos (<img> cannot send a token)
  'GET /payment-options/:name', // the receiving accounts' QR images (<img> cannot send a token)
  'GET /games/:game', // demo: the game-site stand-in checks the token in its query itself
  'GET /gateway/pay/:ref', // demo: the payment page a QR code opens; its reference is the secret
  'POST /gateway/pay/:ref',
  'POST /telemetry/remote-errors', // visitors' pages fail too; rate-limited, carries nothing about the player
  'POST /telemetry/vitals', // visitors' page loads measure too; rate-limited, one number about a page load
];

const routes = () => apiRoutes(t.app);
const call = (method: string, url: string, headers: Record<string, string> = {}) =>
  injectRoute(t.app, { method: method as 'GET', url, headers, ...(method === 'GET' ? {} : { payload: {} }) });

describe('who may call what', () => {
  it('every route is either on the short public list or names the role it takes', () => {
    const open = routes().filter((route) => route.auth === 'public').map(describeRoute).sort();
    expect(open).toEqual([...PUBLIC_ROUTES].sort());
    // Sanity: the walk sees the player and operator routes too.
    expect(routes().filter((route) => route.auth === 'player').length).toBeGreaterThanOrEqual(14);
    expect(routes().filter((route) => route.auth === 'operator').map(describeRoute).sort()).toEqual([
      'GET /operator/:kind',
      'GET /operator/telemetry/remote-errors',
      'GET /operator/telemetry/vitals',
      'POST /operator/:kind/:id/:decision',
      'PUT /operator/jackpot',
    ]);
  });

  it("player routes refuse an operator's token (403) and a missing one (401 with the spec's token text)", async () => {
    const playerRoutes = routes().filter((route) => route.auth === 'player');
    for (const route of playerRoutes) {
      const url = concretePath(route.url);
      const asOperator = await call(route.method, url, operator);
      expect(asOperator.statusCode, describeRoute(route)).toBe(403);
      expect(asOperator.json(), describeRoute(route)).toEqual({ message: PLAYERS_ONLY_TEXT });
      const anonymous = await call(route.method, url);
      expect(anonymous.statusCode, describeRoute(route)).toBe(401);
      expect(anonymous.json(), describeRoute(route)).toEqual({ message: TOKEN_ERROR_TEXT });
      const asPlayer = await call(route.method, url, player.headers);
      expect([401, 403], describeRoute(route)).not.toContain(asPlayer.statusCode);
    }
  });

  it("operator routes refuse a player's token (403)", async () => {
    for (const route of routes().filter((candidate) => candidate.auth === 'operator')) {
      const url = concretePath(route.url);
      const asPlayer = await call(route.method, url, player.headers);
      expect(asPlayer.statusCode, describeRoute(route)).toBe(403);
      expect(asPlayer.json(), describeRoute(route)).toEqual({ message: OPERATORS_ONLY_TEXT });
      expect((await call(route.method, url)).statusCode, describeRoute(route)).toBe(401);
      expect([401, 403], describeRoute(route)).not.toContain((await call(route.method, url, operator)).statusCode);
    }
  });

  it("the game-site stand-in and the Video Karera socket take a player's token only", async () => {
    const token = operator.authorization.replace('Bearer ', '');
    const launch = await t.app.inject({ url: `/games/pick3?accesstoken=${token}&type=42` });
    expect(launch.statusCode).toBe(401);
    expect(launch.body).toContain('Invalid or expired access token');
  });
});

describe('an operator never decides their own request', () => {
  it('refuses to approve or reject a deposit or withdrawal of their own account, and moves no money', async () => {
    const operatorId = (await userByUsername(t.store.db, DEMO_OPERATOR.username))?.id ?? '';
    // The API refuses an operator's deposits and withdrawals; written straight to the database
    // as if the account had made them before it became an operator.
    const deposit = await createManualDeposit(
      t.store.db,
      manualDepositRequest(operatorId, { amountCentavos: 1_000_000, accountName: 'Operator One', imageLink: '/uploads/x.png', now: t.clock.now() }),
    );
    await moneyChange(t.store, (q) => appendEntry(q, { userId: operatorId, amountCentavos: 10_000, kind: 'deposit', description: 'Test funds', at: t.clock.now() }));
    const withdrawal = await moneyChange(t.store, (q) =>
      requestWithdrawal(q, {
        userId: operatorId,
        channel: 'instapay',
        mode: 'GCASH',
        accountName: 'Operator One',
        accountNumber: '0917',
        amountCentavos: 10_000,
        now: t.clock.now(),
      }),
    );
    for (const [kind, id] of [['deposits', deposit.id], ['withdrawals', withdrawal.id]] as const) {
      for (const decision of ['approve', 'reject']) {
        const response = await t.app.inject({ method: 'POST', url: `/operator/${kind}/${id}/${decision}`, headers: operator });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: OWN_REQUEST_TEXT });
      }
    }
    expect((await t.store.db.selectFrom('deposits').select('status').where('id', '=', deposit.id).executeTakeFirstOrThrow()).status).toBe(1);
    expect((await t.store.db.selectFrom('withdrawals').select('status').where('id', '=', withdrawal.id).executeTakeFirstOrThrow()).status).toBe(1);
    expect(await readBalance(t.store.db, operatorId)).toBe(0);
  });
});
