// Invoice email (D29, D62) against a REAL SMTP receiver (smtp-server on 127.0.0.1), not a mock
// transport. The request puts the message in the outbox (`queued`); the app's worker delivers it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Books, call, errorCode, type Harness, signUp, startHarness } from '../helpers/harness.ts';
import {
  FAST_OUTBOX,
  type OwnDatabase,
  ownDatabase,
  type SmtpReceiver,
  startSmtpReceiver,
  waitFor,
} from '../helpers/outbox.ts';
import { createCustomer, createTaxRate, invoiceBody, ok, receivableCounts } from '../helpers/receivables.ts';
import { freePort } from '../helpers/service.ts';

let smtp: SmtpReceiver;
let live: Harness; // SMTP configured
let unconfigured: Harness; // no SMTP_URL: no worker
let broken: Harness; // SMTP_URL pointing at a closed port
const databases: OwnDatabase[] = [];

// On PostgreSQL the outbox is the database's: the harnesses whose workers deliver get their own.
async function harnessOn(label: string, config: Parameters<typeof startHarness>[0]) {
  const database = await ownDatabase(label);
  databases.push(database);
  return startHarness(config, 10, { databaseUrl: database.url });
}

before(async () => {
  smtp = await startSmtpReceiver();
  live = await harnessOn('email_live', { smtpUrl: smtp.url, emailOutbox: FAST_OUTBOX });
  unconfigured = await startHarness();
  // a port that was just free: nothing listens there, so every attempt fails fast
  const closedPort = await freePort();
  broken = await harnessOn('email_broken', {
    smtpUrl: `smtp://127.0.0.1:${closedPort}?ignore_tls=true`,
    emailOutbox: { ...FAST_OUTBOX, attemptsMax: 2 },
  });
});

after(async () => {
  for (const harness of [live, unconfigured, broken]) await harness?.close();
  await smtp?.close();
  for (const database of databases) await database.drop();
});

async function draftInvoice(
  harness: Harness,
  books: Books,
  sandbox = false,
  email: string | null = 'ap@heron.test',
) {
  const headers = sandbox ? books.sandboxHeaders : books.headers;
  const accounts = sandbox
    ? Object.fromEntries(
        ok(await call(harness, 'GET', '/api/v1/accounts', headers)).results.map(
          (a: { number: string; id: string }) => [a.number, a.id],
        ),
      )
    : books.accounts;
  const customer = await createCustomer(harness, headers, { display_name: 'Blue Heron Cafe', email });
  const tax = await createTaxRate(harness, headers);
  const invoice = ok(
    await call(
      harness,
      'POST',
      '/api/v1/invoices',
      headers,
      invoiceBody({ ...books, accounts }, customer.id, tax.id),
    ),
    201,
  );
  return { invoice, customer, headers };
}

function mailsTo(address: string) {
  return smtp.mailsTo(address);
}

/** The invoice's email records once the first is no longer queued. */
async function settled(harness: Harness, books: Books, invoiceId: string) {
  return waitFor(
    async () => ok(await call(harness, 'GET', `/api/v1/invoices/${invoiceId}/emails`, books.headers)).results,
    (records: any[]) => records[0]?.status !== 'queued',
    15_000,
    'delivery outcome',
  );
}

describe('invoice email', () => {
  test('live books: a draft is sent and posted, its email queued, then delivered with the PDF to the customer through SMTP', async () => {
    const books = await signUp(live);
    const { invoice } = await draftInvoice(live, books, false, `ap-${books.organizationId}@heron.test`);
    const to = `ap-${books.organizationId}@heron.test`;
    const response = await call(live, 'POST', `/api/v1/invoices/${invoice.id}/email`, books.headers);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.status, 'sent');
    assert.equal(body.version, 2);
    assert.ok(body.journal_entry, 'email issues the invoice like send');
    assert.equal(body.email.status, 'queued', 'the request does not wait for SMTP (D62)');
    assert.equal(body.email.to, to);

    const records = await settled(live, books, invoice.id);
    const mails = mailsTo(to);
    assert.equal(mails.length, 1);
    const raw = mails[0]!.raw;
    assert.match(raw, /Subject: Invoice INV-000001 from Acme Books/);
    assert.match(raw, /Content-Type: application\/pdf; name=INV-000001\.pdf/);
    const pdfBase64 = raw.split(/Content-Disposition: attachment; filename=INV-000001\.pdf\r?\n\r?\n/)[1];
    assert.ok(pdfBase64, 'the PDF part is present');
    const pdf = Buffer.from(pdfBase64!.split(/\r?\n--/)[0]!.replace(/\s+/g, ''), 'base64');
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');

    const entries = ok(
      await call(
        live,
        'GET',
        `/api/v1/journal-entries?source_type=invoice&source_id=${invoice.id}`,
        books.headers,
      ),
    ).results;
    assert.equal(entries.length, 1);
    assert.equal(entries[0].total_debit, '1450.0000');

    assert.equal(records.length, 1);
    assert.equal(records[0].id, body.email.id);
    assert.equal(records[0].status, 'sent');
    assert.equal(records[0].to, to);
    assert.equal(records[0].attempts, 1);
    assert.ok(records[0].message_id);
    assert.ok(records[0].sent_at);
    assert.equal(records[0].last_error, null);
    assert.equal(records[0].error, null);

    // same as send: the status change has its change record, at the new version
    const changes = await live.db.query<{ entity_type: string; operation: string; entity_version: number }>(
      `SELECT entity_type, operation, entity_version FROM changes
        WHERE organization_id = $1 AND entity_id = $2 ORDER BY seq`,
      [books.organizationId, invoice.id],
    );
    assert.deepEqual(
      changes.map((row) => `${row.entity_type} ${row.operation} ${row.entity_version}`),
      ['ar_invoice created 1', 'ar_invoice updated 2'],
    );
  });

  test('emailing a sent invoice again emails it again without posting again; to, subject, message are honoured', async () => {
    const books = await signUp(live);
    const { invoice } = await draftInvoice(live, books);
    ok(await call(live, 'POST', `/api/v1/invoices/${invoice.id}/send`, books.headers));
    const before = await receivableCounts(live, books.organizationId);
    const to = `copy-${books.organizationId}@example.test`;
    const response = await call(live, 'POST', `/api/v1/invoices/${invoice.id}/email`, books.headers, {
      to,
      subject: 'Your invoice, again',
      message: 'A friendly reminder.',
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().version, 2, 'no new version: nothing about the invoice changed');
    assert.equal(response.json().email.status, 'queued');
    const after = await receivableCounts(live, books.organizationId);
    assert.equal(after.journal_entries, before.journal_entries);
    assert.equal(after.invoice_emails, before.invoice_emails + 1);
    await settled(live, books, invoice.id);
    const [mail] = mailsTo(to);
    assert.ok(mail);
    assert.match(mail.raw, /Subject: Your invoice, again/);
    assert.match(mail.raw, /A friendly reminder\./);
  });

  test('sandbox books: the email is recorded, the invoice is sent and posted, and nothing reaches SMTP', async () => {
    const books = await signUp(live);
    const to = `sandbox-${books.organizationId}@heron.test`;
    const { invoice, headers } = await draftInvoice(live, books, true, to);
    const response = await call(live, 'POST', `/api/v1/invoices/${invoice.id}/email`, headers);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().status, 'sent');
    assert.equal(response.json().email.status, 'recorded');
    assert.equal(response.json().number, 'INV-000001', 'numbered on the sandbox sequence like live books');
    assert.equal(response.json().version, 2);
    const records = ok(await call(live, 'GET', `/api/v1/invoices/${invoice.id}/emails`, headers)).results;
    assert.equal(records.length, 1);
    assert.equal(records[0].status, 'recorded');
    assert.equal(records[0].message_id, null);
    const entries = ok(
      await call(live, 'GET', `/api/v1/journal-entries?source_type=invoice&source_id=${invoice.id}`, headers),
    ).results;
    assert.equal(entries.length, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(mailsTo(to).length, 0, 'a sandbox never sends');
  });

  test('live books without SMTP configured keep the email queued (no worker delivers it)', async () => {
    const books = await signUp(unconfigured);
    const { invoice } = await draftInvoice(unconfigured, books);
    const response = await call(unconfigured, 'POST', `/api/v1/invoices/${invoice.id}/email`, books.headers);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().status, 'sent');
    assert.equal(response.json().email.status, 'queued');
    const records = ok(
      await call(unconfigured, 'GET', `/api/v1/invoices/${invoice.id}/emails`, books.headers),
    );
    assert.equal(records.results[0].status, 'queued');
    assert.equal(records.results[0].attempts, 0);
    assert.ok(records.results[0].next_attempt_at);
  });

  test('an SMTP server that cannot be reached: the email is retried, then failed with the error; the send and its posting stand', async () => {
    const books = await signUp(broken);
    const { invoice } = await draftInvoice(broken, books);
    const response = await call(broken, 'POST', `/api/v1/invoices/${invoice.id}/email`, books.headers);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().status, 'sent');
    assert.equal(response.json().email.status, 'queued');
    const records = await settled(broken, books, invoice.id);
    assert.equal(records[0].status, 'failed');
    assert.equal(records[0].attempts, 2, 'attemptsMax of this harness');
    assert.match(records[0].last_error, /ECONNREFUSED/);
    assert.equal(records[0].next_attempt_at, null);
    const entries = ok(
      await call(
        broken,
        'GET',
        `/api/v1/journal-entries?source_type=invoice&source_id=${invoice.id}`,
        books.headers,
      ),
    ).results;
    assert.equal(entries.length, 1);
  });

  test('no address anywhere: 400 validation_error on `to`, the draft stays a draft, nothing written', async () => {
    const books = await signUp(live);
    const { invoice } = await draftInvoice(live, books, false, null);
    const before = await receivableCounts(live, books.organizationId);
    const response = await call(live, 'POST', `/api/v1/invoices/${invoice.id}/email`, books.headers, {});
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields.to);
    assert.deepEqual(await receivableCounts(live, books.organizationId), before);
    assert.equal(
      ok(await call(live, 'GET', `/api/v1/invoices/${invoice.id}`, books.headers)).status,
      'draft',
    );
  });

  test('a void invoice cannot be emailed: 409 invalid_state, nothing written or sent', async () => {
    const books = await signUp(live);
    const to = `void-${books.organizationId}@heron.test`;
    const { invoice } = await draftInvoice(live, books, false, to);
    ok(await call(live, 'POST', `/api/v1/invoices/${invoice.id}/void`, books.headers));
    const before = await receivableCounts(live, books.organizationId);
    const response = await call(live, 'POST', `/api/v1/invoices/${invoice.id}/email`, books.headers);
    assert.equal(response.statusCode, 409);
    assert.equal(errorCode(response), 'invalid_state');
    assert.deepEqual(await receivableCounts(live, books.organizationId), before);
    assert.equal(mailsTo(to).length, 0);
  });

  test('an Idempotency-Key replay of an email sends no second message and posts nothing more', async () => {
    const books = await signUp(live);
    const to = `replay-${books.organizationId}@heron.test`;
    const { invoice } = await draftInvoice(live, books, false, to);
    const headers = { ...books.headers, 'idempotency-key': 'email-1' };
    const first = await call(live, 'POST', `/api/v1/invoices/${invoice.id}/email`, headers, {});
    const second = await call(live, 'POST', `/api/v1/invoices/${invoice.id}/email`, headers, {});
    assert.equal(first.statusCode, 200);
    assert.equal(second.statusCode, 200);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(second.json().email.id, first.json().email.id);
    assert.equal(second.json().email.status, 'queued', 'the answer stored at commit');
    await settled(live, books, invoice.id);
    await sleep(300); // further polls send nothing again
    assert.equal(mailsTo(to).length, 1);
    const counts = await receivableCounts(live, books.organizationId);
    assert.equal(counts.invoice_emails, 1);
    assert.equal(counts.journal_entries, 1);
  });
});
