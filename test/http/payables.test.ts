// Payables (D53-D57): vendors with a balance true to their bills, bills from draft to open (posted,
// stock in) to paid and void, bill payments applied in full with the refusals and concurrency of
// payments received, AP aging whose total is the Accounts Payable balance on every date, roles, the
// feed, and `folio check` clean after all of it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { parseCsv } from '../helpers/csv.ts';
import { changesSince, feedCursor } from '../helpers/feed.ts';
import {
  addMember,
  type Books,
  call,
  listen,
  onPostgres,
  signUp,
  today,
  useHarness,
} from '../helpers/harness.ts';
import { createCustomer, createTaxRate, ok } from '../helpers/receivables.ts';
import { assertEnvelope, refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

async function createVendor(books: Books, body: Record<string, unknown> = {}) {
  return ok(
    await call(harness, 'POST', '/api/v1/vendors', books.headers, {
      display_name: 'Northwind Supplies',
      payment_terms: 'net_15',
      ...body,
    }),
    201,
  );
}

function postBill(books: Books, vendor: string, body: Record<string, unknown> = {}) {
  return call(harness, 'POST', '/api/v1/bills', books.headers, {
    vendor,
    bill_date: '2026-03-01',
    lines: [{ description: 'Paper', quantity: '3', unit_cost: '10.00', account: books.accounts['6300'] }],
    ...body,
  });
}

async function openBill(books: Books, vendor: string, body: Record<string, unknown> = {}) {
  const draft = ok(await postBill(books, vendor, body), 201);
  return ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers));
}

function pay(books: Books, vendor: string, applications: { bill_id: string; amount: string }[], extra = {}) {
  const amount = applications.reduce((sum, a) => sum + Math.round(Number(a.amount) * 100), 0) / 100;
  return call(harness, 'POST', '/api/v1/bill-payments', books.headers, {
    vendor,
    payment_date: '2026-03-20',
    amount: amount.toFixed(2),
    method: 'ach',
    paid_from_account: books.accounts['1000'],
    applications,
    ...extra,
  });
}

async function balanceOf(books: Books, number: string, asOf?: string): Promise<string> {
  if (asOf) {
    const trial = ok(
      await call(harness, 'GET', `/api/v1/reports/trial-balance?as_of=${asOf}`, books.headers),
    );
    const row = trial.lines.find((account: { account_number: string }) => account.account_number === number);
    return row ? (row.credit !== '0.0000' ? row.credit : `-${row.debit}`) : '0.0000';
  }
  return ok(await call(harness, 'GET', `/api/v1/accounts/${books.accounts[number]}`, books.headers)).balance;
}

async function entryLines(books: Books, entryId: string) {
  const entry = ok(await call(harness, 'GET', `/api/v1/journal-entries/${entryId}`, books.headers));
  const numberOf = new Map(Object.entries(books.accounts).map(([number, id]) => [id, number]));
  return entry.lines
    .map(
      (line: { account: string; debit: string; credit: string }) =>
        `${numberOf.get(line.account)} ${line.debit} ${line.credit}`,
    )
    .sort();
}

async function assertBooksCheck(books: Books) {
  assert.deepEqual((await checkBooks(harness.db, { organizationId: books.organizationId })).violations, []);
}

describe('vendors (D53)', () => {
  test('a vendor is created, edited, listed with search and deactivated; its balance and open bill count follow its bills', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books, { email: 'ap@northwind.test', address: '1 Dock Rd' });
    assert.deepEqual(
      [vendor.balance, vendor.open_bill_count, vendor.payment_terms, vendor.address, vendor.version],
      ['0.0000', 0, 'net_15', '1 Dock Rd', 1],
    );
    await createVendor(books, { display_name: 'Other Co' });
    const found = ok(await call(harness, 'GET', '/api/v1/vendors?search=northw', books.headers));
    assert.deepEqual(
      found.results.map((row: { id: string }) => row.id),
      [vendor.id],
    );
    const bill = await openBill(books, vendor.id);
    await openBill(books, vendor.id);
    ok(await postBill(books, vendor.id), 201); // a draft owes nothing yet
    let read = ok(await call(harness, 'GET', `/api/v1/vendors/${vendor.id}`, books.headers));
    assert.deepEqual([read.balance, read.open_bill_count, read.version], ['60.0000', 2, 1]);
    ok(await pay(books, vendor.id, [{ bill_id: bill.id, amount: '30.00' }]), 201);
    read = ok(await call(harness, 'GET', `/api/v1/vendors/${vendor.id}`, books.headers));
    assert.deepEqual([read.balance, read.open_bill_count], ['30.0000', 1]);
    assert.equal(await balanceOf(books, '2000'), '30.0000');
    const renamed = ok(
      await call(harness, 'PATCH', `/api/v1/vendors/${vendor.id}`, books.headers, {
        display_name: 'Northwind Ltd',
        version: 1,
      }),
    );
    assert.deepEqual(
      [renamed.display_name, renamed.email, renamed.version],
      ['Northwind Ltd', 'ap@northwind.test', 2],
    );
    assertEnvelope(
      await call(harness, 'PATCH', `/api/v1/vendors/${vendor.id}`, books.headers, { notes: 'x', version: 1 }),
      'stale_write',
    );
    const inactive = ok(
      await call(harness, 'POST', `/api/v1/vendors/${vendor.id}/deactivate`, books.headers),
    );
    assert.equal(inactive.is_active, false);
    await refusedUnchanged(harness, books, () => postBill(books, vendor.id), 'validation_error', ['vendor']);
  });
});

describe('bills (D54)', () => {
  test('a draft is numbered BILL-000001 with the due date of the vendor’s terms and server totals; opening posts Dr lines and tax, Cr Accounts Payable', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const tax = await createTaxRate(harness, books.headers, '10.0000');
    const draft = ok(
      await postBill(books, vendor.id, {
        vendor_reference: 'NW-881',
        lines: [
          {
            description: 'Paper',
            quantity: '3',
            unit_cost: '10.005',
            account: books.accounts['6300'],
            tax_rate: tax.id,
          },
          { description: 'Rent', quantity: '1', unit_cost: '500', account: books.accounts['6500'] },
        ],
      }),
      201,
    );
    assert.deepEqual(
      [
        draft.number,
        draft.status,
        draft.due_date,
        draft.subtotal,
        draft.tax_total,
        draft.total,
        draft.journal_entry,
      ],
      ['BILL-000001', 'draft', '2026-03-16', '530.0200', '3.0000', '533.0200', null],
    );
    assert.equal(draft.lines[0].amount, '30.0200');
    const edited = ok(
      await call(harness, 'PATCH', `/api/v1/bills/${draft.id}`, books.headers, {
        due_date: '2026-04-30',
        version: 1,
      }),
    );
    assert.deepEqual([edited.due_date, edited.version], ['2026-04-30', 2]);
    const opened = ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers));
    assert.deepEqual([opened.status, opened.balance_due, opened.amount_paid], ['open', '533.0200', '0.0000']);
    assert.deepEqual(await entryLines(books, opened.journal_entry), [
      '2000 0.0000 533.0200',
      '2200 3.0000 0.0000',
      '6300 30.0200 0.0000',
      '6500 500.0000 0.0000',
    ]);
    assertEnvelope(
      await call(harness, 'PATCH', `/api/v1/bills/${draft.id}`, books.headers, { memo: 'late' }),
      'immutable_entry',
    );
    assertEnvelope(
      await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers),
      'invalid_state',
    );
    const second = ok(await postBill(books, vendor.id), 201);
    assert.equal(second.number, 'BILL-000002');
    await assertBooksCheck(books);
  });

  test('bad bills are refused in words and change nothing: no lines, cash or receivable accounts, a stock account without its item, a due date before the bill date', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const line = (account: string) => ({ lines: [{ quantity: '1', unit_cost: '5', account }] });
    for (const [body, field] of [
      [line(books.accounts['1000']!), 'lines/0/account'],
      [line(books.accounts['1100']!), 'lines/0/account'],
      [line(books.accounts['1200']!), 'lines/0/account'],
      [line(books.accounts['4000']!), 'lines/0/account'],
      [{ lines: [{ quantity: '1', unit_cost: '5' }] }, 'lines/0/account'],
      [{ due_date: '2026-02-01' }, 'due_date'],
      [{ lines: [{ quantity: '0', unit_cost: '5', account: books.accounts['6300'] }] }, 'lines'],
    ] as const) {
      await refusedUnchanged(harness, books, () => postBill(books, vendor.id, body), 'validation_error', [
        field,
      ]);
    }
  });

  test('a manual journal line on Accounts Payable is refused: only bills and bill payments move it', async () => {
    const books = await signUp(harness);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
          txn_date: '2026-03-01',
          lines: [
            { account: books.accounts['6300'], debit: '10.00' },
            { account: books.accounts['2000'], credit: '10.00' },
          ],
          post: true,
        }),
      'validation_error',
      ['lines/1/account'],
    );
  });

  test('voiding a draft posts nothing; voiding an open bill reverses its entry; a bill with a payment cannot be voided', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const draft = ok(await postBill(books, vendor.id), 201);
    const voidDraft = ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/void`, books.headers));
    assert.deepEqual([voidDraft.status, voidDraft.void_entry], ['void', null]);
    const open = await openBill(books, vendor.id);
    const voided = ok(await call(harness, 'POST', `/api/v1/bills/${open.id}/void`, books.headers));
    assert.equal(voided.status, 'void');
    assert.deepEqual(await entryLines(books, voided.void_entry), [
      '2000 30.0000 0.0000',
      '6300 0.0000 30.0000',
    ]);
    assert.equal(await balanceOf(books, '2000'), '0.0000');
    const paid = await openBill(books, vendor.id);
    ok(await pay(books, vendor.id, [{ bill_id: paid.id, amount: '10.00' }]), 201);
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bills/${paid.id}/void`, books.headers),
      'invalid_state',
    );
    await assertBooksCheck(books);
  });
});

describe('bills, payments and closed periods', () => {
  test('in a closed period a bill is neither entered nor opened, and a payment is neither made nor voided (409 period_closed, nothing written)', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const draft = ok(await postBill(books, vendor.id, { bill_date: '2026-02-10' }), 201);
    const open = await openBill(books, vendor.id, { bill_date: '2026-02-11' });
    const payment = ok(
      await pay(books, vendor.id, [{ bill_id: open.id, amount: '10.00' }], { payment_date: '2026-02-12' }),
      201,
    );
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: '2026-02-28' }));
    await refusedUnchanged(
      harness,
      books,
      () => postBill(books, vendor.id, { bill_date: '2026-02-20' }),
      'period_closed',
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers),
      'period_closed',
    );
    await refusedUnchanged(
      harness,
      books,
      () => pay(books, vendor.id, [{ bill_id: open.id, amount: '5.00' }], { payment_date: '2026-02-20' }),
      'period_closed',
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bill-payments/${payment.id}/void`, books.headers),
      'period_closed',
    );
    // After the period: paying the rest is fine, dated in the open period.
    ok(
      await pay(books, vendor.id, [{ bill_id: open.id, amount: '20.00' }], { payment_date: '2026-03-02' }),
      201,
    );
    await assertBooksCheck(books);
  });
});

describe('bills and stock (D48-D51)', () => {
  async function stockSetup() {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const item = ok(
      await call(harness, 'POST', '/api/v1/items', books.headers, {
        name: 'Widget',
        type: 'inventory',
        purchase_cost: '4.00',
        sale_price: '10.00',
        income_account: books.accounts['4000'],
      }),
      201,
    );
    return { books, vendor, item };
  }

  function sell(books: Books, customer: string, item: string, quantity: string, date: string) {
    return call(harness, 'POST', '/api/v1/invoices', books.headers, {
      customer,
      issue_date: date,
      lines: [{ item, quantity }],
    }).then(async (draft) =>
      call(harness, 'POST', `/api/v1/invoices/${draft.json().id}/send`, books.headers),
    );
  }

  test('an inventory line takes the item’s cost and asset account; opening brings the units in at the cost before tax, and the valuation equals the ledger', async () => {
    const { books, vendor, item } = await stockSetup();
    const tax = await createTaxRate(harness, books.headers, '5.0000');
    const draft = ok(
      await postBill(books, vendor.id, { lines: [{ item: item.id, quantity: '10', tax_rate: tax.id }] }),
      201,
    );
    assert.deepEqual(
      [draft.lines[0].account, draft.lines[0].unit_cost, draft.lines[0].description, draft.total],
      [books.accounts['1200'], '4.0000', 'Widget', '42.0000'],
    );
    let read = ok(await call(harness, 'GET', `/api/v1/items/${item.id}`, books.headers));
    assert.equal(read.quantity_on_hand, '0.0000'); // a draft moves nothing
    const opened = ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers));
    read = ok(await call(harness, 'GET', `/api/v1/items/${item.id}`, books.headers));
    assert.deepEqual(
      [read.quantity_on_hand, read.inventory_value, read.average_cost],
      ['10.0000', '40.0000', '4.0000'],
    );
    const movements = ok(await call(harness, 'GET', `/api/v1/items/${item.id}/movements`, books.headers));
    assert.deepEqual(
      movements.results.map((m: { source_type: string; source_id: string; quantity: string }) => [
        m.source_type,
        m.source_id,
        m.quantity,
      ]),
      [['bill', opened.id, '10.0000']],
    );
    assert.equal(await balanceOf(books, '1200'), '40.0000');
    const valuation = ok(await call(harness, 'GET', '/api/v1/reports/inventory-valuation', books.headers));
    assert.equal(valuation.total_value, '40.0000');
    await refusedUnchanged(
      harness,
      books,
      () =>
        postBill(books, vendor.id, {
          lines: [{ item: item.id, quantity: '1', account: books.accounts['6300'] }],
        }),
      'validation_error',
      ['lines/0/account'],
    );
    await assertBooksCheck(books);
  });

  test('a draft whose item became an inventory item since is refused at open (its line posts elsewhere) and nothing is written', async () => {
    const { books, vendor } = await stockSetup();
    const supplies = ok(
      await call(harness, 'POST', '/api/v1/items', books.headers, { name: 'Paper', type: 'non_inventory' }),
      201,
    );
    const draft = ok(
      await postBill(books, vendor.id, {
        lines: [{ item: supplies.id, quantity: '2', unit_cost: '3', account: books.accounts['6300'] }],
      }),
      201,
    );
    ok(await call(harness, 'PATCH', `/api/v1/items/${supplies.id}`, books.headers, { type: 'inventory' }));
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers),
      'validation_error',
      ['lines/0/account'],
    );
  });

  test('voiding a bill whose stock was sold since is insufficient_inventory and changes nothing', async () => {
    const { books, vendor, item } = await stockSetup();
    const customer = await createCustomer(harness, books.headers);
    const bill = await openBill(books, vendor.id, { lines: [{ item: item.id, quantity: '10' }] });
    ok(await sell(books, customer.id, item.id, '4', '2026-03-05'));
    const response = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bills/${bill.id}/void`, books.headers),
      'insufficient_inventory',
    );
    assert.deepEqual(response.json().error.detail.items, [
      { item: item.id, requested: '10.0000', on_hand: '6.0000' },
    ]);
  });

  test('voiding a bill after other purchases and sales moved the average settles the cost difference: item values still equal the inventory account', async () => {
    const { books, vendor, item } = await stockSetup();
    const customer = await createCustomer(harness, books.headers);
    await openBill(books, vendor.id, { lines: [{ item: item.id, quantity: '10', unit_cost: '1.00' }] });
    const dear = await openBill(books, vendor.id, {
      bill_date: '2026-03-02',
      lines: [{ item: item.id, quantity: '10', unit_cost: '3.00' }],
    });
    ok(await sell(books, customer.id, item.id, '10', '2026-03-03')); // costs 20.00 at the average of 2.00
    const voided = ok(await call(harness, 'POST', `/api/v1/bills/${dear.id}/void`, books.headers));
    const read = ok(await call(harness, 'GET', `/api/v1/items/${item.id}`, books.headers));
    assert.deepEqual([read.quantity_on_hand, read.inventory_value], ['0.0000', '0.0000']);
    assert.equal(await balanceOf(books, '1200'), '0.0000');
    // The void takes the remaining 20.00 of stock and credits Payable's 30.00 back: 10.00 off cost of goods sold.
    assert.deepEqual(await entryLines(books, voided.void_entry), [
      '1200 0.0000 30.0000',
      '1200 10.0000 0.0000',
      '2000 30.0000 0.0000',
      '5000 0.0000 10.0000',
    ]);
    assert.equal(await balanceOf(books, '5000'), '10.0000');
    await assertBooksCheck(books);
  });
});

describe('bill payments (D55)', () => {
  test('a payment debits Accounts Payable and credits the bank; applications must add up to the amount; a fully paid bill is paid, and the void reopens it', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const a = await openBill(books, vendor.id);
    const b = await openBill(books, vendor.id);
    const payment = ok(
      await pay(books, vendor.id, [
        { bill_id: a.id, amount: '30.00' },
        { bill_id: b.id, amount: '12.50' },
      ]),
      201,
    );
    assert.deepEqual([payment.number, payment.amount, payment.status], ['BPMT-000001', '42.5000', 'posted']);
    assert.deepEqual(await entryLines(books, payment.journal_entry), [
      '1000 0.0000 42.5000',
      '2000 42.5000 0.0000',
    ]);
    let billA = ok(await call(harness, 'GET', `/api/v1/bills/${a.id}`, books.headers));
    let billB = ok(await call(harness, 'GET', `/api/v1/bills/${b.id}`, books.headers));
    assert.deepEqual(
      [billA.status, billA.balance_due, billB.status, billB.balance_due],
      ['paid', '0.0000', 'open', '17.5000'],
    );
    assert.equal(await balanceOf(books, '2000'), '17.5000');
    const voided = ok(await call(harness, 'POST', `/api/v1/bill-payments/${payment.id}/void`, books.headers));
    assert.deepEqual([voided.status, voided.applications.length], ['void', 0]);
    billA = ok(await call(harness, 'GET', `/api/v1/bills/${a.id}`, books.headers));
    billB = ok(await call(harness, 'GET', `/api/v1/bills/${b.id}`, books.headers));
    assert.deepEqual([billA.status, billA.amount_paid, billB.amount_paid], ['open', '0.0000', '0.0000']);
    assert.equal(await balanceOf(books, '2000'), '60.0000');
    assertEnvelope(
      await call(harness, 'POST', `/api/v1/bill-payments/${payment.id}/void`, books.headers),
      'invalid_state',
    );
    await assertBooksCheck(books);
  });

  test('refusals change nothing: applications not adding up, more than due, a draft bill, another vendor’s bill, an income account to pay from', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const other = await createVendor(books, { display_name: 'Other' });
    const bill = await openBill(books, vendor.id);
    const draft = ok(await postBill(books, vendor.id), 201);
    const othersBill = await openBill(books, other.id);
    await refusedUnchanged(
      harness,
      books,
      () => pay(books, vendor.id, [{ bill_id: bill.id, amount: '10.00' }], { amount: '11.00' }),
      'validation_error',
      ['applications'],
    );
    const over = await refusedUnchanged(
      harness,
      books,
      () => pay(books, vendor.id, [{ bill_id: bill.id, amount: '30.01' }]),
      'application_exceeds_balance',
      ['applications/0/amount'],
    );
    assert.equal(over.json().error.detail.balance_due, '30.0000');
    await refusedUnchanged(
      harness,
      books,
      () => pay(books, vendor.id, [{ bill_id: draft.id, amount: '5.00' }]),
      'invalid_state',
    );
    await refusedUnchanged(
      harness,
      books,
      () => pay(books, vendor.id, [{ bill_id: othersBill.id, amount: '5.00' }]),
      'validation_error',
      ['applications/0/bill_id'],
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        pay(books, vendor.id, [{ bill_id: bill.id, amount: '5.00' }], {
          paid_from_account: books.accounts['4000'],
        }),
      'validation_error',
      ['paid_from_account'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => pay(books, vendor.id, [{ bill_id: bill.id, amount: '5.001' }]),
      'invalid_money',
      ['applications/0/amount'],
    );
  });

  test('ten concurrent payments of 30.00 against a 100.00 bill: exactly three succeed, never over-paid', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const bill = await openBill(books, vendor.id, {
      lines: [{ quantity: '1', unit_cost: '100', account: books.accounts['6300'] }],
    });
    const base = await listen(harness);
    const responses = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await fetch(`${base}/api/v1/bill-payments`, {
          method: 'POST',
          headers: { ...books.headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            vendor: vendor.id,
            payment_date: '2026-03-20',
            amount: '30.00',
            method: 'check',
            paid_from_account: books.accounts['1000'],
            applications: [{ bill_id: bill.id, amount: '30.00' }],
          }),
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    const paid = responses.filter((response) => response.status === 201);
    assert.equal(paid.length, 3, `exactly three on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
    for (const response of responses.filter((r) => r.status !== 201)) {
      assert.equal(response.status, 409);
      assert.equal(response.body.error.code, 'application_exceeds_balance');
    }
    assert.deepEqual(paid.map((r) => r.body.number).sort(), ['BPMT-000001', 'BPMT-000002', 'BPMT-000003']);
    const after = ok(await call(harness, 'GET', `/api/v1/bills/${bill.id}`, books.headers));
    assert.deepEqual([after.amount_paid, after.balance_due, after.version], ['90.0000', '10.0000', 5]);
    assert.equal(await balanceOf(books, '2000'), '10.0000');
    await assertBooksCheck(books);
  });
});

describe('bill payments racing bill voids', () => {
  test('concurrent payments and voids of one open bill: either the void wins and every payment is refused, or payments land and the void is refused; the books agree', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const bill = await openBill(books, vendor.id, {
      lines: [{ quantity: '1', unit_cost: '100', account: books.accounts['6300'] }],
    });
    const base = await listen(harness);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...books.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { path, status: response.status, body: await response.json() };
    };
    const payment = {
      vendor: vendor.id,
      payment_date: '2026-03-20',
      amount: '10.00',
      method: 'ach',
      paid_from_account: books.accounts['1000'],
      applications: [{ bill_id: bill.id, amount: '10.00' }],
    };
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => post('/api/v1/bill-payments', payment)),
      ...Array.from({ length: 3 }, () => post(`/api/v1/bills/${bill.id}/void`, {})),
    ]);
    const paid = responses.filter((r) => r.path === '/api/v1/bill-payments' && r.status === 201);
    const voided = responses.filter((r) => r.path.endsWith('/void') && r.status === 200);
    for (const refused of responses.filter((r) => r.status >= 400))
      assert.deepEqual(
        [refused.status, refused.body.error.code],
        [409, 'invalid_state'],
        JSON.stringify(refused.body),
      );
    const after = ok(await call(harness, 'GET', `/api/v1/bills/${bill.id}`, books.headers));
    if (voided.length === 1) {
      assert.equal(paid.length, 0, 'nothing is paid on a void bill');
      assert.equal(after.status, 'void');
    } else {
      assert.equal(voided.length, 0);
      assert.equal(paid.length, 5);
      assert.deepEqual([after.status, after.amount_paid], ['open', '50.0000']);
    }
    await assertBooksCheck(books);
  });

  test('a bill payment replayed with its Idempotency-Key answers the first payment and pays once', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books);
    const bill = await openBill(books, vendor.id);
    const headers = { ...books.headers, 'idempotency-key': 'bill-pay-1' };
    const body = {
      vendor: vendor.id,
      payment_date: '2026-03-20',
      amount: '30.00',
      method: 'wire',
      paid_from_account: books.accounts['1000'],
      applications: [{ bill_id: bill.id, amount: '30.00' }],
    };
    const first = ok(await call(harness, 'POST', '/api/v1/bill-payments', headers, body), 201);
    const again = ok(await call(harness, 'POST', '/api/v1/bill-payments', headers, body), 201);
    assert.deepEqual(again, first);
    const list = ok(await call(harness, 'GET', '/api/v1/bill-payments', books.headers));
    assert.equal(list.results.length, 1);
    assert.equal(await balanceOf(books, '2000'), '0.0000');
  });
});

describe('AP aging, roles and the feed (D56, D57)', () => {
  test('AP aging buckets open bills by days past due, and its total is the Accounts Payable balance on every date', async () => {
    const books = await signUp(harness);
    const vendor = await createVendor(books, { payment_terms: 'net_30' });
    const early = await openBill(books, vendor.id, { bill_date: '2026-01-01' });
    const late = await openBill(books, vendor.id, { bill_date: '2026-03-01' });
    const voided = await openBill(books, vendor.id, { bill_date: '2026-02-01' });
    ok(await call(harness, 'POST', `/api/v1/bills/${voided.id}/void`, books.headers));
    ok(
      await pay(books, vendor.id, [{ bill_id: early.id, amount: '10.00' }], { payment_date: '2026-03-10' }),
      201,
    );
    const payment = ok(
      await pay(books, vendor.id, [{ bill_id: late.id, amount: '5.00' }], { payment_date: '2026-03-12' }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/bill-payments/${payment.id}/void`, books.headers));
    const aging = ok(await call(harness, 'GET', '/api/v1/reports/ap-aging?as_of=2026-04-15', books.headers));
    assert.deepEqual(aging.vendors[0], {
      vendor: vendor.id,
      vendor_name: 'Northwind Supplies',
      current: '0.0000',
      '1_30': '30.0000',
      '31_60': '30.0000', // voided today: still owed on 2026-04-15
      '61_90': '20.0000',
      over_90: '0.0000',
      unapplied: '0.0000', // no vendor credit (D87)
      total: '80.0000',
    });
    for (const date of ['2025-12-31', '2026-01-01', '2026-02-15', '2026-03-01', '2026-03-11', today]) {
      const report = ok(await call(harness, 'GET', `/api/v1/reports/ap-aging?as_of=${date}`, books.headers));
      assert.equal(report.totals.total, await balanceOf(books, '2000', date), `AP aging on ${date}`);
    }
    const csv = await call(
      harness,
      'GET',
      '/api/v1/reports/ap-aging?as_of=2026-04-15&format=csv',
      books.headers,
    );
    const rows = parseCsv(csv.body);
    assert.deepEqual(rows[0], [
      'vendor',
      'vendor_name',
      'current',
      '1_30',
      '31_60',
      '61_90',
      'over_90',
      'unapplied',
      'total',
    ]);
    assert.deepEqual(rows.at(-1), [
      '',
      'Total',
      '0.0000',
      '30.0000',
      '30.0000',
      '20.0000',
      '0.0000',
      '0.0000',
      '80.0000',
    ]);
  });

  test('accountants write payables, viewers read them, sales neither; vendors, bills and bill payments are in the change feed', async () => {
    const books = await signUp(harness);
    const cursor = await feedCursor(harness, books.headers);
    const vendor = await createVendor(books);
    const bill = await openBill(books, vendor.id);
    const payment = ok(await pay(books, vendor.id, [{ bill_id: bill.id, amount: '30.00' }]), 201);
    const feed = await changesSince(harness, books.headers, cursor);
    const seen = new Set(
      feed.map(
        (change: { entity_type: string; entity_id: string }) => `${change.entity_type} ${change.entity_id}`,
      ),
    );
    for (const expected of [`vendor ${vendor.id}`, `bill ${bill.id}`, `bill_payment ${payment.id}`])
      assert.ok(seen.has(expected), expected);

    const accountant = await addMember(harness, books, 'accountant');
    ok(
      await call(harness, 'POST', '/api/v1/vendors', accountant.headers, { display_name: 'By accountant' }),
      201,
    );
    const viewer = await addMember(harness, books, 'viewer');
    for (const url of [
      '/api/v1/vendors',
      '/api/v1/bills',
      '/api/v1/bill-payments',
      '/api/v1/reports/ap-aging',
    ])
      ok(await call(harness, 'GET', url, viewer.headers));
    assertEnvelope(
      await call(harness, 'POST', '/api/v1/vendors', viewer.headers, { display_name: 'No' }),
      'permission_denied',
    );
    const sales = await addMember(harness, books, 'sales');
    for (const url of ['/api/v1/vendors', '/api/v1/bills', '/api/v1/bill-payments'])
      assertEnvelope(await call(harness, 'GET', url, sales.headers), 'permission_denied');
    const salesFeed = await changesSince(harness, sales.headers, cursor);
    assert.ok(
      salesFeed.every(
        (change: { entity_type: string }) => !['vendor', 'bill', 'bill_payment'].includes(change.entity_type),
      ),
    );
  });
});
