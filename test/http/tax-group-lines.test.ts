// D90: a document line taxed at a tax group instead of a tax rate. Its tax is computed per component
// rate, each rounded as a single rate is (D8), and posted per rate to that rate's account; the line
// answers `tax_group` and `taxes: [{tax_rate, amount}]`. One document layer serves the four kinds:
// invoices, credit notes (D60), bills (D54) and vendor credits (D87) are each checked here, with the
// refusals (both fields, another organization's group, an inactive one, a rate's account refused at
// posting) writing nothing, and the tax summary (D91) splitting a group's line per rate.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Books } from '../helpers/harness.ts';
import { call, signUp, useHarness } from '../helpers/harness.ts';
import { createAccount } from '../helpers/ledger.ts';
import { createCustomer, createTaxRate, ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';
import { brokenThenRepaired } from '../helpers/tamper.ts';
import { assertBooksCheck, createVendor } from '../helpers/vendor-credits.ts';

const harness = useHarness();

const post = async (books: Books, url: string, body?: unknown, status = 200) =>
  ok(await call(harness, 'POST', url, books.headers, body), status);
const get = async (books: Books, url: string) => ok(await call(harness, 'GET', url, books.headers));

/**
 * Books with a county rate (6.25%, on 2200) and a state rate (1.75%, on its own 2210 State tax
 * payable), the group "County + state" of both, a customer and a vendor. On 10.00 the rates give
 * 0.63 and 0.18 (0.625 and 0.175, each rounded half away from zero): 0.81, where 8% of the line
 * rounded once would be 0.80.
 */
async function groupBooks() {
  const books = await signUp(harness);
  const state = await createAccount(harness, books.headers, {
    number: '2210',
    name: 'State tax payable',
    type: 'liability',
    detail_type: 'sales_tax_payable',
  });
  const county = await createTaxRate(harness, books.headers, '6.2500', { name: 'County' });
  const stateRate = await createTaxRate(harness, books.headers, '1.7500', {
    name: 'State',
    liability_account: state.id,
  });
  const group = await post(
    books,
    '/api/v1/tax-groups',
    { name: 'County + state', tax_rates: [county.id, stateRate.id] },
    201,
  );
  const customer = await createCustomer(harness, books.headers);
  const vendor = await createVendor(harness, books.headers);
  const numberOf = new Map([...Object.entries(books.accounts), ['2210', state.id]].map(([n, id]) => [id, n]));
  /** A journal entry's lines as sorted "number debit credit" rows. */
  const entry = async (id: string) =>
    (await get(books, `/api/v1/journal-entries/${id}`)).lines
      .map((line: { account: string; debit: string; credit: string }) => {
        return `${numberOf.get(line.account)} ${line.debit} ${line.credit}`;
      })
      .sort();
  return { books, state, county, stateRate, group, customer, vendor, entry };
}

type GroupBooks = Awaited<ReturnType<typeof groupBooks>>;

/** A sales line of 10.00 on 4100 taxed at `tax` (`{tax_group}` or `{tax_rate}`), or untaxed. */
const salesLine = (books: Books, tax: Record<string, string> | null, unitPrice = '10.00') => ({
  description: 'Service',
  quantity: '1',
  unit_price: unitPrice,
  income_account: books.accounts['4100'],
  ...(tax ? { is_taxable: true, ...tax } : {}),
});

/** A purchase line of 10.00 on 6300 taxed at `tax`, or untaxed. */
const purchaseLine = (books: Books, tax: Record<string, string> | null, unitCost = '10.00') => ({
  description: 'Supplies',
  quantity: '1',
  unit_cost: unitCost,
  account: books.accounts['6300'],
  ...(tax ?? {}),
});

function assertGroupLine(line: Record<string, unknown>, setup: GroupBooks) {
  assert.equal(line.tax_rate, null);
  assert.equal(line.tax_group, setup.group.id);
  assert.equal(line.tax_amount, '0.8100');
  assert.deepEqual(line.taxes, [
    { tax_rate: setup.county.id, amount: '0.6300' },
    { tax_rate: setup.stateRate.id, amount: '0.1800' },
  ]);
}

describe('tax groups on document lines (D90)', () => {
  test('an invoice line with a two-rate group is taxed per rate, each rounded, and posts each rate to its account', async () => {
    const setup = await groupBooks();
    const { books, group, county } = setup;
    const draft = await post(
      books,
      '/api/v1/invoices',
      {
        customer: setup.customer.id,
        lines: [
          salesLine(books, { tax_group: group.id }),
          salesLine(books, { tax_rate: county.id }),
          salesLine(books, null, '5.00'),
        ],
      },
      201,
    );
    assertGroupLine(draft.lines[0], setup);
    assert.equal(draft.lines[0].is_taxable, true);
    // A line with one rate answers that rate as its one tax; an untaxed line none.
    assert.equal(draft.lines[1].tax_group, null);
    assert.deepEqual(draft.lines[1].taxes, [{ tax_rate: county.id, amount: '0.6300' }]);
    assert.deepEqual(draft.lines[2].taxes, []);
    assert.equal(draft.lines[2].tax_group, null);
    assert.deepEqual([draft.subtotal, draft.tax_total, draft.total], ['25.0000', '1.4400', '26.4400']);

    const sent = await post(books, `/api/v1/invoices/${draft.id}/send`);
    assertGroupLine(sent.lines[0], setup);
    assert.deepEqual(await setup.entry(sent.journal_entry), [
      '1100 26.4400 0.0000',
      '2200 0.0000 1.2600',
      '2210 0.0000 0.1800',
      '4100 0.0000 10.0000',
      '4100 0.0000 10.0000',
      '4100 0.0000 5.0000',
    ]);
    assertGroupLine((await get(books, `/api/v1/invoices/${draft.id}`)).lines[0], setup);
    await assertBooksCheck(harness, books);
  });

  test('a draft changed from a group to a rate and back keeps exactly its lines’ taxes', async () => {
    const setup = await groupBooks();
    const { books, group, stateRate } = setup;
    const draft = await post(
      books,
      '/api/v1/invoices',
      { customer: setup.customer.id, lines: [salesLine(books, { tax_group: group.id })] },
      201,
    );
    const toRate = ok(
      await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, {
        lines: [salesLine(books, { tax_rate: stateRate.id })],
      }),
    );
    assert.deepEqual(toRate.lines[0].taxes, [{ tax_rate: stateRate.id, amount: '0.1800' }]);
    assert.equal(toRate.tax_total, '0.1800');
    const back = ok(
      await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, {
        lines: [
          salesLine(books, { tax_group: group.id }),
          salesLine(books, { tax_group: group.id }, '20.00'),
        ],
      }),
    );
    assertGroupLine(back.lines[0], setup);
    // 20.00: 1.25 and 0.35, exact.
    assert.deepEqual(back.lines[1].taxes, [
      { tax_rate: setup.county.id, amount: '1.2500' },
      { tax_rate: stateRate.id, amount: '0.3500' },
    ]);
    const [rows] = await harness.db.query<{ count: string }>(
      'SELECT count(*)::text AS count FROM invoice_line_taxes WHERE organization_id = $1 AND invoice_id = $2',
      [books.organizationId, draft.id],
    );
    assert.equal(rows?.count, '4');
  });

  test('a line naming an item with a default rate and a group is taxed at the group only (D48, D90)', async () => {
    const setup = await groupBooks();
    const { books, group, county } = setup;
    const item = await post(
      books,
      '/api/v1/items',
      {
        name: 'Consulting hour',
        type: 'service',
        sale_price: '10.00',
        purchase_cost: '10.00',
        income_account: books.accounts['4100'],
        expense_account: books.accounts['6300'],
        tax_rate: county.id,
      },
      201,
    );
    const invoice = await post(
      books,
      '/api/v1/invoices',
      {
        customer: setup.customer.id,
        lines: [
          { item: item.id, quantity: '1', is_taxable: true, tax_group: group.id },
          { item: item.id, quantity: '1' },
        ],
      },
      201,
    );
    assertGroupLine(invoice.lines[0], setup);
    assert.deepEqual(invoice.lines[1].taxes, [{ tax_rate: county.id, amount: '0.6300' }]);
    const bill = await post(
      books,
      '/api/v1/bills',
      {
        vendor: setup.vendor.id,
        lines: [
          { item: item.id, quantity: '1', tax_group: group.id },
          { item: item.id, quantity: '1' },
        ],
      },
      201,
    );
    assertGroupLine(bill.lines[0], setup);
    assert.equal(bill.lines[1].tax_rate, county.id);
  });

  test('a bill line with a group debits each rate’s account with its own rounded tax', async () => {
    const setup = await groupBooks();
    const { books, group } = setup;
    const draft = await post(
      books,
      '/api/v1/bills',
      { vendor: setup.vendor.id, lines: [purchaseLine(books, { tax_group: group.id })] },
      201,
    );
    assertGroupLine(draft.lines[0], setup);
    assert.deepEqual([draft.subtotal, draft.tax_total, draft.total], ['10.0000', '0.8100', '10.8100']);
    const opened = await post(books, `/api/v1/bills/${draft.id}/open`);
    assert.deepEqual(await setup.entry(opened.journal_entry), [
      '2000 0.0000 10.8100',
      '2200 0.6300 0.0000',
      '2210 0.1800 0.0000',
      '6300 10.0000 0.0000',
    ]);
    await assertBooksCheck(harness, books);
  });

  test('a credit note and a vendor credit with a group post the mirror, per rate', async () => {
    const setup = await groupBooks();
    const { books, group } = setup;
    const note = await post(
      books,
      '/api/v1/credit-notes',
      { customer: setup.customer.id, lines: [salesLine(books, { tax_group: group.id })] },
      201,
    );
    assertGroupLine(note.lines[0], setup);
    const issuedNote = await post(books, `/api/v1/credit-notes/${note.id}/issue`);
    assert.deepEqual(await setup.entry(issuedNote.journal_entry), [
      '1100 0.0000 10.8100',
      '2200 0.6300 0.0000',
      '2210 0.1800 0.0000',
      '4100 10.0000 0.0000',
    ]);

    const credit = await post(
      books,
      '/api/v1/vendor-credits',
      { vendor: setup.vendor.id, lines: [purchaseLine(books, { tax_group: group.id })] },
      201,
    );
    assertGroupLine(credit.lines[0], setup);
    const issuedCredit = await post(books, `/api/v1/vendor-credits/${credit.id}/issue`);
    assertGroupLine(issuedCredit.lines[0], setup);
    assert.deepEqual(await setup.entry(issuedCredit.journal_entry), [
      '2000 10.8100 0.0000',
      '2200 0.0000 0.6300',
      '2210 0.0000 0.1800',
      '6300 0.0000 10.0000',
    ]);
    // A draft credit note with a group line is deleted with its lines' taxes.
    const second = await post(
      books,
      '/api/v1/credit-notes',
      { customer: setup.customer.id, lines: [salesLine(books, { tax_group: group.id })] },
      201,
    );
    const deleted = await call(harness, 'DELETE', `/api/v1/credit-notes/${second.id}`, books.headers);
    assert.equal(deleted.statusCode, 204, deleted.body);
    await assertBooksCheck(harness, books);
  });

  test('voiding a sent invoice with a group line reverses each rate’s tax', async () => {
    const setup = await groupBooks();
    const { books, group } = setup;
    const draft = await post(
      books,
      '/api/v1/invoices',
      { customer: setup.customer.id, lines: [salesLine(books, { tax_group: group.id })] },
      201,
    );
    await post(books, `/api/v1/invoices/${draft.id}/send`);
    const voided = await post(books, `/api/v1/invoices/${draft.id}/void`);
    assert.deepEqual(await setup.entry(voided.void_entry), [
      '1100 0.0000 10.8100',
      '2200 0.6300 0.0000',
      '2210 0.1800 0.0000',
      '4100 10.0000 0.0000',
    ]);
    await assertBooksCheck(harness, books);
  });

  test('the tax summary splits a group’s line per component rate; its net equals the tax accounts’ movement', async () => {
    const setup = await groupBooks();
    const { books, group, county, stateRate } = setup;
    const invoice = await post(
      books,
      '/api/v1/invoices',
      {
        customer: setup.customer.id,
        lines: [
          salesLine(books, { tax_group: group.id }),
          salesLine(books, { tax_rate: county.id }, '20.00'),
        ],
      },
      201,
    );
    await post(books, `/api/v1/invoices/${invoice.id}/send`);
    const bill = await post(
      books,
      '/api/v1/bills',
      { vendor: setup.vendor.id, lines: [purchaseLine(books, { tax_group: group.id }, '20.00')] },
      201,
    );
    await post(books, `/api/v1/bills/${bill.id}/open`);
    const report = await get(books, '/api/v1/reports/tax-summary');
    const byRate = new Map(report.rates.map((rate: { tax_rate: string }) => [rate.tax_rate, rate]));
    // County: 10.00 of the group's line (0.63) and 20.00 at the rate alone (1.25) sold; 20.00 bought (1.25).
    assert.deepEqual(pick(byRate.get(county.id)), {
      taxable_sales: '30.0000',
      tax_collected: '1.8800',
      taxable_purchases: '20.0000',
      tax_paid: '1.2500',
      net: '0.6300',
    });
    // State: 10.00 of the group's line (0.18) sold; 20.00 bought (0.35).
    assert.deepEqual(pick(byRate.get(stateRate.id)), {
      taxable_sales: '10.0000',
      tax_collected: '0.1800',
      taxable_purchases: '20.0000',
      tax_paid: '0.3500',
      net: '-0.1700',
    });
    assert.equal(report.totals.net, '0.4600');
    assert.equal(report.tax_accounts_movement, '0.4600');
    assert.equal(report.other_movement, '0.0000');
  });
});

function pick(rate: unknown) {
  const { taxable_sales, tax_collected, taxable_purchases, tax_paid, net } = rate as Record<string, string>;
  return { taxable_sales, tax_collected, taxable_purchases, tax_paid, net };
}

describe('folio check: line_taxes_agree (D90)', () => {
  test('a line whose tax per rate no longer sums to its tax, or a rate line with a second row, is named', async () => {
    const setup = await groupBooks();
    const { books, group, county } = setup;
    const draft = await post(
      books,
      '/api/v1/bills',
      {
        vendor: setup.vendor.id,
        lines: [purchaseLine(books, { tax_group: group.id }), purchaseLine(books, { tax_rate: county.id })],
      },
      201,
    );
    const bill = await post(books, `/api/v1/bills/${draft.id}/open`);
    const amount =
      'UPDATE bill_line_taxes SET amount = amount + $3 WHERE organization_id = $1 AND bill_id = $2 AND line_no = 1 AND position = 2';
    const shifted = await brokenThenRepaired(
      harness,
      books.organizationId,
      [[amount, [books.organizationId, bill.id, '0.01']]],
      [[amount, [books.organizationId, bill.id, '-0.01']]],
    );
    assert.deepEqual(
      shifted.map((violation) => [violation.invariant, violation.detail?.record_id, violation.detail?.found]),
      [['line_taxes_agree', bill.id, '2 rows, 0.8200']],
    );
    const second = `INSERT INTO bill_line_taxes (organization_id, bill_id, line_no, position, tax_rate_id, amount)
      VALUES ($1, $2, 2, 2, $3, 0)`;
    const doubled = await brokenThenRepaired(
      harness,
      books.organizationId,
      [[second, [books.organizationId, bill.id, setup.stateRate.id]]],
      [
        [
          'DELETE FROM bill_line_taxes WHERE organization_id = $1 AND bill_id = $2 AND line_no = 2 AND position = 2',
          [books.organizationId, bill.id],
        ],
      ],
    );
    assert.deepEqual(
      doubled.map((violation) => [violation.invariant, violation.detail?.found]),
      [['line_taxes_agree', '2 rows, 0.6300']],
    );
  });
});

describe('tax groups on document lines: refusals write nothing (D90)', () => {
  test('a line with both tax_rate and tax_group is 400 on that line’s tax_group, for every kind', async () => {
    const setup = await groupBooks();
    const { books, group, county } = setup;
    const both = { tax_rate: county.id, tax_group: group.id };
    for (const [url, body] of [
      [
        '/api/v1/invoices',
        { customer: setup.customer.id, lines: [salesLine(books, null), salesLine(books, both)] },
      ],
      ['/api/v1/credit-notes', { customer: setup.customer.id, lines: [salesLine(books, both)] }],
      [
        '/api/v1/bills',
        { vendor: setup.vendor.id, lines: [purchaseLine(books, null), purchaseLine(books, both)] },
      ],
      ['/api/v1/vendor-credits', { vendor: setup.vendor.id, lines: [purchaseLine(books, both)] }],
    ] as const) {
      const line = body.lines.length - 1;
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'POST', url, books.headers, body),
        'validation_error',
        [`lines/${line}/tax_group`],
      );
    }
  });

  test('another organization’s group is refused as an unknown one, on the line’s tax_group', async () => {
    const setup = await groupBooks();
    const other = await groupBooks();
    const { books } = setup;
    const foreign = { tax_group: other.group.id };
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/invoices', books.headers, {
          customer: setup.customer.id,
          lines: [salesLine(books, foreign)],
        }),
      'validation_error',
      ['lines/0/tax_group'],
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/bills', books.headers, {
          vendor: setup.vendor.id,
          lines: [purchaseLine(books, foreign)],
        }),
      'validation_error',
      ['lines/0/tax_group'],
    );
  });

  test('a group without is_taxable, and an inactive group, are refused on tax_group', async () => {
    const setup = await groupBooks();
    const { books, group } = setup;
    const untaxed = { ...salesLine(books, null), tax_group: group.id };
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/invoices', books.headers, {
          customer: setup.customer.id,
          lines: [untaxed],
        }),
      'validation_error',
      ['lines/0/tax_group'],
    );
    await post(books, `/api/v1/tax-groups/${group.id}/deactivate`);
    const refused = await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/invoices', books.headers, {
          customer: setup.customer.id,
          lines: [salesLine(books, { tax_group: group.id })],
        }),
      'validation_error',
      ['lines/0/tax_group'],
    );
    assert.match(refused.json().error.message, /inactive/);
  });

  test('a component rate’s account that may not take tax is refused at posting on the line’s tax_group', async () => {
    const setup = await groupBooks();
    const { books, group, state } = setup;
    const draft = await post(
      books,
      '/api/v1/invoices',
      { customer: setup.customer.id, lines: [salesLine(books, { tax_group: group.id })] },
      201,
    );
    const deactivated = await call(harness, 'PATCH', `/api/v1/accounts/${state.id}`, books.headers, {
      is_active: false,
    });
    assert.equal(deactivated.statusCode, 200, deactivated.body);
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers),
      'validation_error',
      ['lines/0/tax_group'],
    );
  });
});
