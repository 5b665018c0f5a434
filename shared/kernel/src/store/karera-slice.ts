import type { StateCreator } from 'zustand';
import type { KareraPhase, KareraSide } from '@suwerte/contracts/karera';
import type { SessionState } from './types';

export type { KareraSide } from '@suwerte/contracts/karera';
/** The page's socket: connecting (first time), live, or reconnecting after a drop. */
export type KareraConnection = 'connecting' | 'live' | 'reconnecting';

/** Video Karera client state. Never persisted: a reload starts from what the game server says. */
export interface KareraState {
  /** The player's pending stake on each side in the current round, in pesos. */
  UnoAmount: number;
  DosAmount: number;
  /** Round totals on each side as broadcast by `totalbet`, in pesos. */
  totals: { uno: number; dos: number };
  /** Place Bet is enabled: from startbetting to bettingclose/stopbetting, and again from DeclareWinner (for the next round). */
  bettingOpen: boolean;
  /** Most recent first, 1 or 2, up to 100 rounds. */
  previousWinner: KareraSide[];
  /** The declared winner of the current round (cards flipped), until the next startbetting. */
  winner: KareraSide | null;
  /** The alert on show (one of the spec's texts); hidden after 3 s. */
  alert: string | null;
  /** Bumped with every alert, so the same text shown twice restarts its 3 s. */
  alertSeq: number;
  connection: KareraConnection;
  roundId: string | null;
  phase: KareraPhase | null;
  /** When the current phase ends, on this browser's clock (ms since epoch). */
  phaseEndsAt: number | null;
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
  alertSeq: 0,
  connection: 'connecting',
  roundId: null,
  phase: null,
  phaseEndsAt: null,
};

export const createKareraSlice: StateCreator<SessionState, [], [], KareraSlice> = (set) => ({
  karera: INITIAL_KARERA,
  setKarera: (patch) => set((state) => ({ karera: { ...state.karera, ...patch } })),
  resetKarera: () => set({ karera: INITIAL_KARERA }),
});
