// @suwerte/shared — the one package host and remotes share as a Module Federation singleton.
// Everything a remote may use from outside its own folder comes through here.

// Runtime config
export {
  SITE_TYPE,
  RuntimeConfigSchema,
  forSiteType,
  getRuntimeConfig,
  loadRuntimeConfig,
  setRuntimeConfig,
  whenRuntimeConfig,
  type RuntimeConfig,
  type SiteType,
} from './config/runtime-config';

// Session store
export {
  PERSIST_KEY,
  PERSIST_VERSION,
  REHYDRATION_TIMEOUT_MS,
  createSessionStore,
  isPersistedState,
  migratePersisted,
  selectBalance,
  selectLoginState,
  selectToken,
  sessionStore,
  startRehydrationTimeout,
  useSession,
  whenHydrated,
  type LoginState,
  type Persisted,
} from './store/session-store';
export { syncSessionAcrossTabs } from './store/cross-tab';
export { LOGGED_OUT_USER, type SessionUser } from './store/session-slice';
export { readPlayerToken, renewSessionToken, signInWithAccessToken, type PlayerToken } from './auth/player-token';
export type { ColorMode } from './store/ui-slice';
export type { SessionState } from './store/types';

// API
export { apiClient } from './api/client';
export { ApiError, CANCELED_TEXT, parseResponse, serverText, toApiError, type ApiErrorKind } from './api/errors';
export { ACCOUNT_APPLY_DELAY_MS, startAccountSync, writeBalance, type AccountSyncOptions } from './api/account-sync';
export { callEndpoint, requestEndpoint, type RawEndpointInput, type TransferOptions } from './api/call-endpoint';
export { STREAM_RETRY_MS, openEventStream, readEventData, type EventStreamOptions } from './api/event-stream';
export {
  endpointQueryOptions,
  getEndpointData,
  invalidateEndpoints,
  queryClient,
  setEndpointData,
  useApiMutation,
  useEndpointMutation,
  useEndpointQuery,
  type EndpointQueryOptions,
  type EndpointVariables,
} from './api/query';

// Analytics
export {
  configureAnalytics,
  setAnalyticsTransport,
  trackEvent,
  trackPageView,
  type AnalyticsTransport,
} from './analytics/analytics';

// Theme and UI
export { suwerteTheme } from './theme/theme';
export * from './ui/mantine';
export * from './ui/router';
export { ALERT_MS, notify, notificationsRequested, subscribeNotificationsRequested, type NotifyOptions } from './ui/notify';
export { useValidatedForm } from './ui/forms';
export { useNow } from './ui/use-now';
