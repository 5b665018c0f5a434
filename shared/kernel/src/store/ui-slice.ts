import type { StateCreator } from 'zustand';
import type { SessionState } from './types';

export type ColorMode = 'dark' | 'light';

export interface UiSlice {
  signIn: { open: boolean; id: number };
  mode: ColorMode;
  /** Whether the jackpot attendance notice is still shown (its "Don't show this again" clears it). */
  jackpotNotice: boolean;
  openSignIn: (id?: number) => void;
  closeSignIn: () => void;
  toggleMode: () => void;
  setJackpotNotice: (show: boolean) => void;
}

export const createUiSlice: StateCreator<SessionState, [], [], UiSlice> = (set) => ({
  signIn: { open: false, id: 0 },
  mode: 'dark',
  jackpotNotice: true,
  openSignIn: (id = 0) => set({ signIn: { open: true, id } }),
  closeSignIn: () => set((state) => ({ signIn: { ...state.signIn, open: false } })),
  toggleMode: () => set((state) => ({ mode: state.mode === 'dark' ? 'light' : 'dark' })),
  setJackpotNotice: (show) => set({ jackpotNotice: show }),
});
