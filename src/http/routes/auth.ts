// Internal surface: sign-up, log-in, log-out, me (DECISIONS "Organizations, users, sessions").
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { login, logout, me, signup } from '../../app/auth/accounts-of-people.ts';
import { type AuthAttempt, spendAuthAttempt } from '../../app/auth/throttle.ts';
import type { Deps } from '../../app/context.ts';
import { DomainError } from '../../domain/errors.ts';
import { defineRoute } from '../route.ts';

const Email = Type.String({ format: 'email', maxLength: 320 });
const User = Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() });
const OrganizationSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mode: Type.String(),
  live_organization_id: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  timezone: Type.String(),
  books_closed_through: Type.Union([Type.String(), Type.Null()]),
  seats: Type.Integer(),
  role: Type.String(),
});

/** D67: one attempt spent per email and per client address; 429 `throttled` carries Retry-After. */
async function throttle(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: AuthAttempt,
  email: string,
) {
  try {
    await spendAuthAttempt(deps, attempt, email, request.ip);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'throttled') {
      reply.header('Retry-After', String(error.detail.retry_after));
    }
    throw error;
  }
}

export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  defineRoute(app, deps, {
    method: 'POST',
    url: '/api/v1/auth/signup',
    summary: 'Sign up: a user, live books and sandbox books',
    tag: 'internal',
    published: false,
    auth: 'none',
    body: Type.Object({
      email: Email,
      password: Type.String({ minLength: 1, maxLength: 200 }),
      name: Type.String({ minLength: 1, maxLength: 200 }),
      organization_name: Type.String({ minLength: 1, maxLength: 200 }),
      currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$' })),
    }),
    response: {
      201: Type.Object({
        user: User,
        organization: OrganizationSummary,
        sandbox: OrganizationSummary,
        token: Type.String(),
      }),
    },
    handler: async (request, reply) => {
      await throttle(deps, request, reply, 'signup', request.body.email);
      return reply.code(201).send(await signup(deps, request.body));
    },
  });

  defineRoute(app, deps, {
    method: 'POST',
    url: '/api/v1/auth/login',
    summary: 'Log in with email and password',
    tag: 'internal',
    published: false,
    auth: 'none',
    body: Type.Object({ email: Type.String({ minLength: 1 }), password: Type.String({ minLength: 1 }) }),
    response: { 200: Type.Object({ token: Type.String(), user: User }) },
    handler: async (request, reply) => {
      await throttle(deps, request, reply, 'login', request.body.email);
      return login(deps, request.body.email, request.body.password);
    },
  });

  defineRoute(app, deps, {
    method: 'POST',
    url: '/api/v1/auth/logout',
    summary: 'End the current session',
    tag: 'internal',
    published: false,
    auth: 'session',
    response: { 204: Type.Null() },
    handler: async (request, reply) => {
      await logout(deps, request.sessionUser!.sessionId);
      return reply.code(204).send();
    },
  });

  defineRoute(app, deps, {
    method: 'GET',
    url: '/api/v1/me',
    summary: 'The signed-in user and the books they reach',
    tag: 'internal',
    published: false,
    auth: 'session',
    response: {
      200: Type.Object({
        user: User,
        memberships: Type.Array(
          Type.Object({
            organization_id: Type.String(),
            name: Type.String(),
            mode: Type.String(),
            role: Type.String(),
            live_organization_id: Type.Union([Type.String(), Type.Null()]),
          }),
        ),
      }),
    },
    handler: async (request) => me(deps, request.sessionUser!.userId),
  });
}
