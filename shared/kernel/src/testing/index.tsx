import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { AxiosError, CanceledError, type AxiosAdapter, type AxiosProgressEvent, type InternalAxiosRequestConfig } from 'axios';
import { mirrorAccount } from '../api/account-sync';
import { queryClient } from '../api/query';
import type { Account } from '@suwerte/contracts/account';
import { apiClient } from '../api/client';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { setRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { LOGGED_OUT_USER } from '../store/session-slice';
import { sessionStore } from '../store/session-store';
import { suwerteTheme } from '../theme/theme';
import { replaceLeaveSite } from '@suwerte/ui/testing';
import { authEndpoints } from '@suwerte/contracts/account';
export { matchMediaStub } from './match-media';
/** A test's own runtime config (resetSession puts TEST_CONFIG back). */
export { setRuntimeConfig };
export { addedWhile } from './dom-changes';

export const TEST_CONFIG: RuntimeConfig = {
  api: { production: 'http://api.test', test: 'http://api-test.test' },
  socket: { production: 'http://api.test', test: 'http://api-test.test' },
  gameSite: { production: 'http://games.test', test: 'http://games-test.test' },
  imageUpload: { url: 'http://images.test/upload', uploadPreset: 'preset', cloudName: 'cloud' },
  defaultReferralCode: 'SUWERTE',
  analytics: { measurementId: null },
  vitals: { sampleRate: 0.1 },
};

const running: (() => void)[] = [];

/**
 * The account sync as it runs once a session's first `/account/` answer is applied: the
 * store's account in the account query, each answer of that query mirrored into the store (so
 * calls that invalidate it refetch it). Stopped by `resetSession`.
 */
export function syncAccountForTest(): void {
  const { account } = sessionStore.getState();
  if (!account) throw new Error('syncAccountForTest: sign in first (signInForTest)');
  running.push(mirrorAccount(account));
}

/** Puts the shared store back to a logged-out, hydrated state and installs the test config. */
export function resetSession(): void {
  for (const stop of running.splice(0)) stop();
  setRuntimeConfig(TEST_CONFIG);
  sessionStore.setState({
    user: LOGGED_OUT_USER,
    account: null,
    signIn: { open: false, id: 0 },
    mode: 'dark',
    jackpotNotice: true,
    hydrated: true,
  });
}

/** A `GET /account/` answer for tests. */
export function testAccount(overrides: Partial<Account> = {}): Account {
  const username = overrides.username ?? 'demoplayer';
  return {
    _id: '0123456789abcdef01234567',
    username,
    name: username,
    createdAt: '2026-01-02T03:04:05.000Z',
    balance: 5000,
    fullname: 'Juan Dela Cruz',
    contactnumber: '09171234567',
    email: 'juan@example.com',
    ...overrides,
  };
}

/** A session as if the player had signed in. */
export function signInForTest(name = 'demoplayer', balance = 5000): void {
  sessionStore.setState({
    user: { name, role: 420, loggedIn: true, token: 'test-token', expToken: Math.floor(Date.now() / 1000) + 3600 },
    account: testAccount({ username: name, balance }),
    hydrated: true,
  });
}

/**
 * A signed-in test's start: the shared store reset (resetSession), the player signed in
 * (signInForTest, same defaults) and the query cache emptied, so no answer leaks from a test before.
 */
export function startSignedIn(name?: string, balance?: number): void {
  resetSession();
  signInForTest(name, balance);
  queryClient.clear();
}

/** An unsigned JWT with these claims: the browser only decodes tokens (the API verifies them). */
export function fakeAccessToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/**
 * Renders `ui` at `path` inside the site's providers (theme + data router). With `toasts`, the
 * toasts `notify` shows are rendered too, as the host renders them, so a test can read them.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', routes = [], toasts = false }: { path?: string; routes?: RouteObject[]; toasts?: boolean } = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...routes], { initialEntries: [path] });
  if (toasts) notifications.clean();
  const result = render(
    <MantineProvider theme={suwerteTheme} forceColorScheme="dark">
      {toasts && <Notifications position="top-center" />}
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { ...result, router };
}

export interface FakeApiCall {
  method: string;
  url: string;
  /** The query-string parameters the client was given (`callEndpoint`'s `query`). */
  query: Record<string, unknown>;
  body: unknown;
  headers: InternalAxiosRequestConfig['headers'];
  /** The caller's abort signal and upload-progress listener, for tests of long calls. */
  signal?: AbortSignal;
  onUploadProgress?: (event: AxiosProgressEvent) => void;
}

export type FakeApiHandler = (call: FakeApiCall) => { status: number; data: unknown } | Promise<{ status: number; data: unknown }>;

/** A fake answer that never comes: the call ends only when its caller aborts it (as axios does). */
export function untilAborted(call: FakeApiCall): Promise<never> {
  return new Promise<never>((_resolve, reject) => call.signal?.addEventListener('abort', () => reject(new CanceledError())));
}

/**
 * Answers the API client's calls in unit tests (no network). Returns the calls it received.
 * End-to-end tests use the real player API instead.
 */
export function fakeApi(handler: FakeApiHandler): FakeApiCall[] {
  const calls: FakeApiCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const query: Record<string, unknown> = typeof config.params === 'object' && config.params !== null ? { ...(config.params as Record<string, unknown>) } : {};
    const call: FakeApiCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      query,
      body,
      headers: config.headers,
      ...(config.signal instanceof AbortSignal ? { signal: config.signal } : {}),
      ...(config.onUploadProgress ? { onUploadProgress: config.onUploadProgress } : {}),
    };
    calls.push(call);
    const { status, data } = await handler(call);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`HTTP ${status}`, undefined, config, {}, response);
    return response;
  };
  apiClient.defaults.adapter = adapter;
  return calls;
}

/**
 * Records the external game URLs the page would leave for (jsdom cannot navigate away), in
 * order; the setup file puts the real redirect back after each test.
 */
export function captureGameLaunches(): string[] {
  const launches: string[] = [];
  replaceLeaveSite((url) => launches.push(url));
  return launches;
}

/**
 * The launch token the fake API hands out (`POST /game/launch`), with the characters a launch URL
 * must percent-encode, and that encoding.
 */
export const LAUNCH_TOKEN = { raw: 'eyJh.bGci+OiJ/IUzI1=', encoded: 'eyJh.bGci%2BOiJ%2FIUzI1%3D' } as const;

/** A socket ticket the fake API hands out (`POST /karera/ticket`): `ticket-1`, `ticket-2`… in turn. */
export const TICKET_PREFIX = 'ticket-';

/**
 * A fake API handler that answers the session's token calls as the player API does — `POST
 * /game/launch` with LAUNCH_TOKEN, `POST /karera/ticket` with a new ticket each time — and hands
 * every other call to `handler`.
 */
export function withSessionTokens(handler: FakeApiHandler): FakeApiHandler {
  let tickets = 0;
  return (call) => {
    if (call.method === 'POST' && call.url === authEndpoints.gameLaunch.path) return { status: 200, data: { accesstoken: LAUNCH_TOKEN.raw } };
    if (call.method === 'POST' && call.url === authEndpoints.kareraTicket.path) return { status: 200, data: { accesstoken: `${TICKET_PREFIX}${(tickets += 1)}` } };
    return handler(call);
  };
}

/**
 * The launch routes' tests' start: signed in, an empty query cache, a fake API answering the
 * launch token (and nothing else: `fakeApi(withSessionTokens(…))` for more), and the launches
 * recorded (returned, in order).
 */
export function startLaunchTest(): string[] {
  startSignedIn();
  fakeApi(withSessionTokens(() => ({ status: 404, data: { message: 'Not found' } })));
  return captureGameLaunches();
}

export { BEERMEN, GINEBRA, makeBet, makeTransaction, type BetOptions } from '@suwerte/contracts/testing';
