// D67: log-in and sign-up are throttled per email address and per client address.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { AuthThrottleConfig } from '../../src/app/context.ts';
import { createRedisRateLimiter } from '../../src/infra/redis-rate-limiter.ts';
import { allowMultiShard } from '../../src/storage/sql.ts';
import { errorCode, type Harness, signUp, startHarness } from '../helpers/harness.ts';

const PASSWORD = 'correct horse battery';
const SLOW = 900; // seconds per token: nothing refills while a test runs

function tight(overrides: Partial<AuthThrottleConfig>): { authThrottle: AuthThrottleConfig } {
  return {
    authThrottle: {
      emailBurst: 1000,
      emailRefillSeconds: SLOW,
      addressBurst: 1000,
      addressRefillSeconds: SLOW,
      ...overrides,
    },
  };
}

/** One attempt from `address` (inject's remote address: what the service sees as the client). */
function attempt(
  harness: Harness,
  path: 'login' | 'signup',
  payload: Record<string, string>,
  address = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return harness.app.inject({ method: 'POST', url: `/api/v1/auth/${path}`, payload, remoteAddress: address });
}

function signupBody(email: string) {
  return { email, password: PASSWORD, name: 'Mallory', organization_name: 'Probe Ltd' };
}

/** A count across every set of books (on Citus a multi-shard read: the test's own, D80 aside). */
async function countRows(harness: Harness, sql: string, params: string[]): Promise<number> {
  const [row] = await harness.db.transaction(async (tx) => {
    await allowMultiShard(tx);
    return tx.query<{ n: number }>(sql, params);
  });
  return row?.n ?? 0;
}

/** Asserts a 429 in the envelope whose Retry-After (whole seconds) matches detail.retry_after. */
function assertThrottled(response: LightMyRequestResponse) {
  assert.equal(response.statusCode, 429, response.body);
  assert.equal(errorCode(response), 'throttled');
  const retryAfter = response.headers['retry-after'];
  assert.match(String(retryAfter), /^[1-9]\d*$/);
  assert.equal(response.json().error.detail.retry_after, Number(retryAfter));
  assert.equal(typeof response.json().error.message, 'string');
}

describe('log-in and sign-up throttling (D67)', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness(tight({ emailBurst: 10 }));
  });
  after(() => harness.close());

  test('60 parallel wrong passwords for one email: beyond its 10 attempts they answer 429 throttled with Retry-After, and the right password waits too', async () => {
    const books = await signUp(harness);
    const sessionsBefore = await countRows(
      harness,
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
      [books.userId],
    );
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        attempt(harness, 'login', { email: books.email, password: `wrong-${i}` }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    assert.equal(statuses.filter((status) => status === 401).length, 10, statuses.join(','));
    assert.equal(statuses.filter((status) => status === 429).length, 50, statuses.join(','));
    for (const response of responses.filter((r) => r.statusCode === 429)) assertThrottled(response);

    // Another spelling of the same address is the same bucket; the right password does not skip it.
    const right = await attempt(harness, 'login', { email: books.email.toUpperCase(), password: PASSWORD });
    assertThrottled(right);
    assert.equal(
      await countRows(harness, 'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [books.userId]),
      sessionsBefore,
      'no session was made',
    );
    // Someone else's email is untouched.
    const other = await signUp(harness);
    assert.equal(
      (await attempt(harness, 'login', { email: other.email, password: PASSWORD })).statusCode,
      200,
    );
  });

  test('unknown and registered emails are throttled alike: the email bucket fills whether or not the address exists', async () => {
    const unknown = `nobody-${randomUUID()}@example.test`;
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await attempt(harness, 'login', { email: unknown, password: 'wrong password' })).statusCode,
      );
    }
    assert.deepEqual(statuses, [...Array(10).fill(401), 429]);
  });
});

describe('per client address (D67)', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness(tight({ addressBurst: 5 }));
  });
  after(() => harness.close());

  test('log-ins from one address across different emails are throttled at the address budget; another address is not', async () => {
    const responses = [];
    for (let i = 0; i < 7; i++) {
      const email = `spray-${i}-${randomUUID()}@example.test`;
      responses.push(await attempt(harness, 'login', { email, password: 'wrong password' }, '203.0.113.7'));
    }
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      [401, 401, 401, 401, 401, 429, 429],
    );
    assertThrottled(responses[5]!);
    const elsewhere = await attempt(
      harness,
      'login',
      { email: `spray-${randomUUID()}@example.test`, password: 'wrong password' },
      '198.51.100.9',
    );
    assert.equal(elsewhere.statusCode, 401);
  });

  test('sign-ups from one address are throttled at the address budget, and a throttled sign-up creates nothing', async () => {
    const address = '203.0.113.50';
    const emails = Array.from({ length: 6 }, () => `burst-${randomUUID()}@example.test`);
    const responses = [];
    for (const email of emails) responses.push(await attempt(harness, 'signup', signupBody(email), address));
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      [201, 201, 201, 201, 201, 429],
    );
    assertThrottled(responses[5]!);
    assert.equal(
      await countRows(harness, 'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [
        emails[5]!,
      ]),
      0,
    );
  });
});

describe('sign-up does not say an email is registered (D67)', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness();
  });
  after(() => harness.close());

  test('sign-up with a registered email answers the neutral 400 validation_error, names no field and creates nothing', async () => {
    const books = await signUp(harness);
    const organizationName = `Twin ${randomUUID()}`;
    const response = await attempt(harness, 'signup', {
      ...signupBody(books.email.toUpperCase()),
      organization_name: organizationName,
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.deepEqual(response.json(), {
      error: {
        code: 'validation_error',
        message: 'sign-up could not be completed with these details; if you already have an account, log in',
        detail: { fields: {} },
      },
    });
    assert.doesNotMatch(response.body, /registered|exists|taken|email/i);
    assert.equal(
      await countRows(harness, 'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [
        books.email,
      ]),
      1,
    );
    assert.equal(
      await countRows(harness, 'SELECT count(*)::int AS n FROM organizations WHERE name LIKE $1', [
        `${organizationName}%`,
      ]),
      0,
    );
  });
});

describe('throttling across processes with the Redis limiter (D3, D67)', () => {
  test('two API processes sharing one Redis share the email bucket', async (t) => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `folio:test:auth:${randomUUID()}:`;
    const processes = [
      await startHarness(tight({ emailBurst: 4 })),
      await startHarness(tight({ emailBurst: 4 })),
    ];
    try {
      for (const harness of processes) {
        harness.deps.rateLimiter = createRedisRateLimiter(url, { perSecond: 100, burst: 200 }, prefix);
      }
      const [a, b] = processes as [Harness, Harness];
      const probe = await a.deps.rateLimiter!.take('probe').catch(() => undefined);
      if (!probe) {
        t.skip('no Redis reachable');
        return;
      }
      const email = `shared-${randomUUID()}@example.test`;
      const statuses = [];
      for (const harness of [a, b, a, b, a, b]) {
        statuses.push((await attempt(harness, 'login', { email, password: 'wrong password' })).statusCode);
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 429, 429]);
    } finally {
      for (const harness of processes) {
        await harness.deps.rateLimiter?.close();
        await harness.close();
      }
    }
  });
});
