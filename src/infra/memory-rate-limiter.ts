// Token buckets in this process's memory: right for one API process (the PGlite default).
import { type BucketSettings, decide, type RateLimiter } from '../app/rate-limit.ts';

export function createMemoryRateLimiter(settings: BucketSettings, now = () => Date.now()): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(bucket, own = settings) {
      const time = now();
      const state = buckets.get(bucket) ?? { tokens: own.burst, at: time };
      state.tokens = Math.min(own.burst, state.tokens + ((time - state.at) * own.perSecond) / 1000);
      state.at = time;
      const allowed = state.tokens >= 1;
      if (allowed) state.tokens -= 1;
      buckets.set(bucket, state);
      if (buckets.size > 100_000) buckets.clear(); // bound memory; a cleared bucket starts full
      return decide(own, state.tokens, allowed);
    },
    close: async () => undefined,
  };
}
