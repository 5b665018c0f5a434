import type { StateCreator } from 'zustand';
import type { Account } from '@suwerte/contracts/account';
import type { SessionState } from './types';

export interface SessionUser {
  name: string;
  role: number | null;
  loggedIn: boolean;
  token: string | null;
  /** Token expiry, seconds since epoch. */
  expToken: number | null;
}

export interface SessionSlice {
  user: SessionUser;
  account: Account | null;
  /** Starts a session for an already verified player token (see `signInWithAccessToken`). */
  startSession: (player: { token: string; username: string; role: number; exp: number }) => void;
  /** Goes on with a new token of the same player (after a password change ended the old one); the account stays. */
  renewToken: (player: { token: string; exp: number }) => void;
  logout: () => void;
  setAccount: (account: Account | null) => void;
}

export const LOGGED_OUT_USER: SessionUser = { name: '', role: null, loggedIn: false, token: null, expToken: null };

export const createSessionSlice: StateCreator<SessionState, [], [], SessionSlice> = (set) => ({
  user: LOGGED_OUT_USER,
  account: null,
  startSession: ({ token, username, role, exp }) =>
    set({ user: { name: username, role, loggedIn: true, token, expToken: exp }, account: null }),
  renewToken: ({ token, exp }) => set((state) => ({ user: { ...state.user, token, expToken: exp } })),
  logout: () => set({ user: LOGGED_OUT_USER, account: null }),
  setAccount: (account) => set({ account }),
});
