// Token buckets in Redis (REDIS_URL), shared by every API process (D3). One Lua script refills and
// takes atomically, using Redis's own clock so processes with skewed clocks agree.
import { Redis } from 'ioredis';
import { type BucketSettings, decide, type RateLimiter } from '../app/rate-limit.ts';

const TAKE_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {allowed, tostring(tokens)}
`;

export function createRedisRateLimiter(
  url: string,
  settings: BucketSettings,
  prefix = 'folio:rate:',
): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  redis.on('error', () => {
    // Connection errors surface on the commands; ioredis reconnects by itself.
  });
  redis.defineCommand('folioTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  return {
    async take(bucket, own = settings) {
      const [allowed, tokens] = (await (
        redis as unknown as { folioTake: (...args: unknown[]) => Promise<[number, string]> }
      ).folioTake(prefix + bucket, own.perSecond, own.burst)) as [number, string];
      return decide(own, Number(tokens), allowed === 1);
    },
    close: async () => {
      await redis.quit();
    },
  };
}
