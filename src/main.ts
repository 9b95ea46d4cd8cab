// Wires the service together explicitly and serves it. SIGTERM drains in-flight requests, exits 0.
import { mkdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from './app/context.ts';
import { readConfig } from './config.ts';
import { buildApp } from './http/app.ts';
import { createRedisRateLimiter } from './infra/redis-rate-limiter.ts';
import { createSmtpMailer } from './infra/smtp-mailer.ts';
import { openDatabase } from './storage/index.ts';

const config = readConfig();
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
const rateLimiter = config.redisUrl
  ? createRedisRateLimiter(config.redisUrl, {
      perSecond: config.rateLimitPerSecond,
      burst: config.rateLimitBurst,
    })
  : undefined; // buildApp falls back to in-memory buckets: right for a single API process
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl) : undefined; // none: emails stay queued (D29)
const deps: Deps = { db, config, rateLimiter, mailer };
const app = await buildApp(deps, { logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await app.listen({ port: config.port, host: config.host });
app.log.info(`storage: ${db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}`);

/** The whole drain is bounded: a stuck request must not keep the process from exiting. */
const DRAIN_MS_MAX = 10_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: draining in-flight requests`);
  try {
    // app.close() refuses new requests (503 service_unavailable) and waits for open connections;
    // inFlight.settled() then waits for handlers whose client hung up, which still use the database.
    // Only then may the database close: closing it earlier failed that work midway.
    const drained = await Promise.race([
      app.close().then(() => app.inFlight.settled().then(() => true)),
      sleep(DRAIN_MS_MAX, false),
    ]);
    if (!drained) {
      // Exit without closing the database under running work; committed writes are already durable.
      app.log.error(`${signal}: ${app.inFlight.count} requests still running after ${DRAIN_MS_MAX} ms`);
      process.exit(1);
    }
    await db.close();
    await rateLimiter?.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
