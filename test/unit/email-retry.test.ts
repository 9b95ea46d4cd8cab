// The outbox's retry policy (D62), table by table: backoff doubles from the base up to the cap, with
// the jitter in the upper half; 5xx and the last attempt give up.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  EMAIL_OUTBOX_DEFAULTS,
  errorText,
  isPermanent,
  nextAttemptInMs,
  retryDelayMs,
} from '../../src/app/email/retry.ts';

const settings = { ...EMAIL_OUTBOX_DEFAULTS, retryBaseMs: 1_000, retryMaxMs: 10_000, attemptsMax: 6 };

describe('email retry policy', () => {
  test('the wait after attempt n is between half and all of base * 2^(n-1), capped at the maximum', () => {
    const cases: [attempt: number, full: number][] = [
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
      [4, 8_000],
      [5, 10_000],
      [40, 10_000],
    ];
    for (const [attempt, full] of cases) {
      assert.equal(retryDelayMs(settings, attempt, 0), full / 2, `attempt ${attempt}, no jitter`);
      assert.equal(retryDelayMs(settings, attempt, 1), full, `attempt ${attempt}, most jitter`);
      const random = retryDelayMs(settings, attempt);
      assert.ok(random >= full / 2 && random <= full, `attempt ${attempt}: ${random}`);
    }
  });

  test('SMTP 5xx is permanent; 4xx, network errors and anything else are retried', () => {
    const smtp = (code: number) => Object.assign(new Error(`${code} x`), { responseCode: code });
    assert.equal(isPermanent(smtp(550)), true);
    assert.equal(isPermanent(smtp(554)), true);
    assert.equal(isPermanent(smtp(451)), false);
    assert.equal(
      isPermanent(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
      false,
    );
    assert.equal(isPermanent('text'), false);
    assert.equal(nextAttemptInMs(settings, 1, smtp(550)), null);
    assert.ok((nextAttemptInMs(settings, 1, smtp(451)) ?? 0) >= 500);
  });

  test('the last allowed attempt gives up; the error text is kept to 2000 characters', () => {
    assert.notEqual(nextAttemptInMs(settings, 5, new Error('x')), null);
    assert.equal(nextAttemptInMs(settings, 6, new Error('x')), null);
    assert.equal(errorText(new Error('y'.repeat(5_000))).length, 2_000);
    assert.equal(errorText('plain'), 'plain');
  });
});
