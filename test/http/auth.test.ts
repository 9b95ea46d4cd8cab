import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { accountIds, call, errorCode, signUp, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

const PASSWORD = 'correct horse battery';

async function countUsers(email: string): Promise<number> {
  const [row] = await harness.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return row?.n ?? 0;
}

describe('sign-up, log-in, log-out, me', () => {
  test('signup answers 201 with a user, live and sandbox books, each with the seeded chart', async () => {
    const email = `ada-${randomUUID()}@example.test`;
    const response = await call(
      harness,
      'POST',
      '/api/v1/auth/signup',
      {},
      {
        email,
        password: PASSWORD,
        name: 'Ada',
        organization_name: 'Ada Ltd',
      },
    );
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json();
    assert.equal(body.user.email, email);
    assert.equal(body.organization.mode, 'live');
    assert.equal(body.organization.role, 'owner');
    assert.equal(body.sandbox.mode, 'sandbox');
    assert.equal(body.sandbox.live_organization_id, body.organization.id);
    assert.match(body.token, /\S{20,}/);
    const headers = { authorization: `Bearer ${body.token}` };
    for (const organizationId of [body.organization.id, body.sandbox.id]) {
      const chart = await accountIds(harness, { ...headers, 'x-organization-id': organizationId });
      for (const number of ['1000', '1010', '1100', '2310', '3000', '6600']) {
        assert.ok(chart[number], `account ${number} seeded in ${organizationId}`);
      }
      const funds = await call(harness, 'GET', `/api/v1/accounts/${chart['1010']}`, {
        ...headers,
        'x-organization-id': organizationId,
      });
      assert.equal(funds.json().name, 'Undeposited Funds');
      assert.equal(funds.json().balance, '0.0000');
    }
  });

  test('signup with an email already registered answers 400 validation_error and adds no user', async () => {
    const books = await signUp(harness);
    const response = await call(
      harness,
      'POST',
      '/api/v1/auth/signup',
      {},
      {
        email: books.email.toUpperCase(),
        password: PASSWORD,
        name: 'Twin',
        organization_name: 'Twin Ltd',
      },
    );
    assert.equal(response.statusCode, 400, response.body);
    assert.equal(errorCode(response), 'validation_error');
    assert.deepEqual(response.json().error.detail, { fields: {} }); // D67: it names no field
    assert.equal(await countUsers(books.email), 1);
  });

  test('concurrent signups with one email: one succeeds, the others answer 400 validation_error', async () => {
    const email = `twin-${randomUUID()}@example.test`;
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        call(
          harness,
          'POST',
          '/api/v1/auth/signup',
          {},
          { email, password: PASSWORD, name: `Twin ${i}`, organization_name: 'Twin Ltd' },
        ),
      ),
    );
    assert.deepEqual(responses.map((response) => response.statusCode).sort(), [201, 400, 400, 400]);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      assert.equal(errorCode(response), 'validation_error');
    }
    assert.equal(await countUsers(email), 1);
  });

  test('login with the right password gives a working session; a wrong one answers 401 authentication_failed', async () => {
    const books = await signUp(harness);
    const good = await call(
      harness,
      'POST',
      '/api/v1/auth/login',
      {},
      { email: books.email, password: PASSWORD },
    );
    assert.equal(good.statusCode, 200, good.body);
    assert.equal(good.json().user.id, books.userId);
    const me = await call(harness, 'GET', '/api/v1/me', { authorization: `Bearer ${good.json().token}` });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().user.email, books.email);

    const bad = await call(
      harness,
      'POST',
      '/api/v1/auth/login',
      {},
      { email: books.email, password: 'wrong password!' },
    );
    assert.equal(bad.statusCode, 401);
    assert.equal(errorCode(bad), 'authentication_failed');
    assert.equal(bad.json().token, undefined);
    const nobody = await call(
      harness,
      'POST',
      '/api/v1/auth/login',
      {},
      { email: `nobody-${randomUUID()}@example.test`, password: PASSWORD },
    );
    assert.equal(nobody.statusCode, 401);
    assert.equal(errorCode(nobody), 'authentication_failed');
  });

  test('me lists the live and sandbox books with the role', async () => {
    const books = await signUp(harness);
    const me = await call(harness, 'GET', '/api/v1/me', { authorization: `Bearer ${books.token}` });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.json().user.id, books.userId);
    const ids = me
      .json()
      .memberships.map((m: { organization_id: string }) => m.organization_id)
      .sort();
    assert.deepEqual(ids, [books.organizationId, books.sandboxId].sort());
    for (const membership of me.json().memberships) assert.equal(membership.role, 'owner');
  });

  test('logout ends the session: the token then answers 401 authentication_failed', async () => {
    const books = await signUp(harness);
    const out = await call(harness, 'POST', '/api/v1/auth/logout', {
      authorization: `Bearer ${books.token}`,
    });
    assert.equal(out.statusCode, 204, out.body);
    const me = await call(harness, 'GET', '/api/v1/me', { authorization: `Bearer ${books.token}` });
    assert.equal(me.statusCode, 401);
    assert.equal(errorCode(me), 'authentication_failed');
    const accounts = await call(harness, 'GET', '/api/v1/accounts', books.headers);
    assert.equal(accounts.statusCode, 401);
    assert.equal(errorCode(accounts), 'authentication_failed');
  });
});

describe('session credentials', () => {
  test('no Authorization header answers 401 not_authenticated', async () => {
    for (const url of ['/api/v1/accounts', '/api/v1/me']) {
      const response = await call(harness, 'GET', url, {});
      assert.equal(response.statusCode, 401, url);
      assert.equal(errorCode(response), 'not_authenticated', url);
      assert.deepEqual(Object.keys(response.json().error).sort(), ['code', 'detail', 'message']);
    }
  });

  test('a garbage Bearer token answers 401 authentication_failed', async () => {
    const books = await signUp(harness);
    const response = await call(harness, 'GET', '/api/v1/accounts', {
      authorization: 'Bearer not-a-session',
      'x-organization-id': books.organizationId,
    });
    assert.equal(response.statusCode, 401);
    assert.equal(errorCode(response), 'authentication_failed');
  });

  test('a session without X-Organization-Id answers 400 validation_error naming the header', async () => {
    const books = await signUp(harness);
    const response = await call(harness, 'GET', '/api/v1/accounts', {
      authorization: `Bearer ${books.token}`,
    });
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['header/x-organization-id']);
    const write = await call(
      harness,
      'POST',
      '/api/v1/accounts',
      { authorization: `Bearer ${books.token}` },
      { number: '1999', name: 'Nope', type: 'asset' },
    );
    assert.equal(errorCode(write), 'validation_error');
    const [row] = await harness.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM accounts WHERE organization_id = $1 AND number = '1999'",
      [books.organizationId],
    );
    assert.equal(row?.n, 0);
  });

  test("X-Organization-Id of someone else's books (or no books at all) answers 404 not_found", async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    for (const organizationId of [other.organizationId, other.sandboxId, randomUUID(), 'nonsense']) {
      const response = await call(harness, 'GET', '/api/v1/accounts', {
        authorization: `Bearer ${books.token}`,
        'x-organization-id': organizationId,
      });
      assert.equal(response.statusCode, 404, organizationId);
      assert.equal(errorCode(response), 'not_found', organizationId);
    }
    const write = await call(
      harness,
      'POST',
      '/api/v1/accounts',
      { authorization: `Bearer ${books.token}`, 'x-organization-id': other.organizationId },
      { number: '1999', name: 'Intruder', type: 'asset' },
    );
    assert.equal(write.statusCode, 404);
    const [row] = await harness.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM accounts WHERE organization_id = $1 AND number = '1999'",
      [other.organizationId],
    );
    assert.equal(row?.n, 0);
  });
});
