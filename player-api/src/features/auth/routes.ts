import { LoginRequestSchema, REGISTER_TEXTS, RegisterRequestSchema, type LoginResponse, type RegisterResponse } from '@suwerte/shared/contracts';
import type { Feature } from '../../context';
import { parseBody } from '../../lib/errors';
import { login, register } from './service';

export const authFeature: Feature = {
  name: 'auth',
  register(app, ctx) {
    /** POST /player/login → 200 { accesstoken } | 401 { message: 'Invalid username or password' } */
    app.post('/player/login', async (request) => {
      const body = parseBody(LoginRequestSchema, request.body);
      const response: LoginResponse = { accesstoken: await login(ctx, body) };
      return response;
    });

    /** POST /register → 201 { message: 'Registration Successful' } | 400 'No reffer Found' | 409 'Username already exists' */
    app.post('/register', async (request, reply) => {
      const body = parseBody(RegisterRequestSchema, request.body);
      await register(ctx, body);
      const response: RegisterResponse = { message: REGISTER_TEXTS.success };
      return reply.code(201).send(response);
    });
  },
};
