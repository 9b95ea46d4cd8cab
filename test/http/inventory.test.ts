// Items, stock and inventory adjustments (D47-D52, D56): item defaults and checks, moving-average
// costing exact to the last unit, insufficient_inventory on any date from the document's on (and
// nothing written), concurrent removals of the last units, movements, the valuation report against
// the ledger, roles and the feed. Sales of inventory items and bills come with their documents.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseCsv } from '../helpers/csv.ts';
import { changesSince, feedCursor } from '../helpers/feed.ts';
import { addMember, type Books, call, createKey, signUp, useHarness } from '../helpers/harness.ts';
import { ok, receivablesSetup } from '../helpers/receivables.ts';
import { assertEnvelope, refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

async function createItem(books: Books, body: Record<string, unknown> = {}) {
  return ok(
    await call(harness, 'POST', '/api/v1/items', books.headers, {
      name: 'Widget',
      type: 'inventory',
      ...body,
    }),
    201,
  );
}

function adjust(
  books: Books,
  item: string,
  quantity: string,
  date: string,
  extra: Record<string, unknown> = {},
) {
  return call(harness, 'POST', '/api/v1/inventory-adjustments', books.headers, {
    item,
    quantity,
    date,
    account: books.accounts['3000'],
    ...(quantity.startsWith('-') ? {} : { unit_cost: '3.3333' }),
    ...extra,
  });
}

async function balanceOf(books: Books, number: string): Promise<string> {
  return ok(await call(harness, 'GET', `/api/v1/accounts/${books.accounts[number]}`, books.headers)).balance;
}

async function itemOf(books: Books, id: string) {
  return ok(await call(harness, 'GET', `/api/v1/items/${id}`, books.headers));
}

describe('items (D47)', () => {
  test('an inventory item defaults to the cost of goods sold and inventory accounts; others have no asset account', async () => {
    const books = await signUp(harness);
    const widget = await createItem(books, { sku: 'W-1', sale_price: '12.50', purchase_cost: '4.10' });
    assert.equal(widget.expense_account, books.accounts['5000']);
    assert.equal(widget.inventory_asset_account, books.accounts['1200']);
    assert.deepEqual(
      [
        widget.sale_price,
        widget.purchase_cost,
        widget.quantity_on_hand,
        widget.inventory_value,
        widget.average_cost,
      ],
      ['12.5000', '4.1000', '0.0000', '0.0000', '0.0000'],
    );
    assert.equal(widget.version, 1);
    const service = await createItem(books, {
      name: 'Installation',
      type: 'service',
      income_account: books.accounts['4100'],
    });
    assert.deepEqual([service.expense_account, service.inventory_asset_account], [null, null]);
    assert.equal(service.income_account, books.accounts['4100']);
  });

  test('an SKU is unique in the books whatever its case (409 number_conflict); account types and asset accounts are checked', async () => {
    const books = await signUp(harness);
    await createItem(books, { sku: 'ABC-1' });
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/items', books.headers, {
          name: 'Copy',
          type: 'inventory',
          sku: 'abc-1',
        }),
      'number_conflict',
      ['sku'],
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/items', books.headers, {
          name: 'Bad',
          type: 'service',
          income_account: books.accounts['5000'],
        }),
      'validation_error',
      ['income_account'],
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/items', books.headers, {
          name: 'Bad',
          type: 'non_inventory',
          inventory_asset_account: books.accounts['1200'],
        }),
      'validation_error',
      ['inventory_asset_account'],
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/items', books.headers, {
          name: 'Bad',
          type: 'inventory',
          inventory_asset_account: books.accounts['4000'],
        }),
      'validation_error',
      ['inventory_asset_account'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', '/api/v1/items', books.headers, { name: 'Bad', type: 'gadget' }),
      'validation_error',
      ['type'],
    );
  });

  test('lists filter by search on name or SKU, type and activity; PATCH is sparse at a version', async () => {
    const books = await signUp(harness);
    const widget = await createItem(books, { name: 'Blue widget', sku: 'BW-9' });
    await createItem(books, { name: 'Consulting hour', type: 'service' });
    const names = async (query: string) =>
      ok(await call(harness, 'GET', `/api/v1/items${query}`, books.headers)).results.map(
        (i: { name: string }) => i.name,
      );
    assert.deepEqual(await names('?search=bw-'), ['Blue widget']);
    assert.deepEqual(await names('?type=service'), ['Consulting hour']);
    const renamed = ok(
      await call(harness, 'PATCH', `/api/v1/items/${widget.id}`, books.headers, {
        name: 'Navy widget',
        version: 1,
      }),
    );
    assert.deepEqual([renamed.name, renamed.sku, renamed.version], ['Navy widget', 'BW-9', 2]);
    const stale = await call(harness, 'PATCH', `/api/v1/items/${widget.id}`, books.headers, {
      name: 'X',
      version: 1,
    });
    assertEnvelope(stale, 'stale_write');
    ok(await call(harness, 'PATCH', `/api/v1/items/${widget.id}`, books.headers, { is_active: false }));
    assert.deepEqual(await names('?is_active=false'), ['Navy widget']);
  });
});

describe('inventory adjustments and moving average (D49, D50, D52)', () => {
  test('stock comes in at its cost and leaves at the average, the last units taking exactly what remains', async () => {
    const books = await signUp(harness);
    const widget = await createItem(books);
    const received = ok(await adjust(books, widget.id, '10', '2026-03-01', { memo: 'opening stock' }), 201);
    assert.deepEqual(
      [received.number, received.quantity, received.unit_cost, received.value],
      ['ADJ-000001', '10.0000', '3.3333', '33.3330'],
    );
    assert.equal(await balanceOf(books, '1200'), '33.3330');
    let item = await itemOf(books, widget.id);
    assert.deepEqual(
      [item.quantity_on_hand, item.inventory_value, item.average_cost],
      ['10.0000', '33.3330', '3.3333'],
    );

    // 3 of 10 worth 33.3330 cost 9.9999; 7 remain worth 23.3331.
    const three = ok(
      await adjust(books, widget.id, '-3', '2026-03-02', {
        account: books.accounts['6000'] ?? books.accounts['5000'],
      }),
      201,
    );
    assert.deepEqual(
      [three.number, three.quantity, three.value, three.unit_cost],
      ['ADJ-000002', '-3.0000', '-9.9999', '3.3333'],
    );
    item = await itemOf(books, widget.id);
    assert.deepEqual([item.quantity_on_hand, item.inventory_value], ['7.0000', '23.3331']);
    // Stock at another cost moves the average: 7 worth 23.3331 + 2 at 5.00 = 9 worth 33.3331.
    ok(await adjust(books, widget.id, '2', '2026-03-03', { unit_cost: '5.00' }), 201);
    item = await itemOf(books, widget.id);
    assert.deepEqual(
      [item.quantity_on_hand, item.inventory_value, item.average_cost],
      ['9.0000', '33.3331', '3.7037'],
    );
    // The last 9 take exactly the 33.3331 that remains, not 9 x 3.7037 = 33.3333.
    const last = ok(await adjust(books, widget.id, '-9', '2026-03-04'), 201);
    assert.equal(last.value, '-33.3331');
    item = await itemOf(books, widget.id);
    assert.deepEqual(
      [item.quantity_on_hand, item.inventory_value, item.average_cost],
      ['0.0000', '0.0000', '0.0000'],
    );
    assert.equal(await balanceOf(books, '1200'), '0.0000', 'the asset account follows the stock to the cent');

    const movements = ok(await call(harness, 'GET', `/api/v1/items/${widget.id}/movements`, books.headers));
    assert.deepEqual(
      movements.results.map((m: Record<string, string>) => [
        m.date,
        m.quantity,
        m.value,
        m.quantity_after,
        m.value_after,
      ]),
      [
        ['2026-03-01', '10.0000', '33.3330', '10.0000', '33.3330'],
        ['2026-03-02', '-3.0000', '-9.9999', '7.0000', '23.3331'],
        ['2026-03-03', '2.0000', '10.0000', '9.0000', '33.3331'],
        ['2026-03-04', '-9.0000', '-33.3331', '0.0000', '0.0000'],
      ],
    );
    assert.ok(
      movements.results.every((m: { source_type: string }) => m.source_type === 'inventory_adjustment'),
    );
    const entry = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${received.journal_entry}`, books.headers),
    );
    assert.deepEqual(
      entry.lines.map((l: Record<string, string>) => [l.account, l.debit, l.credit]),
      [
        [books.accounts['1200'], '33.3330', '0.0000'],
        [books.accounts['3000'], '0.0000', '33.3330'],
      ],
    );
  });

  test('a removal beyond what is on hand, now or on any later day, is insufficient_inventory and writes nothing', async () => {
    const books = await signUp(harness);
    const widget = await createItem(books);
    ok(await adjust(books, widget.id, '5', '2026-04-01'), 201);
    ok(await adjust(books, widget.id, '-4', '2026-04-10'), 201);
    // On hand: 5 from Apr 1, 1 from Apr 10.
    const more = await refusedUnchanged(
      harness,
      books,
      () => adjust(books, widget.id, '-2', '2026-04-20'),
      'insufficient_inventory',
    );
    assert.deepEqual(more.json().error.detail, {
      items: [{ item: widget.id, requested: '2.0000', on_hand: '1.0000' }],
    });
    // Apr 5 holds 5, but taking 2 then would leave Apr 10 at -1.
    const earlier = await refusedUnchanged(
      harness,
      books,
      () => adjust(books, widget.id, '-2', '2026-04-05'),
      'insufficient_inventory',
    );
    assert.deepEqual(earlier.json().error.detail.items[0].on_hand, '1.0000');
    // Before the first receipt nothing is on hand.
    await refusedUnchanged(
      harness,
      books,
      () => adjust(books, widget.id, '-1', '2026-03-31'),
      'insufficient_inventory',
    );
    // What is there may go, and the refusals took no number.
    const one = ok(await adjust(books, widget.id, '-1', '2026-04-05'), 201);
    assert.equal(one.number, 'ADJ-000003');
  });

  test("the journal lists adjustments' entries by source_type and refuses to reverse them: the adjustment names itself (D63)", async () => {
    const books = await signUp(harness);
    const widget = await createItem(books);
    const adjustment = ok(await adjust(books, widget.id, '10', '2026-03-01'), 201);
    const listed = ok(
      await call(harness, 'GET', '/api/v1/journal-entries?source_type=inventory_adjustment', books.headers),
    );
    assert.deepEqual(
      listed.results.map((entry: { id: string }) => entry.id),
      [adjustment.journal_entry],
    );
    const entry = `/api/v1/journal-entries/${adjustment.journal_entry}`;
    const reverse = await call(harness, 'POST', `${entry}/reverse`, books.headers, {});
    assert.equal(reverse.statusCode, 409, reverse.body);
    assert.match(reverse.json().error.message, /was posted by inventory adjustment ADJ-000001; /);
  });

  test('adjustments are refused for other item types, without a cost when adding, with a cost when removing, or against the asset account', async () => {
    const books = await signUp(harness);
    const service = await createItem(books, { type: 'service', name: 'Hour' });
    const widget = await createItem(books);
    await refusedUnchanged(
      harness,
      books,
      () => adjust(books, service.id, '1', '2026-05-01'),
      'validation_error',
      ['item'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => adjust(books, widget.id, '1', '2026-05-01', { unit_cost: undefined }),
      'validation_error',
      ['unit_cost'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => adjust(books, widget.id, '-1', '2026-05-01', { unit_cost: '1.00' }),
      'validation_error',
      ['unit_cost'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => adjust(books, widget.id, '1', '2026-05-01', { account: books.accounts['1200'] }),
      'validation_error',
      ['account'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => adjust(books, widget.id, '0', '2026-05-01'),
      'validation_error',
      ['quantity'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => adjust(books, widget.id, '1', '2026-05-01', { account: books.accounts['1100'] }),
      'validation_error',
      ['account'],
    );
  });

  test('once stock has moved, an item’s type and asset account are frozen (409 invalid_state); its name is not', async () => {
    const books = await signUp(harness);
    const widget = await createItem(books);
    ok(await call(harness, 'PATCH', `/api/v1/items/${widget.id}`, books.headers, { type: 'non_inventory' }));
    ok(await call(harness, 'PATCH', `/api/v1/items/${widget.id}`, books.headers, { type: 'inventory' }));
    ok(await adjust(books, widget.id, '1', '2026-05-01'), 201);
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'PATCH', `/api/v1/items/${widget.id}`, books.headers, { type: 'service' }),
      'invalid_state',
    );
    const other = ok(
      await call(harness, 'POST', '/api/v1/accounts', books.headers, {
        number: '1210',
        name: 'Stock held',
        type: 'asset',
        detail_type: 'inventory',
      }),
      201,
    );
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/items/${widget.id}`, books.headers, {
          inventory_asset_account: other.id,
        }),
      'invalid_state',
    );
    ok(await call(harness, 'PATCH', `/api/v1/items/${widget.id}`, books.headers, { name: 'Renamed widget' }));
  });

  test('20 concurrent removals of 1 unit against 10 on hand: exactly 10 succeed, numbers gapless', async () => {
    const books = await signUp(harness);
    const widget = await createItem(books);
    ok(await adjust(books, widget.id, '10', '2026-06-01'), 201);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => adjust(books, widget.id, '-1', '2026-06-02')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    assert.equal(statuses.filter((status) => status === 201).length, 10, String(statuses));
    for (const refused of answers.filter((answer) => answer.statusCode !== 201))
      assertEnvelope(refused, 'insufficient_inventory');
    const item = await itemOf(books, widget.id);
    assert.deepEqual([item.quantity_on_hand, item.inventory_value], ['0.0000', '0.0000']);
    const numbers = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json().number)
      .sort();
    assert.deepEqual(
      numbers,
      Array.from({ length: 10 }, (_, i) => `ADJ-${String(i + 2).padStart(6, '0')}`),
    );
  });
});

describe('inventory valuation, roles and the feed (D56)', () => {
  test('the valuation on any date adds up to the inventory asset account, and its CSV holds the same figures', async () => {
    const books = await signUp(harness);
    const widget = await createItem(books, { name: 'Widget', sku: 'W' });
    const gadget = await createItem(books, { name: 'Gadget' });
    ok(await adjust(books, widget.id, '10', '2026-07-01'), 201);
    ok(await adjust(books, gadget.id, '4', '2026-07-05', { unit_cost: '2.50' }), 201);
    ok(await adjust(books, widget.id, '-3', '2026-07-10'), 201);
    const on = async (asOf: string) =>
      ok(await call(harness, 'GET', `/api/v1/reports/inventory-valuation?as_of=${asOf}`, books.headers));
    const july5 = await on('2026-07-05');
    assert.deepEqual(
      july5.items.map((i: Record<string, string>) => [i.name, i.quantity, i.value, i.average_cost]),
      [
        ['Gadget', '4.0000', '10.0000', '2.5000'],
        ['Widget', '10.0000', '33.3330', '3.3333'],
      ],
    );
    assert.deepEqual([july5.total_value, july5.inventory_asset_accounts_balance], ['43.3330', '43.3330']);
    const later = await on('2026-07-31');
    assert.equal(later.total_value, '33.3331');
    assert.equal(later.inventory_asset_accounts_balance, '33.3331');
    assert.equal(await balanceOf(books, '1200'), later.total_value);
    assert.deepEqual((await on('2026-06-30')).items, []);
    const csv = await call(
      harness,
      'GET',
      '/api/v1/reports/inventory-valuation?as_of=2026-07-31&format=csv',
      books.headers,
    );
    assert.equal(csv.statusCode, 200);
    const records = parseCsv(csv.body);
    assert.deepEqual(records[0], ['item', 'sku', 'name', 'quantity', 'value', 'average_cost']);
    assert.ok(records.some((r) => r[2] === 'Widget' && r[3] === '7.0000' && r[4] === '23.3331'));
    assert.ok(records.some((r) => r[2] === 'Total' && r[4] === '33.3331'));
  });

  test('sales reads items without their costs (purchase_cost, average_cost, inventory_value need inventory:read); a viewer and the owner see them', async () => {
    const books = await signUp(harness);
    const widget = await createItem(books, { sku: 'W-9', sale_price: '12.50', purchase_cost: '4.10' });
    ok(await adjust(books, widget.id, '3', '2026-08-01'), 201);
    const COSTS = ['purchase_cost', 'average_cost', 'inventory_value'];
    const salesKey = await createKey(harness, books, 'sales');
    const salesMember = await addMember(harness, books, 'sales');
    for (const sales of [salesKey, salesMember]) {
      const read = ok(await call(harness, 'GET', `/api/v1/items/${widget.id}`, sales.headers));
      for (const field of COSTS)
        assert.ok(!(field in read), `${field} is hidden from sales: ${JSON.stringify(read)}`);
      // What sales needs to sell stays: the price, the stock on hand, the accounts and tax rate.
      assert.equal(read.sale_price, '12.5000');
      assert.equal(read.quantity_on_hand, '3.0000');
      assert.equal(read.sku, 'W-9');
      const listed = ok(await call(harness, 'GET', '/api/v1/items?search=W-9', sales.headers));
      assert.equal(listed.results.length, 1);
      for (const field of COSTS) assert.ok(!(field in listed.results[0]), `${field} is hidden from the list`);
      assert.equal(listed.results[0].sale_price, '12.5000');
      // Where costs are the point, sales is refused outright.
      assertEnvelope(
        await call(harness, 'GET', `/api/v1/items/${widget.id}/movements`, sales.headers),
        'permission_denied',
      );
      assertEnvelope(
        await call(harness, 'GET', '/api/v1/reports/inventory-valuation?as_of=2026-08-31', sales.headers),
        'permission_denied',
      );
    }
    const viewer = await createKey(harness, books, 'viewer');
    for (const headers of [books.headers, viewer.headers]) {
      const read = ok(await call(harness, 'GET', `/api/v1/items/${widget.id}`, headers));
      assert.deepEqual(
        COSTS.map((field) => read[field]),
        ['4.1000', '3.3333', '9.9999'],
      );
      const listed = ok(await call(harness, 'GET', '/api/v1/items?search=W-9', headers));
      assert.equal(listed.results[0].inventory_value, '9.9999');
    }
  });

  test('sales reads items but not adjustments and writes neither; a viewer reads both; the feed carries item and inventory_adjustment', async () => {
    const books = await signUp(harness);
    const cursor = await feedCursor(harness, books.headers);
    const widget = await createItem(books);
    const adjustment = ok(await adjust(books, widget.id, '2', '2026-08-01'), 201);
    const sales = await createKey(harness, books, 'sales');
    const viewer = await createKey(harness, books, 'viewer');
    ok(await call(harness, 'GET', `/api/v1/items/${widget.id}`, sales.headers));
    assertEnvelope(
      await call(harness, 'GET', '/api/v1/inventory-adjustments', sales.headers),
      'permission_denied',
    );
    assertEnvelope(
      await call(harness, 'POST', '/api/v1/items', sales.headers, { name: 'X', type: 'service' }),
      'permission_denied',
    );
    ok(await call(harness, 'GET', `/api/v1/inventory-adjustments/${adjustment.id}`, viewer.headers));
    ok(await call(harness, 'GET', `/api/v1/items/${widget.id}/movements`, viewer.headers));
    assertEnvelope(
      await call(harness, 'POST', '/api/v1/inventory-adjustments', viewer.headers, {
        item: widget.id,
        quantity: '1',
        unit_cost: '1.00',
        account: books.accounts['3000'],
      }),
      'permission_denied',
    );
    const changes = await changesSince(harness, books.headers, cursor);
    assert.deepEqual(
      changes
        .filter((c) => c.entity_type === 'item' || c.entity_type === 'inventory_adjustment')
        .map((c) => [c.entity_type, c.entity_id, c.operation, c.entity_version]),
      [
        ['item', widget.id, 'created', 1],
        ['inventory_adjustment', adjustment.id, 'created', 1],
      ],
    );
    assertEnvelope(
      await call(
        harness,
        'GET',
        '/api/v1/items/00000000-0000-4000-8000-000000000000/movements',
        books.headers,
      ),
      'not_found',
    );
  });
});

describe('selling inventory items on invoices (D48-D51)', () => {
  async function stockedSetup() {
    const { books, customer, tax } = await receivablesSetup(harness);
    const widget = await createItem(books, {
      name: 'Widget',
      description: 'Blue widget, boxed',
      sale_price: '12.50',
      income_account: books.accounts['4000'],
      tax_rate: tax.id,
    });
    ok(await adjust(books, widget.id, '10', '2026-02-01'), 201);
    return { books, customer, tax, widget };
  }
  const invoiceOf = (books: Books, customer: string, lines: unknown[], issueDate = '2026-02-10') =>
    call(harness, 'POST', '/api/v1/invoices', books.headers, { customer, issue_date: issueDate, lines });

  test('a line naming an item takes its description, price, income account and tax rate; what the line says wins', async () => {
    const { books, customer, tax, widget } = await stockedSetup();
    const draft = ok(
      await invoiceOf(books, customer.id, [
        { item: widget.id, quantity: '2' },
        {
          item: widget.id,
          quantity: '1',
          unit_price: '10.00',
          description: 'Display model',
          is_taxable: false,
        },
      ]),
      201,
    );
    assert.deepEqual(
      draft.lines.map((l: Record<string, unknown>) => [
        l.item,
        l.description,
        l.unit_price,
        l.income_account,
        l.tax_rate,
      ]),
      [
        [widget.id, 'Blue widget, boxed', '12.5000', books.accounts['4000'], tax.id],
        [widget.id, 'Display model', '10.0000', books.accounts['4000'], null],
      ],
    );
    // 25.00 + 8.25% (2.06) + 10.00
    assert.equal(draft.total, '37.0600');
    await refusedUnchanged(
      harness,
      books,
      () => invoiceOf(books, customer.id, [{ quantity: '1', unit_price: '5.00' }]),
      'validation_error',
      ['lines/0/income_account'],
    );
    const bare = await createItem(books, { name: 'Bare', type: 'non_inventory' });
    await refusedUnchanged(
      harness,
      books,
      () => invoiceOf(books, customer.id, [{ item: bare.id, quantity: '1', unit_price: '5.00' }]),
      'validation_error',
      ['lines/0/income_account'],
    );
  });

  test('sending takes the stock out at average cost and the same entry carries the cost of goods sold; a void brings it back at that cost', async () => {
    const { books, customer, widget } = await stockedSetup();
    const draft = ok(await invoiceOf(books, customer.id, [{ item: widget.id, quantity: '3' }]), 201);
    const sent = ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    const entry = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${sent.journal_entry}`, books.headers),
    );
    const cogs = entry.lines.filter((l: { description: string }) =>
      l.description.startsWith('Cost of Widget'),
    );
    assert.deepEqual(
      cogs.map((l: Record<string, string>) => [l.account, l.debit, l.credit]),
      [
        [books.accounts['5000'], '9.9999', '0.0000'],
        [books.accounts['1200'], '0.0000', '9.9999'],
      ],
    );
    assert.equal(entry.txn_date, '2026-02-10');
    let item = await itemOf(books, widget.id);
    assert.deepEqual([item.quantity_on_hand, item.inventory_value], ['7.0000', '23.3331']);
    assert.equal(await balanceOf(books, '1200'), '23.3331');
    assert.equal(await balanceOf(books, '5000'), '9.9999');

    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/void`, books.headers));
    item = await itemOf(books, widget.id);
    assert.deepEqual([item.quantity_on_hand, item.inventory_value], ['10.0000', '33.3330']);
    assert.equal(await balanceOf(books, '1200'), '33.3330');
    assert.equal(await balanceOf(books, '5000'), '0.0000');
    const moves = ok(
      await call(harness, 'GET', `/api/v1/items/${widget.id}/movements`, books.headers),
    ).results;
    assert.deepEqual(
      moves.slice(1).map((m: Record<string, string>) => [m.source_type, m.source_id, m.quantity, m.value]),
      [
        ['invoice', draft.id, '-3.0000', '-9.9999'],
        ['invoice_void', draft.id, '3.0000', '9.9999'],
      ],
    );
  });

  test('sending or emailing more than is on hand on the invoice date or later is insufficient_inventory and writes nothing', async () => {
    const { books, customer, widget } = await stockedSetup();
    const gadget = await createItem(books, {
      name: 'Gadget',
      sale_price: '1.00',
      income_account: books.accounts['4000'],
    });
    const draft = ok(
      await invoiceOf(books, customer.id, [
        { item: widget.id, quantity: '8' },
        { item: widget.id, quantity: '3' },
        { item: gadget.id, quantity: '1' },
      ]),
      201,
    );
    const refused = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers),
      'insufficient_inventory',
    );
    assert.deepEqual(refused.json().error.detail.items, [
      { item: widget.id, requested: '11.0000', on_hand: '10.0000' },
      { item: gadget.id, requested: '1.0000', on_hand: '0.0000' },
    ]);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', `/api/v1/invoices/${draft.id}/email`, books.headers, {
          to: 'buyer@example.test',
        }),
      'insufficient_inventory',
    );
    // Dated before the stock arrived, even one unit is too many.
    const early = ok(
      await invoiceOf(books, customer.id, [{ item: widget.id, quantity: '1' }], '2026-01-15'),
      201,
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', `/api/v1/invoices/${early.id}/send`, books.headers),
      'insufficient_inventory',
    );
    const status = ok(await call(harness, 'GET', `/api/v1/invoices/${draft.id}`, books.headers)).status;
    assert.equal(status, 'draft');
  });

  test('20 concurrent sales of 1 unit each against 10 on hand: exactly 10 are sent', async () => {
    const { books, customer, widget } = await stockedSetup();
    const drafts = [];
    for (let i = 0; i < 20; i++)
      drafts.push(ok(await invoiceOf(books, customer.id, [{ item: widget.id, quantity: '1' }]), 201));
    const answers = await Promise.all(
      drafts.map((draft) => call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers)),
    );
    const sent = answers.filter((answer) => answer.statusCode === 200);
    assert.equal(sent.length, 10, String(answers.map((answer) => answer.statusCode)));
    for (const refused of answers.filter((answer) => answer.statusCode !== 200))
      assertEnvelope(refused, 'insufficient_inventory');
    const item = await itemOf(books, widget.id);
    assert.deepEqual([item.quantity_on_hand, item.inventory_value], ['0.0000', '0.0000']);
    assert.equal(await balanceOf(books, '1200'), '0.0000');
    assert.equal(
      await balanceOf(books, '5000'),
      '33.3330',
      'the ten sales cost exactly what the stock was worth',
    );
  });
});
