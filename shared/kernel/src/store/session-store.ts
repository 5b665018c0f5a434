import { useStore } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionUser } from './session-slice';
import { LOGGED_OUT_USER, createSessionSlice } from './session-slice';
import type { SessionState } from './types';
import { createUiSlice } from './ui-slice';

export const PERSIST_KEY = 'root';
export const PERSIST_VERSION = 1;
export const REHYDRATION_TIMEOUT_MS = 5000;

/**
 * What is persisted: only what must survive a reload (docs/decisions/081) — the session and the
 * jackpot notice's "Don't show this again". Not the sign-in dialog's open flag (it would reopen
 * by itself), not the colour mode (forced to dark at start), not the account (the account query
 * owns it and refetches it; no personal data left in storage). Video Karera's state is not here at all:
 * it lives in remote-karera (docs/decisions/153).
 */
export interface Persisted {
  user: SessionUser;
  jackpotNotice: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isNullable = (value: unknown, check: (v: unknown) => boolean) => value === null || check(value);
const isString = (value: unknown) => typeof value === 'string';
const isNumber = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

function isSessionUser(user: unknown): user is SessionUser {
  return (
    isRecord(user) &&
    isString(user.name) &&
    isNullable(user.role, isNumber) &&
    typeof user.loggedIn === 'boolean' &&
    isNullable(user.token, isString) &&
    isNullable(user.expToken, isNumber)
  );
}

/**
 * Reads a saved state of version 1, in today's shape or the first one (which also held
 * `account`, `signIn` and `mode`): the same version, since the spec fixes `root` at version 1,
 * so this runs on every restore instead of zustand's `migrate` (which only runs on a version
 * change). What is no longer kept is dropped, and the next write stores the clean shape.
 * localStorage is outside our control, so anything malformed is no saved state. A plain guard
 * rather than zod: the store is on the shell's first-paint path (docs/decisions/005).
 */
export function migratePersisted(value: unknown): Persisted | null {
  if (!isRecord(value) || !isSessionUser(value.user)) return null;
  const { name, role, loggedIn, token, expToken } = value.user;
  const jackpotNotice = typeof value.jackpotNotice === 'boolean' ? value.jackpotNotice : true;
  return { user: { name, role, loggedIn, token, expToken }, jackpotNotice };
}

/** Whether `value` is a saved state this version restores (either shape of version 1). */
export function isPersistedState(value: unknown): boolean {
  return migratePersisted(value) !== null;
}

const partialize = (state: SessionState): Persisted => ({
  user: state.user,
  jackpotNotice: state.jackpotNotice,
});

function isExpired(expToken: number | null, nowMs: number): boolean {
  return expToken !== null && expToken * 1000 <= nowMs;
}

function parseSaved(raw: string | null): StorageValue<Persisted> | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as StorageValue<Persisted>;
  } catch {
    return null;
  }
}

/** JSON storage that treats an unreadable saved state as none (zustand would never finish hydrating). */
function safeJsonStorage(getStorage: () => Storage): PersistStorage<Persisted> {
  return {
    getItem: (name) => {
      const raw = getStorage().getItem(name) as string | null | Promise<string | null>;
      return raw instanceof Promise ? raw.then(parseSaved) : parseSaved(raw);
    },
    setItem: (name, value) => getStorage().setItem(name, JSON.stringify(value)),
    removeItem: (name) => getStorage().removeItem(name),
  };
}

/** Builds a store. The site uses exactly one (`sessionStore`); tests build their own. */
export function createSessionStore(storage: () => Storage = () => localStorage): StoreApi<SessionState> {
  // Hydration from localStorage is synchronous and finishes inside createStore, so the
  // rehydration callback writes through the api captured here rather than the return value.
  let storeApi: StoreApi<SessionState> | null = null;
  const store = createStore<SessionState>()(
    persist(
      (set, get, api) => {
        storeApi = api;
        return {
        ...createSessionSlice(set, get, api),
        ...createUiSlice(set, get, api),
        hydrated: false,
        };
      },
      {
        name: PERSIST_KEY,
        version: PERSIST_VERSION,
        storage: safeJsonStorage(storage),
        partialize,
        // Versions before 1 carry nothing we can trust: start logged out.
        migrate: () => ({}) as Persisted,
        merge: (persisted, current) => {
          const restored = migratePersisted(persisted);
          return restored ? { ...current, ...restored } : current;
        },
        onRehydrateStorage: () => (state) => {
          const nowMs = Date.now();
          // The spec forces dark mode at start, and logs out a token that expired while away.
          const expired = state ? isExpired(state.user.expToken, nowMs) : false;
          storeApi?.setState({
            mode: 'dark',
            hydrated: true,
            ...(expired ? { user: LOGGED_OUT_USER, account: null } : {}),
          });
        },
      },
    ),
  );
  return store;
}

declare global {
  var __suwerte: { storeIds: string[] } | undefined;
}

function registerInstance(): void {
  const registry = (globalThis.__suwerte ??= { storeIds: [] });
  registry.storeIds.push(Math.random().toString(36).slice(2));
}

/** The one session store of the page; host and remotes share it through the singleton package. */
export const sessionStore = createSessionStore();
registerInstance();

/** Marks the session as known after the 5000 ms rehydration timeout even if storage never answered. */
export function startRehydrationTimeout(store: StoreApi<SessionState> = sessionStore): () => void {
  const timer = setTimeout(() => {
    if (!store.getState().hydrated) store.setState({ hydrated: true, mode: 'dark' });
  }, REHYDRATION_TIMEOUT_MS);
  return () => clearTimeout(timer);
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export type LoginState = 'undefined' | 'loggedIn' | 'loggedOut';

/** "undefined" until rehydration ends: the header shows a loading element meanwhile. */
export function selectLoginState(state: SessionState): LoginState {
  if (!state.hydrated) return 'undefined';
  return state.user.loggedIn && state.user.token ? 'loggedIn' : 'loggedOut';
}

export const selectToken = (state: SessionState): string | null => state.user.token;
export const selectBalance = (state: SessionState): number | null => state.account?.balance ?? null;

/** Resolves once the session is known (rehydrated, or the rehydration timeout passed). */
export function whenHydrated(store: StoreApi<SessionState> = sessionStore): Promise<void> {
  if (store.getState().hydrated) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((state) => {
      if (!state.hydrated) return;
      unsubscribe();
      resolve();
    });
  });
}
