// @suwerte/shared — the runtime kernel's main entry point. The kernel holds only what must be one
// copy in the page (a React context, a module-level instance, a subscription): the session store,
// the runtime config, the API client and the query client, notifications, the theme, the router and
// Mantine. The host hands each of its entry points to remotes as a Module Federation singleton; what
// only the host does with them (providers, the account's sync, cross-tab sync, analytics) is
// @suwerte/shared/host. Everything else a remote uses is a build-time library bundled into it
// (docs/decisions/150, 151).
// The styles of the components this entry point exports come with its chunk (docs/decisions/223).
import './styles/kernel.css';

// Runtime config
export { SITE_TYPE, forSiteType, getRuntimeConfig, whenRuntimeConfig, type RuntimeConfig, type SiteType } from './config/runtime-config';

// Session store
export { PERSIST_KEY, selectBalance, selectLoginState, selectToken, sessionStore, useSession, type LoginState } from './store/session-store';
export { LOGGED_OUT_USER, type SessionUser } from './store/session-slice';
export { renewSessionToken, type PlayerToken } from './auth/player-token';
export type { ColorMode } from './store/ui-slice';
export type { SessionState } from './store/types';

// API
export { ApiError, CANCELED_TEXT, serverText, toApiError, type ApiErrorKind } from './api/errors';
export { writeBalance } from './api/balance';
export { callEndpoint, requestEndpoint, type RawEndpointInput, type TransferOptions } from './api/call-endpoint';
export {
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

// UI
export * from './ui/mantine';
export * from './ui/router';
export { ALERT_MS, notify, type NotifyOptions } from './ui/notify';
export { useNow } from './ui/use-now';
