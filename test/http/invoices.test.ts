import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addDays, todayIn } from '../../src/domain/dates.ts';
import {
  type Books,
  call,
  createKey,
  errorCode,
  type Harness,
  onPostgres,
  signUp,
  startHarness,
} from '../helpers/harness.ts';
import { requestBodySchema } from '../helpers/openapi.ts';
import {
  assertNothingWritten,
  createCustomer,
  createTaxRate,
  invoiceBody,
  observe,
  ok,
  receivableCounts,
} from '../helpers/receivables.ts';

let harness: Harness;
before(async () => {
  harness = await startHarness();
});
after(() => harness.close());

const today = new Date().toISOString().slice(0, 10); // signup's default time zone is UTC

async function setup() {
  const books = await signUp(harness);
  const customer = await createCustomer(harness, books.headers, { display_name: 'Blue Heron Cafe' });
  const tax = await createTaxRate(harness, books.headers, '8.2500');
  return { books, customer, tax };
}

async function createDraft(books: Books, customer: string, tax: string, extra: Record<string, unknown> = {}) {
  return ok(
    await call(harness, 'POST', '/api/v1/invoices', books.headers, invoiceBody(books, customer, tax, extra)),
    201,
  );
}

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
    const { books, customer, tax } = await setup();
    const before = await receivableCounts(harness, books.organizationId);
    const response = await call(
      harness,
      'POST',
      '/api/v1/invoices',
      books.headers,
      invoiceBody(books, customer.id, tax.id, {
        issue_date: '2026-01-31',
        subtotal: '1.00',
        tax_total: '0.00',
        total: '1.00',
        due_date: '2030-01-01',
      }),
    );
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

  test('ignores every server-computed field a client sends: totals, amounts, status, version, due date', async () => {
    const { books, customer, tax } = await setup();
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
      due_date: '2026-03-02',
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
    const { books, customer, tax } = await setup();
    assert.equal((await createDraft(books, customer.id, tax.id)).number, 'INV-000001');
    assert.equal(
      (await createDraft(books, customer.id, tax.id, { number: 'INV-000002' })).number,
      'INV-000002',
    );
    assert.equal((await createDraft(books, customer.id, tax.id)).number, 'INV-000003');
    assert.equal((await createDraft(books, customer.id, tax.id, { number: 'A-17' })).number, 'A-17');
    assert.equal((await createDraft(books, customer.id, tax.id)).number, 'INV-000004');
  });

  test('refuses a client number that is taken with 409 number_conflict and persists nothing', async () => {
    const { books, customer, tax } = await setup();
    await createDraft(books, customer.id, tax.id, { number: 'X-1' });
    const before = await receivableCounts(harness, books.organizationId);
    const response = await call(
      harness,
      'POST',
      '/api/v1/invoices',
      books.headers,
      invoiceBody(books, customer.id, tax.id, { number: 'X-1' }),
    );
    assert.equal(response.statusCode, 409);
    assert.equal(errorCode(response), 'number_conflict');
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
    // the sequence gave nothing away: the next server number is still INV-000001
    assert.equal((await createDraft(books, customer.id, tax.id)).number, 'INV-000001');
  });

  test('a client number equal to a number the server allocated answers 409 number_conflict; nothing is persisted', async () => {
    const { books, customer, tax } = await setup();
    const server = await createDraft(books, customer.id, tax.id);
    assert.equal(server.number, 'INV-000001');
    const voided = await createDraft(books, customer.id, tax.id, { number: 'OLD-7' });
    ok(await call(harness, 'POST', `/api/v1/invoices/${voided.id}/void`, books.headers));
    const before = await observe(harness, books.headers, books.organizationId, [
      '/api/v1/invoices',
      `/api/v1/invoices/${server.id}`,
    ]);
    for (const number of ['INV-000001', 'OLD-7']) {
      const response = await call(
        harness,
        'POST',
        '/api/v1/invoices',
        { ...books.headers, 'idempotency-key': `collide-${number}` },
        invoiceBody(books, customer.id, tax.id, { number }),
      );
      assert.equal(response.statusCode, 409, number);
      assert.equal(errorCode(response), 'number_conflict');
      assert.deepEqual(response.json().error.detail.fields, { number: ['is taken'] });
    }
    await assertNothingWritten(before);
    assert.equal(
      (await createDraft(books, customer.id, tax.id)).number,
      'INV-000002',
      'no number was used up',
    );
  });

  test('two concurrent creates with the same client number: one 201, one 409 number_conflict', async () => {
    const { books, customer, tax } = await setup();
    const body = invoiceBody(books, customer.id, tax.id, { number: 'RACE-1' });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => call(harness, 'POST', '/api/v1/invoices', books.headers, body)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409], onPostgres ? 'on PostgreSQL' : 'on PGlite');
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      assert.equal(errorCode(response), 'number_conflict');
    }
    assert.equal((await receivableCounts(harness, books.organizationId)).invoices, 1);
  });

  test('refuses a JSON number quantity with validation_error and a JSON number price with invalid_money', async () => {
    const { books, customer, tax } = await setup();
    const before = await receivableCounts(harness, books.organizationId);
    const quantity = invoiceBody(books, customer.id, tax.id) as { lines: Record<string, unknown>[] };
    quantity.lines[0]!.quantity = 10;
    let response = await call(harness, 'POST', '/api/v1/invoices', books.headers, quantity);
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['lines/0/quantity'], response.body);

    const price = invoiceBody(books, customer.id, tax.id) as { lines: Record<string, unknown>[] };
    price.lines[1]!.unit_price = 75.5;
    response = await call(harness, 'POST', '/api/v1/invoices', books.headers, price);
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'invalid_money');
    assert.ok(response.json().error.detail.fields['lines/1/unit_price']);

    const negative = invoiceBody(books, customer.id, tax.id);
    negative.lines[1]!.unit_price = '-75.50';
    response = await call(harness, 'POST', '/api/v1/invoices', books.headers, negative);
    assert.equal(errorCode(response), 'invalid_money');
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('refuses a taxable line without a rate, and a rate on a non-taxable line, naming the field', async () => {
    const { books, customer, tax } = await setup();
    const existing = await createDraft(books, customer.id, tax.id);
    const before = await observe(harness, books.headers, books.organizationId, [
      '/api/v1/invoices',
      `/api/v1/invoices/${existing.id}`,
    ]);
    const refusals: [string, Record<string, unknown>, string][] = [
      ['taxable, no rate', { is_taxable: true, tax_rate: undefined }, 'lines/0/tax_rate'],
      ['taxable, null rate', { is_taxable: true, tax_rate: null }, 'lines/0/tax_rate'],
      ['not taxable, a rate', { is_taxable: false, tax_rate: tax.id }, 'lines/0/tax_rate'],
      ['is_taxable omitted, a rate', { is_taxable: undefined, tax_rate: tax.id }, 'lines/0/tax_rate'],
    ];
    for (const [name, change, field] of refusals) {
      const body = invoiceBody(books, customer.id, tax.id) as { lines: Record<string, unknown>[] };
      const line = { ...body.lines[0]!, ...change };
      for (const key of Object.keys(line)) if (line[key] === undefined) delete line[key];
      body.lines[0] = line;
      for (const [method, url] of [
        ['POST', '/api/v1/invoices'],
        ['PATCH', `/api/v1/invoices/${existing.id}`],
      ] as const) {
        const response = await call(
          harness,
          method,
          url,
          books.headers,
          method === 'POST' ? body : { lines: body.lines },
        );
        assert.equal(response.statusCode, 400, `${method} ${name}`);
        assert.equal(errorCode(response), 'validation_error');
        assert.ok(response.json().error.detail.fields[field], `${name}: ${response.body}`);
      }
    }
    await assertNothingWritten(before);
  });

  test('refuses a non-income account, an unknown tax rate and a customer of other books, writing nothing', async () => {
    const { books, customer, tax } = await setup();
    const other = await signUp(harness);
    const foreignCustomer = await createCustomer(harness, other.headers);
    const before = await receivableCounts(harness, books.organizationId);

    const bank = invoiceBody(books, customer.id, tax.id);
    bank.lines[1]!.income_account = books.accounts['1000']!;
    let response = await call(harness, 'POST', '/api/v1/invoices', books.headers, bank);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['lines/1/income_account']);

    const foreignAccount = invoiceBody(books, customer.id, tax.id);
    foreignAccount.lines[1]!.income_account = other.accounts['4100']!;
    response = await call(harness, 'POST', '/api/v1/invoices', books.headers, foreignAccount);
    assert.ok(response.json().error.detail.fields['lines/1/income_account']);

    const foreignTax = await createTaxRate(harness, other.headers);
    response = await call(
      harness,
      'POST',
      '/api/v1/invoices',
      books.headers,
      invoiceBody(books, customer.id, foreignTax.id),
    );
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['lines/0/tax_rate']);

    response = await call(
      harness,
      'POST',
      '/api/v1/invoices',
      books.headers,
      invoiceBody(books, foreignCustomer.id, tax.id),
    );
    assert.equal(response.statusCode, 400);
    assert.ok(response.json().error.detail.fields.customer);
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('a tax group id is not a tax rate: 400 validation_error on the line, nothing written', async () => {
    const { books, customer, tax } = await setup();
    const group = ok(
      await call(harness, 'POST', '/api/v1/tax-groups', books.headers, {
        name: 'Combined',
        tax_rates: [tax.id],
      }),
      201,
    );
    const before = await observe(harness, books.headers, books.organizationId, ['/api/v1/invoices']);
    const response = await call(
      harness,
      'POST',
      '/api/v1/invoices',
      books.headers,
      invoiceBody(books, customer.id, group.id),
    );
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['lines/0/tax_rate']);
    await assertNothingWritten(before);
  });

  test('refuses an inactive customer with validation_error', async () => {
    const { books, customer, tax } = await setup();
    ok(await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, { is_active: false }));
    const before = await receivableCounts(harness, books.organizationId);
    const response = await call(
      harness,
      'POST',
      '/api/v1/invoices',
      books.headers,
      invoiceBody(books, customer.id, tax.id),
    );
    assert.equal(response.statusCode, 400);
    assert.ok(response.json().error.detail.fields.customer);
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('refuses an issue date in a closed period with 409 period_closed and writes nothing', async () => {
    const { books, customer, tax } = await setup();
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: addDays(today, -5) }));
    const before = await receivableCounts(harness, books.organizationId);
    const response = await call(
      harness,
      'POST',
      '/api/v1/invoices',
      books.headers,
      invoiceBody(books, customer.id, tax.id, { issue_date: addDays(today, -10) }),
    );
    assert.equal(response.statusCode, 409);
    assert.equal(errorCode(response), 'period_closed');
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('an Idempotency-Key replays the create and allocates one number', async () => {
    const { books, customer, tax } = await setup();
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

  test('unknown ids and ids of other books answer 404 not_found', async () => {
    const { books, customer, tax } = await setup();
    const other = await signUp(harness);
    const invoice = await createDraft(books, customer.id, tax.id);
    for (const id of [invoice.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await call(harness, 'GET', `/api/v1/invoices/${id}`, other.headers);
      assert.equal(response.statusCode, 404);
      assert.equal(errorCode(response), 'not_found');
    }
    const send = await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/send`, other.headers);
    assert.equal(errorCode(send), 'not_found');
  });

  test('a viewer key reads invoices and may not create them; a sales key may', async () => {
    const { books, customer, tax } = await setup();
    const viewer = await createKey(harness, books, 'viewer');
    const sales = await createKey(harness, books, 'sales');
    const body = invoiceBody(books, customer.id, tax.id);
    const refused = await call(harness, 'POST', '/api/v1/invoices', viewer.headers, body);
    assert.equal(refused.statusCode, 403);
    assert.equal(errorCode(refused), 'permission_denied');
    assert.equal((await receivableCounts(harness, books.organizationId)).invoices, 0);
    const created = await call(harness, 'POST', '/api/v1/invoices', sales.headers, body);
    assert.equal(created.statusCode, 201, created.body);
    assert.equal((await call(harness, 'GET', '/api/v1/invoices', viewer.headers)).statusCode, 200);
  });
});

describe('invoices: list', () => {
  test('lists summaries with filters by status, customer, issue date and search on number or name', async () => {
    const { books, customer, tax } = await setup();
    const otherCustomer = await createCustomer(harness, books.headers, { display_name: 'Quartz Studio' });
    const a = await createDraft(books, customer.id, tax.id, { issue_date: '2026-01-10' });
    const b = await createDraft(books, otherCustomer.id, tax.id, { issue_date: '2026-02-10' });
    const c = await createDraft(books, customer.id, tax.id, {
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
    const { books, customer, tax } = await setup();
    const created: string[] = [];
    for (let index = 0; index < 52; index++) {
      created.push((await createDraft(books, customer.id, tax.id)).id);
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

  test('days_overdue counts days past due for a sent invoice, and is 0 for drafts and invoices not yet due', async () => {
    const { books, customer, tax } = await setup();
    const late = await createDraft(books, customer.id, tax.id, { issue_date: addDays(today, -40) });
    const draftLate = await createDraft(books, customer.id, tax.id, { issue_date: addDays(today, -40) });
    const current = await createDraft(books, customer.id, tax.id, { issue_date: addDays(today, -5) });
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
    const { books, customer, tax } = await setup();
    const issue = addDays(today, -60);
    const paid = await createDraft(books, customer.id, tax.id, { issue_date: issue });
    ok(await call(harness, 'POST', `/api/v1/invoices/${paid.id}/send`, books.headers));
    const partly = await createDraft(books, customer.id, tax.id, { issue_date: issue });
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
    const voided = await createDraft(books, customer.id, tax.id, { issue_date: issue });
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
      const late = await createDraft(books, customer.id, tax.id, { issue_date: addDays(localToday, -40) });
      const due = await createDraft(books, customer.id, tax.id, { issue_date: addDays(localToday, -30) });
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
    const { books, customer, tax } = await setup();
    const draft = await createDraft(books, customer.id, tax.id, { memo: 'first' });
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

  test('a PATCH naming an old version answers 412 stale_write and changes nothing', async () => {
    const { books, customer, tax } = await setup();
    const draft = await createDraft(books, customer.id, tax.id);
    ok(
      await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, { memo: 'v2', version: 1 }),
    );
    const stale = await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, {
      memo: 'lost update',
      version: 1,
    });
    assert.equal(stale.statusCode, 412);
    assert.equal(errorCode(stale), 'stale_write');
    assert.deepEqual(stale.json().error.detail, { your_version: 1, current_version: 2 });
    const header = await call(
      harness,
      'PATCH',
      `/api/v1/invoices/${draft.id}`,
      { ...books.headers, 'if-unmodified-since': '1' },
      { memo: 'lost update' },
    );
    assert.equal(header.statusCode, 412);
    const read = ok(await call(harness, 'GET', `/api/v1/invoices/${draft.id}`, books.headers));
    assert.equal(read.memo, 'v2');
    assert.equal(read.version, 2);
  });

  test('PATCH of a sent, paid or void invoice answers 409 immutable_entry and changes nothing', async () => {
    const { books, customer, tax } = await setup();
    const sent = await createDraft(books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${sent.id}/send`, books.headers));
    const paid = await createDraft(books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${paid.id}/send`, books.headers));
    ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: customer.id,
        payment_date: today,
        amount: '1450.00',
        method: 'ach',
        applications: [{ invoice_id: paid.id, amount: '1450.00' }],
      }),
      201,
    );
    const voided = await createDraft(books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${voided.id}/void`, books.headers));
    const ids = [sent.id, paid.id, voided.id];
    const before = await observe(harness, books.headers, books.organizationId, [
      '/api/v1/invoices',
      ...ids.map((id) => `/api/v1/invoices/${id}`),
    ]);
    for (const id of ids) {
      for (const patch of [
        { lines: [{ quantity: '1', unit_price: '1.00', income_account: books.accounts['4100'] }] },
        { memo: 'changed' },
        { issue_date: today },
      ]) {
        const response = await call(harness, 'PATCH', `/api/v1/invoices/${id}`, books.headers, patch);
        assert.equal(response.statusCode, 409, response.body);
        assert.equal(errorCode(response), 'immutable_entry');
      }
    }
    await assertNothingWritten(before);
    const read = ok(await call(harness, 'GET', `/api/v1/invoices/${sent.id}`, books.headers));
    assert.equal(read.total, '1450.0000');
    assert.equal(read.version, 2);
  });
});

describe('invoices: send and void', () => {
  test('send posts the D25 entry: receivable debited with the total, income per line, tax to its liability account', async () => {
    const { books, customer, tax } = await setup();
    const draft = await createDraft(books, customer.id, tax.id, { issue_date: '2026-02-15' });
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
    const draft = await createDraft(books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    const account = ok(await call(harness, 'GET', `/api/v1/accounts/${liability.id}`, books.headers));
    assert.equal(account.balance, '24.0000');
  });

  test('sending a sent invoice answers 409 invalid_state and posts nothing more', async () => {
    const { books, customer, tax } = await setup();
    const draft = await createDraft(books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    const before = await receivableCounts(harness, books.organizationId);
    const again = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers);
    assert.equal(again.statusCode, 409);
    assert.equal(errorCode(again), 'invalid_state');
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('send with a stale version answers 412 and posts nothing', async () => {
    const { books, customer, tax } = await setup();
    const draft = await createDraft(books, customer.id, tax.id);
    ok(await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, { memo: 'x' }));
    const before = await receivableCounts(harness, books.organizationId);
    const response = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers, {
      version: 1,
    });
    assert.equal(response.statusCode, 412);
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('sending into a period closed after the draft was made answers 409 period_closed, still draft', async () => {
    const { books, customer, tax } = await setup();
    const draft = await createDraft(books, customer.id, tax.id, { issue_date: addDays(today, -10) });
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: addDays(today, -5) }));
    const before = await receivableCounts(harness, books.organizationId);
    const response = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers);
    assert.equal(response.statusCode, 409);
    assert.equal(errorCode(response), 'period_closed');
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
    assert.equal(
      ok(await call(harness, 'GET', `/api/v1/invoices/${draft.id}`, books.headers)).status,
      'draft',
    );
  });

  test('voiding a draft has no ledger effect; its number stays used', async () => {
    const { books, customer, tax } = await setup();
    const draft = await createDraft(books, customer.id, tax.id);
    const before = await receivableCounts(harness, books.organizationId);
    const voided = ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/void`, books.headers));
    assert.equal(voided.status, 'void');
    assert.equal(voided.version, 2);
    assert.equal(voided.balance_due, '0.0000');
    assert.equal(voided.void_entry, null);
    const after = await receivableCounts(harness, books.organizationId);
    assert.equal(after.journal_entries, before.journal_entries);
    assert.equal((await createDraft(books, customer.id, tax.id)).number, 'INV-000002');
  });

  test('voiding a sent, unpaid invoice posts a reversing entry and puts receivable and income back', async () => {
    const { books, customer, tax } = await setup();
    const draft = await createDraft(books, customer.id, tax.id);
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

  test('voiding an invoice with a payment applied answers 409 invalid_state and changes nothing', async () => {
    const { books, customer, tax } = await setup();
    const draft = await createDraft(books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: customer.id,
        payment_date: today,
        amount: '100.00',
        method: 'check',
        reference: '1001',
        applications: [{ invoice_id: draft.id, amount: '100.00' }],
      }),
      201,
    );
    const before = await receivableCounts(harness, books.organizationId);
    const response = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/void`, books.headers);
    assert.equal(response.statusCode, 409);
    assert.equal(errorCode(response), 'invalid_state');
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
    assert.equal(
      ok(await call(harness, 'GET', `/api/v1/invoices/${draft.id}`, books.headers)).status,
      'sent',
    );
  });
});

describe('invoices: tracking options on lines (D28)', () => {
  async function trackingSetup(books: Books) {
    const category = async (name: string) =>
      ok(await call(harness, 'POST', '/api/v1/tracking-categories', books.headers, { name }), 201);
    const option = async (categoryId: string, name: string) =>
      ok(
        await call(harness, 'POST', '/api/v1/tracking-options', books.headers, {
          category: categoryId,
          name,
        }),
        201,
      );
    const region = await category('Region');
    const project = await category('Project');
    return {
      east: await option(region.id, 'East'),
      west: await option(region.id, 'West'),
      alpha: await option(project.id, 'Alpha'),
    };
  }

  test('lines carry tracking_options through create, read, PATCH and into the posted entry', async () => {
    const { books, customer, tax } = await setup();
    const { east, west, alpha } = await trackingSetup(books);
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

  test('refuses two options of one category, an unknown, foreign or inactive option: 400, nothing written', async () => {
    const { books, customer, tax } = await setup();
    const { east, west, alpha } = await trackingSetup(books);
    const other = await signUp(harness);
    const foreign = await trackingSetup(other);
    ok(await call(harness, 'POST', `/api/v1/tracking-options/${alpha.id}/deactivate`, books.headers));
    const existing = await createDraft(books, customer.id, tax.id);
    const before = await observe(harness, books.headers, books.organizationId, [
      '/api/v1/invoices',
      `/api/v1/invoices/${existing.id}`,
    ]);
    for (const [options, field] of [
      [[east.id, west.id], 'lines/1/tracking_options/1'],
      [['00000000-0000-4000-8000-000000000000'], 'lines/1/tracking_options/0'],
      [['not-a-uuid'], 'lines/1/tracking_options/0'],
      [[foreign.east.id], 'lines/1/tracking_options/0'],
      [[alpha.id], 'lines/1/tracking_options/0'],
    ] as const) {
      const body = invoiceBody(books, customer.id, tax.id) as { lines: Record<string, unknown>[] };
      body.lines[1]!.tracking_options = options;
      for (const [method, url, payload] of [
        ['POST', '/api/v1/invoices', body],
        ['PATCH', `/api/v1/invoices/${existing.id}`, { lines: body.lines }],
      ] as const) {
        const response = await call(harness, method, url, books.headers, payload);
        assert.equal(response.statusCode, 400, `${method} ${options.join(',')}`);
        assert.equal(errorCode(response), 'validation_error');
        assert.ok(response.json().error.detail.fields[field], response.body);
      }
    }
    await assertNothingWritten(before);
  });
});

describe('invoices: change feed roles and OpenAPI', () => {
  test('a sales key sees every receivables change record and no journal_entry record', async () => {
    const { books, customer, tax } = await setup();
    const sales = await createKey(harness, books, 'sales');
    const accountant = await createKey(harness, books, 'accountant');
    const start = ok(await call(harness, 'GET', '/api/v1/changes', sales.headers)).cursor;
    const ownerStart = ok(await call(harness, 'GET', '/api/v1/changes', books.headers)).cursor;
    // customer 2, tax_rate 1-2, tax_group 1-2, tracking_category 1-2, tracking_option 1-3
    ok(await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, sales.headers, { notes: 'vip' }));
    const rate = await createTaxRate(harness, accountant.headers, '1.0000');
    ok(
      await call(harness, 'PATCH', `/api/v1/tax-rates/${rate.id}`, accountant.headers, { name: 'City tax' }),
    );
    const group = ok(
      await call(harness, 'POST', '/api/v1/tax-groups', accountant.headers, {
        name: 'State + city',
        tax_rates: [tax.id, rate.id],
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/tax-groups/${group.id}/deactivate`, accountant.headers));
    const category = ok(
      await call(harness, 'POST', '/api/v1/tracking-categories', accountant.headers, { name: 'Region' }),
      201,
    );
    const option = ok(
      await call(harness, 'POST', '/api/v1/tracking-options', accountant.headers, {
        category: category.id,
        name: 'East',
      }),
      201,
    );
    ok(
      await call(harness, 'PATCH', `/api/v1/tracking-options/${option.id}`, accountant.headers, {
        name: 'Eastern',
      }),
    );
    ok(
      await call(
        harness,
        'POST',
        `/api/v1/tracking-categories/${category.id}/deactivate`,
        accountant.headers,
      ),
    );
    // ar_invoice 1-4, payment_received 1, and three journal entries the sales key must not see
    const draft = await createDraft(books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, sales.headers));
    const pay = (amount: string) =>
      call(harness, 'POST', '/api/v1/payments-received', sales.headers, {
        customer: customer.id,
        payment_date: today,
        amount,
        method: 'card',
        applications: [{ invoice_id: draft.id, amount }],
      });
    const partial = ok(await pay('450.00'), 201);
    const rest = ok(await pay('1000.00'), 201);

    const seen: string[] = [];
    let cursor = start;
    for (;;) {
      const page = ok(
        await call(
          harness,
          'GET',
          `/api/v1/changes?cursor=${encodeURIComponent(cursor)}&limit=5`,
          sales.headers,
        ),
      );
      seen.push(
        ...page.changes.map(
          (change: { entity_type: string; entity_id: string; entity_version: number; operation: string }) =>
            `${change.entity_type} ${change.entity_id} ${change.operation} ${change.entity_version}`,
        ),
      );
      cursor = page.cursor;
      if (!page.has_more) break;
    }
    assert.deepEqual(seen, [
      `customer ${customer.id} updated 2`,
      `tax_rate ${rate.id} created 1`,
      `tax_rate ${rate.id} updated 2`,
      `tax_group ${group.id} created 1`,
      `tax_group ${group.id} updated 2`,
      `tracking_category ${category.id} created 1`,
      `tracking_option ${option.id} created 1`,
      `tracking_option ${option.id} updated 2`,
      // deactivating the category retires its option in the same transaction; a change to an option
      // does not bump the category that lists it (the option has its own records)
      `tracking_category ${category.id} updated 2`,
      `tracking_option ${option.id} updated 3`,
      `ar_invoice ${draft.id} created 1`,
      `ar_invoice ${draft.id} updated 2`,
      `ar_invoice ${draft.id} updated 3`,
      `payment_received ${partial.id} created 1`,
      `ar_invoice ${draft.id} updated 4`,
      `payment_received ${rest.id} created 1`,
    ]);
    const asked = ok(
      await call(
        harness,
        'GET',
        `/api/v1/changes?cursor=${encodeURIComponent(start)}&entity_types=journal_entry`,
        sales.headers,
      ),
    );
    assert.deepEqual(asked.changes, [], 'asking for journal_entry by name shows nothing either');
    // the journal entries were written: the owner sees them in the same stretch of the feed
    const owner = ok(
      await call(
        harness,
        'GET',
        `/api/v1/changes?cursor=${encodeURIComponent(ownerStart)}&limit=1000`,
        books.headers,
      ),
    );
    assert.equal(
      owner.changes.filter((change: { entity_type: string }) => change.entity_type === 'journal_entry')
        .length,
      3,
    );
    assert.equal(owner.changes.length, seen.length + 3);
    const journal = await call(harness, 'GET', `/api/v1/journal-entries/${draft.id}`, sales.headers);
    assert.equal(errorCode(journal), 'permission_denied');
  });

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
