// D93: profit and loss and balance sheet in comparison columns (compare=month|quarter|year, periods
// 1..12), the P&L's sections (income, cost of goods sold, gross profit, expenses, net income), and each
// column checked against the ledger: the same report asked for that period alone, and the trial balance.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { csvOf } from '../helpers/csv.ts';
import { type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { createAccount, trackingOptions } from '../helpers/ledger.ts';
import { ok } from '../helpers/receivables.ts';

const harness = useHarness();

const get = (books: Books, url: string, headers: Record<string, string> = {}) =>
  call(harness, 'GET', url, { ...books.headers, ...headers });

type Line = { account: string | undefined; debit?: string; credit?: string; tracking_options?: string[] };
const dr = (account: string | undefined, debit: string, extra = {}): Line => ({ account, debit, ...extra });
const cr = (account: string | undefined, credit: string, extra = {}): Line => ({ account, credit, ...extra });

async function post(books: Books, entries: { txn_date: string; lines: Line[] }[]) {
  ok(
    await call(harness, 'POST', '/api/v1/journal-entries/batch', books.headers, { post: true, entries }),
    201,
  );
}

/** Three months of trading: sales, cost of sales on two COGS accounts, rent, an owner investment. */
async function tradingBooks() {
  const books = await signUp(harness);
  const a = books.accounts;
  const freight = await createAccount(harness, books.headers, {
    number: '5100',
    name: 'Freight in',
    type: 'expense',
    detail_type: 'cost_of_goods_sold',
  });
  const { east } = await trackingOptions(harness, books);
  await post(books, [
    { txn_date: '2025-12-31', lines: [dr(a['1000'], '10000.00'), cr(a['3000'], '10000.00')] },
    {
      txn_date: '2026-01-10',
      lines: [dr(a['1000'], '1000.10'), cr(a['4000'], '1000.10', { tracking_options: [east.id] })],
    },
    { txn_date: '2026-01-11', lines: [dr(a['5000'], '400.01'), cr(a['1000'], '400.01')] },
    { txn_date: '2026-01-31', lines: [dr(a['6500'], '300.00'), cr(a['1000'], '300.00')] },
    { txn_date: '2026-02-01', lines: [dr(a['1000'], '2000.00'), cr(a['4100'], '2000.00')] },
    { txn_date: '2026-02-28', lines: [dr(freight.id, '50.55'), cr(a['1000'], '50.55')] },
    {
      txn_date: '2026-03-01',
      lines: [dr(a['1000'], '0.05'), cr(a['4000'], '0.05', { tracking_options: [east.id] })],
    },
    { txn_date: '2026-03-31', lines: [dr(a['6500'], '300.00'), cr(a['2100'], '300.00')] },
    { txn_date: '2026-04-01', lines: [dr(a['1000'], '999.00'), cr(a['4000'], '999.00')] },
  ]);
  return { books, freight, east };
}

type Row = { account: string; account_number: string; amount: string; amounts: string[] };
type Section = { accounts: Row[]; total: string };

/** Accounts of a section by number: their amount (one column). */
const byNumber = (section: Section) =>
  Object.fromEntries(section.accounts.map((row) => [row.account_number, row.amount]));

/** The account rows of a section in column `column`, zero rows left out (as a one-column report has them). */
const columnOf = (section: Section, column: number) =>
  Object.fromEntries(
    section.accounts
      .filter((row) => row.amounts[column] !== '0.0000')
      .map((row) => [row.account_number, row.amounts[column]]),
  );

/** The trial balance's net (debit positive) of an account number on a date. */
async function trialNet(books: Books, asOf: string, number: string): Promise<bigint> {
  const trial = ok(await get(books, `/api/v1/reports/trial-balance?as_of=${asOf}`));
  const row = trial.lines.find((line: { account_number: string }) => line.account_number === number);
  const cents = (text: string) => BigInt(text.replace('.', ''));
  return row ? cents(row.debit) - cents(row.credit) : 0n;
}
const money = (units: bigint) => {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  return `${sign}${abs / 10000n}.${String(abs % 10000n).padStart(4, '0')}`;
};

describe('profit and loss in comparison columns (D93)', () => {
  test('compare=month, periods=3: one column per month, oldest first, each the P&L of that month alone', async () => {
    const { books } = await tradingBooks();
    const report = ok(
      await get(books, '/api/v1/reports/profit-and-loss?to=2026-03-31&compare=month&periods=3'),
    );
    assert.equal(report.from, '2026-03-01', 'from defaults to the start of to’s month');
    assert.equal(report.to, '2026-03-31');
    assert.equal(report.compare, 'month');
    assert.equal(report.periods, 3);
    assert.deepEqual(
      report.columns.map((column: { from: string; to: string }) => [column.from, column.to]),
      [
        ['2026-01-01', '2026-01-31'],
        ['2026-02-01', '2026-02-28'],
        ['2026-03-01', '2026-03-31'],
      ],
    );
    // The same rows in every column: an account with activity in any month has three amounts.
    for (const part of ['income', 'cost_of_goods_sold', 'operating_expenses', 'expenses'] as const) {
      for (const row of report[part].accounts)
        assert.equal(row.amounts.length, 3, `${part} ${row.account_number}`);
    }
    assert.deepEqual(
      report.income.accounts.map((row: Row) => [row.account_number, row.amounts]),
      [
        ['4000', ['1000.1000', '0.0000', '0.0500']],
        ['4100', ['0.0000', '2000.0000', '0.0000']],
      ],
    );
    assert.deepEqual(
      report.cost_of_goods_sold.accounts.map((row: Row) => [row.account_number, row.amounts]),
      [
        ['5000', ['400.0100', '0.0000', '0.0000']],
        ['5100', ['0.0000', '50.5500', '0.0000']],
      ],
    );
    assert.deepEqual(
      report.columns.map((column: Record<string, string>) => [
        column.income,
        column.cost_of_goods_sold,
        column.gross_profit,
        column.operating_expenses,
        column.net_income,
      ]),
      [
        ['1000.1000', '400.0100', '600.0900', '300.0000', '300.0900'],
        ['2000.0000', '50.5500', '1949.4500', '0.0000', '1949.4500'],
        ['0.0500', '0.0000', '0.0500', '300.0000', '-299.9500'],
      ],
    );

    // Each column is the report of that month alone, account by account, and the newest one is the
    // report's own fields (as before comparisons).
    for (const [column, range] of report.columns.entries()) {
      const alone = ok(await get(books, `/api/v1/reports/profit-and-loss?from=${range.from}&to=${range.to}`));
      assert.equal(alone.compare, null);
      assert.equal(alone.periods, 1);
      for (const part of ['income', 'cost_of_goods_sold', 'operating_expenses', 'expenses'] as const) {
        assert.deepEqual(columnOf(report[part], column), byNumber(alone[part]), `${part} ${range.from}`);
      }
      assert.equal(range.net_income, alone.net_income);
      assert.equal(range.gross_profit, alone.gross_profit);
    }
    assert.equal(report.net_income, '-299.9500');
    assert.equal(report.gross_profit, '0.0500');
    assert.equal(report.income.total, '0.0500');
    assert.equal(report.expenses.total, '300.0000', 'expenses stays every expense account');

    // Against the ledger: February's income and cost of sales are the trial balance's movement.
    const movement = async (number: string) =>
      (await trialNet(books, '2026-02-28', number)) - (await trialNet(books, '2026-01-31', number));
    assert.equal(report.columns[1].income, money(-(await movement('4000')) - (await movement('4100'))));
    assert.equal(
      report.columns[1].cost_of_goods_sold,
      money((await movement('5000')) + (await movement('5100'))),
    );
  });

  test('without compare the report is as before plus its sections: expenses = cost of sales + operating', async () => {
    const { books } = await tradingBooks();
    const report = ok(await get(books, '/api/v1/reports/profit-and-loss?from=2026-01-01&to=2026-03-31'));
    assert.deepEqual(report.columns, [
      {
        from: '2026-01-01',
        to: '2026-03-31',
        income: '3000.1500',
        cost_of_goods_sold: '450.5600',
        gross_profit: '2549.5900',
        operating_expenses: '600.0000',
        expenses: '1050.5600',
        net_income: '1949.5900',
      },
    ]);
    assert.equal(report.expenses.total, '1050.5600');
    assert.deepEqual(
      report.expenses.accounts.map((row: Row) => row.account_number),
      ['5000', '5100', '6500'],
    );
    assert.deepEqual(
      report.operating_expenses.accounts.map((row: Row) => row.account_number),
      ['6500'],
    );
    for (const row of report.income.accounts) assert.deepEqual(row.amounts, [row.amount]);
  });

  test('compare=quarter and compare=year shift the same range back; a tracking option filters every column', async () => {
    const { books, east } = await tradingBooks();
    const quarters = ok(
      await get(
        books,
        '/api/v1/reports/profit-and-loss?from=2026-04-01&to=2026-06-30&compare=quarter&periods=2',
      ),
    );
    assert.deepEqual(
      quarters.columns.map((column: Record<string, string>) => [column.from, column.to, column.net_income]),
      [
        ['2026-01-01', '2026-03-31', '1949.5900'],
        ['2026-04-01', '2026-06-30', '999.0000'],
      ],
    );
    const years = ok(
      await get(
        books,
        '/api/v1/reports/profit-and-loss?from=2026-01-01&to=2026-01-31&compare=year&periods=2',
      ),
    );
    assert.deepEqual(
      years.columns.map((column: Record<string, string>) => [column.from, column.to, column.income]),
      [
        ['2025-01-01', '2025-01-31', '0.0000'],
        ['2026-01-01', '2026-01-31', '1000.1000'],
      ],
    );
    const tracked = ok(
      await get(
        books,
        `/api/v1/reports/profit-and-loss?to=2026-03-31&compare=month&periods=3&tracking_option=${east.id}`,
      ),
    );
    assert.equal(tracked.tracking_option, east.id);
    assert.deepEqual(
      tracked.columns.map((column: Record<string, string>) => column.income),
      ['1000.1000', '0.0000', '0.0500'],
    );
    assert.deepEqual(
      tracked.columns.map((column: Record<string, string>) => column.expenses),
      ['0.0000', '0.0000', '0.0000'],
    );
  });

  test('CSV: one amount column per period, named by its range, with the sections in order', async () => {
    const { books } = await tradingBooks();
    const response = await get(
      books,
      '/api/v1/reports/profit-and-loss?to=2026-02-28&compare=month&periods=2',
      {
        accept: 'text/csv',
      },
    );
    const rows = csvOf(response, /profit-and-loss-2026-02-01-to-2026-02-28-by-month-2\.csv/);
    const [jan, feb] = ['2026-01-01 to 2026-01-31', '2026-02-01 to 2026-02-28'];
    assert.deepEqual(
      rows.map((row) => [row.section, row.account_number, row.account_name, row[jan], row[feb]]),
      [
        ['income', '4000', 'Sales', '1000.1000', '0.0000'],
        ['income', '4100', 'Services', '0.0000', '2000.0000'],
        ['income', '', 'Total income', '1000.1000', '2000.0000'],
        ['cost_of_goods_sold', '5000', 'Cost of Goods Sold', '400.0100', '0.0000'],
        ['cost_of_goods_sold', '5100', 'Freight in', '0.0000', '50.5500'],
        ['cost_of_goods_sold', '', 'Total cost of goods sold', '400.0100', '50.5500'],
        ['gross_profit', '', 'Gross profit', '600.0900', '1949.4500'],
        ['expenses', '6500', 'Rent', '300.0000', '0.0000'],
        ['expenses', '', 'Total expenses', '300.0000', '0.0000'],
        ['all_expenses', '', 'Total expenses and cost of goods sold', '700.0100', '50.5500'],
        ['net_income', '', 'Net income', '300.0900', '1949.4500'],
      ],
    );
  });
});

describe('balance sheet in comparison columns (D93)', () => {
  test('compare=month: one column per month end, each the balance sheet of that date, in balance', async () => {
    const { books } = await tradingBooks();
    const report = ok(
      await get(books, '/api/v1/reports/balance-sheet?as_of=2026-03-31&compare=month&periods=4'),
    );
    assert.equal(report.compare, 'month');
    assert.equal(report.periods, 4);
    assert.deepEqual(
      report.columns.map((column: { as_of: string }) => column.as_of),
      ['2025-12-31', '2026-01-31', '2026-02-28', '2026-03-31'],
    );
    for (const [column, figures] of report.columns.entries()) {
      const alone = ok(await get(books, `/api/v1/reports/balance-sheet?as_of=${figures.as_of}`));
      for (const part of ['assets', 'liabilities'] as const) {
        assert.deepEqual(columnOf(report[part], column), byNumber(alone[part]), `${part} ${figures.as_of}`);
        assert.equal(figures[part], alone[part].total);
      }
      assert.deepEqual(columnOf(report.equity, column), byNumber(alone.equity));
      assert.equal(figures.current_earnings, alone.equity.current_earnings);
      assert.equal(figures.equity, alone.equity.total);
      assert.equal(figures.total_liabilities_and_equity, alone.total_liabilities_and_equity);
      assert.equal(figures.in_balance, true);
      assert.equal(figures.assets, figures.total_liabilities_and_equity);
      // Against the trial balance: the bank account's balance on that date.
      const bank = report.assets.accounts.find((row: Row) => row.account_number === '1000');
      assert.equal(bank.amounts[column], money(await trialNet(books, figures.as_of, '1000')));
    }
    assert.deepEqual(report.assets.accounts.find((row: Row) => row.account_number === '1000').amounts, [
      '10000.0000',
      '10300.0900',
      '12249.5400',
      '12249.5900',
    ]);
    assert.deepEqual(
      report.liabilities.accounts.map((row: Row) => [row.account_number, row.amounts]),
      [['2100', ['0.0000', '0.0000', '0.0000', '300.0000']]],
    );
    assert.equal(report.total_liabilities_and_equity, '12249.5900');
    assert.equal(report.assets.total, '12249.5900');
  });

  test('CSV: one column per date', async () => {
    const { books } = await tradingBooks();
    const rows = csvOf(
      await get(books, '/api/v1/reports/balance-sheet?as_of=2026-06-30&compare=quarter&periods=2&format=csv'),
      /balance-sheet-2026-06-30-by-quarter-2\.csv/,
    );
    const total = rows.find((row) => row.account_name === 'Total liabilities and equity');
    assert.deepEqual(total, {
      section: 'total',
      account_number: '',
      account_name: 'Total liabilities and equity',
      '2026-03-31': '12249.5900',
      '2026-06-30': '13248.5900',
    });
    const earnings = rows.find((row) => row.account_name === 'Current earnings');
    assert.deepEqual([earnings?.['2026-03-31'], earnings?.['2026-06-30']], ['1949.5900', '2948.5900']);
  });

  test('another organization’s entries never reach the columns', async () => {
    const { books } = await tradingBooks();
    const other = await signUp(harness);
    const report = ok(
      await get(other, '/api/v1/reports/balance-sheet?as_of=2026-03-31&compare=month&periods=3'),
    );
    assert.deepEqual(report.assets.accounts, []);
    assert.deepEqual(
      report.columns.map((column: { assets: string }) => column.assets),
      ['0.0000', '0.0000', '0.0000'],
    );
    const pnl = ok(await get(other, '/api/v1/reports/profit-and-loss?to=2026-03-31&compare=month&periods=3'));
    assert.deepEqual(pnl.income.accounts, []);
    assert.ok(books.organizationId !== other.organizationId);
  });
});
