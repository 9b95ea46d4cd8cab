// D36: a token bucket per API key (default 100 requests a second, burst 200). The port lets the
// bucket live in Redis when several API processes run (D3), or in memory for a single process.
// D67 uses the same port with buckets of its own (log-in and sign-up attempts per email and per
// client address), each passing its own settings to take().

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until one request is allowed again (0 when allowed). */
  retryAfterSeconds: number;
  /** Whole seconds until the bucket is full again. */
  resetSeconds: number;
}

export interface RateLimiter {
  /** Spends one token of `bucket`; `settings` overrides the limiter's own (a bucket keeps one kind). */
  take(bucket: string, settings?: BucketSettings): Promise<RateDecision>;
  close(): Promise<void>;
}

export interface BucketSettings {
  /** Tokens added a second; below 1 for slow refills (0.0111: one every 90 s). */
  perSecond: number;
  burst: number;
}

/** The decision for a bucket that now holds `tokens` (after refilling and possibly taking one). */
export function decide(settings: BucketSettings, tokens: number, allowed: boolean): RateDecision {
  const missing = settings.burst - tokens;
  return {
    allowed,
    limit: settings.burst,
    remaining: Math.max(0, Math.floor(tokens)),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / settings.perSecond)),
    resetSeconds: Math.max(0, Math.ceil(missing / settings.perSecond)),
  };
}
