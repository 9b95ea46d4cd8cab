// The invoice email outbox (D62) across real service processes (`node src/main.ts`): messages survive
// a restart and arrive once; two processes on one PostgreSQL never deliver a message twice. Each test
// has a data directory or a PostgreSQL database of its own, so no other file's worker takes part.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { call, type Harness, type Headers, onPostgres, signUp, startHarness } from '../helpers/harness.ts';
import { outboxEnv, ownDatabase, smtpUrl, startSmtpReceiver, waitFor } from '../helpers/outbox.ts';
import { createCustomer, createTaxRate, invoiceBody, ok } from '../helpers/receivables.ts';
import { freePort, killIfRunning, type Service, startService, stopService } from '../helpers/service.ts';

/** One request to a running service: status and parsed body. */
async function api(base: string, method: string, path: string, headers: Headers, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function expect(status: number, answer: Promise<{ status: number; body: any }>) {
  const { status: got, body } = await answer;
  assert.equal(got, status, JSON.stringify(body));
  return body;
}

/** Fresh books on a running service with a draft invoice for a customer whose address is `to`. */
async function draftOnService(base: string, to: string) {
  const name = `outbox-${randomUUID()}`;
  const signup = await expect(
    201,
    api(
      base,
      'POST',
      '/api/v1/auth/signup',
      {},
      {
        email: `${name}@example.test`,
        password: 'correct horse battery',
        name,
        organization_name: 'Acme Books',
      },
    ),
  );
  const headers = { authorization: `Bearer ${signup.token}`, 'x-organization-id': signup.organization.id };
  const accounts = await expect(200, api(base, 'GET', '/api/v1/accounts', headers));
  const byNumber = Object.fromEntries(
    accounts.results.map((a: { number: string; id: string }) => [a.number, a.id]),
  );
  const customer = await expect(
    201,
    api(base, 'POST', '/api/v1/customers', headers, { display_name: 'Blue Heron Cafe', email: to }),
  );
  const tax = await expect(
    201,
    api(base, 'POST', '/api/v1/tax-rates', headers, { name: 'Sales tax', rate: '8.25' }),
  );
  const books = { accounts: byNumber } as Parameters<typeof invoiceBody>[0];
  const invoice = await expect(
    201,
    api(base, 'POST', '/api/v1/invoices', headers, invoiceBody(books, customer.id, tax.id)),
  );
  return { headers, invoice };
}

describe('email outbox across processes', () => {
  test('SMTP down, an invoice emailed, Folio restarted, SMTP back: the message arrives exactly once', {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-outbox-'));
    const database = await ownDatabase('outbox_restart');
    const smtpPort = await freePort(); // nothing listens there yet
    const env = {
      SMTP_URL: smtpUrl(smtpPort),
      ...outboxEnv({ pollMs: 50, retryBaseMs: 100, retryMaxMs: 300, attemptsMax: 100, leaseMs: 30_000 }),
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    let first: Service | undefined;
    let second: Service | undefined;
    const smtp = { closer: undefined as undefined | (() => Promise<void>) };
    try {
      first = await startService(dataDir, { env });
      const to = `restart-${randomUUID()}@heron.test`;
      const { headers, invoice } = await draftOnService(first.base, to);
      const emailed = await expect(
        200,
        api(first.base, 'POST', `/api/v1/invoices/${invoice.id}/email`, headers),
      );
      assert.equal(emailed.email.status, 'queued');
      const emails = (base: string) =>
        expect(200, api(base, 'GET', `/api/v1/invoices/${invoice.id}/emails`, headers)).then(
          (b) => b.results,
        );
      const [failing] = await waitFor(
        () => emails(first!.base),
        (records) => records[0].attempts >= 1 && records[0].last_error !== null,
        30_000,
        'a failed attempt while SMTP is down',
      );
      assert.equal(failing.status, 'queued');
      assert.match(failing.last_error, /ECONNREFUSED/);
      assert.equal(await stopService(first), 0, first.output());

      const receiver = await startSmtpReceiver({ port: smtpPort });
      smtp.closer = receiver.close;
      assert.equal(receiver.mailsTo(to).length, 0);
      second = await startService(dataDir, { env });
      const [record] = await waitFor(
        () => emails(second!.base),
        (records) => records[0].status === 'sent',
        30_000,
        'delivery after the restart',
      );
      assert.ok(record.attempts >= 2, `attempts ${record.attempts}`);
      assert.ok(record.sent_at);
      assert.match(record.last_error, /ECONNREFUSED/, 'the last failure is still shown');
      await sleep(500); // more polls: nothing is sent again
      assert.equal(receiver.mailsTo(to).length, 1);
      assert.match(receiver.mailsTo(to)[0]!.raw, /Subject: Invoice INV-000001 from Acme Books/);
      assert.equal(await stopService(second), 0, second.output());
    } finally {
      killIfRunning(first);
      killIfRunning(second);
      await smtp.closer?.();
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });

  test('two Folio processes on one PostgreSQL deliver every one of many queued messages exactly once', {
    timeout: 240_000,
    skip: onPostgres ? false : 'PostgreSQL only: a PGlite data directory is held by one process (D68)',
  }, async () => {
    const database = await ownDatabase('outbox_two');
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-outbox-'));
    const services: Service[] = [];
    const receiver = await startSmtpReceiver({ delayMs: 15 });
    let seeding: Harness | undefined;
    try {
      // two processes on the database, each with its worker polling every 20 ms
      const env = {
        SMTP_URL: receiver.url,
        DATABASE_URL: database.url!,
        LOG_LEVEL: 'info',
        ...outboxEnv({ pollMs: 20, retryBaseMs: 50, retryMaxMs: 200, attemptsMax: 5, leaseMs: 60_000 }),
      };
      services.push(...(await Promise.all([startService(dataDir, { env }), startService(dataDir, { env })])));

      // 40 invoices emailed at once through a third app on the database (no SMTP: no worker of its own)
      seeding = await startHarness({}, 20, { databaseUrl: database.url });
      const writer = seeding;
      const books = await signUp(writer);
      const tax = await createTaxRate(writer, books.headers);
      const addresses: string[] = [];
      const invoices: string[] = [];
      for (let i = 0; i < 40; i++) {
        const to = `two-${i}-${randomUUID()}@heron.test`;
        const customer = await createCustomer(writer, books.headers, { email: to });
        const body = invoiceBody(books, customer.id, tax.id);
        invoices.push(ok(await call(writer, 'POST', '/api/v1/invoices', books.headers, body), 201).id);
        addresses.push(to);
      }
      await Promise.all(
        invoices.map(async (id) => {
          const answer = ok(await call(writer, 'POST', `/api/v1/invoices/${id}/email`, books.headers));
          assert.equal(answer.email.status, 'queued');
        }),
      );
      // and each process takes 10 more emails while they deliver (sent invoices emailed again)
      await Promise.all(
        services.flatMap((service, s) =>
          invoices.slice(s * 10, s * 10 + 10).map(async (id, i) => {
            const to = `again-${s}-${i}-${randomUUID()}@heron.test`;
            addresses.push(to);
            const answer = await expect(
              200,
              api(service.base, 'POST', `/api/v1/invoices/${id}/email`, books.headers, { to }),
            );
            assert.equal(answer.email.status, 'queued');
          }),
        ),
      );

      await waitFor(
        async () => receiver.received.length,
        (count) => count >= addresses.length,
        60_000,
        'every message delivered',
      );
      await sleep(500); // more polls on both sides: nothing is sent again
      for (const to of addresses) assert.equal(receiver.mailsTo(to).length, 1, `${to} got one message`);
      assert.equal(receiver.received.length, addresses.length);
      const records = (
        await Promise.all(
          invoices.map((id) =>
            expect(200, api(services[0]!.base, 'GET', `/api/v1/invoices/${id}/emails`, books.headers)),
          ),
        )
      ).flatMap((page) => page.results);
      assert.equal(records.length, addresses.length);
      for (const record of records) {
        assert.equal(record.status, 'sent');
        assert.equal(record.attempts, 1, 'claimed once: never by both processes');
      }
      const deliveredBy = services.map((service) => service.output().split('invoice email sent').length - 1);
      assert.equal(deliveredBy[0]! + deliveredBy[1]!, addresses.length, 'one "sent" log line per message');
      assert.ok(
        deliveredBy.every((count) => count > 0),
        `both processes delivered: ${deliveredBy}`,
      );
      for (const service of services) assert.equal(await stopService(service), 0, service.output());
    } finally {
      for (const service of services) killIfRunning(service);
      await seeding?.close();
      await receiver.close();
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
