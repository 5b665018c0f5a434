// Video Karera's client state: the page's own store, in this remote (docs/decisions/153). Area
// state has no business in the kernel's session store, and it is never persisted: a reload starts
// from what the game server says.
import type { KareraPhase, KareraSide } from '@suwerte/contracts/karera';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** The page's socket: connecting (first time), live, or reconnecting after a drop. */
export type KareraConnection = 'connecting' | 'live' | 'reconnecting';

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

export interface KareraActions {
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

/** Builds a store. The page uses exactly one (`kareraStore`); tests build their own. */
export function createKareraStore(): StoreApi<KareraState & KareraActions> {
  return createStore<KareraState & KareraActions>()((set) => ({
    ...INITIAL_KARERA,
    setKarera: (patch) => set(patch),
    resetKarera: () => set(INITIAL_KARERA),
  }));
}

/** The Video Karera page's store: every server event lands here (karera-connection.ts), the pages render it. */
export const kareraStore = createKareraStore();

export function useKarera<T>(selector: (state: KareraState) => T): T {
  return useStore(kareraStore, selector);
}
