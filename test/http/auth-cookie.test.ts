// D81: the web app's session is an HttpOnly, SameSite=Strict cookie, set by log-in and sign-up when
// the request says `X-Folio-Client: web`, and accepted only on requests that say it again. API
// clients (Bearer tokens, API keys) are untouched.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { call, errorCode, signUp, startHarness, useHarness } from '../helpers/harness.ts';

const harness = useHarness();
const PASSWORD = 'correct horse battery';
const WEB = { 'x-folio-client': 'web' };

/** The one Set-Cookie of an answer, split into its value and attributes (lower-cased names). */
function sessionCookie(response: LightMyRequestResponse) {
  const header = response.headers['set-cookie'];
  const lines = (Array.isArray(header) ? header : header ? [header] : []).filter((line) =>
    line.startsWith('folio_session='),
  );
  assert.equal(lines.length, 1, `one folio_session cookie: ${JSON.stringify(header)}`);
  const [pair = '', ...attributes] = lines[0]!.split(/;\s*/);
  const value = pair.slice('folio_session='.length);
  const flags = new Map(
    attributes.map((attribute) => {
      const [name = '', rest = ''] = attribute.split('=');
      return [name.toLowerCase(), rest] as const;
    }),
  );
  return { value, flags };
}

async function liveSessions(userId: string): Promise<number> {
  const [row] = await harness.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return row?.n ?? 0;
}

async function webLogin(email: string) {
  const response = await call(harness, 'POST', '/api/v1/auth/login', WEB, { email, password: PASSWORD });
  assert.equal(response.statusCode, 200, response.body);
  return { response, cookie: sessionCookie(response).value };
}

const cookieHeaders = (cookie: string, organizationId?: string) => ({
  ...WEB,
  cookie: `folio_session=${cookie}`,
  ...(organizationId ? { 'x-organization-id': organizationId } : {}),
});

describe('the web app’s session cookie (D81)', () => {
  test('a web log-in sets an HttpOnly, SameSite=Strict cookie on /api/ and answers no token', async () => {
    const books = await signUp(harness);
    const { response, cookie } = await webLogin(books.email);
    const { flags } = sessionCookie(response);
    assert.ok(flags.has('httponly'), 'HttpOnly');
    assert.equal(flags.get('samesite'), 'Strict');
    assert.equal(flags.get('path'), '/api/');
    assert.ok(!flags.has('secure'), 'not Secure over plain HTTP without an https FOLIO_PUBLIC_URL');
    assert.ok(!flags.has('max-age') && !flags.has('expires'), 'a browser-session cookie');
    assert.match(cookie, /^fs_[A-Za-z0-9_-]{40,}$/);
    const body = response.json();
    assert.equal(body.token, undefined, 'page script never sees the token');
    assert.equal(body.user.email, books.email);
    const [stored] = await harness.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND token_hash = encode(sha256(convert_to($2, 'UTF8')), 'hex')",
      [books.userId, cookie],
    );
    assert.equal(stored?.n, 1, 'the cookie names a stored session (by its hash)');
  });

  test('a web sign-up sets the cookie too, and the cookie with the header reaches the new books', async () => {
    const email = `web-${randomUUID()}@example.test`;
    const response = await call(harness, 'POST', '/api/v1/auth/signup', WEB, {
      email,
      password: PASSWORD,
      name: 'Web',
      organization_name: 'Web Ltd',
    });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json();
    assert.equal(body.token, undefined);
    const { value, flags } = sessionCookie(response);
    assert.ok(flags.has('httponly'));
    assert.equal(flags.get('samesite'), 'Strict');
    const me = await call(harness, 'GET', '/api/v1/me', cookieHeaders(value));
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.json().user.email, email);
    const accounts = await call(
      harness,
      'GET',
      '/api/v1/accounts',
      cookieHeaders(value, body.organization.id),
    );
    assert.equal(accounts.statusCode, 200, accounts.body);
  });

  test('API clients keep the token in the body and get no cookie', async () => {
    const books = await signUp(harness);
    const response = await call(
      harness,
      'POST',
      '/api/v1/auth/login',
      {},
      {
        email: books.email,
        password: PASSWORD,
      },
    );
    assert.equal(response.statusCode, 200);
    assert.match(response.json().token, /^fs_/);
    assert.equal(response.headers['set-cookie'], undefined);
  });

  test('the cookie without X-Folio-Client: web answers 401 not_authenticated in the envelope', async () => {
    const books = await signUp(harness);
    const { cookie } = await webLogin(books.email);
    const refused: Record<string, string>[] = [
      { cookie: `folio_session=${cookie}` },
      { cookie: `folio_session=${cookie}`, 'x-folio-client': 'mobile' },
      { cookie: `folio_session=${cookie}`, 'x-organization-id': books.organizationId },
    ];
    for (const headers of refused) {
      const response = await call(harness, 'GET', '/api/v1/accounts', headers);
      assert.equal(response.statusCode, 401, response.body);
      assert.equal(errorCode(response), 'not_authenticated');
      assert.match(response.json().error.message, /X-Folio-Client: web/);
      assert.deepEqual(response.json().error.detail, {});
    }
    assert.equal((await call(harness, 'GET', '/api/v1/me', cookieHeaders(cookie))).statusCode, 200);
  });

  test('the header without a cookie answers 401 not_authenticated', async () => {
    const response = await call(harness, 'GET', '/api/v1/me', WEB);
    assert.equal(response.statusCode, 401);
    assert.equal(errorCode(response), 'not_authenticated');
  });

  test('a cross-site form POST (cookie, form body, no header) cannot write', async () => {
    const books = await signUp(harness);
    const { cookie } = await webLogin(books.email);
    const before = await harness.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customers WHERE organization_id = $1',
      [books.organizationId],
    );
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: {
        cookie: `folio_session=${cookie}`,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: 'display_name=Mallory',
    });
    assert.equal(response.statusCode, 401, response.body);
    assert.equal(errorCode(response), 'not_authenticated');
    const after = await harness.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM customers WHERE organization_id = $1',
      [books.organizationId],
    );
    assert.deepEqual(after, before, 'no customer written');
  });

  test('the cookie with the header works on the books, with the member’s role', async () => {
    const books = await signUp(harness);
    const { cookie } = await webLogin(books.email);
    const created = await call(
      harness,
      'POST',
      '/api/v1/customers',
      cookieHeaders(cookie, books.organizationId),
      {
        display_name: 'Blue Heron Cafe',
      },
    );
    assert.equal(created.statusCode, 201, created.body);
    const missingBooks = await call(harness, 'GET', '/api/v1/accounts', cookieHeaders(cookie));
    assert.equal(missingBooks.statusCode, 400);
    assert.equal(errorCode(missingBooks), 'validation_error');
  });

  test('log out ends the session row and clears the cookie; the old cookie then answers 401', async () => {
    const books = await signUp(harness);
    const { cookie } = await webLogin(books.email);
    const sessions = await liveSessions(books.userId);
    const response = await call(harness, 'POST', '/api/v1/auth/logout', cookieHeaders(cookie));
    assert.equal(response.statusCode, 204, response.body);
    const cleared = sessionCookie(response);
    assert.equal(cleared.value, '');
    assert.equal(cleared.flags.get('path'), '/api/');
    assert.ok(
      cleared.flags.get('max-age') === '0' ||
        new Date(cleared.flags.get('expires') ?? '').getTime() < Date.now(),
      'the cookie is expired',
    );
    assert.equal(await liveSessions(books.userId), sessions - 1);
    const again = await call(harness, 'GET', '/api/v1/me', cookieHeaders(cookie));
    assert.equal(again.statusCode, 401);
    assert.equal(errorCode(again), 'authentication_failed');
    assert.equal(sessionCookie(again).value, '', 'an ended cookie is dropped with the refusal');
  });

  test('a second web log-in in the same browser ends the session its cookie named', async () => {
    const books = await signUp(harness);
    const first = await webLogin(books.email);
    const sessions = await liveSessions(books.userId);
    const second = await call(harness, 'POST', '/api/v1/auth/login', cookieHeaders(first.cookie), {
      email: books.email,
      password: PASSWORD,
    });
    assert.equal(second.statusCode, 200);
    assert.notEqual(sessionCookie(second).value, first.cookie);
    assert.equal(await liveSessions(books.userId), sessions, 'one replaced by one');
    assert.equal((await call(harness, 'GET', '/api/v1/me', cookieHeaders(first.cookie))).statusCode, 401);
  });

  test('Bearer tokens and API keys work as before, with or without the header and a cookie', async () => {
    const books = await signUp(harness);
    const { cookie } = await webLogin(books.email);
    const bearer = await call(harness, 'GET', '/api/v1/accounts', { ...books.headers, ...WEB });
    assert.equal(bearer.statusCode, 200);
    const key = await call(harness, 'POST', '/api/v1/api-keys', books.headers, {
      name: 'sync',
      role: 'viewer',
    });
    assert.equal(key.statusCode, 201, key.body);
    const withKey = await call(harness, 'GET', '/api/v1/accounts', {
      authorization: `Token ${key.json().key}`,
      cookie: `folio_session=${cookie}`,
    });
    assert.equal(withKey.statusCode, 200, 'Authorization wins over a stray cookie');
    // A key on an internal path is still refused, cookie or not.
    const internal = await call(harness, 'GET', '/api/v1/me', {
      authorization: `Token ${key.json().key}`,
      ...cookieHeaders(cookie),
    });
    assert.equal(internal.statusCode, 403);
    assert.equal(errorCode(internal), 'not_part_of_public_api');
  });
});

describe('Secure when served over HTTPS (FOLIO_PUBLIC_URL https)', () => {
  test('the cookie is Secure when the public address is https', async () => {
    const secure = await startHarness({ publicUrl: 'https://books.example.com' }, 5);
    try {
      const books = await signUp(secure);
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: WEB,
        payload: { email: books.email, password: PASSWORD },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.ok(sessionCookie(response).flags.has('secure'));
    } finally {
      await secure.close();
    }
  });
});
