// Internal surface: sign-up, log-in, log-out, me (DECISIONS "Organizations, users, sessions").
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endSessionOfToken, login, logout, me, signup } from '../../app/auth/accounts-of-people.ts';
import { notAuthenticated } from '../../app/auth/authenticate.ts';
import { type AuthAttempt, spendAuthAttempt } from '../../app/auth/throttle.ts';
import type { Deps } from '../../app/context.ts';
import { DomainError } from '../../domain/errors.ts';
import { created, defineRoute, noContent, type Responses, type RouteSpec } from '../route.ts';
import { Login, LoginRequest, Me, Signup, SignupRequest } from '../schemas/auth.ts';
import { NoContent } from '../schemas/common.ts';
import { clearSessionCookie, isWebClient, sessionCookieOf, setSessionCookie } from '../session-cookie.ts';

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

/**
 * D81: the web app (X-Folio-Client: web) gets its session as an HttpOnly cookie and no token in the
 * body, so no page script ever holds it; the session a cookie already named ends (one per browser).
 * Every other client gets the token in the body, as before.
 */
async function handOver<T extends { token: string }>(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  result: T,
): Promise<Omit<T, 'token'> & { token?: string }> {
  if (!isWebClient(request)) return result;
  const previous = sessionCookieOf(request);
  if (previous) await endSessionOfToken(deps, previous);
  setSessionCookie(deps, request, reply, result.token);
  const { token: _inCookie, ...answer } = result;
  return answer;
}

export function registerAuthRoutes(app: FastifyInstance, deps: Deps) {
  /** An open POST whose body names an email: one attempt is spent (D67) before `answer` runs. */
  function attempt<B extends TSchema, R extends Responses, V>(
    kind: AuthAttempt,
    spec: Pick<
      RouteSpec<B, TSchema, TSchema, R, V>,
      'url' | 'operationId' | 'summary' | 'body' | 'response'
    > & {
      answer: RouteSpec<B, TSchema, TSchema, R, V>['handler'];
    },
  ) {
    const { answer, ...declared } = spec;
    defineRoute(app, deps, {
      method: 'POST',
      tag: 'internal',
      published: false,
      auth: 'none',
      ...declared,
      handler: async (request, reply) => {
        await throttle(deps, request, reply, kind, (request.body as { email: string }).email);
        return answer(request, reply);
      },
    });
  }

  attempt('signup', {
    url: '/api/v1/auth/signup',
    operationId: 'signUp',
    summary: 'Sign up: a user, live books and sandbox books',
    body: SignupRequest,
    response: { 201: Signup },
    answer: async (request, reply) =>
      created(reply, await handOver(deps, request, reply, await signup(deps, request.body))),
  });

  attempt('login', {
    url: '/api/v1/auth/login',
    operationId: 'logIn',
    summary: 'Log in with email and password',
    body: LoginRequest,
    response: { 200: Login },
    answer: async (request, reply) =>
      handOver(deps, request, reply, await login(deps, request.body.email, request.body.password)),
  });

  defineRoute(app, deps, {
    method: 'POST',
    url: '/api/v1/auth/logout',
    operationId: 'logOut',
    summary: "End the current session (and drop the web app's cookie)",
    tag: 'internal',
    published: false,
    auth: 'session',
    response: { 204: NoContent },
    handler: async (request, reply) => {
      await logout(deps, request.sessionUser!.sessionId);
      if (sessionCookieOf(request)) clearSessionCookie(deps, request, reply);
      return noContent(reply);
    },
  });

  defineRoute(app, deps, {
    method: 'GET',
    url: '/api/v1/me',
    operationId: 'readMe',
    summary: 'The signed-in user and the books they reach',
    tag: 'internal',
    published: false,
    auth: 'session',
    response: { 200: Me },
    handler: async (request) => {
      const { user, memberships } = await me(deps, request.sessionUser!.userId);
      if (!user) throw notAuthenticated(); // the session outlived its user
      return { user, memberships };
    },
  });
}
