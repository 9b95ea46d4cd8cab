// Environment (D38) read once, in one place.
import type { AppConfig } from './app/context.ts';

export interface RuntimeConfig extends AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
}

function integer(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer of at least ${min}, got ${raw}`);
  return value;
}

export function readConfig(env = process.env): RuntimeConfig {
  return {
    port: integer('PORT', 3000),
    host: env.HOST || '127.0.0.1',
    dataDir: env.FOLIO_DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    // D62: the invoice email outbox's worker (defaults in src/app/email/retry.ts).
    emailOutbox: {
      enabled: !['off', 'false', '0'].includes(env.FOLIO_EMAIL_WORKER ?? ''),
      pollMs: integer('FOLIO_EMAIL_POLL_MS', 5_000, 10),
      retryBaseMs: integer('FOLIO_EMAIL_RETRY_BASE_MS', 30_000, 1),
      retryMaxMs: integer('FOLIO_EMAIL_RETRY_MAX_MS', 3_600_000, 1),
      attemptsMax: integer('FOLIO_EMAIL_ATTEMPTS_MAX', 10, 1),
      leaseMs: integer('FOLIO_EMAIL_LEASE_MS', 600_000, 1_000),
    },
    publicUrl: env.FOLIO_PUBLIC_URL || undefined,
    rateLimitPerSecond: integer('FOLIO_RATE_LIMIT_PER_SECOND', 100),
    rateLimitBurst: integer('FOLIO_RATE_LIMIT_BURST', 200),
    keyRotationGraceSeconds: integer('FOLIO_KEY_ROTATION_GRACE_SECONDS', 86_400),
    // D67: ten tries for one email, then one every 90 s (full again after 15 minutes); a client
    // address, which an office or a carrier's NAT may share, gets a hundred and one every 6 s.
    authThrottle: {
      emailBurst: integer('FOLIO_AUTH_EMAIL_BURST', 10),
      emailRefillSeconds: integer('FOLIO_AUTH_EMAIL_REFILL_SECONDS', 90, 1),
      addressBurst: integer('FOLIO_AUTH_ADDRESS_BURST', 100),
      addressRefillSeconds: integer('FOLIO_AUTH_ADDRESS_REFILL_SECONDS', 6, 1),
    },
  };
}
