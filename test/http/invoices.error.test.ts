// Invoices, refusals and bad input: number conflicts, invalid lines, closed periods, stale versions,
// documents that are no longer drafts. Each refusal proves nothing was written.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays } from '../../src/domain/dates.ts';
import { call, errorCode, onPostgres, signUp, today, useHarness } from '../helpers/harness.ts';
import { trackingOptions } from '../helpers/ledger.ts';
import {
  assertNothingWritten,
  createCustomer,
  createInvoice,
  createTaxRate,
  invoiceBody,
  observe,
  ok,
  postInvoice,
  receivableCounts,
  receivablesSetup,
} from '../helpers/receivables.ts';

const harness = useHarness();

describe('invoices: create and read', () => {
  test('refuses a client number that is taken with 409 number_conflict and persists nothing', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    await createInvoice(harness, books, customer.id, tax.id, { number: 'X-1' });
    const before = await receivableCounts(harness, books.organizationId);
    const response = await postInvoice(harness, books, customer.id, tax.id, { number: 'X-1' });
    assert.equal(response.statusCode, 409);
    assert.equal(errorCode(response), 'number_conflict');
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
    // the sequence gave nothing away: the next server number is still INV-000001
    assert.equal((await createInvoice(harness, books, customer.id, tax.id)).number, 'INV-000001');
  });

  test('a client number equal to a number the server allocated answers 409 number_conflict; nothing is persisted', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const server = await createInvoice(harness, books, customer.id, tax.id);
    assert.equal(server.number, 'INV-000001');
    const voided = await createInvoice(harness, books, customer.id, tax.id, { number: 'OLD-7' });
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
      (await createInvoice(harness, books, customer.id, tax.id)).number,
      'INV-000002',
      'no number was used up',
    );
  });

  test('two concurrent creates with the same client number: one 201, one 409 number_conflict', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
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
    const { books, customer, tax } = await receivablesSetup(harness);
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
    const { books, customer, tax } = await receivablesSetup(harness);
    const existing = await createInvoice(harness, books, customer.id, tax.id);
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
    const { books, customer, tax } = await receivablesSetup(harness);
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
    response = await postInvoice(harness, books, customer.id, foreignTax.id);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['lines/0/tax_rate']);

    response = await postInvoice(harness, books, foreignCustomer.id, tax.id);
    assert.equal(response.statusCode, 400);
    assert.ok(response.json().error.detail.fields.customer);
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('a tax group id is not a tax rate: 400 validation_error on the line, nothing written', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const group = ok(
      await call(harness, 'POST', '/api/v1/tax-groups', books.headers, {
        name: 'Combined',
        tax_rates: [tax.id],
      }),
      201,
    );
    const before = await observe(harness, books.headers, books.organizationId, ['/api/v1/invoices']);
    const response = await postInvoice(harness, books, customer.id, group.id);
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'validation_error');
    assert.ok(response.json().error.detail.fields['lines/0/tax_rate']);
    await assertNothingWritten(before);
  });

  test('refuses an inactive customer with validation_error', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    ok(await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, { is_active: false }));
    const before = await receivableCounts(harness, books.organizationId);
    const response = await postInvoice(harness, books, customer.id, tax.id);
    assert.equal(response.statusCode, 400);
    assert.ok(response.json().error.detail.fields.customer);
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('refuses an issue date in a closed period with 409 period_closed and writes nothing', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
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
});

describe('invoices: PATCH drafts', () => {
  test('a PATCH naming an old version answers 412 stale_write and changes nothing', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await createInvoice(harness, books, customer.id, tax.id);
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
    const { books, customer, tax } = await receivablesSetup(harness);
    const sent = await createInvoice(harness, books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${sent.id}/send`, books.headers));
    const paid = await createInvoice(harness, books, customer.id, tax.id);
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
    const voided = await createInvoice(harness, books, customer.id, tax.id);
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
  test('sending a sent invoice answers 409 invalid_state and posts nothing more', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await createInvoice(harness, books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    const before = await receivableCounts(harness, books.organizationId);
    const again = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers);
    assert.equal(again.statusCode, 409);
    assert.equal(errorCode(again), 'invalid_state');
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('send with a stale version answers 412 and posts nothing', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await createInvoice(harness, books, customer.id, tax.id);
    ok(await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, { memo: 'x' }));
    const before = await receivableCounts(harness, books.organizationId);
    const response = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers, {
      version: 1,
    });
    assert.equal(response.statusCode, 412);
    assert.deepEqual(await receivableCounts(harness, books.organizationId), before);
  });

  test('sending into a period closed after the draft was made answers 409 period_closed, still draft', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date: addDays(today, -10),
    });
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

  test('voiding an invoice with a payment applied answers 409 invalid_state and changes nothing', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await createInvoice(harness, books, customer.id, tax.id);
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
  test('refuses two options of one category, an unknown, foreign or inactive option: 400, nothing written', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const { east, west, alpha } = await trackingOptions(harness, books);
    const other = await signUp(harness);
    const foreign = await trackingOptions(harness, other);
    ok(await call(harness, 'POST', `/api/v1/tracking-options/${alpha.id}/deactivate`, books.headers));
    const existing = await createInvoice(harness, books, customer.id, tax.id);
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
