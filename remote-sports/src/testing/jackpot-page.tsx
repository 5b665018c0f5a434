// The jackpot pages' test kit, shared by their test files (split in two so the two Vitest workers
// share their length: docs/decisions/220): a fake player API for a page, and the player's gestures.
import type { BetSet, ScheduledGame } from '@suwerte/contracts/sports';
import { sessionStore, type RouteObject } from '@suwerte/shared';
import { fakeApi, renderWithProviders, startSignedIn, syncAccountForTest, type FakeApiCall } from '@suwerte/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { GrandJackpotPage, MajorJackpotPage, MinorJackpotPage } from '../features/jackpot/JackpotPages';
import { betSet } from './sports-data';

const ROUTES: RouteObject[] = [
  { path: '/Basketball/Grandjackpot/:id', element: <GrandJackpotPage /> },
  { path: '/Basketball/Major/:id', element: <MajorJackpotPage /> },
  { path: '/Basketball/Minor/:id', element: <MinorJackpotPage /> },
];

export interface ServerState {
  game: ScheduledGame | null;
  sets: BetSet[];
  /** What is still available per slot, in pesos (default 300). */
  available?: (slot1: number, slot2: number, quarter: number) => number;
  place?: (call: FakeApiCall) => { status: number; data: unknown };
  update?: (call: FakeApiCall) => { status: number; data: unknown };
}

/** Plays the player API for a jackpot page: the game, the player's sets, the maxima, the bets. */
export function server(state: ServerState) {
  const available = state.available ?? (() => 300);
  return fakeApi((call) => {
    const url = new URL(call.url, 'http://api.test');
    if (call.method === 'GET' && url.pathname.startsWith('/schedule/')) {
      return state.game ? { status: 200, data: state.game } : { status: 404, data: { message: 'Game not found' } };
    }
    if (call.method === 'GET' && url.pathname.startsWith('/bets/game/')) return { status: 200, data: state.sets };
    if (call.method === 'GET' && url.pathname.startsWith('/monitoring/available/ending/')) {
      const [slot1, slot2, quarter] = ['slot1', 'slot2', 'quarter'].map((name) => Number(call.query[name]));
      return { status: 200, data: { slot1, slot2, quarter, max: available(slot1 ?? 0, slot2 ?? 0, quarter ?? 0) } };
    }
    if (call.method === 'POST' && url.pathname.startsWith('/monitoring/available/jackpot/')) {
      const { bets } = call.body as { bets: { slot1: number; slot2: number; quarter: number }[][] };
      return { status: 200, data: bets.map((list) => list.map((slot) => available(slot.slot1, slot.slot2, slot.quarter))) };
    }
    if (call.method === 'GET' && url.pathname.startsWith('/monitoringnew/available/')) {
      return { status: 200, data: Array.from({ length: 10 }, (_, a) => Array.from({ length: 10 }, (_, b) => [1, 2, 3, 4].map((q) => available(a, b, q)))) };
    }
    if (call.method === 'POST' && url.pathname.startsWith('/bet/jackpot/')) return (state.place ?? placed)(call);
    if (call.method === 'PUT' && url.pathname.startsWith('/bet/ending/update/jackpot/')) return (state.update ?? placed)(call);
    if (url.pathname === '/account/') return { status: 200, data: { ...sessionStore.getState().account, balance: 4000 } };
    if (url.pathname === '/jackpot') return { status: 200, data: [{ Minor: 1, Major: 2, Grand: 3 }] };
    return { status: 404, data: { message: `unexpected ${call.method} ${call.url}` } };
  });
}

export function placed(): { status: number; data: unknown } {
  return { status: 201, data: { message: 'Bet Placed Successfully', bet: betSet([[1, 2, 1]], [10, 10]), Balance: 4000 } };
}

export function open(path: string) {
  return renderWithProviders(<p>elsewhere</p>, { path, routes: ROUTES, toasts: true });
}

export async function pickCombination(row: HTMLElement, first: number, second: number) {
  await userEvent.click(within(row).getByRole('button', { name: /combination for/i }));
  const picker = await screen.findByRole('dialog', { name: /combination for/i });
  // The dropdown fades in: its digits are there once it is visible.
  await userEvent.click(within(await within(picker).findByRole('group', { name: 'First digit' })).getByRole('button', { name: String(first) }));
  await userEvent.click(within(within(picker).getByRole('group', { name: 'Second digit' })).getByRole('button', { name: String(second) }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /combination for/i })).toBeNull());
}

export async function typeAmount(row: HTMLElement, amount: string) {
  const input = within(row).getByRole('textbox', { name: /^Amount for/ });
  await userEvent.clear(input);
  if (amount) await userEvent.type(input, amount);
}

export const rows = () => screen.getAllByTestId('jackpot-row');
export const confirm = () => userEvent.click(screen.getByRole('button', { name: 'CONFIRM' }));
export const toast = (text: string) => screen.findByText(text, {}, { timeout: 3000 });

/** Each test's start: a signed-in player whose attendance notice is dismissed for good (it has its own test). */
export function signedInNoticeDismissed(): void {
  startSignedIn();
  syncAccountForTest();
  sessionStore.setState({ jackpotNotice: false });
}
