// Invoice email (D29) against a REAL SMTP receiver (smtp-server on 127.0.0.1), not a mock transport.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { type Books, call, errorCode, type Harness, signUp, startHarness } from '../helpers/harness.ts';
import { createCustomer, createTaxRate, invoiceBody, ok, receivableCounts } from '../helpers/receivables.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

const received: ReceivedMail[] = [];
let smtp: SMTPServer;
let live: Harness; // SMTP configured
let unconfigured: Harness; // no SMTP_URL
let broken: Harness; // SMTP_URL pointing at a closed port

before(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  live = await startHarness({ smtpUrl: `smtp://127.0.0.1:${port}?ignore_tls=true` });
  unconfigured = await startHarness();
  // a port that was just free: nothing listens there, so delivery fails fast
  const probe = new SMTPServer({ authOptional: true, logger: false });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const closedPort = (probe.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  broken = await startHarness({ smtpUrl: `smtp://127.0.0.1:${closedPort}?ignore_tls=true` });
});

after(async () => {
  await live.close();
  await unconfigured.close();
  await broken.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
  return received.filter((mail) => mail.to.includes(address));
}

describe('invoice email', () => {
  test('live books: a draft is sent, posted and emailed with the PDF to the customer through SMTP', async () => {
    const books = await signUp(live);
    const { invoice } = await draftInvoice(live, books, false, `ap-${books.organizationId}@heron.test`);
    const to = `ap-${books.organizationId}@heron.test`;
    const response = await call(live, 'POST', `/api/v1/invoices/${invoice.id}/email`, books.headers);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json();
    assert.equal(body.status, 'sent');
    assert.equal(body.version, 2);
    assert.ok(body.journal_entry, 'email issues the invoice like send');
    assert.equal(body.email.status, 'sent');
    assert.equal(body.email.to, to);

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

    const records = ok(
      await call(live, 'GET', `/api/v1/invoices/${invoice.id}/emails`, books.headers),
    ).results;
    assert.equal(records.length, 1);
    assert.equal(records[0].id, body.email.id);
    assert.equal(records[0].status, 'sent');
    assert.equal(records[0].to, to);
    assert.ok(records[0].message_id);
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
    assert.equal(response.json().email.status, 'sent');
    const after = await receivableCounts(live, books.organizationId);
    assert.equal(after.journal_entries, before.journal_entries);
    assert.equal(after.invoice_emails, before.invoice_emails + 1);
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

  test('live books without SMTP configured record the email as queued', async () => {
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
  });

  test('a failed SMTP delivery is recorded as failed; the send and its posting stand', async () => {
    const books = await signUp(broken);
    const { invoice } = await draftInvoice(broken, books);
    const response = await call(broken, 'POST', `/api/v1/invoices/${invoice.id}/email`, books.headers);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().status, 'sent');
    assert.equal(response.json().email.status, 'failed');
    const records = ok(
      await call(broken, 'GET', `/api/v1/invoices/${invoice.id}/emails`, books.headers),
    ).results;
    assert.equal(records[0].status, 'failed');
    assert.ok(records[0].error);
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
    assert.equal(mailsTo(to).length, 1);
    const counts = await receivableCounts(live, books.organizationId);
    assert.equal(counts.invoice_emails, 1);
    assert.equal(counts.journal_entries, 1);
  });
});
