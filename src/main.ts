// Wires the service together explicitly and serves it. SIGTERM drains in-flight requests, exits 0.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from './app/context.ts';
import { describeStorage, openConfiguredDatabase, PGLITE_DURABILITY_NOTE } from './cli/startup.ts';
import { readConfig } from './config.ts';
import { buildApp } from './http/app.ts';
import { createRedisRateLimiter } from './infra/redis-rate-limiter.ts';
import { createSmtpMailer } from './infra/smtp-mailer.ts';

const config = readConfig();
// A PGlite directory another process holds exits 1 here with one line naming it and the PID (D68).
const db = await openConfiguredDatabase(config);
const rateLimiter = config.redisUrl
  ? createRedisRateLimiter(config.redisUrl, {
      perSecond: config.rateLimitPerSecond,
      burst: config.rateLimitBurst,
    })
  : undefined; // buildApp falls back to in-memory buckets: right for a single API process
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl) : undefined; // none: emails stay queued (D62)
const deps: Deps = { db, config, rateLimiter, mailer };
const app = await buildApp(deps, { logger: { level: process.env.LOG_LEVEL ?? 'info' } });
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // A port in use is a setting to change, not a crash: one line, exit 1, the data directory released.
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${config.port} is in use on ${config.host}; set PORT to another port.`
      : code === 'EACCES'
        ? `Port ${config.port} on ${config.host} needs privileges this process lacks; set PORT above 1023.`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `HOST ${config.host} is not an address of this machine; set HOST (127.0.0.1 or 0.0.0.0).`
          : `Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`,
  );
  await app.close().catch(() => undefined);
  await db.close();
  await rateLimiter?.close();
  process.exit(1);
}
app.log.info(`storage: ${describeStorage(config)}`);
printBanner();

/** For the person who typed `npm start`: where to go, where the books are, what they may rely on. */
function printBanner() {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const base = `http://${host}:${port}`;
  const lines = [
    '',
    `Folio is serving ${base}`,
    `  Web app: ${base}/`,
    `  API reference: ${base}/docs`,
    `  Data: ${describeStorage(config)}`,
    ...(db.kind === 'pglite' ? [`  Note: ${PGLITE_DURABILITY_NOTE}`] : []),
    '  Stop with Ctrl-C: requests in flight finish first.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

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
    await db.close(); // the email outbox's worker stopped with app.close()
    await rateLimiter?.close();
    mailer?.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
