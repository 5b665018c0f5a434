// @suwerte/shared — the one package host and remotes share as a Module Federation singleton.
// Everything a remote may use from outside its own folder comes through here.

// Contracts (zod schemas + types), the endpoint table, validation and formatting
export * from './contracts/index';
export * from './endpoints/index';
export * from './validation/forms';
export { formatCentavos, formatPeso, fromCentavos, toCentavos } from './money/money';
export { formatDateTime } from './format/date';
export * from './results/bet-results';

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
export { RENEW_AFTER_SECONDS, keepSessionAlive, signOut } from './auth/session-keeper';
export type { ColorMode } from './store/ui-slice';
export { INITIAL_KARERA, type KareraConnection, type KareraSide, type KareraState } from './store/karera-slice';
export type { SessionState } from './store/types';

// API
export { apiClient } from './api/client';
export { ApiError, CANCELED_TEXT, parseResponse, serverText, type ApiErrorKind } from './api/errors';
export { registerFailureText, registerPlayer } from './api/auth';
export { ACCOUNT_APPLY_DELAY_MS, startAccountSync, writeBalance, type AccountSyncOptions } from './api/account-sync';
export { callEndpoint, type TransferOptions } from './api/call-endpoint';
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
export * from './api/game-launch';
export { storedProofName, uploadProofImage } from './api/uploads';
export * from './api/karera';

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
export * from './ui/icons';
export * from './ui/more-icons';
export { ALERT_MS, notify, notificationsRequested, subscribeNotificationsRequested, type NotifyOptions } from './ui/notify';
export { useValidatedForm } from './ui/forms';
export { useNow } from './ui/use-now';
export { plainGroup, plainStack, plainText, type SpacingName } from './ui/plain-styles';
export { ComingSoon, type ComingSoonProps } from './ui/components/ComingSoon';
export { StatusText, type StatusTextProps } from './ui/components/StatusText';
export { LoadFailedLine, type LoadFailedLineProps } from './ui/components/LoadFailedLine';
export { PageTitle, type PageTitleProps } from './ui/components/PageTitle';
export { GameLaunch, LAUNCH_FAILED_TEXT, UnknownGame, type GameLaunchProps, type UnknownGameProps } from './ui/launch/GameLaunch';
export { leaveSiteFor } from './ui/launch/leave-site';
