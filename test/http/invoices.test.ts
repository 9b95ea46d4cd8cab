// Invoices, what works: create, read, list, PATCH, send and void, tracking on lines, the OpenAPI
// document. Refusals are in invoices.error.test.ts, roles and other organizations in
// invoices.security.test.ts (Unkey's split).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays, todayIn } from '../../src/domain/dates.ts';
import { type Books, call, errorCode, signUp, today, useHarness } from '../helpers/harness.ts';
import { trackingOptions } from '../helpers/ledger.ts';
import { requestBodySchema } from '../helpers/openapi.ts';
import {
  createCustomer,
  createInvoice,
  createTaxRate,
  invoiceBody,
  ok,
  postInvoice,
  receivableCounts,
  receivablesSetup,
} from '../helpers/receivables.ts';

const harness = useHarness();

async function changesOf(books: Books, entityId: string) {
  const [rows] = [
    await harness.db.query<{ entity_type: string; operation: string; entity_version: number }>(
      `SELECT entity_type, operation, entity_version FROM changes
        WHERE organization_id = $1 AND entity_id = $2 ORDER BY seq`,
      [books.organizationId, entityId],
    ),
  ];
  return rows.map((row) => `${row.entity_type} ${row.operation} ${row.entity_version}`);
}

describe('invoices: create and read', () => {
  test('creates a draft with server-computed totals, number and due date, and no ledger entry', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const before = await receivableCounts(harness, books.organizationId);
    const response = await postInvoice(harness, books, customer.id, tax.id, {
      issue_date: '2026-01-31',
      subtotal: '1.00',
      tax_total: '0.00',
      total: '1.00',
    });
    assert.equal(response.statusCode, 201, response.body);
    const invoice = response.json();
    assert.equal(invoice.number, 'INV-000001');
    assert.equal(invoice.status, 'draft');
    assert.equal(invoice.customer, customer.id);
    assert.equal(invoice.customer_name, 'Blue Heron Cafe');
    assert.equal(invoice.issue_date, '2026-01-31');
    assert.equal(invoice.due_date, '2026-03-02', 'net_30 from the customer');
    assert.equal(invoice.currency, 'USD');
    assert.equal(invoice.subtotal, '1351.0000');
    assert.equal(invoice.tax_total, '99.0000');
    assert.equal(invoice.total, '1450.0000');
    assert.equal(invoice.amount_paid, '0.0000');
    assert.equal(invoice.balance_due, '1450.0000');
    assert.equal(invoice.days_overdue, 0);
    assert.equal(invoice.version, 1);
    assert.equal(invoice.journal_entry, null);
    assert.equal(invoice.lines.length, 2);
    assert.deepEqual(
      invoice.lines.map((line: Record<string, unknown>) => [
        line.quantity,
        line.unit_price,
        line.amount,
        line.is_taxable,
        line.tax_rate,
        line.tax_amount,
      ]),
      [
        ['10.0000', '120.0000', '1200.0000', true, tax.id, '99.0000'],
        ['2.0000', '75.5000', '151.0000', false, null, '0.0000'],
      ],
    );
    const after = await receivableCounts(harness, books.organizationId);
    assert.equal(after.invoices, before.invoices + 1);
    assert.equal(after.journal_entries, before.journal_entries, 'a draft writes no ledger entry');
    assert.deepEqual(await changesOf(books, invoice.id), ['ar_invoice created 1']);

    const read = await call(harness, 'GET', `/api/v1/invoices/${invoice.id}`, books.headers);
    assert.equal(read.statusCode, 200);
    assert.deepEqual(read.json(), invoice);
    assert.equal(read.headers.etag, '"1"');
  });

  // The due date was one of them until issue 21 made it the client's to set (invoice-terms.test.ts).
  test('ignores every server-computed field a client sends: totals, amounts, status, version', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const body = invoiceBody(books, customer.id, tax.id, {
      issue_date: '2026-03-01',
      subtotal: '1.00',
      tax_total: '1.00',
      total: '2.00',
      amount_paid: '2.00',
      balance_due: '0.00',
      status: 'paid',
      version: 7,
      days_overdue: 3,
      journal_entry: '00000000-0000-4000-8000-000000000000',
    }) as { lines: Record<string, unknown>[] };
    Object.assign(body.lines[0]!, { amount: '5.00', tax_amount: '5.00' });
    const invoice = ok(await call(harness, 'POST', '/api/v1/invoices', books.headers, body), 201);
    assert.deepEqual(
      [invoice.subtotal, invoice.tax_total, invoice.total, invoice.amount_paid, invoice.balance_due],
      ['1351.0000', '99.0000', '1450.0000', '0.0000', '1450.0000'],
    );
    assert.equal(invoice.status, 'draft');
    assert.equal(invoice.version, 1);
    assert.equal(invoice.due_date, '2026-03-31');
    assert.equal(invoice.journal_entry, null);
    assert.deepEqual([invoice.lines[0].amount, invoice.lines[0].tax_amount], ['1200.0000', '99.0000']);
  });

  test('issue_date defaults to today in the organization time zone; due_on_receipt is due that day', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers, { payment_terms: 'due_on_receipt' });
    const body = invoiceBody(books, customer.id, '');
    body.lines = body.lines.slice(1);
    const invoice = ok(await call(harness, 'POST', '/api/v1/invoices', books.headers, body), 201);
    assert.equal(invoice.issue_date, today);
    assert.equal(invoice.due_date, today);
  });

  test('server numbers are gapless and skip a number a client took', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    assert.equal((await createInvoice(harness, books, customer.id, tax.id)).number, 'INV-000001');
    assert.equal(
      (await createInvoice(harness, books, customer.id, tax.id, { number: 'INV-000002' })).number,
      'INV-000002',
    );
    assert.equal((await createInvoice(harness, books, customer.id, tax.id)).number, 'INV-000003');
    assert.equal(
      (await createInvoice(harness, books, customer.id, tax.id, { number: 'A-17' })).number,
      'A-17',
    );
    assert.equal((await createInvoice(harness, books, customer.id, tax.id)).number, 'INV-000004');
  });

  test('an Idempotency-Key replays the create and allocates one number', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const headers = { ...books.headers, 'idempotency-key': 'inv-create-1' };
    const body = invoiceBody(books, customer.id, tax.id);
    const first = await call(harness, 'POST', '/api/v1/invoices', headers, body);
    const second = await call(harness, 'POST', '/api/v1/invoices', headers, body);
    assert.equal(first.statusCode, 201);
    assert.equal(second.statusCode, 201);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(second.body, first.body);
    assert.equal((await receivableCounts(harness, books.organizationId)).invoices, 1);
  });
});

describe('invoices: list', () => {
  test('lists summaries with filters by status, customer, issue date and search on number or name', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const otherCustomer = await createCustomer(harness, books.headers, { display_name: 'Quartz Studio' });
    const a = await createInvoice(harness, books, customer.id, tax.id, { issue_date: '2026-01-10' });
    const b = await createInvoice(harness, books, otherCustomer.id, tax.id, { issue_date: '2026-02-10' });
    const c = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date: '2026-03-10',
      number: 'SPECIAL-9',
    });
    ok(await call(harness, 'POST', `/api/v1/invoices/${b.id}/send`, books.headers));

    const ids = async (query: string) => {
      const page = ok(await call(harness, 'GET', `/api/v1/invoices${query}`, books.headers));
      return page.results.map((item: { id: string }) => item.id);
    };
    const all = ok(await call(harness, 'GET', '/api/v1/invoices', books.headers));
    assert.equal(all.next, null);
    assert.equal(all.previous, null);
    const item = all.results.find((row: { id: string }) => row.id === b.id);
    for (const field of [
      'number',
      'customer_name',
      'status',
      'currency',
      'total',
      'balance_due',
      'due_date',
    ]) {
      assert.ok(field in item, field);
    }
    assert.equal(item.customer_name, 'Quartz Studio');
    assert.equal(item.status, 'sent');
    assert.equal(item.balance_due, '1450.0000');
    assert.equal(item.lines, undefined, 'list items are summaries');

    assert.deepEqual(await ids(''), [a.id, b.id, c.id]);
    assert.deepEqual(await ids('?status=sent'), [b.id]);
    assert.deepEqual(await ids('?status=draft'), [a.id, c.id]);
    assert.deepEqual(await ids(`?customer=${customer.id}`), [a.id, c.id]);
    assert.deepEqual(await ids('?issue_date_from=2026-02-01'), [b.id, c.id]);
    assert.deepEqual(await ids('?issue_date_from=2026-02-01&issue_date_to=2026-02-28'), [b.id]);
    assert.deepEqual(await ids('?search=special'), [c.id]);
    assert.deepEqual(await ids('?search=quartz'), [b.id]);
    assert.deepEqual(await ids('?search=INV-00000'), [a.id, b.id]);
    assert.deepEqual(await ids('?search=%25'), [], 'a % in search is a literal character');

    const bad = await call(harness, 'GET', '/api/v1/invoices?status=open', books.headers);
    assert.equal(errorCode(bad), 'validation_error');
  });

  test('pages of 50 follow next and previous with the filters kept', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const created: string[] = [];
    for (let index = 0; index < 52; index++) {
      created.push((await createInvoice(harness, books, customer.id, tax.id)).id);
    }
    const first = ok(await call(harness, 'GET', '/api/v1/invoices?status=draft', books.headers));
    assert.equal(first.results.length, 50);
    assert.equal(first.previous, null);
    assert.ok(first.next.includes('status=draft'));
    const second = ok(
      await call(harness, 'GET', new URL(first.next).pathname + new URL(first.next).search, books.headers),
    );
    assert.deepEqual(
      [...first.results, ...second.results].map((row: { id: string }) => row.id),
      created,
    );
    assert.equal(second.next, null);
    const back = ok(
      await call(
        harness,
        'GET',
        new URL(second.previous).pathname + new URL(second.previous).search,
        books.headers,
      ),
    );
    assert.deepEqual(
      back.results.map((row: { id: string }) => row.id),
      created.slice(0, 50),
    );
  });

  test('cursor=last opens on the newest 50 in list order, with previous only, and the filters kept', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const created: string[] = [];
    for (let index = 0; index < 53; index++) {
      created.push((await createInvoice(harness, books, customer.id, tax.id)).id);
    }
    const sent = ok(await call(harness, 'POST', `/api/v1/invoices/${created[52]}/send`, books.headers));
    const ids = (page: { results: { id: string }[] }) => page.results.map((row) => row.id);
    const path = (url: string) => new URL(url).pathname + new URL(url).search;

    const last = ok(await call(harness, 'GET', '/api/v1/invoices?cursor=last', books.headers));
    assert.deepEqual(ids(last), created.slice(3), 'the newest 50, oldest of them first');
    assert.equal(last.next, null, 'nothing comes after the last page');
    assert.ok(last.previous);
    const before = ok(await call(harness, 'GET', path(last.previous), books.headers));
    assert.deepEqual(ids(before), created.slice(0, 3));
    assert.equal(before.previous, null);
    assert.ok(before.next, 'the page before the last leads forward again');
    assert.deepEqual(ids(ok(await call(harness, 'GET', path(before.next), books.headers))), created.slice(3));

    const drafts = ok(await call(harness, 'GET', '/api/v1/invoices?status=draft&cursor=last', books.headers));
    assert.deepEqual(ids(drafts), created.slice(2, 52), 'a filter applies to the last page too');
    assert.ok(drafts.previous.includes('status=draft'));
    const sentOnly = ok(
      await call(harness, 'GET', '/api/v1/invoices?status=sent&cursor=last', books.headers),
    );
    assert.deepEqual(ids(sentOnly), [sent.id]);
    assert.equal(sentOnly.previous, null, 'a last page that is also the first has no previous');

    const other = await signUp(harness);
    const empty = ok(await call(harness, 'GET', '/api/v1/invoices?cursor=last', other.headers));
    assert.deepEqual(empty, { next: null, previous: null, results: [] });
    const feed = await call(harness, 'GET', '/api/v1/changes?cursor=last', books.headers);
    assert.equal(errorCode(feed), 'invalid_cursor', 'the change feed has no last page');
  });

  test('days_overdue counts days past due for a sent invoice, and is 0 for drafts and invoices not yet due', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const late = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date: addDays(today, -40),
    });
    const draftLate = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date: addDays(today, -40),
    });
    const current = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date: addDays(today, -5),
    });
    ok(await call(harness, 'POST', `/api/v1/invoices/${late.id}/send`, books.headers));
    ok(await call(harness, 'POST', `/api/v1/invoices/${current.id}/send`, books.headers));
    const read = async (id: string) =>
      ok(await call(harness, 'GET', `/api/v1/invoices/${id}`, books.headers));
    assert.equal((await read(late.id)).days_overdue, 10);
    assert.equal((await read(draftLate.id)).days_overdue, 0);
    assert.equal((await read(current.id)).days_overdue, 0);
    const page = ok(await call(harness, 'GET', '/api/v1/invoices?status=sent', books.headers));
    assert.equal(page.results.find((row: { id: string }) => row.id === late.id).days_overdue, 10);
  });
});

describe('invoices: days_overdue (D24)', () => {
  test('is 0 for paid and void invoices, whatever their due date', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const issue = addDays(today, -60);
    const paid = await createInvoice(harness, books, customer.id, tax.id, { issue_date: issue });
    ok(await call(harness, 'POST', `/api/v1/invoices/${paid.id}/send`, books.headers));
    const partly = await createInvoice(harness, books, customer.id, tax.id, { issue_date: issue });
    ok(await call(harness, 'POST', `/api/v1/invoices/${partly.id}/send`, books.headers));
    ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: customer.id,
        payment_date: today,
        amount: '1460.00',
        method: 'ach',
        applications: [
          { invoice_id: paid.id, amount: '1450.00' },
          { invoice_id: partly.id, amount: '10.00' },
        ],
      }),
      201,
    );
    const voided = await createInvoice(harness, books, customer.id, tax.id, { issue_date: issue });
    ok(await call(harness, 'POST', `/api/v1/invoices/${voided.id}/send`, books.headers));
    ok(await call(harness, 'POST', `/api/v1/invoices/${voided.id}/void`, books.headers));
    const read = async (id: string) =>
      ok(await call(harness, 'GET', `/api/v1/invoices/${id}`, books.headers));
    assert.deepEqual([(await read(paid.id)).status, (await read(paid.id)).days_overdue], ['paid', 0]);
    assert.deepEqual([(await read(voided.id)).status, (await read(voided.id)).days_overdue], ['void', 0]);
    assert.deepEqual(
      [(await read(partly.id)).status, (await read(partly.id)).days_overdue],
      ['sent', 30],
      'a partly paid invoice stays sent and overdue',
    );
    const page = ok(await call(harness, 'GET', '/api/v1/invoices', books.headers)).results;
    assert.deepEqual(
      page.map((row: { status: string; days_overdue: number }) => [row.status, row.days_overdue]),
      [
        ['paid', 0],
        ['sent', 30],
        ['void', 0],
      ],
    );
  });

  test("counts to today in the organization's time zone, on read and in the list", async () => {
    // UTC+14 and UTC-11 are 25 hours apart: at any moment at least one of them is not on UTC's date.
    for (const timezone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const books = await signUp(harness);
      ok(await call(harness, 'PATCH', '/api/v1/organization', books.headers, { timezone }));
      const localToday = todayIn(timezone);
      const customer = await createCustomer(harness, books.headers, { payment_terms: 'net_30' });
      const tax = await createTaxRate(harness, books.headers);
      const late = await createInvoice(harness, books, customer.id, tax.id, {
        issue_date: addDays(localToday, -40),
      });
      const due = await createInvoice(harness, books, customer.id, tax.id, {
        issue_date: addDays(localToday, -30),
      });
      for (const id of [late.id, due.id])
        ok(await call(harness, 'POST', `/api/v1/invoices/${id}/send`, books.headers));
      const read = async (id: string) =>
        ok(await call(harness, 'GET', `/api/v1/invoices/${id}`, books.headers)).days_overdue;
      assert.equal(await read(late.id), 10, timezone);
      assert.equal(await read(due.id), 0, `${timezone}: due today is not overdue`);
      const page = ok(await call(harness, 'GET', '/api/v1/invoices', books.headers)).results;
      assert.deepEqual(
        page.map((row: { days_overdue: number }) => row.days_overdue),
        [10, 0],
        timezone,
      );
    }
  });
});

describe('invoices: PATCH drafts', () => {
  test('a sparse PATCH changes only what is sent; new lines replace all lines and totals are recomputed', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await createInvoice(harness, books, customer.id, tax.id, { memo: 'first' });
    const memo = ok(
      await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, { memo: 'second' }),
    );
    assert.equal(memo.memo, 'second');
    assert.equal(memo.version, 2);
    assert.equal(memo.total, '1450.0000');
    assert.equal(memo.lines.length, 2);

    const relined = ok(
      await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, {
        lines: [
          { quantity: '3', unit_price: '19.99', income_account: books.accounts['4100'], total: '1.00' },
        ],
        issue_date: '2026-05-01',
        total: '5.00',
      }),
    );
    assert.equal(relined.version, 3);
    assert.equal(relined.lines.length, 1);
    assert.equal(relined.subtotal, '59.9700');
    assert.equal(relined.tax_total, '0.0000');
    assert.equal(relined.total, '59.9700');
    assert.equal(relined.due_date, '2026-05-31');
    assert.equal(relined.memo, 'second');
    assert.deepEqual(await changesOf(books, draft.id), [
      'ar_invoice created 1',
      'ar_invoice updated 2',
      'ar_invoice updated 3',
    ]);
  });
});

describe('invoices: send and void', () => {
  test('send posts the D25 entry: receivable debited with the total, income per line, tax to its liability account', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await createInvoice(harness, books, customer.id, tax.id, { issue_date: '2026-02-15' });
    const sent = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers);
    assert.equal(sent.statusCode, 200, sent.body);
    const invoice = sent.json();
    assert.equal(invoice.status, 'sent');
    assert.equal(invoice.version, 2);
    assert.equal(invoice.number, 'INV-000001');
    assert.equal(invoice.balance_due, '1450.0000');
    assert.ok(invoice.journal_entry);

    const entries = ok(
      await call(
        harness,
        'GET',
        `/api/v1/journal-entries?source_type=invoice&source_id=${draft.id}`,
        books.headers,
      ),
    ).results;
    assert.equal(entries.length, 1);
    const [entry] = entries;
    assert.equal(entry.id, invoice.journal_entry);
    assert.equal(entry.status, 'posted');
    assert.equal(entry.txn_date, '2026-02-15');
    assert.equal(entry.total_debit, '1450.0000');
    assert.deepEqual(
      entry.lines.map((line: Record<string, string>) => [line.account_number, line.debit, line.credit]),
      [
        ['1100', '1450.0000', '0.0000'],
        ['4100', '0.0000', '1200.0000'],
        ['4000', '0.0000', '151.0000'],
        ['2200', '0.0000', '99.0000'],
      ],
    );
    const receivable = ok(
      await call(harness, 'GET', `/api/v1/accounts/${books.accounts['1100']}`, books.headers),
    );
    assert.equal(receivable.balance, '1450.0000');
    assert.deepEqual(await changesOf(books, draft.id), ['ar_invoice created 1', 'ar_invoice updated 2']);
  });

  test("tax is credited to the rate's own liability account", async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const liability = ok(
      await call(harness, 'POST', '/api/v1/accounts', books.headers, {
        number: '2210',
        name: 'City Tax Payable',
        type: 'liability',
      }),
      201,
    );
    const tax = await createTaxRate(harness, books.headers, '2.0000', { liability_account: liability.id });
    const draft = await createInvoice(harness, books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    const account = ok(await call(harness, 'GET', `/api/v1/accounts/${liability.id}`, books.headers));
    assert.equal(account.balance, '24.0000');
  });

  test('voiding a draft has no ledger effect; its number stays used', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await createInvoice(harness, books, customer.id, tax.id);
    const before = await receivableCounts(harness, books.organizationId);
    const voided = ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/void`, books.headers));
    assert.equal(voided.status, 'void');
    assert.equal(voided.version, 2);
    assert.equal(voided.balance_due, '0.0000');
    assert.equal(voided.void_entry, null);
    const after = await receivableCounts(harness, books.organizationId);
    assert.equal(after.journal_entries, before.journal_entries);
    assert.equal((await createInvoice(harness, books, customer.id, tax.id)).number, 'INV-000002');
  });

  test('voiding a sent, unpaid invoice posts a reversing entry and puts receivable and income back', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await createInvoice(harness, books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    const voided = ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/void`, books.headers));
    assert.equal(voided.status, 'void');
    assert.equal(voided.version, 3);
    const reversal = ok(
      await call(
        harness,
        'GET',
        `/api/v1/journal-entries?source_type=invoice_void&source_id=${draft.id}`,
        books.headers,
      ),
    ).results;
    assert.equal(reversal.length, 1);
    assert.equal(reversal[0].id, voided.void_entry);
    assert.equal(reversal[0].reverses_entry, voided.journal_entry);
    assert.deepEqual(
      reversal[0].lines.map((line: Record<string, string>) => [line.account_number, line.debit, line.credit]),
      [
        ['1100', '0.0000', '1450.0000'],
        ['4100', '1200.0000', '0.0000'],
        ['4000', '151.0000', '0.0000'],
        ['2200', '99.0000', '0.0000'],
      ],
    );
    for (const number of ['1100', '4100', '4000', '2200']) {
      const account = ok(
        await call(harness, 'GET', `/api/v1/accounts/${books.accounts[number]}`, books.headers),
      );
      assert.equal(account.balance, '0.0000', number);
    }
    const again = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/void`, books.headers);
    assert.equal(errorCode(again), 'invalid_state');
    const patch = await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, { memo: 'x' });
    assert.equal(errorCode(patch), 'immutable_entry');
  });
});

describe('invoices: tracking options on lines (D28)', () => {
  test('lines carry tracking_options through create, read, PATCH and into the posted entry', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const { east, west, alpha } = await trackingOptions(harness, books);
    const body = invoiceBody(books, customer.id, tax.id) as { lines: Record<string, unknown>[] };
    body.lines[0]!.tracking_options = [east.id, alpha.id];
    body.lines[1]!.tracking_options = [west.id];
    const draft = ok(await call(harness, 'POST', '/api/v1/invoices', books.headers, body), 201);
    assert.deepEqual(
      draft.lines.map((line: { tracking_options: string[] }) => line.tracking_options),
      [[east.id, alpha.id], [west.id]],
    );
    const read = ok(await call(harness, 'GET', `/api/v1/invoices/${draft.id}`, books.headers));
    assert.deepEqual(read.lines, draft.lines);
    body.lines[1]!.tracking_options = [alpha.id];
    const patched = ok(
      await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, { lines: body.lines }),
    );
    assert.deepEqual(patched.lines[1].tracking_options, [alpha.id]);
    const sent = ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    const entry = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${sent.journal_entry}`, books.headers),
    );
    assert.deepEqual(
      entry.lines.map((line: { account_number: string; tracking_options: string[] }) => [
        line.account_number,
        line.tracking_options,
      ]),
      [
        ['1100', []],
        ['4100', [east.id, alpha.id]],
        ['4000', [alpha.id]],
        ['2200', []],
      ],
    );
  });
});

describe('invoices: change feed roles and OpenAPI', () => {
  test('the published OpenAPI document carries invoices, invoice emails and payments with money as strings', async () => {
    const doc = (await call(harness, 'GET', '/api/v1/openapi.json', {})).json();
    for (const [path, method] of [
      ['/api/v1/invoices', 'get'],
      ['/api/v1/invoices', 'post'],
      ['/api/v1/invoices/{id}', 'get'],
      ['/api/v1/invoices/{id}', 'patch'],
      ['/api/v1/invoices/{id}/send', 'post'],
      ['/api/v1/invoices/{id}/void', 'post'],
      ['/api/v1/invoices/{id}/email', 'post'],
      ['/api/v1/invoices/{id}/emails', 'get'],
      ['/api/v1/payments-received', 'get'],
      ['/api/v1/payments-received', 'post'],
      ['/api/v1/payments-received/{id}', 'get'],
    ] as const) {
      assert.ok(doc.paths[path]?.[method], `${method} ${path}`);
    }
    const create = requestBodySchema(doc, '/api/v1/invoices', 'post');
    assert.equal(create.properties.lines.items.properties.unit_price.type, 'string');
    assert.equal(create.properties.lines.items.properties.quantity.type, 'string');
    assert.deepEqual(create.required.sort(), ['customer', 'lines']);
    assert.equal(doc.components.schemas.Invoice.properties.total.type, 'string');
    assert.equal(doc.components.schemas.PaymentReceived.properties.unapplied_amount.type, 'string');
    assert.ok(doc.components.schemas.InvoiceEmail.properties.status);
    const payment = requestBodySchema(doc, '/api/v1/payments-received', 'post');
    assert.equal(payment.properties.applications.items.properties.amount.type, 'string');
  });
});
