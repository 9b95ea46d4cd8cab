import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  addMember,
  call,
  countRows,
  createKey,
  errorCode,
  type Headers,
  signUp,
  startHarness,
  today,
  useHarness,
} from '../helpers/harness.ts';
import { balancedEntry } from '../helpers/ledger.ts';

const harness = useHarness();

const DAY_MS = 86_400_000;

describe('creating and listing keys', () => {
  test('owners and admins create keys; the value is shown once and never listed', async () => {
    const books = await signUp(harness);
    const owner = await call(harness, 'POST', '/api/v1/api-keys', books.headers, {
      name: 'integration',
      role: 'accountant',
    });
    assert.equal(owner.statusCode, 201, owner.body);
    assert.match(owner.json().key, /^svc_live_[0-9A-Za-z]{44}$/);
    assert.equal(owner.json().status, 'active');
    assert.equal(owner.json().mode, 'live');
    assert.ok(!owner.json().prefix.includes(owner.json().key));
    const expires = Date.parse(owner.json().expires_at);
    assert.ok(Math.abs(expires - (Date.now() + 90 * DAY_MS)) < 60_000, 'default lifetime is 90 days');

    const admin = await addMember(harness, books, 'admin');
    const byAdmin = await call(harness, 'POST', '/api/v1/api-keys', admin.headers, {
      name: 'admin key',
      role: 'viewer',
    });
    assert.equal(byAdmin.statusCode, 201, byAdmin.body);
    assert.equal(byAdmin.json().created_by, admin.userId);

    const list = await call(harness, 'GET', '/api/v1/api-keys', books.headers);
    assert.equal(list.statusCode, 200);
    assert.equal(list.json().results.length, 2);
    for (const key of list.json().results) {
      assert.equal(key.key, undefined);
      assert.ok(!list.body.includes(owner.json().key));
      assert.ok(!list.body.includes(byAdmin.json().key));
    }
  });

  test('accountant, sales and viewer members cannot manage keys: 403 permission_denied, nothing written', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books);
    for (const role of ['accountant', 'sales', 'viewer']) {
      const member = await addMember(harness, books, role);
      const create = await call(harness, 'POST', '/api/v1/api-keys', member.headers, {
        name: 'mine',
        role: 'viewer',
      });
      assert.equal(create.statusCode, 403, role);
      assert.equal(errorCode(create), 'permission_denied', role);
      const list = await call(harness, 'GET', '/api/v1/api-keys', member.headers);
      assert.equal(errorCode(list), 'permission_denied', role);
      const revoke = await call(harness, 'POST', `/api/v1/api-keys/${key.id}/revoke`, member.headers);
      assert.equal(errorCode(revoke), 'permission_denied', role);
      const rotate = await call(harness, 'POST', `/api/v1/api-keys/${key.id}/rotate`, member.headers);
      assert.equal(errorCode(rotate), 'permission_denied', role);
    }
    assert.equal(await countRows(harness, 'api_keys', books.organizationId), 1);
    assert.equal((await call(harness, 'GET', '/api/v1/accounts', key.headers)).statusCode, 200);
  });

  test('a role above accountant is refused with 400 validation_error', async () => {
    const books = await signUp(harness);
    for (const role of ['admin', 'owner', 'superuser']) {
      const response = await call(harness, 'POST', '/api/v1/api-keys', books.headers, { name: 'x', role });
      assert.equal(response.statusCode, 400, role);
      assert.equal(errorCode(response), 'validation_error', role);
      assert.ok(response.json().error.detail.fields.role, role);
    }
    assert.equal(await countRows(harness, 'api_keys', books.organizationId), 0);
  });

  test('expires_at more than one year ahead (or in the past) is refused; within a year it is kept', async () => {
    const books = await signUp(harness);
    for (const expiresAt of [
      new Date(Date.now() + 367 * DAY_MS).toISOString(),
      new Date(Date.now() - DAY_MS).toISOString(),
      'tomorrow',
    ]) {
      const response = await call(harness, 'POST', '/api/v1/api-keys', books.headers, {
        name: 'long',
        role: 'viewer',
        expires_at: expiresAt,
      });
      assert.equal(response.statusCode, 400, expiresAt);
      assert.equal(errorCode(response), 'validation_error', expiresAt);
      assert.ok(response.json().error.detail.fields.expires_at, expiresAt);
    }
    assert.equal(await countRows(harness, 'api_keys', books.organizationId), 0);
    const inAYear = new Date(Date.now() + 300 * DAY_MS).toISOString();
    const ok = await call(harness, 'POST', '/api/v1/api-keys', books.headers, {
      name: 'yearly',
      role: 'viewer',
      expires_at: inAYear,
    });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().expires_at, inAYear);
  });
});

describe('presenting keys', () => {
  test('the Token scheme works; the same key sent as Bearer answers 401', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books);
    const token = await call(harness, 'GET', '/api/v1/accounts', key.headers);
    assert.equal(token.statusCode, 200);
    assert.equal(token.json().results.length > 30, true);
    const bearer = await call(harness, 'GET', '/api/v1/accounts', { authorization: `Bearer ${key.key}` });
    assert.equal(bearer.statusCode, 401);
    assert.equal(errorCode(bearer), 'authentication_failed');
    const basic = await call(harness, 'GET', '/api/v1/accounts', { authorization: `Basic ${key.key}` });
    assert.equal(basic.statusCode, 401);
  });

  test('a revoked key answers 401 authentication_failed with an empty detail', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books);
    const revoke = await call(harness, 'POST', `/api/v1/api-keys/${key.id}/revoke`, books.headers);
    assert.equal(revoke.statusCode, 200, revoke.body);
    assert.equal(revoke.json().status, 'revoked');
    const response = await call(
      harness,
      'POST',
      '/api/v1/journal-entries',
      key.headers,
      balancedEntry(books),
    );
    assert.equal(response.statusCode, 401);
    assert.equal(errorCode(response), 'authentication_failed');
    assert.deepEqual(response.json().error.detail, {});
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
  });

  test('an expired key answers 401 authentication_failed and is listed as expired', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books);
    await harness.db.query(
      "UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE organization_id = $1 AND id = $2",
      [books.organizationId, key.id],
    );
    const response = await call(harness, 'GET', '/api/v1/accounts', key.headers);
    assert.equal(response.statusCode, 401);
    assert.equal(errorCode(response), 'authentication_failed');
    assert.deepEqual(response.json().error.detail, {});
    const list = await call(harness, 'GET', '/api/v1/api-keys', books.headers);
    assert.equal(list.json().results[0].status, 'expired');
  });

  test('a garbage key or a malformed checksum answers 401 authentication_failed', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books);
    const tampered = `${key.key.slice(0, -1)}${key.key.endsWith('a') ? 'b' : 'a'}`;
    for (const value of ['nonsense', 'svc_live_short', tampered]) {
      const response = await call(harness, 'GET', '/api/v1/accounts', { authorization: `Token ${value}` });
      assert.equal(response.statusCode, 401, value);
      assert.equal(errorCode(response), 'authentication_failed', value);
      assert.deepEqual(response.json().error.detail, {});
    }
  });

  test('a svc_test_ key works on the sandbox; a live key re-prefixed svc_test_ answers 401', async () => {
    const books = await signUp(harness);
    const sandboxKey = await createKey(harness, books, 'accountant', true);
    assert.match(sandboxKey.key, /^svc_test_/);
    const sandboxAccounts = await call(harness, 'GET', '/api/v1/accounts', sandboxKey.headers);
    assert.equal(sandboxAccounts.statusCode, 200);
    const sandboxCash = sandboxAccounts.json().results.find((a: { number: string }) => a.number === '1000');
    assert.notEqual(sandboxCash.id, books.accounts['1000']);
    const entry = await call(harness, 'POST', '/api/v1/journal-entries', sandboxKey.headers, {
      txn_date: today,
      lines: [
        { account: sandboxCash.id, debit: '5.00' },
        {
          account: sandboxAccounts.json().results.find((a: { number: string }) => a.number === '3000').id,
          credit: '5.00',
        },
      ],
    });
    assert.equal(entry.statusCode, 201, entry.body);
    assert.equal(await countRows(harness, 'journal_entries', books.sandboxId), 1);
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);

    const liveKey = await createKey(harness, books);
    const edited = `svc_test_${liveKey.key.slice('svc_live_'.length)}`;
    const response = await call(harness, 'GET', '/api/v1/accounts', { authorization: `Token ${edited}` });
    assert.equal(response.statusCode, 401);
    assert.equal(errorCode(response), 'authentication_failed');
  });

  test('a key on an internal or nonexistent /api/v1 path answers 403 not_part_of_public_api', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books);
    for (const [method, url] of [
      ['GET', '/api/v1/me'],
      ['GET', '/api/v1/api-keys'],
      ['POST', '/api/v1/api-keys'],
      ['GET', '/api/v1/members'],
      ['POST', '/api/v1/members'],
      ['GET', '/api/v1/organization'],
      ['POST', '/api/v1/periods/close'],
      ['GET', '/api/v1/whatever'],
      ['DELETE', '/api/v1/whatever/123'],
    ] as const) {
      const response = await call(
        harness,
        method,
        url,
        key.headers,
        method === 'POST' ? { name: 'k', role: 'viewer' } : undefined,
      );
      assert.equal(response.statusCode, 403, `${method} ${url}`);
      assert.equal(errorCode(response), 'not_part_of_public_api', `${method} ${url}`);
    }
    assert.equal(await countRows(harness, 'api_keys', books.organizationId), 1);
  });

  test('a session on a nonexistent path answers 404 not_found', async () => {
    const books = await signUp(harness);
    const response = await call(harness, 'GET', '/api/v1/whatever', books.headers);
    assert.equal(response.statusCode, 404);
    assert.equal(errorCode(response), 'not_found');
  });

  test('a key on a published path with a method it lacks answers 405 method_not_allowed', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books);
    const response = await call(harness, 'DELETE', '/api/v1/accounts', key.headers);
    assert.equal(response.statusCode, 405);
    assert.equal(errorCode(response), 'method_not_allowed');
    assert.match(String(response.headers.allow), /GET/);
    assert.equal((await countRows(harness, 'accounts', books.organizationId)) > 30, true);
  });
});

describe('effective authority', () => {
  test('demoting the creator narrows the key at once: it reads, but cannot write journal entries', async () => {
    const books = await signUp(harness);
    const admin = await addMember(harness, books, 'admin');
    const made = await call(harness, 'POST', '/api/v1/api-keys', admin.headers, {
      name: 'accountant key',
      role: 'accountant',
    });
    const key = { authorization: `Token ${made.json().key}` };
    const before = await call(harness, 'POST', '/api/v1/journal-entries', key, balancedEntry(books));
    assert.equal(before.statusCode, 201, before.body);

    const demote = await call(harness, 'PATCH', `/api/v1/members/${admin.userId}`, books.headers, {
      role: 'viewer',
    });
    assert.equal(demote.statusCode, 200, demote.body);
    assert.equal((await call(harness, 'GET', '/api/v1/journal-entries', key)).statusCode, 200);
    const write = await call(harness, 'POST', '/api/v1/journal-entries', key, balancedEntry(books));
    assert.equal(write.statusCode, 403);
    assert.equal(errorCode(write), 'permission_denied');
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 1);
  });

  test("removing the key's creator ends the key for good: 401, listed revoked, not revived by re-adding", async () => {
    const books = await signUp(harness);
    const person = await signUp(harness);
    const add = () =>
      call(harness, 'POST', '/api/v1/members', books.headers, { email: person.email, role: 'admin' });
    assert.equal((await add()).statusCode, 201);
    const theirs = { authorization: `Bearer ${person.token}` };
    const keys: { id: string; headers: Headers }[] = [];
    for (const organizationId of [books.organizationId, books.sandboxId]) {
      const made = await call(
        harness,
        'POST',
        '/api/v1/api-keys',
        { ...theirs, 'x-organization-id': organizationId },
        { name: 'k', role: 'viewer' },
      );
      assert.equal(made.statusCode, 201, made.body);
      keys.push({ id: made.json().id as string, headers: { authorization: `Token ${made.json().key}` } });
    }
    for (const key of keys)
      assert.equal((await call(harness, 'GET', '/api/v1/accounts', key.headers)).statusCode, 200);

    const removed = await call(harness, 'DELETE', `/api/v1/members/${person.userId}`, books.headers);
    assert.equal(removed.statusCode, 204, removed.body);
    for (const key of keys) {
      const response = await call(harness, 'GET', '/api/v1/accounts', key.headers);
      assert.equal(response.statusCode, 401);
      assert.equal(errorCode(response), 'authentication_failed');
      assert.deepEqual(response.json().error.detail, {});
    }
    const listed = await call(harness, 'GET', '/api/v1/api-keys', books.headers);
    assert.equal(listed.json().results.find((k: { id: string }) => k.id === keys[0]!.id).status, 'revoked');

    assert.equal((await add()).statusCode, 201);
    for (const key of keys) {
      const response = await call(harness, 'GET', '/api/v1/accounts', key.headers);
      assert.equal(response.statusCode, 401, 'the key stays ended');
    }
  });

  test('a sales key is refused journal entries with 403 permission_denied', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books, 'sales');
    const list = await call(harness, 'GET', '/api/v1/journal-entries', key.headers);
    assert.equal(list.statusCode, 403);
    assert.equal(errorCode(list), 'permission_denied');
    const write = await call(harness, 'POST', '/api/v1/journal-entries', key.headers, balancedEntry(books));
    assert.equal(errorCode(write), 'permission_denied');
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
    assert.equal((await call(harness, 'GET', '/api/v1/accounts', key.headers)).statusCode, 200);
  });

  test('a viewer key reads but cannot write: 403 permission_denied, nothing written', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books, 'viewer');
    const write = await call(harness, 'POST', '/api/v1/accounts', key.headers, {
      number: '1999',
      name: 'Nope',
      type: 'asset',
    });
    assert.equal(write.statusCode, 403);
    assert.equal(errorCode(write), 'permission_denied');
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });
});

describe('authority is the intersection, re-evaluated on every request (D14)', () => {
  test('a viewer key of a creator demoted to sales can do only what both allow, and regains it on promotion', async () => {
    const books = await signUp(harness);
    const admin = await addMember(harness, books, 'admin');
    const made = await call(harness, 'POST', '/api/v1/api-keys', admin.headers, {
      name: 'v',
      role: 'viewer',
    });
    const key = { authorization: `Token ${made.json().key}` };
    const cursor = (await call(harness, 'GET', '/api/v1/changes', key)).json().cursor;
    await call(harness, 'POST', '/api/v1/journal-entries', books.headers, balancedEntry(books));
    const customer = { display_name: 'Heron', payment_terms: 'net_30' };

    const demote = await call(harness, 'PATCH', `/api/v1/members/${admin.userId}`, books.headers, {
      role: 'sales',
    });
    assert.equal(demote.statusCode, 200, demote.body);
    // Both roles read customers; sales cannot read journal entries; viewer cannot write customers.
    assert.equal((await call(harness, 'GET', '/api/v1/customers', key)).statusCode, 200);
    const journal = await call(harness, 'GET', '/api/v1/journal-entries', key);
    assert.equal(journal.statusCode, 403);
    assert.equal(errorCode(journal), 'permission_denied');
    const write = await call(harness, 'POST', '/api/v1/customers', key, customer);
    assert.equal(write.statusCode, 403);
    assert.equal(errorCode(write), 'permission_denied');
    assert.equal(await countRows(harness, 'customers', books.organizationId), 0);
    const feed = await call(harness, 'GET', `/api/v1/changes?cursor=${cursor}`, key);
    assert.deepEqual(feed.json().changes, [], 'no journal_entry records while the creator is sales');

    const promote = await call(harness, 'PATCH', `/api/v1/members/${admin.userId}`, books.headers, {
      role: 'admin',
    });
    assert.equal(promote.statusCode, 200, promote.body);
    assert.equal((await call(harness, 'GET', '/api/v1/journal-entries', key)).statusCode, 200);
    const again = await call(harness, 'GET', `/api/v1/changes?cursor=${cursor}`, key);
    assert.deepEqual(
      again.json().changes.map((change: { entity_type: string }) => change.entity_type),
      ['journal_entry'],
    );
    assert.equal(
      errorCode(await call(harness, 'POST', '/api/v1/customers', key, customer)),
      'permission_denied',
    );
  });
});

/** Every (method, path) the app serves under /api/v1/, read from the router's tree. */
function servedRoutes(): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of harness.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      if (path.startsWith('/api/v1/')) routes.push({ method, path });
    }
  }
  return routes;
}

describe('the published surface (D10)', () => {
  test('every served /api/v1 path absent from the OpenAPI document refuses a key with 403; every listed one does not', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books);
    const doc = (await call(harness, 'GET', '/api/v1/openapi.json', {})).json();
    const bodies: Record<string, unknown> = {
      '/api/v1/periods/close': { through: today },
      '/api/v1/periods/reopen': { through: null },
      '/api/v1/api-keys': { name: 'k', role: 'viewer' },
      '/api/v1/members': { email: books.email, role: 'viewer' },
      '/api/v1/bank-connections': { institution_name: 'First National' },
      '/api/v1/auth/signup': {
        email: 'x@example.test',
        password: 'correct horse',
        name: 'X',
        organization_name: 'X',
      },
    };
    const routes = servedRoutes();
    const internal = routes.filter(({ method, path }) => {
      const documented = path.replace(/:([a-z_]+)/g, '{$1}');
      return !doc.paths[documented]?.[method.toLowerCase()];
    });
    assert.ok(
      routes.length > 40 && internal.length >= 15,
      `${routes.length} routes, ${internal.length} internal`,
    );
    for (const { method, path } of routes) {
      const url = path.replace(/:[a-z_]+/g, books.userId);
      const body = ['POST', 'PATCH', 'PUT'].includes(method) ? (bodies[path] ?? { name: 'x' }) : undefined;
      const response = await call(harness, method as 'GET', url, key.headers, body);
      const refused = errorCode(response) === 'not_part_of_public_api';
      if (internal.some((route) => route.method === method && route.path === path)) {
        assert.equal(response.statusCode, 403, `${method} ${path}: ${response.body}`);
        assert.ok(refused, `${method} ${path}: ${response.body}`);
      } else {
        assert.ok(!refused, `${method} ${path} is published but refused the key`);
      }
    }
    assert.equal(await countRows(harness, 'api_keys', books.organizationId), 1);
    assert.equal(await countRows(harness, 'memberships', books.organizationId), 1);
    assert.equal(await countRows(harness, 'bank_connections', books.organizationId), 0);
    const organization = await call(harness, 'GET', '/api/v1/organization', books.headers);
    assert.equal(organization.json().books_closed_through, null);
  });
});

describe('key lifetime', () => {
  test('expires_at may be one year ahead to the second, not a minute more; rotation gives 90 days', async () => {
    const books = await signUp(harness);
    const yearAhead = new Date();
    yearAhead.setUTCFullYear(yearAhead.getUTCFullYear() + 1);
    const justInside = new Date(yearAhead.getTime() - 5_000).toISOString();
    const justOutside = new Date(yearAhead.getTime() + 60_000).toISOString();
    const inside = await call(harness, 'POST', '/api/v1/api-keys', books.headers, {
      name: 'year',
      role: 'viewer',
      expires_at: justInside,
    });
    assert.equal(inside.statusCode, 201, inside.body);
    assert.equal(inside.json().expires_at, justInside);
    const outside = await call(harness, 'POST', '/api/v1/api-keys', books.headers, {
      name: 'longer',
      role: 'viewer',
      expires_at: justOutside,
    });
    assert.equal(outside.statusCode, 400, outside.body);
    assert.ok(outside.json().error.detail.fields.expires_at);
    assert.equal(await countRows(harness, 'api_keys', books.organizationId), 1);
    const rotated = await call(harness, 'POST', `/api/v1/api-keys/${inside.json().id}/rotate`, books.headers);
    assert.equal(rotated.statusCode, 201, rotated.body);
    const lifetime = Date.parse(rotated.json().expires_at) - Date.now();
    assert.ok(Math.abs(lifetime - 90 * DAY_MS) < 60_000, 'a replacement lives 90 days, never past a year');
  });
});

describe('rotation', () => {
  test('rotate returns a new key with the same role; both keys work meanwhile', async () => {
    const books = await signUp(harness);
    const old = await createKey(harness, books, 'viewer');
    const rotated = await call(harness, 'POST', `/api/v1/api-keys/${old.id}/rotate`, books.headers);
    assert.equal(rotated.statusCode, 201, rotated.body);
    assert.notEqual(rotated.json().key, old.key);
    assert.equal(rotated.json().role, 'viewer');
    assert.equal(rotated.json().rotated_from, old.id);
    const fresh = { authorization: `Token ${rotated.json().key}` };
    assert.equal((await call(harness, 'GET', '/api/v1/accounts', fresh)).statusCode, 200);
    assert.equal((await call(harness, 'GET', '/api/v1/accounts', old.headers)).statusCode, 200);
    const again = await call(harness, 'POST', `/api/v1/api-keys/${old.id}/rotate`, books.headers);
    assert.equal(errorCode(again), 'invalid_state');
  });

  test('the old key is revoked once the new one was used and the grace period passed', async () => {
    const short = await startHarness({ keyRotationGraceSeconds: 1 });
    try {
      const books = await signUp(short);
      const old = await createKey(short, books, 'viewer');
      assert.equal((await call(short, 'GET', '/api/v1/accounts', old.headers)).statusCode, 200);
      const rotated = await call(short, 'POST', `/api/v1/api-keys/${old.id}/rotate`, books.headers);
      const fresh = { authorization: `Token ${rotated.json().key}` };
      await sleep(1100);
      // Not used yet: the switch has not happened, so the old key still works.
      assert.equal((await call(short, 'GET', '/api/v1/accounts', old.headers)).statusCode, 200);
      assert.equal((await call(short, 'GET', '/api/v1/accounts', fresh)).statusCode, 200);
      await sleep(1100);
      const response = await call(short, 'GET', '/api/v1/accounts', old.headers);
      assert.equal(response.statusCode, 401);
      assert.equal(errorCode(response), 'authentication_failed');
      assert.equal((await call(short, 'GET', '/api/v1/accounts', fresh)).statusCode, 200);
      const list = await call(short, 'GET', '/api/v1/api-keys', books.headers);
      const statuses = Object.fromEntries(
        list.json().results.map((key: { id: string; status: string }) => [key.id, key.status]),
      );
      assert.equal(statuses[old.id], 'revoked');
      assert.equal(statuses[rotated.json().id], 'active');
    } finally {
      await short.close();
    }
  });
});

describe('seats', () => {
  test('adding a sixth member answers 409 seat_limit_reached and adds nobody', async () => {
    const books = await signUp(harness);
    for (const role of ['admin', 'accountant', 'sales', 'viewer']) await addMember(harness, books, role);
    const sixth = await signUp(harness);
    const response = await call(harness, 'POST', '/api/v1/members', books.headers, {
      email: sixth.email,
      role: 'viewer',
    });
    assert.equal(response.statusCode, 409);
    assert.equal(errorCode(response), 'seat_limit_reached');
    assert.equal(await countRows(harness, 'memberships', books.organizationId), 5);
    const members = await call(harness, 'GET', '/api/v1/members', books.headers);
    assert.equal(members.json().results.length, 5);
    assert.equal(members.json().seats, 5);
  });
});
