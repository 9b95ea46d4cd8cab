// D91: the tax summary per rate (taxable sales, tax collected, taxable purchases, tax paid, net) from
// the period's invoices, credit notes and bills, voids counted negative on their own date; its totals
// equal the movement of the tax accounts over the period, checked against the trial balance, and
// what else moves them (paying the tax) shows as other_movement.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays, todayIn } from '../../src/domain/dates.ts';
import { csvOf } from '../helpers/csv.ts';
import { addMember, type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { createAccount, postEntry } from '../helpers/ledger.ts';
import { createCustomer, createTaxRate, invoiceBody, ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

const get = (books: Books, url: string, headers: Record<string, string> = {}) =>
  call(harness, 'GET', url, { ...books.headers, ...headers });
const post = async (books: Books, url: string, body?: unknown, status = 200) =>
  ok(await call(harness, 'POST', url, books.headers, body), status);

const today = todayIn('UTC');
const day = (offset: number) => addDays(today, offset);

/** Credits less debits of accounts (by number) over [from, to], from two trial balances. */
async function ledgerMovement(books: Books, numbers: string[], from: string, to: string): Promise<bigint> {
  const net = async (asOf: string) => {
    const trial = ok(await get(books, `/api/v1/reports/trial-balance?as_of=${asOf}`));
    let sum = 0n;
    for (const line of trial.lines) {
      if (!numbers.includes(line.account_number)) continue;
      sum += BigInt(line.credit.replace('.', '')) - BigInt(line.debit.replace('.', ''));
    }
    return sum;
  };
  return (await net(to)) - (await net(addDays(from, -1)));
}
const money = (units: bigint) => {
  const abs = units < 0n ? -units : units;
  return `${units < 0n ? '-' : ''}${abs / 10000n}.${String(abs % 10000n).padStart(4, '0')}`;
};

/**
 * Rates A (8.25%, account 2200), B (5%, its own account 2210) and Z (0%), and Idle (never used); an
 * invoice of each kind at each rate, credit notes and bills, some voided today.
 */
async function taxedBooks() {
  const books = await signUp(harness);
  const customer = await createCustomer(harness, books.headers, { display_name: 'Blue Heron Cafe' });
  const second = await createAccount(harness, books.headers, {
    number: '2210',
    name: 'State tax payable',
    type: 'liability',
    detail_type: 'sales_tax_payable',
  });
  const rateA = await createTaxRate(harness, books.headers, '8.2500', { name: 'A county' });
  const rateB = await createTaxRate(harness, books.headers, '5.0000', {
    name: 'B state',
    liability_account: second.id,
  });
  const rateZ = await createTaxRate(harness, books.headers, '0.0000', { name: 'Z zero-rated' });
  await createTaxRate(harness, books.headers, '1.0000', { name: 'Idle' });
  const vendor = await post(
    books,
    '/api/v1/vendors',
    { display_name: 'Northwind', payment_terms: 'net_15' },
    201,
  );

  // 1200.00 taxed at the rate and 151.00 untaxed (invoiceBody); credit notes refund 120.00 taxed.
  const invoice = async (rate: string, issueDate: string) => {
    const draft = await post(
      books,
      '/api/v1/invoices',
      invoiceBody(books, customer.id, rate, { issue_date: issueDate }),
      201,
    );
    return post(books, `/api/v1/invoices/${draft.id}/send`);
  };
  const creditNote = async (rate: string, issueDate: string) => {
    const draft = await post(
      books,
      '/api/v1/credit-notes',
      {
        customer: customer.id,
        issue_date: issueDate,
        lines: [
          {
            description: 'Refund',
            quantity: '1',
            unit_price: '120.00',
            income_account: books.accounts['4100'],
            is_taxable: true,
            tax_rate: rate,
          },
          {
            description: 'Untaxed',
            quantity: '1',
            unit_price: '10.00',
            income_account: books.accounts['4000'],
          },
        ],
      },
      201,
    );
    return post(books, `/api/v1/credit-notes/${draft.id}/issue`);
  };
  const bill = async (rate: string, amount: string) => {
    const draft = await post(
      books,
      '/api/v1/bills',
      {
        vendor: vendor.id,
        bill_date: day(-4),
        lines: [
          {
            description: 'Stock',
            quantity: '1',
            unit_cost: amount,
            account: books.accounts['6300'],
            tax_rate: rate,
          },
          { description: 'Untaxed', quantity: '1', unit_cost: '5.00', account: books.accounts['6300'] },
        ],
      },
      201,
    );
    return post(books, `/api/v1/bills/${draft.id}/open`);
  };

  const invA = await invoice(rateA.id, day(-60));
  await invoice(rateA.id, day(-10));
  const invC = await invoice(rateB.id, day(-5));
  await invoice(rateZ.id, day(-1));
  await creditNote(rateA.id, day(-3));
  const cn2 = await creditNote(rateB.id, day(-2));
  await bill(rateB.id, '200.00');
  const bill2 = await bill(rateA.id, '100.00');
  // Voids today: A's first invoice (issued before the period), C, the second note, the second bill.
  await post(books, `/api/v1/invoices/${invA.id}/void`);
  await post(books, `/api/v1/invoices/${invC.id}/void`);
  await post(books, `/api/v1/credit-notes/${cn2.id}/void`);
  await post(books, `/api/v1/bills/${bill2.id}/void`);
  return { books };
}

type Rate = Record<string, string>;
const figures = (report: { rates: Rate[] }) =>
  Object.fromEntries(
    report.rates.map((row) => [
      row.name,
      [row.taxable_sales, row.tax_collected, row.taxable_purchases, row.tax_paid, row.net],
    ]),
  );

async function assertTotalsAreTheTaxAccounts(books: Books, from: string, to: string) {
  const report = ok(await get(books, `/api/v1/reports/tax-summary?from=${from}&to=${to}`));
  const movement = await ledgerMovement(books, ['2200', '2210'], from, to);
  assert.equal(report.tax_accounts_movement, money(movement), `${from}..${to}`);
  assert.equal(
    report.totals.net,
    report.tax_accounts_movement,
    `${from}..${to}: documents are all that moved them`,
  );
  assert.equal(report.other_movement, '0.0000');
  return report;
}

describe('tax summary (D91)', () => {
  test('per rate over a period: invoices less credit notes, bills; every rate listed; totals are the tax accounts’ movement', async () => {
    const { books } = await taxedBooks();
    const report = await assertTotalsAreTheTaxAccounts(books, day(-30), day(-1));
    assert.equal(report.from, day(-30));
    assert.equal(report.to, day(-1));
    assert.equal(report.currency, 'USD');
    assert.deepEqual(figures(report), {
      // 1200.00 (99.00) invoiced less 120.00 (9.90) credited; a 100.00 bill (8.25) paid.
      'A county': ['1080.0000', '89.1000', '100.0000', '8.2500', '80.8500'],
      // 1200.00 (60.00) invoiced less 120.00 (6.00); a 200.00 bill (10.00).
      'B state': ['1080.0000', '54.0000', '200.0000', '10.0000', '44.0000'],
      Idle: ['0.0000', '0.0000', '0.0000', '0.0000', '0.0000'],
      'Z zero-rated': ['1200.0000', '0.0000', '0.0000', '0.0000', '0.0000'],
    });
    assert.deepEqual(report.totals, {
      taxable_sales: '3360.0000',
      tax_collected: '143.1000',
      taxable_purchases: '300.0000',
      tax_paid: '18.2500',
      net: '124.8500',
    });
    assert.deepEqual(
      report.tax_accounts.map((row: Rate) => [row.account_number, row.movement]),
      [
        ['2200', '80.8500'],
        ['2210', '44.0000'],
      ],
    );
  });

  test('voids count negative on their own date; over both periods they cancel what they voided', async () => {
    const { books } = await taxedBooks();
    const voids = await assertTotalsAreTheTaxAccounts(books, today, today);
    assert.deepEqual(figures(voids), {
      // The first invoice (issued 60 days ago) and the second bill, voided today.
      'A county': ['-1200.0000', '-99.0000', '-100.0000', '-8.2500', '-90.7500'],
      // Invoice C voided (-1200.00, -60.00) and the second note's void (+120.00, +6.00).
      'B state': ['-1080.0000', '-54.0000', '0.0000', '0.0000', '-54.0000'],
      Idle: ['0.0000', '0.0000', '0.0000', '0.0000', '0.0000'],
      'Z zero-rated': ['0.0000', '0.0000', '0.0000', '0.0000', '0.0000'],
    });
    const all = await assertTotalsAreTheTaxAccounts(books, day(-90), today);
    assert.deepEqual(figures(all), {
      'A county': ['1080.0000', '89.1000', '0.0000', '0.0000', '89.1000'],
      'B state': ['0.0000', '0.0000', '200.0000', '10.0000', '-10.0000'],
      Idle: ['0.0000', '0.0000', '0.0000', '0.0000', '0.0000'],
      'Z zero-rated': ['1200.0000', '0.0000', '0.0000', '0.0000', '0.0000'],
    });
    await assertTotalsAreTheTaxAccounts(books, day(-60), day(-60));
  });

  test('paying the tax moves the tax account, not the figures: it shows as other_movement', async () => {
    const { books } = await taxedBooks();
    await postEntry(harness, books.headers, {
      txn_date: day(-1),
      memo: 'Sales tax paid to the county',
      lines: [
        { account: books.accounts['2200'], debit: '80.85' },
        { account: books.accounts['1000'], credit: '80.85' },
      ],
    });
    const report = ok(await get(books, `/api/v1/reports/tax-summary?from=${day(-30)}&to=${day(-1)}`));
    assert.equal(report.totals.net, '124.8500');
    assert.equal(
      report.tax_accounts_movement,
      money(await ledgerMovement(books, ['2200', '2210'], day(-30), day(-1))),
    );
    assert.equal(report.tax_accounts_movement, '44.0000');
    assert.equal(report.other_movement, '-80.8500');
  });

  test('CSV: a record per rate, the totals, the tax accounts’ movement and the rest', async () => {
    const { books } = await taxedBooks();
    const url = `/api/v1/reports/tax-summary?from=${day(-30)}&to=${day(-1)}`;
    const json = ok(await get(books, url));
    const rows = csvOf(
      await get(books, url, { accept: 'text/csv' }),
      new RegExp(`tax-summary-${day(-30)}-to-${day(-1)}\\.csv`),
    );
    const keys = ['taxable_sales', 'tax_collected', 'taxable_purchases', 'tax_paid', 'net'];
    assert.deepEqual(
      rows.slice(0, -3),
      json.rates.map((row: Rate) => ({
        tax_rate: row.tax_rate,
        name: row.name,
        rate: row.rate,
        account_number: row.account_number,
        ...Object.fromEntries(keys.map((key) => [key, row[key]])),
      })),
    );
    assert.deepEqual(rows.at(-3), {
      tax_rate: '',
      name: 'Total',
      rate: '',
      account_number: '',
      ...json.totals,
    });
    assert.equal(rows.at(-2)?.name, 'Tax accounts movement');
    assert.equal(rows.at(-2)?.net, json.tax_accounts_movement);
    assert.equal(rows.at(-1)?.name, 'Other movement');
    assert.equal(rows.at(-1)?.net, '0.0000');
  });

  test('bad dates and from after to: 400 on the parameter; sales may not read it (403), a viewer may; other books see none of it', async () => {
    const { books } = await taxedBooks();
    for (const [query, field] of [
      ['from=2026-02-30', 'query/from'],
      ['to=tomorrow', 'query/to'],
      ['from=2026-05-01&to=2026-04-30', 'query/from'],
      ['format=pdf', 'query/format'],
    ] as const) {
      await refusedUnchanged(
        harness,
        books,
        () => get(books, `/api/v1/reports/tax-summary?${query}`),
        'validation_error',
        [field],
      );
    }
    const sales = await addMember(harness, books, 'sales');
    const refused = await call(harness, 'GET', '/api/v1/reports/tax-summary', sales.headers);
    assert.equal(refused.statusCode, 403, refused.body);
    const viewer = await addMember(harness, books, 'viewer');
    assert.equal((await call(harness, 'GET', '/api/v1/reports/tax-summary', viewer.headers)).statusCode, 200);
    const other = await signUp(harness);
    const theirs = ok(await get(other, `/api/v1/reports/tax-summary?from=${day(-90)}&to=${today}`));
    assert.deepEqual(theirs.rates, []);
    assert.equal(theirs.totals.net, '0.0000');
  });
});
