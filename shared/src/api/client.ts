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
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  if (isTokenError(error)) sessionStore.getState().logout();
  return Promise.reject(toApiError(error));
});
