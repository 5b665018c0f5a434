import type { SessionSlice } from './session-slice';
import type { UiSlice } from './ui-slice';

export interface HydrationSlice {
  /** False until persisted state is restored (or the 5000 ms rehydration timeout passes). */
  hydrated: boolean;
}

export type SessionState = SessionSlice & UiSlice & HydrationSlice;
