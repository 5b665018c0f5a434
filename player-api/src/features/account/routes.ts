import { UpdatePasswordRequestSchema, UpdateProfileRequestSchema, type MessageResponse, type UpdatePasswordResponse } from '@suwerte/shared/contracts';
import type { Feature } from '../../context';
import { currentUser } from '../../lib/auth';
import { parseBody } from '../../lib/errors';
import { PASSWORD_UPDATED_TEXT, PROFILE_UPDATED_TEXT, changePassword, changeProfile, toAccount } from './service';

export const accountFeature: Feature = {
  name: 'account',
  register(app, ctx) {
    const protectedRoute = { preHandler: ctx.authenticate };

    /** GET /account/ → AccountSchema */
    app.get('/account/', protectedRoute, async (request) => toAccount(currentUser(request)));

    /** PUT /account/update { id, username, password } → { message: 'Password updated', accesstoken } | 403; every other session ends */
    app.put('/account/update', protectedRoute, async (request) => {
      const user = currentUser(request);
      const body = parseBody(UpdatePasswordRequestSchema, request.body);
      const response: UpdatePasswordResponse = { message: PASSWORD_UPDATED_TEXT, accesstoken: await changePassword(ctx, user, body) };
      return response;
    });

    /** PUT /account/update/profile { fullname, contactnumber, email } → { message: 'Profile updated' } */
    app.put('/account/update/profile', protectedRoute, async (request) => {
      const user = currentUser(request);
      changeProfile(ctx, user, parseBody(UpdateProfileRequestSchema, request.body));
      const response: MessageResponse = { message: PROFILE_UPDATED_TEXT };
      return response;
    });
  },
};
