// @suwerte/shared/host — the kernel's entry point for the host alone (and the remotes' standalone dev
// shell, which stands in for it): the providers and theme it renders, the session's start and its
// sync across tabs, the account's one owner (its sync and event stream), the runtime config's
// loading, analytics. The same module instances as the other entry points, but never handed to
// remotes: none of it is theirs to call (docs/decisions/151).
export { Divider, MantineProvider } from '@mantine/core';
export { suwerteTheme } from './theme/theme';
export { RUNTIME_CONFIG_READ, RuntimeConfigSchema, loadRuntimeConfig, setRuntimeConfig, type RuntimeConfigAnswer } from './config/runtime-config';
export {
  PERSIST_VERSION,
  REHYDRATION_TIMEOUT_MS,
  createSessionStore,
  isPersistedState,
  migratePersisted,
  startRehydrationTimeout,
  whenHydrated,
  type Persisted,
} from './store/session-store';
export { syncSessionAcrossTabs } from './store/cross-tab';
export { readPlayerToken, signInWithAccessToken } from './auth/player-token';
export { RENEW_AFTER_SECONDS, keepSessionAlive, signOut, type KeepSessionOptions } from './auth/session-keeper';
export { parseResponse } from './api/errors';
export { loadApiClient } from './api/load-client';
export { ACCOUNT_APPLY_DELAY_MS, startAccountSync, type AccountSyncOptions } from './api/account-sync';
export { STREAM_RETRY_MS, openEventStream, readEventData, type EventStreamOptions } from './api/event-stream';
export { endpointQueryOptions } from './api/query';
export { notificationsRequested, subscribeNotificationsRequested } from './ui/notify';
export { configureAnalytics, setAnalyticsTransport, trackEvent, trackPageView, type AnalyticsTransport } from './analytics/analytics';
