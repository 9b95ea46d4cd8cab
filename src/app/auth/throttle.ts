// D67: log-in and sign-up attempts are throttled per email address and per client address, in
// buckets of the rate-limiter port (Redis when REDIS_URL is set, so every API process shares them,
// D3). Every attempt spends a token before the password is looked at: a check that only counted
// failures afterwards would let sixty parallel guesses all pass it. A successful log-in spends one
// too and refunds nothing; with ten tries and one back every 90 s a person never notices, and there
// is no shortcut for someone who holds one password to empty an address's bucket of its guesses.
import { DomainError } from '../../domain/errors.ts';
import type { Deps } from '../context.ts';
import type { BucketSettings } from '../rate-limit.ts';
import { sha256 } from './secrets.ts';

/**
 * What is attempted. A password reset request is throttled as log-in is (D94), in buckets of its own;
 * `link` is the use of a one-time link (reset confirm, invitation look-up), which names no email
 * and spends from the client address only: guessing a token is hopeless, but each try costs work.
 */
export type AuthAttempt = 'login' | 'signup' | 'password_reset' | 'link';

const WHAT: Record<AuthAttempt, string> = {
  login: 'log-in',
  signup: 'sign-up',
  password_reset: 'password reset',
  link: 'link',
};

/**
 * Spends one attempt of `email` and of `clientAddress`, or throws 429 `throttled` with
 * `detail.retry_after` (whole seconds). The address is spent first: a client already over its
 * address budget cannot go on emptying the bucket of someone else's email.
 */
export async function spendAuthAttempt(
  deps: Deps,
  attempt: AuthAttempt,
  email: string | null,
  clientAddress: string,
): Promise<void> {
  const limiter = deps.rateLimiter;
  if (!limiter) return;
  const settings = deps.config.authThrottle;
  const buckets: [string, BucketSettings | null][] = [
    [`${attempt}:ip:${clientAddress}`, bucket(settings.addressBurst, settings.addressRefillSeconds)],
  ];
  if (email !== null) {
    // Hashed: keys stay short whatever was typed, and Redis holds no email addresses.
    buckets.push([
      `${attempt}:email:${sha256(email.trim().toLowerCase())}`,
      bucket(settings.emailBurst, settings.emailRefillSeconds),
    ]);
  }
  for (const [key, own] of buckets) {
    if (!own) continue;
    const decision = await limiter.take(key, own);
    if (!decision.allowed) {
      throw new DomainError(
        'throttled',
        `too many ${WHAT[attempt]} attempts; retry after ${decision.retryAfterSeconds} s`,
        { retry_after: decision.retryAfterSeconds },
      );
    }
  }
}

function bucket(burst: number, refillSeconds: number): BucketSettings | null {
  return burst === 0 ? null : { burst, perSecond: 1 / Math.max(1, refillSeconds) };
}
