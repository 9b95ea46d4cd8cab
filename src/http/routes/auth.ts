// Internal surface: sign-up, log-in, log-out, me (DECISIONS "Organizations, users, sessions"), and
// the open ends of D94's links: password reset and an invitation's preview.
import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endSessionOfToken, login, logout, me, signup } from '../../app/auth/accounts-of-people.ts';
import { notAuthenticated } from '../../app/auth/authenticate.ts';
import {
  confirmPasswordReset,
  RESET_REQUESTED_MESSAGE,
  requestPasswordReset,
} from '../../app/auth/password-reset.ts';
import { type AuthAttempt, spendAuthAttempt } from '../../app/auth/throttle.ts';
import type { Deps } from '../../app/context.ts';
import { previewInvitation } from '../../app/organizations/invitations.ts';
import { DomainError } from '../../domain/errors.ts';
import { announceLink } from '../link-notice.ts';
import { created, defineRoute, noContent, type Responses, type RouteSpec } from '../route.ts';
import {
  InvitationPreview,
  InvitationToken,
  Login,
  LoginRequest,
  Me,
  PasswordResetConfirm,
  PasswordResetRequest,
  PasswordResetRequested,
  Signup,
  SignupRequest,
} from '../schemas/auth.ts';
import { NoContent } from '../schemas/common.ts';
import { clearSessionCookie, isWebClient, sessionCookieOf, setSessionCookie } from '../session-cookie.ts';
import { publicOrigin } from './paging.ts';

/** D67: one attempt spent per email and per client address; 429 `throttled` carries Retry-After. */
async function throttle(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: AuthAttempt,
  email: string | null,
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
  /**
   * An open POST: one attempt is spent (D67) before `answer` runs, from the buckets of the body's
   * email and of the client address (a `link` names no email: the address only).
   */
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
        const email = kind === 'link' ? null : (request.body as { email: string }).email;
        await throttle(deps, request, reply, kind, email);
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

  // D94: password reset by an emailed one-time link.
  attempt('password_reset', {
    url: '/api/v1/auth/password-reset',
    operationId: 'requestPasswordReset',
    summary: 'Email a one-time link to set a new password (202 whether or not the address is known)',
    body: PasswordResetRequest,
    response: { 202: PasswordResetRequested },
    answer: async (request, reply) => {
      const notice = await requestPasswordReset(deps, request.body.email, publicOrigin(deps, request));
      if (notice) announceLink(deps, request, notice);
      reply.code(202);
      return { message: RESET_REQUESTED_MESSAGE };
    },
  });

  attempt('link', {
    url: '/api/v1/auth/password-reset/confirm',
    operationId: 'confirmPasswordReset',
    summary: "Set a new password with the link's token; every session of the user ends",
    body: PasswordResetConfirm,
    response: { 204: NoContent },
    answer: async (request, reply) => {
      await confirmPasswordReset(deps, request.body.token, request.body.password);
      // This browser's cookie named one of the sessions that just ended.
      if (sessionCookieOf(request)) clearSessionCookie(deps, request, reply);
      return noContent(reply);
    },
  });

  attempt('link', {
    url: '/api/v1/auth/invitation',
    operationId: 'previewInvitation',
    summary: "What an invitation's link offers (books, role, address), before logging in or signing up",
    body: InvitationToken,
    response: { 200: InvitationPreview },
    answer: async (request) => previewInvitation(deps, request.body.token),
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
