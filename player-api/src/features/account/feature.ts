import { accountEndpoints } from '@suwerte/contracts';
import type { Feature } from '../../context';
import { currentSessionId } from '../../lib/auth';
import { registerEndpoint, registerEventStream } from '../../lib/endpoints';
import { watchAccount } from './events';
import { PASSWORD_UPDATED_TEXT, PROFILE_UPDATED_TEXT, changePassword, changeProfile, toAccount } from './account';

export const accountFeature: Feature = {
  name: 'account',
  register(app, ctx) {
    registerEndpoint(app, ctx, accountEndpoints.account, ({ user }) => toAccount(user));

    /** 403 when the id or username is not the caller's own. Every other session ends; the answer carries this one's new token. */
    registerEndpoint(app, ctx, accountEndpoints.updatePassword, async ({ user, body, request }) => ({
      message: PASSWORD_UPDATED_TEXT,
      accesstoken: await changePassword(ctx, user, currentSessionId(request), body),
    }));

    registerEndpoint(app, ctx, accountEndpoints.updateProfile, async ({ user, body }) => {
      await changeProfile(ctx, user, body);
      return { message: PROFILE_UPDATED_TEXT };
    });

    registerEventStream(app, ctx, accountEndpoints.events, ({ user }, send) => watchAccount(ctx, user.id, send, undefined, app.log));
  },
};
