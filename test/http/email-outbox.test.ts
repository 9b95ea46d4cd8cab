// The invoice email outbox (D62) in one process: retries with backoff against a REAL SMTP receiver
// that refuses on demand, attempts counted, the last error shown, `failed` after the last attempt or
// a permanent refusal, and the claim's lease. Each harness has a database of its own on PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { deliverNextEmail } from '../../src/app/email/deliver-email.ts';
import { EMAIL_OUTBOX_DEFAULTS } from '../../src/app/email/retry.ts';
import * as emails from '../../src/storage/stores/invoice-emails.ts';
import { type Books, call, type Harness, signUp, startHarness } from '../helpers/harness.ts';
import {
  FAST_OUTBOX,
  type OwnDatabase,
  ownDatabase,
  type SmtpReceiver,
  startSmtpReceiver,
  waitFor,
} from '../helpers/outbox.ts';
import { createCustomer, createTaxRate, invoiceBody, ok } from '../helpers/receivables.ts';

let smtp: SmtpReceiver;
let fast: Harness; // FAST_OUTBOX: retries after tens of milliseconds, 5 attempts
let slow: Harness; // first retry after 2 s: the state between attempts can be read
let idle: Harness; // no worker: the test drives the store's claim itself
/**
 * The lease a test's claim takes: it must outlast the steps between the claim and the check that it
 * holds, which took over 100 ms in CI with three passes of the suite sharing two cores.
 */
const LEASE_MS = 1_500;
const databases: OwnDatabase[] = [];

async function harnessOn(label: string, config: Parameters<typeof startHarness>[0]) {
  const database = await ownDatabase(label);
  databases.push(database);
  return startHarness(config, 10, { databaseUrl: database.url });
}

before(async () => {
  smtp = await startSmtpReceiver({
    // the local part says how the receiver treats the message
    refuse: (to, offer) => {
      if (to.startsWith('twice-') && offer <= 2) return { code: 451, message: 'try again later' };
      if (to.startsWith('always-')) return { code: 451, message: 'mailbox busy' };
      if (to.startsWith('nobody-')) return { code: 550, message: 'no such mailbox' };
      return null;
    },
  });
  fast = await harnessOn('outbox_fast', { smtpUrl: smtp.url, emailOutbox: FAST_OUTBOX });
  slow = await harnessOn('outbox_slow', {
    smtpUrl: smtp.url,
    emailOutbox: { ...FAST_OUTBOX, retryBaseMs: 4_000, retryMaxMs: 4_000 },
  });
  idle = await harnessOn('outbox_idle', { emailOutbox: { enabled: false } });
});

after(async () => {
  for (const harness of [fast, slow, idle]) await harness?.close();
  await smtp?.close();
  for (const database of databases) await database.drop();
});

/** A draft invoice of fresh books, emailed to `to`: the answer of POST /email. */
async function emailNewInvoice(harness: Harness, to: string) {
  const books = await signUp(harness);
  const customer = await createCustomer(harness, books.headers, { display_name: 'Blue Heron Cafe' });
  const tax = await createTaxRate(harness, books.headers);
  const invoice = ok(
    await call(harness, 'POST', '/api/v1/invoices', books.headers, invoiceBody(books, customer.id, tax.id)),
    201,
  );
  const answer = ok(
    await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/email`, books.headers, { to }),
  );
  return { books, invoice, answer };
}

async function emailsOf(harness: Harness, books: Books, invoiceId: string) {
  return ok(await call(harness, 'GET', `/api/v1/invoices/${invoiceId}/emails`, books.headers)).results;
}

async function settled(harness: Harness, books: Books, invoiceId: string) {
  return waitFor(
    () => emailsOf(harness, books, invoiceId),
    (records) => records[0].status !== 'queued',
    15_000,
    'delivery outcome',
  );
}

describe('email outbox', () => {
  test('the answer says queued; the worker then delivers the message once and records sent, attempts 1, sent_at and the message id', async () => {
    const to = `once-${Date.now()}@heron.test`;
    const { books, invoice, answer } = await emailNewInvoice(fast, to);
    assert.equal(answer.email.status, 'queued', 'the request does not wait for SMTP');
    const [record] = await settled(fast, books, invoice.id);
    assert.equal(record.status, 'sent');
    assert.equal(record.attempts, 1);
    assert.ok(record.message_id);
    assert.ok(record.sent_at);
    assert.ok(Date.parse(record.sent_at) >= Date.parse(record.created_at));
    assert.equal(record.next_attempt_at, null);
    assert.equal(record.last_error, null);
    await sleep(300); // polls pass: nothing is sent twice
    assert.equal(smtp.mailsTo(to).length, 1);
  });

  test('SMTP refusing twice with 451: retried with growing waits, then sent once; attempts 3 and the last error shown', async () => {
    const to = `twice-${Date.now()}@heron.test`;
    const { books, invoice } = await emailNewInvoice(fast, to);
    const [record] = await settled(fast, books, invoice.id);
    assert.equal(record.status, 'sent');
    assert.equal(record.attempts, 3);
    assert.match(record.last_error, /451 try again later/, 'the error of the latest failed attempt stays');
    assert.equal(record.error, record.last_error, 'the deprecated field says the same');
    assert.equal(smtp.mailsTo(to).length, 1);
    const times = smtp.offers.get(to)!;
    assert.equal(times.length, 3);
    // backoff with equal jitter: the n-th wait is between half and all of 40 ms * 2^(n-1)
    assert.ok(times[1]! - times[0]! >= 20, `first wait ${times[1]! - times[0]!} ms`);
    assert.ok(times[2]! - times[1]! >= 40, `second wait ${times[2]! - times[1]!} ms`);
  });

  test('between attempts the record is queued with attempts, last_error and the next attempt time, and nothing is offered before it', async () => {
    const to = `always-${Date.now()}@heron.test`;
    const { books, invoice } = await emailNewInvoice(slow, to);
    const [record] = await waitFor(
      () => emailsOf(slow, books, invoice.id),
      (records) => records[0].attempts === 1 && records[0].last_error !== null,
      10_000,
      'first failed attempt',
    );
    assert.equal(record.status, 'queued');
    assert.match(record.last_error, /451 mailbox busy/);
    assert.equal(record.sent_at, null);
    const wait = Date.parse(record.next_attempt_at) - Date.parse(record.created_at);
    assert.ok(wait >= 1_900 && wait <= 5_000, `next attempt ${wait} ms after creation`);
    await sleep(600);
    assert.equal(smtp.offers.get(to)?.length, 1, 'not offered again before next_attempt_at');
  });

  test('an SMTP server that keeps refusing: failed after the last allowed attempt, with its error; never offered again', async () => {
    const to = `always-${Date.now()}-fast@heron.test`;
    const { books, invoice } = await emailNewInvoice(fast, to);
    const [record] = await settled(fast, books, invoice.id);
    assert.equal(record.status, 'failed');
    assert.equal(record.attempts, FAST_OUTBOX.attemptsMax);
    assert.match(record.last_error, /451 mailbox busy/);
    assert.equal(record.next_attempt_at, null);
    assert.equal(record.message_id, null);
    await sleep(300);
    assert.equal(smtp.offers.get(to)?.length, FAST_OUTBOX.attemptsMax);
    assert.equal(smtp.mailsTo(to).length, 0);
    // the send stands: the invoice is sent and posted
    const read = ok(await call(fast, 'GET', `/api/v1/invoices/${invoice.id}`, books.headers));
    assert.equal(read.status, 'sent');
    assert.ok(read.journal_entry);
  });

  test('a permanent refusal (550) fails the message at once, after one attempt', async () => {
    const to = `nobody-${Date.now()}@heron.test`;
    const { books, invoice } = await emailNewInvoice(fast, to);
    const [record] = await settled(fast, books, invoice.id);
    assert.equal(record.status, 'failed');
    assert.equal(record.attempts, 1);
    assert.match(record.last_error, /550 no such mailbox/);
    await sleep(200);
    assert.equal(smtp.offers.get(to)?.length, 1);
  });

  test('a claim leases the message: no other claim takes it until the lease runs out, then the next attempt does and the stale claim cannot record', async () => {
    const to = `lease-${Date.now()}@heron.test`;
    const { books, invoice, answer } = await emailNewInvoice(idle, to);
    assert.equal(answer.email.status, 'queued');
    const first = await emails.claimDue(idle.db, LEASE_MS);
    assert.ok(first);
    assert.equal(first.invoice_id, invoice.id);
    assert.equal(first.attempts, 1);
    assert.equal(await emails.claimDue(idle.db, LEASE_MS), undefined, 'leased: not due');
    await sleep(LEASE_MS + 100); // the claimer "died" without an outcome
    const second = await emails.claimDue(idle.db, LEASE_MS);
    assert.ok(second);
    assert.equal(second.id, first.id);
    assert.equal(second.attempts, 2);
    assert.equal(await emails.recordSent(idle.db, first, 'stale'), false, 'the lost claim records nothing');
    assert.equal(await emails.recordSent(idle.db, second, 'fresh'), true);
    const [row] = await idle.db.query<{ status: string; message_id: string; attempts: number }>(
      'SELECT status, message_id, attempts FROM invoice_emails WHERE organization_id = $1 AND id = $2',
      [books.organizationId, first.id],
    );
    assert.deepEqual({ ...row }, { status: 'sent', message_id: 'fresh', attempts: 2 });
    assert.equal(await emails.claimDue(idle.db, 400), undefined, 'a sent message is never claimed again');
  });

  test('a message whose process died mid-send is tried again once the lease ends; with no attempt left it fails unsent', async () => {
    const sent: string[] = [];
    const mailer = {
      async send(mail: { to: string }) {
        sent.push(mail.to);
        return { messageId: `<${sent.length}@test>` };
      },
    };
    const silent = { info() {}, warn() {}, error() {} };
    const run = (attemptsMax: number) =>
      deliverNextEmail({
        db: idle.db,
        mailer,
        log: silent,
        settings: { ...EMAIL_OUTBOX_DEFAULTS, ...FAST_OUTBOX, attemptsMax },
      });

    const retried = await emailNewInvoice(idle, `died-${Date.now()}@heron.test`);
    assert.ok(await emails.claimDue(idle.db, LEASE_MS)); // attempt 1 claimed; its process "dies"
    assert.equal(await run(5), false, 'leased: nothing due');
    await sleep(LEASE_MS + 100);
    assert.equal(await run(5), true);
    const [record] = await emailsOf(idle, retried.books, retried.invoice.id);
    assert.equal(record.status, 'sent');
    assert.equal(record.attempts, 2);
    assert.deepEqual(sent, [retried.answer.email.to]);

    const exhausted = await emailNewInvoice(idle, `exhausted-${Date.now()}@heron.test`);
    assert.ok(await emails.claimDue(idle.db, 100)); // the one allowed attempt, interrupted
    await sleep(200);
    assert.equal(await run(1), true);
    const [failed] = await emailsOf(idle, exhausted.books, exhausted.invoice.id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.attempts, 1);
    assert.match(failed.last_error, /no attempt left after 1/);
    assert.equal(sent.length, 1, 'not sent');
  });

  test('without a worker (no SMTP, or FOLIO_EMAIL_WORKER=off) a live message stays queued, due now', async () => {
    const to = `idle-${Date.now()}@heron.test`;
    const { books, invoice } = await emailNewInvoice(idle, to);
    await sleep(200);
    const [record] = await emailsOf(idle, books, invoice.id);
    assert.equal(record.status, 'queued');
    assert.equal(record.attempts, 0);
    assert.ok(Date.parse(record.next_attempt_at) <= Date.now());
    assert.equal(smtp.offers.get(to), undefined);
  });
});
