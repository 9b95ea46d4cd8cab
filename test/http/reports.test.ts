import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, createKey, errorCode, signUp, useHarness } from '../helpers/harness.ts';
import { entryOf, postEntry } from '../helpers/ledger.ts';
import { createCustomer, createTaxRate, invoiceBody, ok } from '../helpers/receivables.ts';

const harness = useHarness();

describe('reports', () => {
  test('trial balance counts posted entries up to as_of, not drafts, and its columns agree', async () => {
    const books = await signUp(harness);
    const a = books.accounts;
    await postEntry(
      harness,
      books.headers,
      entryOf('2026-01-10', [
        { account: a['1000']!, debit: '5000.00' },
        { account: a['3000']!, credit: '5000.00' },
      ]),
    );
    await postEntry(
      harness,
      books.headers,
      entryOf('2026-02-10', [
        { account: a['6500']!, debit: '1200.00' },
        { account: a['1000']!, credit: '1200.00' },
      ]),
    );
    await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
      txn_date: '2026-01-15',
      lines: [
        { account: a['6500']!, debit: '99.00' },
        { account: a['1000']!, credit: '99.00' },
      ],
    });

    const january = (
      await call(harness, 'GET', '/api/v1/reports/trial-balance?as_of=2026-01-31', books.headers)
    ).json();
    assert.equal(january.total_debit, '5000.0000');
    assert.equal(january.total_credit, '5000.0000');
    assert.equal(january.in_balance, true);
    assert.deepEqual(
      january.lines.map((line: { account_number: string }) => line.account_number),
      ['1000', '3000'],
    );

    const february = (
      await call(harness, 'GET', '/api/v1/reports/trial-balance?as_of=2026-02-28', books.headers)
    ).json();
    const bank = february.lines.find((line: { account_number: string }) => line.account_number === '1000');
    assert.equal(bank.debit, '3800.0000');
    assert.equal(february.total_debit, february.total_credit);
    assert.equal(february.total_debit, '5000.0000');
  });

  test('profit and loss and balance sheet follow the same postings and balance', async () => {
    const books = await signUp(harness);
    const a = books.accounts;
    await postEntry(
      harness,
      books.headers,
      entryOf('2026-03-01', [
        { account: a['1000']!, debit: '900.00' },
        { account: a['4100']!, credit: '900.00' },
      ]),
    );
    await postEntry(
      harness,
      books.headers,
      entryOf('2026-03-02', [
        { account: a['6300']!, debit: '150.25' },
        { account: a['1000']!, credit: '150.25' },
      ]),
    );
    const pl = (
      await call(
        harness,
        'GET',
        '/api/v1/reports/profit-and-loss?from=2026-03-01&to=2026-03-31',
        books.headers,
      )
    ).json();
    assert.equal(pl.income.total, '900.0000');
    assert.equal(pl.expenses.total, '150.2500');
    assert.equal(pl.net_income, '749.7500');
    const sheet = (
      await call(harness, 'GET', '/api/v1/reports/balance-sheet?as_of=2026-03-31', books.headers)
    ).json();
    assert.equal(sheet.assets.total, '749.7500');
    assert.equal(sheet.equity.current_earnings, '749.7500');
    assert.equal(sheet.in_balance, true);
  });

  test('refuses a malformed date with 400 validation_error and a sales key with 403', async () => {
    const books = await signUp(harness);
    const bad = await call(harness, 'GET', '/api/v1/reports/trial-balance?as_of=2026-13-01', books.headers);
    assert.equal(bad.statusCode, 400);
    assert.equal(errorCode(bad), 'validation_error');
    assert.ok(bad.json().error.detail.fields['query/as_of']);
    const sales = await createKey(harness, books, 'sales');
    const denied = await call(harness, 'GET', '/api/v1/reports/trial-balance', sales.headers);
    assert.equal(denied.statusCode, 403);
    assert.equal(errorCode(denied), 'permission_denied');
  });
});

describe('general ledger', () => {
  test('lists posted lines of one account in the range with an opening balance and a running balance', async () => {
    const books = await signUp(harness);
    const a = books.accounts;
    await postEntry(
      harness,
      books.headers,
      entryOf('2026-04-01', [
        { account: a['1000']!, debit: '1000.00' },
        { account: a['3000']!, credit: '1000.00' },
      ]),
    );
    await postEntry(
      harness,
      books.headers,
      entryOf('2026-05-03', [
        { account: a['6550']!, debit: '120.50' },
        { account: a['1000']!, credit: '120.50' },
      ]),
    );
    await postEntry(
      harness,
      books.headers,
      entryOf('2026-05-20', [
        { account: a['1000']!, debit: '40.00' },
        { account: a['4900']!, credit: '40.00' },
      ]),
    );
    const response = await call(
      harness,
      'GET',
      `/api/v1/reports/general-ledger?account=${a['1000']}&from=2026-05-01&to=2026-05-31`,
      books.headers,
    );
    assert.equal(response.statusCode, 200, response.body);
    const report = response.json();
    assert.equal(report.opening_balance, '1000.0000');
    assert.deepEqual(
      report.lines.map((line: { credit: string; debit: string; balance: string }) => [
        line.debit,
        line.credit,
        line.balance,
      ]),
      [
        ['0.0000', '120.5000', '879.5000'],
        ['40.0000', '0.0000', '919.5000'],
      ],
    );
    assert.equal(report.closing_balance, '919.5000');
    assert.equal(report.lines[0].entry_number, 'JE-000002');
  });

  test('an account of other books answers 404; a missing account parameter 400', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const foreign = await call(
      harness,
      'GET',
      `/api/v1/reports/general-ledger?account=${other.accounts['1000']}`,
      books.headers,
    );
    assert.equal(foreign.statusCode, 404);
    const missing = await call(harness, 'GET', '/api/v1/reports/general-ledger', books.headers);
    assert.equal(missing.statusCode, 400);
    assert.equal(errorCode(missing), 'validation_error');
  });
});

describe('AR aging', () => {
  test('each bucket takes exactly its days past due: 0, 1, 30, 31, 60, 61, 90, 91 and 400 days', async () => {
    const books = await signUp(harness);
    const rate = await createTaxRate(harness, books.headers);
    const customer = await createCustomer(harness, books.headers, { display_name: 'Boundary Co' });
    const asOf = '2026-06-30';
    const dueDaysBefore = (days: number) =>
      new Date(Date.parse(`${asOf}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const expected: Record<string, bigint> = {
      current: 0n,
      '1_30': 0n,
      '31_60': 0n,
      '61_90': 0n,
      over_90: 0n,
    };
    const buckets: [number, string][] = [
      [0, 'current'],
      [1, '1_30'],
      [30, '1_30'],
      [31, '31_60'],
      [60, '31_60'],
      [61, '61_90'],
      [90, '61_90'],
      [91, 'over_90'],
      [400, 'over_90'],
    ];
    for (const [days, bucket] of buckets) {
      const due = dueDaysBefore(days);
      const invoice = ok(
        await call(harness, 'POST', '/api/v1/invoices', books.headers, {
          ...invoiceBody(books, customer.id, rate.id),
          issue_date: dueDaysBefore(days + 10),
          due_date: due,
        }),
        201,
      );
      assert.equal(invoice.due_date, due);
      ok(await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/send`, books.headers));
      expected[bucket] = (expected[bucket] ?? 0n) + BigInt(invoice.total.replace('.', ''));
    }
    const aging = ok(await call(harness, 'GET', `/api/v1/reports/ar-aging?as_of=${asOf}`, books.headers));
    for (const [bucket, units] of Object.entries(expected))
      assert.equal(BigInt(aging.totals[bucket].replace('.', '')), units, bucket);
  });

  test('buckets open balances by days past due as of a date, counting payments dated by then', async () => {
    const books = await signUp(harness);
    const rate = await createTaxRate(harness, books.headers);
    const early = await createCustomer(harness, books.headers, { display_name: 'Aardvark Ltd' });
    const late = await createCustomer(harness, books.headers, { display_name: 'Zebra Co' });
    const first = ok(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        ...invoiceBody(books, early.id, rate.id),
        issue_date: '2026-01-01',
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/invoices/${first.id}/send`, books.headers));
    const second = ok(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        ...invoiceBody(books, late.id, rate.id),
        issue_date: '2026-03-01',
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/invoices/${second.id}/send`, books.headers));
    ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: early.id,
        payment_date: '2026-02-15',
        amount: '450.00',
        method: 'ach',
        reference: 'part',
        applications: [{ invoice_id: first.id, amount: '450.00' }],
      }),
      201,
    );

    const february = ok(
      await call(harness, 'GET', '/api/v1/reports/ar-aging?as_of=2026-02-10', books.headers),
    );
    assert.equal(february.customers.length, 1);
    assert.equal(february.customers[0].days_1_30, first.total);
    assert.equal(february.totals.total, first.total);

    const march = ok(await call(harness, 'GET', '/api/v1/reports/ar-aging?as_of=2026-03-15', books.headers));
    assert.deepEqual(
      march.customers.map((row: { customer_name: string }) => row.customer_name),
      ['Aardvark Ltd', 'Zebra Co'],
    );
    const open = (Number.parseFloat(first.total) - 450).toFixed(4);
    assert.equal(march.customers[0].days_31_60, open);
    assert.equal(march.customers[1].current, second.total);
    assert.equal(march.totals.days_1_30, '0.0000');

    const sales = await createKey(harness, books, 'sales');
    assert.equal((await call(harness, 'GET', '/api/v1/reports/ar-aging', sales.headers)).statusCode, 200);
  });

  test('an invoice voided after the date is still open on it, and gone from the date of its void', async () => {
    const books = await signUp(harness);
    const rate = await createTaxRate(harness, books.headers);
    const customer = await createCustomer(harness, books.headers, { display_name: 'Voided Later Ltd' });
    const kept = ok(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        ...invoiceBody(books, customer.id, rate.id),
        issue_date: '2026-01-05',
      }),
      201,
    );
    const voided = ok(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        ...invoiceBody(books, customer.id, rate.id),
        issue_date: '2026-01-10',
      }),
      201,
    );
    for (const invoice of [kept, voided])
      ok(await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/send`, books.headers));
    // The void's reversing entry is dated today, after the first report's date.
    ok(await call(harness, 'POST', `/api/v1/invoices/${voided.id}/void`, books.headers));
    const sum = (a: string, b: string) =>
      (BigInt(a.replace('.', '')) + BigInt(b.replace('.', ''))).toString();
    const units = (amount: string) => BigInt(amount.replace('.', '')).toString();

    const before = ok(await call(harness, 'GET', '/api/v1/reports/ar-aging?as_of=2026-01-31', books.headers));
    assert.equal(units(before.totals.total), sum(kept.total, voided.total));
    const after = ok(await call(harness, 'GET', '/api/v1/reports/ar-aging', books.headers));
    assert.equal(units(after.totals.total), units(kept.total));
    assert.equal(after.customers.length, 1);
  });
});
