// Email outbox fixtures (D62): a REAL SMTP receiver (smtp-server on 127.0.0.1) that can refuse
// messages on demand, a PostgreSQL database of a test's own (the outbox is shared by every process on
// a database: another test file's worker must not deliver, or fail, this file's messages), and
// waiting for a condition.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import type { EmailOutboxSettings } from '../../src/app/email/retry.ts';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A refusal the receiver answers after DATA: 4xx is temporary for the sender, 5xx final. */
export interface Refusal {
  code: number;
  message: string;
}

export interface SmtpReceiver {
  port: number;
  url: string;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** When each message was offered (accepted or refused), per recipient address (Date.now()). */
  offers: Map<string, number[]>;
  mailsTo(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Listens on `port` (0: any free one), answering each message after `delayMs`. `refuse(to, offer)` decides each message: `offer` counts the
 * messages offered for that recipient so far, this one included (1 on the first attempt).
 */
export async function startSmtpReceiver(
  options: { port?: number; refuse?: (to: string, offer: number) => Refusal | null; delayMs?: number } = {},
): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const offers = new Map<string, number[]>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (options.delayMs) await sleep(options.delayMs); // a slow server: deliveries overlap
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const address = to[0] ?? '';
        const times = offers.get(address) ?? [];
        times.push(Date.now());
        offers.set(address, times);
        const refusal = options.refuse?.(address, times.length);
        if (refusal) {
          const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: smtpUrl(port),
    received,
    offers,
    mailsTo: (address) => received.filter((mail) => mail.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const smtpUrl = (port: number) => `smtp://127.0.0.1:${port}?ignore_tls=true`;

/** Outbox settings that keep tests short: poll often, retry after tens of milliseconds. */
export const FAST_OUTBOX: Partial<EmailOutboxSettings> = {
  pollMs: 50,
  retryBaseMs: 40,
  retryMaxMs: 200,
  attemptsMax: 5,
  leaseMs: 30_000,
};

/** The same settings as the service's environment (src/config.ts). */
export function outboxEnv(settings: Partial<EmailOutboxSettings> = FAST_OUTBOX): Record<string, string> {
  const env: Record<string, string> = {};
  if (settings.pollMs !== undefined) env.FOLIO_EMAIL_POLL_MS = String(settings.pollMs);
  if (settings.retryBaseMs !== undefined) env.FOLIO_EMAIL_RETRY_BASE_MS = String(settings.retryBaseMs);
  if (settings.retryMaxMs !== undefined) env.FOLIO_EMAIL_RETRY_MAX_MS = String(settings.retryMaxMs);
  if (settings.attemptsMax !== undefined) env.FOLIO_EMAIL_ATTEMPTS_MAX = String(settings.attemptsMax);
  if (settings.leaseMs !== undefined) env.FOLIO_EMAIL_LEASE_MS = String(settings.leaseMs);
  return env;
}

export { type OwnDatabase, ownDatabase } from './own-database.ts';

/** Polls `read` until `done` holds of its answer; fails with the last answer after `timeoutMs`. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline)
      assert.fail(`${what} not reached in ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await sleep(25);
    value = await read();
  }
  return value;
}
