// D84-D86 (issue 18): every account a setting or document names is checked for what it will be used
// for, when it is named and again when the document posts; inventory quantities are positive and
// running stock values stay inside NUMERIC(20,4); folio check proves inventory accounts equal their
// items' value. Each test is a finding that broke the books (or answered 500) before the fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { createAccount } from '../helpers/ledger.ts';
import { createCustomer, createTaxRate, ok } from '../helpers/receivables.ts';
import { assertEnvelope, refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

const item = (books: Books, body: Record<string, unknown>) =>
  call(harness, 'POST', '/api/v1/items', books.headers, { name: 'Widget', type: 'inventory', ...body });

const adjust = (books: Books, itemId: string, body: Record<string, unknown> = {}) =>
  call(harness, 'POST', '/api/v1/inventory-adjustments', books.headers, {
    item: itemId,
    date: '2026-05-01',
    quantity: '10',
    unit_cost: '5.00',
    account: books.accounts['3000'],
    ...body,
  });

async function vendorOf(books: Books): Promise<string> {
  return ok(await call(harness, 'POST', '/api/v1/vendors', books.headers, { display_name: 'Northwind' }), 201)
    .id;
}

async function cleanBooks(books: Books) {
  const report = await checkBooks(harness.db, { organizationId: books.organizationId });
  assert.deepEqual(report.violations, [], 'folio check is clean');
}

describe("an item's accounts (D84)", () => {
  test('an inventory item is kept only in an inventory asset account: receivables, bank, undeposited funds and equipment are refused and write nothing', async () => {
    const books = await signUp(harness);
    for (const number of ['1100', '1000', '1010', '1500', '2000', '6300']) {
      const refused = await refusedUnchanged(
        harness,
        books,
        () => item(books, { inventory_asset_account: books.accounts[number] }),
        'validation_error',
        ['inventory_asset_account'],
      );
      assert.match(refused.json().error.message, /inventory asset account/);
    }
    const shelf = await createAccount(harness, books.headers, {
      number: '1210',
      type: 'asset',
      detail_type: 'inventory',
    });
    const kept = ok(await item(books, { inventory_asset_account: shelf.id }), 201);
    assert.equal(kept.inventory_asset_account, shelf.id);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/items/${kept.id}`, books.headers, {
          inventory_asset_account: books.accounts['1100'],
        }),
      'validation_error',
      ['inventory_asset_account'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => item(books, { type: 'service', income_account: books.accounts['1100'] }),
      'validation_error',
      ['income_account'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => item(books, { expense_account: books.accounts['1200'] }),
      'validation_error',
      ['expense_account'],
    );
    await cleanBooks(books);
  });
});

describe("a tax rate's account (D84)", () => {
  test('Accounts Payable, receivables, inventory, bank and credit card are refused; a liability or a recoverable-tax asset is taken', async () => {
    const books = await signUp(harness);
    for (const number of ['2000', '1100', '1200', '1000', '2100', '4000']) {
      await refusedUnchanged(
        harness,
        books,
        () =>
          call(harness, 'POST', '/api/v1/tax-rates', books.headers, {
            name: `Bad ${number}`,
            rate: '10',
            liability_account: books.accounts[number],
          }),
        'validation_error',
        ['liability_account'],
      );
    }
    const recoverable = await createTaxRate(harness, books.headers, '5.0000', {
      name: 'Input VAT',
      liability_account: books.accounts['1300'],
    });
    assert.equal(recoverable.liability_account, books.accounts['1300']);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/tax-rates/${recoverable.id}`, books.headers, {
          liability_account: books.accounts['2000'],
        }),
      'validation_error',
      ['liability_account'],
    );
  });

  test('a tax rate whose account became Accounts Payable before the rule (stored directly) is refused when a bill opens or an invoice is sent', async () => {
    const books = await signUp(harness);
    const rate = await createTaxRate(harness, books.headers, '10.0000');
    await harness.db.query(
      'UPDATE tax_rates SET liability_account_id = $1 WHERE organization_id = $3 AND id = $2',
      [books.accounts['2000']!, rate.id, books.organizationId],
    );
    const vendor = await vendorOf(books);
    const bill = ok(
      await call(harness, 'POST', '/api/v1/bills', books.headers, {
        vendor,
        bill_date: '2026-03-01',
        lines: [
          {
            description: 'Paper',
            quantity: '1',
            unit_cost: '10.00',
            account: books.accounts['6300'],
            tax_rate: rate.id,
          },
        ],
      }),
      201,
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bills/${bill.id}/open`, books.headers),
      'validation_error',
      ['lines/0/tax_rate'],
    );
    const customer = await createCustomer(harness, books.headers);
    const invoice = ok(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        customer: customer.id,
        lines: [
          {
            description: 'Advice',
            quantity: '1',
            unit_price: '100.00',
            income_account: books.accounts['4100'],
            is_taxable: true,
            tax_rate: rate.id,
          },
        ],
      }),
      201,
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/invoices/${invoice.id}/send`, books.headers),
      'validation_error',
      ['lines/0/tax_rate'],
    );
    await cleanBooks(books);
  });
});

describe('stock value moves only with stock (D84, D86)', () => {
  test("an adjustment's offset is never an inventory, receivables or payables account", async () => {
    const books = await signUp(harness);
    const shelf = await createAccount(harness, books.headers, {
      number: '1210',
      type: 'asset',
      detail_type: 'inventory',
    });
    const widget = ok(await item(books, { inventory_asset_account: shelf.id }), 201);
    for (const number of ['1200', '1100', '2000']) {
      await refusedUnchanged(
        harness,
        books,
        () => adjust(books, widget.id, { account: books.accounts[number] }),
        'validation_error',
        ['account'],
      );
    }
    ok(await adjust(books, widget.id), 201);
    await cleanBooks(books);
  });

  test('a manual journal line on any inventory account is refused', async () => {
    const books = await signUp(harness);
    const shelf = await createAccount(harness, books.headers, {
      number: '1210',
      type: 'asset',
      detail_type: 'inventory',
    });
    for (const account of [books.accounts['1200']!, shelf.id]) {
      const refused = await refusedUnchanged(
        harness,
        books,
        () =>
          call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
            txn_date: '2026-05-01',
            post: true,
            lines: [
              { account, debit: '50.00' },
              { account: books.accounts['3000'], credit: '50.00' },
            ],
          }),
        'validation_error',
        ['lines/0/account'],
      );
      assert.match(refused.json().error.message, /inventory account, kept by the items' stock/);
    }
  });

  test('an account with postings or items cannot change its detail type to or from inventory; an unused one can', async () => {
    const books = await signUp(harness);
    ok(
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
        txn_date: '2026-05-01',
        post: true,
        lines: [
          { account: books.accounts['1500'], debit: '900.00' },
          { account: books.accounts['3000'], credit: '900.00' },
        ],
      }),
      201,
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/accounts/${books.accounts['1500']}`, books.headers, {
          detail_type: 'inventory',
        }),
      'invalid_state',
      ['detail_type'],
    );
    const fresh = await createAccount(harness, books.headers, { number: '1600', type: 'asset' });
    const changed = ok(
      await call(harness, 'PATCH', `/api/v1/accounts/${fresh.id}`, books.headers, {
        detail_type: 'inventory',
      }),
    );
    assert.equal(changed.detail_type, 'inventory');
    const widget = ok(await item(books, { inventory_asset_account: fresh.id }), 201);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/accounts/${fresh.id}`, books.headers, {
          detail_type: 'other_asset',
        }),
      'invalid_state',
      ['detail_type'],
    );
    assert.ok(widget.id);
    await cleanBooks(books);
  });

  test('a draft bill whose item stopped being an inventory item cannot post to the inventory account without stock', async () => {
    const books = await signUp(harness);
    const widget = ok(await item(books, { purchase_cost: '4.00' }), 201);
    const vendor = await vendorOf(books);
    const bill = ok(
      await call(harness, 'POST', '/api/v1/bills', books.headers, {
        vendor,
        bill_date: '2026-03-01',
        lines: [{ item: widget.id, quantity: '10' }],
      }),
      201,
    );
    assert.equal(bill.lines[0].account, books.accounts['1200']);
    ok(await call(harness, 'PATCH', `/api/v1/items/${widget.id}`, books.headers, { type: 'non_inventory' }));
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bills/${bill.id}/open`, books.headers),
      'validation_error',
      ['lines/0/account'],
    );
    await cleanBooks(books);
  });

  test('folio check reports stock_accounts_agree when an inventory account no longer equals its items (tampered), and nothing else', async () => {
    const books = await signUp(harness);
    const shelf = await createAccount(harness, books.headers, {
      number: '1210',
      type: 'asset',
      detail_type: 'inventory',
    });
    const widget = ok(await item(books, {}), 201);
    ok(await adjust(books, widget.id), 201);
    await cleanBooks(books);
    const move = (account: string) =>
      harness.db.transaction(async (tx) => {
        await tx.query("SELECT set_config('citus.propagate_set_commands', 'local', true)");
        await tx.query('SET LOCAL session_replication_role = replica');
        await tx.query(
          'UPDATE items SET inventory_asset_account_id = $1 WHERE organization_id = $3 AND id = $2',
          [account, widget.id, books.organizationId],
        );
      });
    await move(shelf.id);
    try {
      const { violations } = await checkBooks(harness.db, { organizationId: books.organizationId });
      assert.deepEqual([...new Set(violations.map((v) => v.invariant))], ['stock_accounts_agree']);
      assert.equal(violations.length, 2, JSON.stringify(violations));
      assert.ok(violations.some((v) => /expected 0\.0000, found 50\.0000/.test(v.message)));
      assert.ok(violations.some((v) => /expected 50\.0000, found 0\.0000/.test(v.message)));
    } finally {
      await move(books.accounts['1200']!);
    }
    await cleanBooks(books);
  });
});

describe('quantities and stock values (D85)', () => {
  test('an invoice line of an inventory item with quantity 0 is refused at create, at update and (after the item became inventory) at send', async () => {
    const books = await signUp(harness);
    const widget = ok(await item(books, { sale_price: '9.00', income_account: books.accounts['4000'] }), 201);
    ok(await adjust(books, widget.id), 201);
    const customer = await createCustomer(harness, books.headers);
    const body = (lines: unknown[]) => ({ customer: customer.id, lines });
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/invoices', books.headers, body([{ item: widget.id, quantity: '0' }])),
      'validation_error',
      ['lines/0/quantity'],
    );
    const draft = ok(
      await call(
        harness,
        'POST',
        '/api/v1/invoices',
        books.headers,
        body([{ item: widget.id, quantity: '1' }]),
      ),
      201,
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, books.headers, {
          lines: [{ item: widget.id, quantity: '0' }],
        }),
      'validation_error',
      ['lines/0/quantity'],
    );
    // A service item sold in zero units, which then becomes an inventory item: send refuses in words.
    const kit = ok(
      await item(books, { name: 'Kit', type: 'service', income_account: books.accounts['4000'] }),
      201,
    );
    const zero = ok(
      await call(
        harness,
        'POST',
        '/api/v1/invoices',
        books.headers,
        body([
          { item: kit.id, quantity: '0', unit_price: '5.00' },
          {
            description: 'Delivery',
            quantity: '1',
            unit_price: '10.00',
            income_account: books.accounts['4000'],
          },
        ]),
      ),
      201,
    );
    ok(await call(harness, 'PATCH', `/api/v1/items/${kit.id}`, books.headers, { type: 'inventory' }));
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/invoices/${zero.id}/send`, books.headers),
      'validation_error',
      ['lines/0/quantity'],
    );
    await cleanBooks(books);
  });

  test("an item's running stock value past NUMERIC(20,4) is invalid_money, by adjustments and by bills on different days", async () => {
    const books = await signUp(harness);
    const widget = ok(await item(books, {}), 201);
    const near = '9000000000000.00'; // x 1000 units: 9e15, inside NUMERIC(20,4); twice is not
    ok(await adjust(books, widget.id, { quantity: '1000', unit_cost: near, date: '2026-05-01' }), 201);
    await refusedUnchanged(
      harness,
      books,
      () => adjust(books, widget.id, { quantity: '1000', unit_cost: near, date: '2026-05-02' }),
      'invalid_money',
      ['quantity'],
    );
    const vendor = await vendorOf(books);
    const bill = ok(
      await call(harness, 'POST', '/api/v1/bills', books.headers, {
        vendor,
        bill_date: '2026-05-03',
        lines: [{ item: widget.id, quantity: '1000', unit_cost: near }],
      }),
      201,
    );
    const refused = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/bills/${bill.id}/open`, books.headers),
      'invalid_money',
      ['lines/0/quantity'],
    );
    assertEnvelope(refused, 'invalid_money', 400, ['lines/0/quantity']);
    await cleanBooks(books);
  });
});
