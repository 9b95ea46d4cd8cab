import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRedisRateLimiter } from '../../src/infra/redis-rate-limiter.ts';
import { call, createKey, errorCode, signUp, useHarness } from '../helpers/harness.ts';

const harness = useHarness({ rateLimitPerSecond: 1, rateLimitBurst: 3 });

describe('rate limit (D36)', () => {
  test('a key over its burst gets 429 throttled with Retry-After and RateLimit headers', async () => {
    const books = await signUp(harness);
    const key = await createKey(harness, books, 'viewer');
    const responses = [];
    for (let i = 0; i < 4; i++) responses.push(await call(harness, 'GET', '/api/v1/accounts', key.headers));
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      [200, 200, 200, 429],
    );
    const throttled = responses[3]!;
    assert.equal(errorCode(throttled), 'throttled');
    assert.ok(Number(throttled.headers['retry-after']) >= 1);
    assert.equal(throttled.headers['ratelimit-limit'], '3');
    assert.equal(responses[0]!.headers['ratelimit-remaining'], '2');
  });

  test('buckets are per key: another key still has its burst, and sessions are not limited', async () => {
    const books = await signUp(harness);
    const first = await createKey(harness, books, 'viewer');
    for (let i = 0; i < 3; i++) await call(harness, 'GET', '/api/v1/accounts', first.headers);
    assert.equal((await call(harness, 'GET', '/api/v1/accounts', first.headers)).statusCode, 429);
    const second = await createKey(harness, books, 'viewer');
    assert.equal((await call(harness, 'GET', '/api/v1/accounts', second.headers)).statusCode, 200);
    for (let i = 0; i < 5; i++) {
      assert.equal((await call(harness, 'GET', '/api/v1/accounts', books.headers)).statusCode, 200);
    }
  });

  test('Redis buckets are shared by every process using the same Redis', async (t) => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const settings = { perSecond: 1, burst: 2 };
    const prefix = `folio:test:${Date.now()}:`;
    const processA = createRedisRateLimiter(url, settings, prefix);
    const processB = createRedisRateLimiter(url, settings, prefix);
    try {
      const first = await processA.take('key-1').catch(() => undefined);
      if (!first) {
        t.skip('no Redis reachable');
        return;
      }
      assert.equal(first.allowed, true);
      assert.equal((await processB.take('key-1')).allowed, true);
      const third = await processA.take('key-1');
      assert.equal(third.allowed, false);
      assert.ok(third.retryAfterSeconds >= 1);
      assert.equal((await processB.take('key-2')).allowed, true);
    } finally {
      await processA.close();
      await processB.close();
    }
  });
});
