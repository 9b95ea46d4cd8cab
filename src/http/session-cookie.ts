// D81: the web app's session lives in an HttpOnly, SameSite=Strict cookie that every tab shares. It is
// set by log-in and sign-up only when the request says `X-Folio-Client: web`, and accepted only on
// requests that say it again: a cross-site form, image or link cannot add a header, and a cross-site
// script that tries needs a CORS preflight this service never grants. API clients are untouched:
// they send `Authorization` (Token or Bearer) and get the session token in the body, as before.
// Parsing and serializing are @fastify/cookie's (registered in app.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../app/context.ts';

export const SESSION_COOKIE = 'folio_session';
/** The header the web app sends on every request (its value is `web`). */
export const CLIENT_HEADER = 'x-folio-client';
/** The cookie goes only to the API: pages and static files never carry the session. */
const COOKIE_PATH = '/api/';

/** The request came from the web app (D81): the only requests that may set or use the cookie. */
export function isWebClient(request: FastifyRequest): boolean {
  return request.headers[CLIENT_HEADER] === 'web';
}

/** The session token the cookie holds, if the request carries one. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[SESSION_COOKIE];
  return value ? value : undefined;
}

/**
 * `Secure` when the app is served over HTTPS: the configured public address (FOLIO_PUBLIC_URL) says
 * https, or this very request arrived over TLS. Behind a TLS-terminating proxy set FOLIO_PUBLIC_URL;
 * the service does not trust X-Forwarded-Proto, which any client may send.
 */
function isSecure(deps: Deps, request: FastifyRequest): boolean {
  return request.protocol === 'https' || deps.config.publicUrl?.toLowerCase().startsWith('https:') === true;
}

function cookieOptions(deps: Deps, request: FastifyRequest) {
  // No Max-Age: a browser session cookie, gone when the browser closes (the session row itself
  // expires after SESSION_LIFETIME_DAYS either way).
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: isSecure(deps, request),
  };
}

export function setSessionCookie(deps: Deps, request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(deps, request));
}

/** Tells the browser to drop the cookie (log out, or a cookie whose session has ended). */
export function clearSessionCookie(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(deps, request));
}
