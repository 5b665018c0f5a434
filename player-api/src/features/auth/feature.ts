import { REGISTER_TEXTS } from '@suwerte/shared/contracts';
import { authEndpoints } from '@suwerte/shared/endpoints';
import type { Feature } from '../../context';
import { registerEndpoint } from '../../lib/endpoints';
import { login, register } from './auth';

export const authFeature: Feature = {
  name: 'auth',
  register(app, ctx) {
    /** 401 'Invalid username or password' on a failed login. */
    registerEndpoint(app, ctx, authEndpoints.login, async ({ body }) => ({ accesstoken: await login(ctx, body) }));

    /** 400 'No reffer Found' for an unknown referral, 409 'Username already exists'. */
    registerEndpoint(app, ctx, authEndpoints.register, async ({ body }) => {
      await register(ctx, body);
      return { message: REGISTER_TEXTS.success };
    });
  },
};
