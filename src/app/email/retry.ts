// When the outbox tries a message again (D62): exponential backoff with jitter, a cap, a last attempt.
// Pure: the worker passes the attempt number and the error; the database schedules from its clock.

export interface EmailOutboxSettings {
  /** Off: messages stay queued in this process (tests that want no delivery; another process may run one). */
  enabled: boolean;
  /** How often an idle worker asks for due messages; a send in this process wakes it at once. */
  pollMs: number;
  /** The wait after the first failed attempt; each further failure doubles it, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** After this many attempts a message that still fails is `failed` for good. */
  attemptsMax: number;
  /**
   * How long a claim holds a message: a process that dies mid-send leaves it due again after this.
   * Longer than any SMTP conversation (the transport's timeouts add up to under a minute).
   */
  leaseMs: number;
}

export const EMAIL_OUTBOX_DEFAULTS: EmailOutboxSettings = {
  enabled: true,
  pollMs: 5_000,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  attemptsMax: 10,
  leaseMs: 600_000,
};

export const EMAIL_ERROR_LENGTH_MAX = 2_000;

/**
 * The wait before attempt `attempt + 1`: base * 2^(attempt - 1), capped, of which the upper half is
 * random ("equal jitter"), so messages that failed together (an SMTP outage) do not retry together.
 */
export function retryDelayMs(settings: EmailOutboxSettings, attempt: number, random = Math.random()): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const delay = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** exponent);
  return Math.round(delay / 2 + (random * delay) / 2);
}

/** SMTP 5xx is the server's final word (no such mailbox, message refused): trying again cannot help. */
export function isPermanent(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null
      ? (error as { responseCode?: unknown }).responseCode
      : undefined;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, EMAIL_ERROR_LENGTH_MAX);
}

/** What to record after failed attempt `attempt`: the next attempt's delay, or null (give up). */
export function nextAttemptInMs(
  settings: EmailOutboxSettings,
  attempt: number,
  error: unknown,
): number | null {
  if (isPermanent(error) || attempt >= settings.attemptsMax) return null;
  return retryDelayMs(settings, attempt);
}
