// D57: every report echoes its parameters, currency and generated_at; answers CSV with the same
// figures; P&L and general ledger filter by tracking option; AR aging totals to Accounts Receivable;
// the general ledger pages by cursor with each page's opening and closing balance.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as reports from '../../src/storage/stores/reports.ts';
import { csvOf } from '../helpers/csv.ts';
import { type Books, call, createKey, signUp, today, useHarness } from '../helpers/harness.ts';
import { createAccount, postEntry, trackingOptions } from '../helpers/ledger.ts';
import { createCustomer, createTaxRate, ok, sentInvoice } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

const get = (books: Books, url: string, headers: Record<string, string> = {}) =>
  call(harness, 'GET', url, { ...books.headers, ...headers });

function line(account: string | undefined, side: 'debit' | 'credit', amount: string, extra = {}) {
  return { account, [side]: amount, ...extra };
}

/** Posts `entries` (bodies) in one batch. */
async function postBatch(books: Books, entries: unknown[]) {
  return ok(
    await call(harness, 'POST', '/api/v1/journal-entries/batch', books.headers, { post: true, entries }),
    201,
  );
}

async function arBalance(books: Books, asOf: string): Promise<string> {
  const trial = ok(await get(books, `/api/v1/reports/trial-balance?as_of=${asOf}`));
  const receivable = trial.lines.find((row: { account_number: string }) => row.account_number === '1100');
  if (!receivable) return '0.0000';
  const net = Number(receivable.debit) - Number(receivable.credit);
  return net.toFixed(4);
}

function assertGeneratedNow(report: { generated_at: string }) {
  assert.match(report.generated_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.ok(Math.abs(Date.parse(report.generated_at) - Date.now()) < 60_000);
}

/** Books with a little of everything: sales, expenses, an owner investment. */
async function smallBooks() {
  const books = await signUp(harness);
  const a = books.accounts;
  await postBatch(books, [
    {
      txn_date: '2026-03-01',
      memo: 'Investment',
      lines: [line(a['1000'], 'debit', '5000.00'), line(a['3000'], 'credit', '5000.00')],
    },
    {
      txn_date: '2026-03-05',
      memo: 'Cash sale',
      lines: [line(a['1000'], 'debit', '1200.50'), line(a['4100'], 'credit', '1200.50')],
    },
    {
      txn_date: '2026-03-09',
      memo: 'Rent',
      lines: [line(a['6550'], 'debit', '800.00'), line(a['1000'], 'credit', '800.00')],
    },
  ]);
  return books;
}

describe('every report echoes its parameters, currency and generated_at', () => {
  test('trial balance, P&L, balance sheet, AR aging and general ledger', async () => {
    const books = await smallBooks();
    const trial = ok(await get(books, '/api/v1/reports/trial-balance?as_of=2026-03-31'));
    assert.equal(trial.as_of, '2026-03-31');
    const pnl = ok(await get(books, '/api/v1/reports/profit-and-loss?from=2026-03-01&to=2026-03-31'));
    assert.deepEqual([pnl.from, pnl.to, pnl.tracking_option], ['2026-03-01', '2026-03-31', null]);
    const sheet = ok(await get(books, '/api/v1/reports/balance-sheet?as_of=2026-03-31'));
    assert.equal(sheet.as_of, '2026-03-31');
    const aging = ok(await get(books, '/api/v1/reports/ar-aging?as_of=2026-03-31'));
    assert.equal(aging.as_of, '2026-03-31');
    const ledger = ok(
      await get(
        books,
        `/api/v1/reports/general-ledger?account=${books.accounts['1000']}&from=2026-03-01&to=2026-03-31`,
      ),
    );
    assert.deepEqual(
      [ledger.account, ledger.from, ledger.to, ledger.tracking_option],
      [books.accounts['1000'], '2026-03-01', '2026-03-31', null],
    );
    for (const report of [trial, pnl, sheet, aging, ledger]) {
      assert.equal(report.currency, 'USD');
      assertGeneratedNow(report);
    }
  });
});

describe('CSV answers the same figures', () => {
  test('trial balance: ?format=csv and Accept: text/csv, figure by figure', async () => {
    const books = await smallBooks();
    const json = ok(await get(books, '/api/v1/reports/trial-balance?as_of=2026-03-31'));
    for (const response of [
      await get(books, '/api/v1/reports/trial-balance?as_of=2026-03-31&format=csv'),
      await get(books, '/api/v1/reports/trial-balance?as_of=2026-03-31', { accept: 'text/csv' }),
    ]) {
      const rows = csvOf(response, /trial-balance-2026-03-31\.csv/);
      assert.deepEqual(
        rows.slice(0, -1),
        json.lines.map((row: Record<string, string>) => ({
          account_number: row.account_number,
          account_name: row.account_name,
          account_type: row.account_type,
          debit: row.debit,
          credit: row.credit,
        })),
      );
      assert.deepEqual(rows.at(-1), {
        account_number: '',
        account_name: 'Total',
        account_type: '',
        debit: json.total_debit,
        credit: json.total_credit,
      });
    }
  });

  test('profit and loss and balance sheet: every account and total of the JSON, in order', async () => {
    const books = await smallBooks();
    const pnl = ok(await get(books, '/api/v1/reports/profit-and-loss?from=2026-03-01&to=2026-03-31'));
    const pnlRows = csvOf(
      await get(books, '/api/v1/reports/profit-and-loss?from=2026-03-01&to=2026-03-31&format=csv'),
      /profit-and-loss-2026-03-01-to-2026-03-31\.csv/,
    );
    const section = (
      name: string,
      part: { accounts: Record<string, string>[]; total: string },
      label: string,
    ) => [
      ...part.accounts.map((row) => ({
        section: name,
        account_number: row.account_number!,
        account_name: row.account_name!,
        amount: row.amount!,
      })),
      { section: name, account_number: '', account_name: label, amount: part.total },
    ];
    assert.deepEqual(pnlRows, [
      ...section('income', pnl.income, 'Total income'),
      ...section('cost_of_goods_sold', pnl.cost_of_goods_sold, 'Total cost of goods sold'),
      { section: 'gross_profit', account_number: '', account_name: 'Gross profit', amount: pnl.gross_profit },
      ...section('expenses', pnl.operating_expenses, 'Total expenses'),
      {
        section: 'all_expenses',
        account_number: '',
        account_name: 'Total expenses and cost of goods sold',
        amount: pnl.expenses.total,
      },
      { section: 'net_income', account_number: '', account_name: 'Net income', amount: pnl.net_income },
    ]);
    assert.equal(pnl.net_income, '400.5000');

    const sheet = ok(await get(books, '/api/v1/reports/balance-sheet?as_of=2026-03-31'));
    const sheetRows = csvOf(
      await get(books, '/api/v1/reports/balance-sheet?as_of=2026-03-31', { accept: 'text/csv' }),
      /balance-sheet-2026-03-31\.csv/,
    );
    assert.deepEqual(sheetRows, [
      ...section('assets', sheet.assets, 'Total assets'),
      ...section('liabilities', sheet.liabilities, 'Total liabilities'),
      ...section(
        'equity',
        { accounts: sheet.equity.accounts, total: sheet.equity.current_earnings },
        'Current earnings',
      ),
      { section: 'equity', account_number: '', account_name: 'Total equity', amount: sheet.equity.total },
      {
        section: 'total',
        account_number: '',
        account_name: 'Total liabilities and equity',
        amount: sheet.total_liabilities_and_equity,
      },
    ]);
  });

  test('JSON stays the default: a JSON Accept, a lower q for CSV, or format=json answers JSON', async () => {
    const books = await smallBooks();
    for (const [url, accept] of [
      ['/api/v1/reports/trial-balance', 'application/json'],
      ['/api/v1/reports/trial-balance', 'application/json, text/csv;q=0.5'],
      ['/api/v1/reports/trial-balance', '*/*'],
      ['/api/v1/reports/trial-balance?format=json', 'text/csv'],
    ] as const) {
      const response = await get(books, url, { accept });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^application\/json/, `${url} ${accept}`);
    }
    const csv = await get(books, '/api/v1/reports/trial-balance', {
      accept: 'application/json;q=0.4, text/csv',
    });
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
  });

  test('an unknown format is 400 validation_error on query/format', async () => {
    const books = await smallBooks();
    await refusedUnchanged(
      harness,
      books,
      () => get(books, '/api/v1/reports/trial-balance?format=xlsx'),
      'validation_error',
      ['query/format'],
    );
  });

  test('text cells starting with = + - @ are neutralised; negative amounts stay numbers', async () => {
    const books = await signUp(harness);
    const hostile = await createAccount(harness, books.headers, {
      number: '6999',
      name: '=HYPERLINK("http://evil.test","click")',
      type: 'expense',
    });
    await postEntry(harness, books.headers, {
      txn_date: '2026-04-02',
      memo: '@SUM(A1:A9)',
      lines: [
        { account: hostile.id, debit: '50.00', description: '+cmd|calc' },
        { account: books.accounts['1000'], credit: '50.00', description: '-2+3' },
      ],
    });
    const trial = csvOf(await get(books, '/api/v1/reports/trial-balance?as_of=2026-04-30&format=csv'), /.*/);
    assert.equal(
      trial.find((row) => row.account_number === '6999')?.account_name,
      `'=HYPERLINK("http://evil.test","click")`,
    );
    const ledger = csvOf(
      await get(
        books,
        `/api/v1/reports/general-ledger?account=${books.accounts['1000']}&from=2026-04-01&to=2026-04-30&format=csv`,
      ),
      /general-ledger-1000-2026-04-01-to-2026-04-30\.csv/,
    );
    const moved = ledger.find((row) => row.entry_number === 'JE-000001');
    assert.equal(moved?.memo, "'@SUM(A1:A9)");
    assert.equal(moved?.description, "'-2+3");
    assert.equal(moved?.balance, '-50.0000', 'an amount is never prefixed');

    const customer = await createCustomer(harness, books.headers, { display_name: '-Dash Co' });
    const rate = await createTaxRate(harness, books.headers);
    await sentInvoice(harness, books, customer.id, rate.id);
    const aging = csvOf(
      await get(books, '/api/v1/reports/ar-aging?format=csv'),
      /ar-aging-\d{4}-\d{2}-\d{2}\.csv/,
    );
    assert.equal(aging[0]?.customer_name, "'-Dash Co");
  });
});

describe('tracking option filter', () => {
  test('P&L and general ledger count only the lines carrying the option', async () => {
    const books = await signUp(harness);
    const options = await trackingOptions(harness, books);
    const a = books.accounts;
    await postBatch(books, [
      {
        txn_date: '2026-05-02',
        lines: [
          line(a['1000'], 'debit', '300.00', { tracking_options: [options.east.id] }),
          line(a['4100'], 'credit', '300.00', { tracking_options: [options.east.id] }),
        ],
      },
      {
        txn_date: '2026-05-03',
        lines: [
          line(a['1000'], 'debit', '700.00'),
          line(a['4100'], 'credit', '700.00', { tracking_options: [options.west.id] }),
        ],
      },
      {
        txn_date: '2026-05-04',
        lines: [
          line(a['6550'], 'debit', '120.00', { tracking_options: [options.east.id, options.alpha.id] }),
          line(a['1000'], 'credit', '120.00'),
        ],
      },
      {
        txn_date: '2026-04-28',
        lines: [
          line(a['1000'], 'debit', '10.00', { tracking_options: [options.east.id] }),
          line(a['3000'], 'credit', '10.00'),
        ],
      },
    ]);
    const range = 'from=2026-05-01&to=2026-05-31';
    const east = ok(
      await get(books, `/api/v1/reports/profit-and-loss?${range}&tracking_option=${options.east.id}`),
    );
    assert.equal(east.tracking_option, options.east.id);
    assert.equal(east.income.total, '300.0000');
    assert.equal(east.expenses.total, '120.0000');
    assert.equal(east.net_income, '180.0000');
    const west = ok(
      await get(books, `/api/v1/reports/profit-and-loss?${range}&tracking_option=${options.west.id}`),
    );
    assert.deepEqual([west.income.total, west.expenses.total], ['700.0000', '0.0000']);
    const all = ok(await get(books, `/api/v1/reports/profit-and-loss?${range}`));
    assert.equal(all.net_income, '880.0000');
    const eastCsv = csvOf(
      await get(
        books,
        `/api/v1/reports/profit-and-loss?${range}&tracking_option=${options.east.id}&format=csv`,
      ),
      new RegExp(`profit-and-loss-2026-05-01-to-2026-05-31-tracking-${options.east.id}\\.csv`),
    );
    assert.equal(eastCsv.at(-1)?.amount, '180.0000');

    const ledger = ok(
      await get(
        books,
        `/api/v1/reports/general-ledger?account=${a['1000']}&${range}&tracking_option=${options.east.id}`,
      ),
    );
    assert.equal(ledger.opening_balance, '10.0000', 'the opening counts the option only');
    assert.deepEqual(
      ledger.lines.map((row: { debit: string; balance: string }) => [row.debit, row.balance]),
      [['300.0000', '310.0000']],
    );
    assert.equal(ledger.closing_balance, '310.0000');
  });

  test('an option of other books or no option at all is 400 on query/tracking_option', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const foreign = await trackingOptions(harness, other);
    for (const id of [foreign.east.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      await refusedUnchanged(
        harness,
        books,
        () => get(books, `/api/v1/reports/profit-and-loss?tracking_option=${id}`),
        'validation_error',
        ['query/tracking_option'],
      );
      await refusedUnchanged(
        harness,
        books,
        () =>
          get(
            books,
            `/api/v1/reports/general-ledger?account=${books.accounts['1000']}&tracking_option=${id}`,
          ),
        'validation_error',
        ['query/tracking_option'],
      );
    }
  });
});

describe('AR aging (D57)', () => {
  test('D57 buckets, an unapplied column, and a total equal to Accounts Receivable on every date', async () => {
    const books = await signUp(harness);
    const rate = await createTaxRate(harness, books.headers);
    const heron = await createCustomer(harness, books.headers, {
      display_name: 'Heron',
      payment_terms: 'net_30',
    });
    const wren = await createCustomer(harness, books.headers, {
      display_name: 'Wren',
      payment_terms: 'net_30',
    });
    const early = await sentInvoice(harness, books, heron.id, rate.id, { issue_date: '2026-01-10' });
    const voided = await sentInvoice(harness, books, wren.id, rate.id, { issue_date: '2026-02-01' });
    // Heron pays more than it owes in March: the rest is its unapplied credit.
    ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: heron.id,
        payment_date: '2026-03-15',
        amount: '2000.00',
        method: 'ach',
        applications: [{ invoice_id: early.id, amount: early.total }],
      }),
      201,
    );
    // Wren pays in advance for nothing yet.
    ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: wren.id,
        payment_date: '2026-02-20',
        amount: '100.00',
        method: 'check',
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/invoices/${voided.id}/void`, books.headers));

    const february = ok(await get(books, '/api/v1/reports/ar-aging?as_of=2026-02-28'));
    const heronFeb = february.customers.find((row: { customer: string }) => row.customer === heron.id);
    assert.equal(heronFeb['1_30'], early.total, 'due 2026-02-09: 19 days past due');
    assert.equal(heronFeb.days_1_30, early.total, 'the deprecated name says the same');
    const wrenFeb = february.customers.find((row: { customer: string }) => row.customer === wren.id);
    assert.equal(wrenFeb.current, voided.total, 'voided only later: still receivable in February');
    assert.equal(wrenFeb.unapplied, '-100.0000');

    const april = ok(await get(books, '/api/v1/reports/ar-aging?as_of=2026-04-30'));
    const heronApril = april.customers.find((row: { customer: string }) => row.customer === heron.id);
    const overpaid = (2000 - Number(early.total)).toFixed(4);
    assert.equal(heronApril.unapplied, `-${overpaid}`);
    assert.equal(heronApril.total, `-${overpaid}`);

    for (const asOf of ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', today]) {
      const report = ok(await get(books, `/api/v1/reports/ar-aging?as_of=${asOf}`));
      assert.equal(
        report.totals.total,
        await arBalance(books, asOf),
        `AR aging total = AR balance on ${asOf}`,
      );
      const columns = ['current', '1_30', '31_60', '61_90', 'over_90', 'unapplied'] as const;
      for (const column of columns) {
        const sum = report.customers.reduce(
          (total: number, row: Record<string, string>) => total + Number(row[column]),
          0,
        );
        assert.equal(sum.toFixed(4), report.totals[column], `${column} column total on ${asOf}`);
      }
    }

    const csv = csvOf(
      await get(books, '/api/v1/reports/ar-aging?as_of=2026-04-30&format=csv'),
      /ar-aging-2026-04-30\.csv/,
    );
    assert.deepEqual(Object.keys(csv[0]!), [
      'customer',
      'customer_name',
      'current',
      '1_30',
      '31_60',
      '61_90',
      'over_90',
      'unapplied',
      'total',
    ]);
    assert.deepEqual(
      csv.slice(0, -1).map((row) => [row.customer, row.total]),
      april.customers.map((row: { customer: string; total: string }) => [row.customer, row.total]),
    );
    assert.deepEqual(csv.at(-1), { customer: '', customer_name: 'Total', ...pick(april.totals) });
  });

  test('a void payment leaves no unapplied credit, and the total still equals Accounts Receivable', async () => {
    const books = await signUp(harness);
    const rate = await createTaxRate(harness, books.headers);
    const kite = await createCustomer(harness, books.headers, { display_name: 'Kite' });
    const invoice = await sentInvoice(harness, books, kite.id, rate.id, { issue_date: '2026-06-01' });
    const payment = ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: kite.id,
        payment_date: '2026-06-10',
        amount: '2000.00',
        method: 'ach',
        applications: [{ invoice_id: invoice.id, amount: '500.00' }],
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/payments-received/${payment.id}/void`, books.headers));
    for (const asOf of ['2026-06-05', '2026-06-30', today]) {
      const report = ok(await get(books, `/api/v1/reports/ar-aging?as_of=${asOf}`));
      assert.equal(report.totals.unapplied, '0.0000', `no credit from a void payment on ${asOf}`);
      assert.equal(report.totals.total, invoice.total);
      assert.equal(
        report.totals.total,
        await arBalance(books, asOf),
        `AR aging total = AR balance on ${asOf}`,
      );
    }
  });

  test("credit notes: applied credit leaves the invoice's bucket, the rest is unapplied, the total is Accounts Receivable", async () => {
    const books = await signUp(harness);
    const rate = await createTaxRate(harness, books.headers);
    const lark = await createCustomer(harness, books.headers, { display_name: 'Lark' });
    const invoice = await sentInvoice(harness, books, lark.id, rate.id, { issue_date: '2026-06-01' });
    const note = (issueDate: string) => ({
      customer: lark.id,
      issue_date: issueDate,
      lines: [
        {
          description: 'Refund',
          quantity: '1',
          unit_price: '100.00',
          income_account: books.accounts['4100'],
        },
      ],
    });
    const issue = async (issueDate: string) => {
      const draft = ok(
        await call(harness, 'POST', '/api/v1/credit-notes', books.headers, note(issueDate)),
        201,
      );
      return ok(await call(harness, 'POST', `/api/v1/credit-notes/${draft.id}/issue`, books.headers));
    };
    const applied = await issue('2026-06-15');
    ok(
      await call(harness, 'POST', `/api/v1/credit-notes/${applied.id}/apply`, books.headers, {
        applications: [{ invoice_id: invoice.id, amount: '40.00' }],
      }),
    );
    const voided = await issue('2026-06-20');
    ok(await call(harness, 'POST', `/api/v1/credit-notes/${voided.id}/void`, books.headers));

    const june = ok(await get(books, '/api/v1/reports/ar-aging?as_of=2026-06-30'));
    assert.equal(
      june.totals.unapplied,
      '-200.0000',
      'both notes whole on 30 June: applied and voided only today',
    );
    const now = ok(await get(books, `/api/v1/reports/ar-aging?as_of=${today}`));
    assert.equal(
      now.totals.unapplied,
      '-60.0000',
      'the applied note has 60.00 left; the void one counts nothing',
    );
    const open = (Number(invoice.total) - 40).toFixed(4);
    assert.equal(now.customers[0].over_90, open, 'the invoice less the 40.00 applied to it');
    for (const asOf of ['2026-06-10', '2026-06-16', '2026-06-30', today]) {
      const report = ok(await get(books, `/api/v1/reports/ar-aging?as_of=${asOf}`));
      assert.equal(
        report.totals.total,
        await arBalance(books, asOf),
        `AR aging total = AR balance on ${asOf}`,
      );
    }
  });

  test('a sales key reads AR aging as CSV but no other report', async () => {
    const books = await signUp(harness);
    const sales = await createKey(harness, books, 'sales');
    const aging = await call(harness, 'GET', '/api/v1/reports/ar-aging?format=csv', sales.headers);
    assert.equal(aging.statusCode, 200);
    const trial = await call(harness, 'GET', '/api/v1/reports/trial-balance?format=csv', sales.headers);
    assert.equal(trial.statusCode, 403);
    assert.match(String(trial.headers['content-type']), /^application\/json/);
  });
});

function pick(totals: Record<string, string>) {
  const { current, '1_30': a, '31_60': b, '61_90': c, over_90, unapplied, total } = totals;
  return { current, '1_30': a, '31_60': b, '61_90': c, over_90, unapplied, total } as Record<string, string>;
}

describe('general ledger pages (D57)', () => {
  /** 130 entries moving cash in March, 20 before it; answers the books. */
  async function busyBooks() {
    const books = await signUp(harness);
    const a = books.accounts;
    const entries = Array.from({ length: 150 }, (_, index) => ({
      txn_date: index < 20 ? '2026-02-15' : `2026-03-${String(1 + (index % 28)).padStart(2, '0')}`,
      memo: `entry ${index}`,
      lines:
        index % 3 === 0
          ? [line(a['6550'], 'debit', '7.25'), line(a['1000'], 'credit', '7.25')]
          : [line(a['1000'], 'debit', `${index}.10`), line(a['4100'], 'credit', `${index}.10`)],
    }));
    await postBatch(books, entries);
    return books;
  }

  test('50 lines a page, each page opening where the last closed, the pages adding up to the range', async () => {
    const books = await busyBooks();
    const base = `/api/v1/reports/general-ledger?account=${books.accounts['1000']}&from=2026-03-01&to=2026-03-31`;
    const pages: any[] = [];
    let url: string | null = base;
    while (url) {
      const page: any = ok(await get(books, url.replace(/^https?:\/\/[^/]+/, '')));
      pages.push(page);
      url = page.next;
    }
    assert.deepEqual(
      pages.map((page) => page.lines.length),
      [50, 50, 30],
    );
    assert.equal(pages[0].previous, null);
    const february = ok(await get(books, `/api/v1/reports/trial-balance?as_of=2026-02-28`));
    const cashFeb = february.lines.find((row: { account_number: string }) => row.account_number === '1000');
    assert.equal(pages[0].opening_balance, (Number(cashFeb.debit) - Number(cashFeb.credit)).toFixed(4));
    for (let i = 1; i < pages.length; i++)
      assert.equal(pages[i].opening_balance, pages[i - 1].closing_balance);
    for (const page of pages) {
      assert.equal(page.lines.at(-1).balance, page.closing_balance);
      assert.equal(page.currency, 'USD');
    }
    const march = ok(await get(books, `/api/v1/reports/trial-balance?as_of=2026-03-31`));
    const cashMarch = march.lines.find((row: { account_number: string }) => row.account_number === '1000');
    assert.equal(
      pages.at(-1).closing_balance,
      (Number(cashMarch.debit) - Number(cashMarch.credit)).toFixed(4),
    );
    const all = pages.flatMap((page) => page.lines);
    const order = all.map(
      (row: { txn_date: string; entry_number: string }) => `${row.txn_date} ${row.entry_number}`,
    );
    assert.deepEqual(order, [...order].sort());

    // Back from the last page: the same page as going forward.
    const back = ok(await get(books, pages[2].previous.replace(/^https?:\/\/[^/]+/, '')));
    assert.deepEqual(back.lines, pages[1].lines);
    assert.equal(back.opening_balance, pages[1].opening_balance);
    assert.equal(back.closing_balance, pages[1].closing_balance);

    // The CSV holds the whole range: opening, every line of the pages, closing.
    const csv = csvOf(
      await get(books, `${base}&format=csv`),
      /general-ledger-1000-2026-03-01-to-2026-03-31\.csv/,
    );
    assert.deepEqual(csv[0], {
      txn_date: '2026-03-01',
      entry_number: '',
      line_no: '',
      memo: 'Opening balance',
      description: '',
      source_type: '',
      debit: '',
      credit: '',
      balance: pages[0].opening_balance,
    });
    assert.deepEqual(csv.at(-1)?.balance, pages.at(-1).closing_balance);
    assert.deepEqual(
      csv
        .slice(1, -1)
        .map((row) => [row.txn_date, row.entry_number, row.line_no, row.debit, row.credit, row.balance]),
      all.map((row: Record<string, string | number>) => [
        row.txn_date,
        row.entry_number,
        String(row.line_no),
        row.debit,
        row.credit,
        row.balance,
      ]),
    );
  });

  test('pages cut inside an entry with many lines of the account: every line once, in order, both ways', async () => {
    const books = await signUp(harness);
    const a = books.accounts;
    // Three entries of 70 cash lines (and one of another account between them): pages of 50 end
    // inside entries, and the walk skips the entry without a cash line.
    const cashEntry = (index: number) => ({
      txn_date: '2026-05-02',
      memo: `cash ${index}`,
      lines: [
        ...Array.from({ length: 70 }, (_, n) =>
          line(a['1000'], 'debit', `${index}.${String(n).padStart(2, '0')}`),
        ),
        line(
          a['4100'],
          'credit',
          String(
            Array.from({ length: 70 }, (_, n) => index + n / 100)
              .reduce((x, y) => x + y)
              .toFixed(2),
          ),
        ),
      ],
    });
    const other = {
      txn_date: '2026-05-02',
      memo: 'other',
      lines: [line(a['6550'], 'debit', '5.00'), line(a['3000'], 'credit', '5.00')],
    };
    await postBatch(books, [cashEntry(1), other, cashEntry(2), cashEntry(3)]);
    const base = `/api/v1/reports/general-ledger?account=${a['1000']}&from=2026-05-01&to=2026-05-31`;
    const strip = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
    const forward: any[] = [];
    for (let url: string | null = base; url; ) {
      const page: any = ok(await get(books, strip(url)));
      forward.push(page);
      url = page.next;
    }
    assert.deepEqual(
      forward.map((page) => page.lines.length),
      [50, 50, 50, 50, 10],
    );
    const keys = (pages: any[]) =>
      pages.flatMap((page) =>
        page.lines.map((row: any) => `${row.entry_number}/${String(row.line_no).padStart(3, '0')}`),
      );
    const walked = keys(forward);
    assert.equal(new Set(walked).size, 210);
    assert.deepEqual(walked, [...walked].sort());
    const backward: any[] = [];
    for (let url: string | null = forward.at(-1).previous; url; ) {
      const page: any = ok(await get(books, strip(url)));
      backward.unshift(page);
      url = page.previous;
    }
    const figures = (page: any) => [page.opening_balance, page.lines, page.closing_balance];
    assert.deepEqual(backward.map(figures), forward.slice(0, -1).map(figures));
    assert.deepEqual(keys(backward), walked.slice(0, 200));
    // The store reads a sparse account line-first and a dense one entry-first: forced either way, the
    // same slices come back, forwards and backwards from a cursor inside an entry.
    const slice = (extra: Partial<reports.LedgerSlice>) => ({
      accountId: a['1000']!,
      from: '2026-05-01',
      to: '2026-05-31',
      trackingOption: null,
      limit: 45,
      ...extra,
    });
    const position = { txnDate: '2026-05-02', entryNumber: forward[2].lines[0].entry_number, lineNo: 20 };
    for (const extra of [{}, { after: position }, { before: position }]) {
      const lineFirst = await reports.accountLines(harness.db, books.organizationId, slice(extra), 1_000_000);
      const entryFirst = await reports.accountLines(harness.db, books.organizationId, slice(extra), 1);
      assert.equal(lineFirst.length, 45);
      assert.deepEqual(entryFirst, lineFirst, JSON.stringify(extra));
    }
  });

  test("a page's cursor pages only its own ledger; a download takes no cursor", async () => {
    const books = await busyBooks();
    const base = `/api/v1/reports/general-ledger?account=${books.accounts['1000']}&from=2026-03-01&to=2026-03-31`;
    const first = ok(await get(books, base));
    const cursor = new URL(first.next).searchParams.get('cursor');
    for (const other of [
      `/api/v1/reports/general-ledger?account=${books.accounts['4100']}&from=2026-03-01&to=2026-03-31`,
      `/api/v1/reports/general-ledger?account=${books.accounts['1000']}&from=2026-03-02&to=2026-03-31`,
    ]) {
      await refusedUnchanged(
        harness,
        books,
        () => get(books, `${other}&cursor=${cursor}`),
        'invalid_cursor',
        ['query/cursor'],
      );
    }
    await refusedUnchanged(
      harness,
      books,
      () => get(books, `${base}&cursor=${cursor}&format=csv`),
      'validation_error',
      ['query/cursor'],
    );
  });
});
