import axios from 'axios';
import { forSiteType, whenRuntimeConfig } from '../config/runtime-config';
import { sessionStore } from '../store/session-store';
import { isTokenError, toApiError } from './errors';

/**
 * The one axios instance of the site. Base URL from the runtime config (site type fixed to
 * production), bearer header from the session store, logout on 'ERROR VERIFYING TOKEN'.
 */
export const apiClient = axios.create({ timeout: 15_000 });

apiClient.interceptors.request.use(async (request) => {
  const config = await whenRuntimeConfig();
  request.baseURL = forSiteType(config.api);
  const token = sessionStore.getState().user.token;
  // An absolute URL elsewhere (an outside image host) never gets the player's token.
  if (token && isOnApi(request.url ?? '', request.baseURL)) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

/** Whether `url` (a path on the API, or an absolute URL) goes to the API's own origin. */
export function isOnApi(url: string, api: string): boolean {
  if (!URL.canParse(url)) return true;
  return URL.canParse(api) && new URL(url).origin === new URL(api).origin;
}

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  if (isTokenError(error)) sessionStore.getState().logout();
  return Promise.reject(toApiError(error));
});
