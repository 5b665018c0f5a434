import type { StateCreator } from 'zustand';
import type { SessionState } from './types';

/** 1 = UNO, 2 = DOS (document 2, E-Karera encoding). */
export type KareraSide = 1 | 2;
export type KareraConnection = 'connecting' | 'live' | 'reconnecting';

/** Video Karera client state. Never persisted: a reload starts from what the game server says. */
export interface KareraState {
  /** The player's pending stake on each side in the current round. */
  UnoAmount: number;
  DosAmount: number;
  /** Round totals on each side as broadcast by `totalbet`. */
  totals: { uno: number; dos: number };
  bettingOpen: boolean;
  /** Most recent first, 1 or 2, up to 100 rounds. */
  previousWinner: KareraSide[];
  winner: KareraSide | null;
  alert: string | null;
  connection: KareraConnection;
}

export interface KareraSlice {
  karera: KareraState;
  setKarera: (patch: Partial<KareraState>) => void;
  resetKarera: () => void;
}

export const INITIAL_KARERA: KareraState = {
  UnoAmount: 0,
  DosAmount: 0,
  totals: { uno: 0, dos: 0 },
  bettingOpen: false,
  previousWinner: [],
  winner: null,
  alert: null,
  connection: 'connecting',
};

export const createKareraSlice: StateCreator<SessionState, [], [], KareraSlice> = (set) => ({
  karera: INITIAL_KARERA,
  setKarera: (patch) => set((state) => ({ karera: { ...state.karera, ...patch } })),
  resetKarera: () => set({ karera: INITIAL_KARERA }),
});
