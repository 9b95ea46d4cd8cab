// D92: a statement emailed through the outbox, delivered by the worker to a REAL SMTP receiver with
// the statement (type and dates as asked for) as a PDF; sandbox books record it and never send it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
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
let live: Harness;
let database: OwnDatabase;

before(async () => {
  smtp = await startSmtpReceiver();
  database = await ownDatabase('statement_email');
  live = await startHarness({ smtpUrl: smtp.url, emailOutbox: FAST_OUTBOX }, 10, {
    databaseUrl: database.url,
  });
});

after(async () => {
  await live?.close();
  await smtp?.close();
  await database?.drop();
});

async function customerWithInvoice(books: Books, headers: Books['headers'], address: string) {
  const accounts = Object.fromEntries(
    ok(await call(live, 'GET', '/api/v1/accounts', headers)).results.map(
      (a: { number: string; id: string }) => [a.number, a.id],
    ),
  );
  const customer = await createCustomer(live, headers, { display_name: 'Blue Heron Cafe', email: address });
  const tax = await createTaxRate(live, headers);
  const draft = ok(
    await call(
      live,
      'POST',
      '/api/v1/invoices',
      headers,
      invoiceBody({ ...books, accounts }, customer.id, tax.id, { issue_date: '2026-03-02' }),
    ),
    201,
  );
  ok(await call(live, 'POST', `/api/v1/invoices/${draft.id}/send`, headers));
  return customer;
}

/** The outbox row of an email, read in its organization's books (one shard on Citus). */
const emailRow = async (organizationId: string, id: string) => {
  const [row] = await live.db.query<{
    status: string;
    statement_type: string;
    statement_from: string | null;
    statement_to: string;
  }>(
    'SELECT status, statement_type, statement_from::text AS statement_from, statement_to::text AS statement_to FROM invoice_emails WHERE organization_id = $1 AND id = $2',
    [organizationId, id],
  );
  return row;
};

describe('statement email (D92)', () => {
  test('live books: queued, then delivered with the statement asked for as a PDF', async () => {
    const books = await signUp(live);
    const address = `statements-${books.organizationId}@heron.test`;
    const customer = await customerWithInvoice(books, books.headers, address);
    const response = await call(
      live,
      'POST',
      `/api/v1/customers/${customer.id}/statement/email`,
      books.headers,
      {
        type: 'activity',
        from: '2026-03-01',
        to: '2026-03-31',
      },
    );
    assert.equal(response.statusCode, 201, response.body);
    const email = response.json();
    assert.equal(email.status, 'queued');
    assert.equal(email.recipient, address);
    assert.equal(email.type, 'activity');
    assert.equal(email.from, '2026-03-01');
    assert.equal(email.to, '2026-03-31');
    assert.equal(email.balance, '1450.0000');
    assert.match(email.subject, /^Statement for 2026-03-01 to 2026-03-31 from .+/);
    assert.match(email.body, /Balance: USD 1450\.0000/);

    const [mail] = await waitFor(
      () => Promise.resolve(smtp.mailsTo(address)),
      (mails) => mails.length === 1,
      15_000,
      'the statement email',
    );
    const filename = 'statement-Blue_Heron_Cafe-activity-2026-03-01-to-2026-03-31.pdf';
    assert.match(
      mail!.raw,
      new RegExp(`Content-Type: application/pdf;\\s+name=${filename.replace(/\./g, '\\.')}`),
    );
    const pdfBase64 = mail!.raw.split(/Content-Disposition: attachment;\s+filename=[^\r\n]+\r?\n\r?\n/)[1];
    assert.ok(pdfBase64, 'the PDF part is present');
    const pdf = Buffer.from(pdfBase64!.split(/\r?\n--/)[0]!.replace(/\s+/g, ''), 'base64');
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const row = await waitFor(
      () => emailRow(books.organizationId, email.id),
      (value) => value?.status === 'sent',
      5_000,
      'sent',
    );
    assert.deepEqual(row, {
      status: 'sent',
      statement_type: 'activity',
      statement_from: '2026-03-01',
      statement_to: '2026-03-31',
    });
  });

  test('sandbox books: the email is recorded and never sent', async () => {
    const books = await signUp(live);
    const address = `sandbox-statement-${books.organizationId}@heron.test`;
    const customer = await customerWithInvoice(books, books.sandboxHeaders, address);
    const response = await call(
      live,
      'POST',
      `/api/v1/customers/${customer.id}/statement/email`,
      books.sandboxHeaders,
      {},
    );
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().status, 'recorded');
    assert.equal(response.json().type, 'outstanding');
    await sleep(300);
    assert.equal(smtp.mailsTo(address).length, 0, 'a sandbox never sends');
    assert.equal((await emailRow(books.sandboxId, response.json().id))?.status, 'recorded');
  });
});
