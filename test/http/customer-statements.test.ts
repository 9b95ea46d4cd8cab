// D92: customer statements. Outstanding: open invoices and unapplied credit as of a date, its balance
// the customer's AR aging total; activity: opening balance, each invoice, payment, credit note and
// void with a running balance, closing balance = the customer's receivable balance at `to`. Both
// checked against AR aging and the trial balance's Accounts Receivable; CSV and PDF by Accept.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays, todayIn } from '../../src/domain/dates.ts';
import { csvOf } from '../helpers/csv.ts';
import { type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { createCustomer, createTaxRate, invoiceBody, ok } from '../helpers/receivables.ts';

const harness = useHarness();

const today = todayIn('UTC');
const day = (offset: number) => addDays(today, offset);
const get = (books: Books, url: string, headers: Record<string, string> = {}) =>
  call(harness, 'GET', url, { ...books.headers, ...headers });
const post = async (books: Books, url: string, body?: unknown, status = 200) =>
  ok(await call(harness, 'POST', url, books.headers, body), status);

/**
 * Blue Heron's history (and one invoice of another customer): three invoices of 1450.00, a payment of
 * 500.00 and one of 2000.00 (1050.00 left unapplied), a credit note of 139.90 (50.00 applied), a
 * payment voided, the third invoice voided today.
 */
async function customerHistory() {
  const books = await signUp(harness);
  const customer = await createCustomer(harness, books.headers, {
    display_name: 'Blue Heron Cafe',
    email: 'ap@heron.test',
  });
  const other = await createCustomer(harness, books.headers, { display_name: 'Other Customer' });
  const tax = await createTaxRate(harness, books.headers, '8.2500');
  const invoice = async (who: string, issueDate: string) => {
    const draft = await post(
      books,
      '/api/v1/invoices',
      invoiceBody(books, who, tax.id, { issue_date: issueDate }),
      201,
    );
    return post(books, `/api/v1/invoices/${draft.id}/send`);
  };
  const pay = (amount: string, date: string, applications: { invoice_id: string; amount: string }[]) =>
    post(
      books,
      '/api/v1/payments-received',
      { customer: customer.id, payment_date: date, amount, method: 'ach', applications },
      201,
    );
  const inv1 = await invoice(customer.id, day(-50));
  await invoice(other.id, day(-30));
  await pay('500.00', day(-40), [{ invoice_id: inv1.id, amount: '500.00' }]);
  const inv2 = await invoice(customer.id, day(-20));
  const inv3 = await invoice(customer.id, day(-15));
  const noteDraft = await post(
    books,
    '/api/v1/credit-notes',
    {
      customer: customer.id,
      issue_date: day(-10),
      lines: [
        {
          description: 'Refund',
          quantity: '1',
          unit_price: '120.00',
          income_account: books.accounts['4100'],
          is_taxable: true,
          tax_rate: tax.id,
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
  const note = await post(books, `/api/v1/credit-notes/${noteDraft.id}/issue`);
  await pay('2000.00', day(-5), [{ invoice_id: inv1.id, amount: '950.00' }]);
  const voided = await pay('100.00', day(-3), []);
  await post(books, `/api/v1/payments-received/${voided.id}/void`);
  await post(books, `/api/v1/credit-notes/${note.id}/apply`, {
    applications: [{ invoice_id: inv2.id, amount: '50.00' }],
  });
  await post(books, `/api/v1/invoices/${inv3.id}/void`);
  return { books, customer, other, inv1, inv2, inv3, note };
}

const statementUrl = (customer: string, query: string) => `/api/v1/customers/${customer}/statement?${query}`;

/** The customer's row total in AR aging on a date (what the statement's balance must equal). */
async function agingTotal(books: Books, customer: string, asOf: string): Promise<string> {
  const aging = ok(await get(books, `/api/v1/reports/ar-aging?as_of=${asOf}`));
  return aging.customers.find((row: { customer: string }) => row.customer === customer)?.total ?? '0.0000';
}

/** Accounts Receivable's balance on a date, from the trial balance (debit positive). */
async function receivable(books: Books, asOf: string): Promise<bigint> {
  const trial = ok(await get(books, `/api/v1/reports/trial-balance?as_of=${asOf}`));
  const row = trial.lines.find((line: { account_number: string }) => line.account_number === '1100');
  return row ? BigInt(row.debit.replace('.', '')) - BigInt(row.credit.replace('.', '')) : 0n;
}
const units = (money: string) => BigInt(money.replace('.', ''));

describe('customer statements (D92)', () => {
  test('outstanding: open invoices and unapplied credit as of a date; its balance is the aging total', async () => {
    const { books, customer, inv1, inv2 } = await customerHistory();
    const now = ok(await get(books, statementUrl(customer.id, 'type=outstanding')));
    assert.equal(now.type, 'outstanding');
    assert.equal(now.from, null);
    assert.equal(now.to, today);
    assert.equal(now.customer_name, 'Blue Heron Cafe');
    assert.equal(now.activity, null);
    assert.deepEqual(
      now.outstanding.invoices.map((row: Record<string, string>) => [row.number, row.total, row.open]),
      [[inv2.number, '1450.0000', '1400.0000']],
      'the first is paid, the third void; the second less the credit applied',
    );
    assert.deepEqual(
      now.outstanding.credits.map((row: Record<string, string>) => [row.kind, row.amount, row.unapplied]),
      [
        ['credit_note', '139.9000', '89.9000'],
        ['payment', '2000.0000', '1050.0000'],
      ],
    );
    assert.equal(now.outstanding.invoices_total, '1400.0000');
    assert.equal(now.outstanding.credits_total, '1139.9000');
    assert.equal(now.balance, '260.1000');
    assert.equal(now.balance, await agingTotal(books, customer.id, today));

    // Sixteen days ago: the first invoice less its 500.00, the second whole; the third not yet sent.
    const before = ok(await get(books, statementUrl(customer.id, `to=${day(-16)}`)));
    assert.equal(before.type, 'outstanding', 'the default type');
    assert.deepEqual(
      before.outstanding.invoices.map((row: Record<string, string | number>) => [
        row.number,
        row.open,
        row.days_overdue,
      ]),
      [
        [inv1.number, '950.0000', 4],
        [inv2.number, '1450.0000', 0],
      ],
    );
    assert.deepEqual(before.outstanding.credits, []);
    assert.equal(before.balance, '2400.0000');
    assert.equal(before.balance, await agingTotal(books, customer.id, day(-16)));
  });

  test('activity: opening balance, each document and void with a running balance, closing = receivable at to', async () => {
    const { books, customer, other, inv1, inv2, inv3, note } = await customerHistory();
    const all = ok(await get(books, statementUrl(customer.id, `type=activity&from=${day(-60)}&to=${today}`)));
    assert.equal(all.outstanding, null);
    assert.equal(all.activity.opening_balance, '0.0000');
    assert.deepEqual(
      all.activity.lines.map((line: Record<string, string>) => [
        line.date,
        line.entry_type,
        line.number,
        line.amount,
        line.balance,
      ]),
      [
        [day(-50), 'invoice', inv1.number, '1450.0000', '1450.0000'],
        [day(-40), 'payment_received', 'PMT-000001', '-500.0000', '950.0000'],
        [day(-20), 'invoice', inv2.number, '1450.0000', '2400.0000'],
        [day(-15), 'invoice', inv3.number, '1450.0000', '3850.0000'],
        [day(-10), 'credit_note', note.number, '-139.9000', '3710.1000'],
        [day(-5), 'payment_received', 'PMT-000002', '-2000.0000', '1710.1000'],
        [day(-3), 'payment_received', 'PMT-000003', '-100.0000', '1610.1000'],
        [day(-3), 'payment_void', 'PMT-000003', '100.0000', '1710.1000'],
        [today, 'invoice_void', inv3.number, '-1450.0000', '260.1000'],
      ],
    );
    assert.equal(all.activity.lines[7].description, 'Payment PMT-000003 voided');
    assert.equal(all.activity.closing_balance, '260.1000');
    assert.equal(all.balance, '260.1000');

    // A window: the opening balance is what came before it; the closing one the aging total at its end.
    const window = ok(
      await get(books, statementUrl(customer.id, `type=activity&from=${day(-30)}&to=${day(-1)}`)),
    );
    assert.equal(window.activity.opening_balance, '950.0000');
    assert.equal(window.activity.lines.length, 6);
    assert.equal(window.activity.closing_balance, '1710.1000');
    for (const asOf of [day(-1), day(-16), day(-45), today]) {
      const statement = ok(
        await get(books, statementUrl(customer.id, `type=activity&from=${day(-60)}&to=${asOf}`)),
      );
      const outstanding = ok(await get(books, statementUrl(customer.id, `to=${asOf}`)));
      assert.equal(statement.activity.closing_balance, outstanding.balance, asOf);
      assert.equal(outstanding.balance, await agingTotal(books, customer.id, asOf), asOf);
    }

    // Against the ledger: the two customers' balances add up to Accounts Receivable on every date.
    for (const asOf of [day(-45), day(-16), day(-1), today]) {
      const mine = ok(
        await get(books, statementUrl(customer.id, `type=activity&from=${day(-60)}&to=${asOf}`)),
      );
      const theirs = ok(
        await get(books, statementUrl(other.id, `type=activity&from=${day(-60)}&to=${asOf}`)),
      );
      assert.equal(units(mine.balance) + units(theirs.balance), await receivable(books, asOf), asOf);
    }
  });

  test('activity defaults from to the first of to’s month; a customer with nothing has an empty statement', async () => {
    const books = await signUp(harness);
    const quiet = await createCustomer(harness, books.headers, { display_name: 'Quiet' });
    const statement = ok(await get(books, statementUrl(quiet.id, 'type=activity&to=2026-03-17')));
    assert.equal(statement.from, '2026-03-01');
    assert.deepEqual(statement.activity, { opening_balance: '0.0000', lines: [], closing_balance: '0.0000' });
    const outstanding = ok(await get(books, statementUrl(quiet.id, '')));
    assert.deepEqual(outstanding.outstanding.invoices, []);
    assert.equal(outstanding.balance, '0.0000');
  });

  test('CSV and PDF by Accept or format: the same figures, named after the customer and dates', async () => {
    const { books, customer, inv2 } = await customerHistory();
    const outstanding = ok(await get(books, statementUrl(customer.id, '')));
    const rows = csvOf(
      await get(books, statementUrl(customer.id, ''), { accept: 'text/csv' }),
      new RegExp(`statement-Blue_Heron_Cafe-outstanding-${today}\\.csv`),
    );
    assert.deepEqual(rows, [
      {
        kind: 'invoice',
        number: inv2.number,
        date: day(-20),
        due_date: inv2.due_date,
        amount: '1450.0000',
        open: '1400.0000',
      },
      {
        kind: 'credit_note',
        number: 'CN-000001',
        date: day(-10),
        due_date: '',
        amount: '139.9000',
        open: '-89.9000',
      },
      {
        kind: 'payment',
        number: 'PMT-000002',
        date: day(-5),
        due_date: '',
        amount: '2000.0000',
        open: '-1050.0000',
      },
      { kind: '', number: 'Balance', date: today, due_date: '', amount: '', open: outstanding.balance },
    ]);
    const activity = csvOf(
      await get(books, statementUrl(customer.id, `type=activity&from=${day(-60)}&format=csv`)),
      new RegExp(`statement-Blue_Heron_Cafe-activity-${day(-60)}-to-${today}\\.csv`),
    );
    assert.deepEqual(activity[0], {
      date: day(-60),
      kind: '',
      number: '',
      description: 'Opening balance',
      amount: '',
      balance: '0.0000',
    });
    assert.equal(activity.length, 11);
    assert.deepEqual(activity.at(-1), {
      date: today,
      kind: '',
      number: '',
      description: 'Closing balance',
      amount: '',
      balance: '260.1000',
    });

    for (const [query, headers] of [
      ['', { accept: 'application/pdf' }],
      [`type=activity&from=${day(-60)}&format=pdf`, {}],
      ['', { accept: 'application/json;q=0.5, application/pdf' }],
    ] as const) {
      const pdf = await get(books, statementUrl(customer.id, query), headers);
      assert.equal(pdf.statusCode, 200, pdf.body.slice(0, 300));
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      assert.match(
        String(pdf.headers['content-disposition']),
        /^attachment; filename="statement-Blue_Heron_Cafe-(outstanding|activity)-.+\.pdf"$/,
      );
      assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.match(pdf.rawPayload.subarray(-8).toString('latin1'), /%%EOF\s*$/);
    }
    const json = await get(books, statementUrl(customer.id, ''), {
      accept: 'application/json, application/pdf;q=0.9',
    });
    assert.match(String(json.headers['content-type']), /^application\/json/);
  });
});
