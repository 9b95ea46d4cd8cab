// Issue 11's inventory invariants, property-based (fast-check): for any sequence of stock in,
// stock out, bills (purchases), sales and the voids of sales and bills that the API accepts, on
// random dates: every refusal is
// insufficient_inventory and leaves the stock as it was; each item's quantity on hand is the sum of
// its movements and never negative on any date; the items' values add up to the inventory asset
// account; and cost of goods sold plus closing value equals opening value (zero) plus purchases,
// read from the ledger alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { createCustomer, ok } from '../helpers/receivables.ts';

const harness = useHarness();
const RUNS = Number(process.env.FOLIO_INVENTORY_RUNS ?? 20);

const day = (offset: number) => {
  const date = new Date(Date.UTC(2026, 0, 1 + offset));
  return date.toISOString().slice(0, 10);
};

type Operation =
  | { kind: 'in'; item: number; quantity: number; cost: string; day: number }
  | { kind: 'out'; item: number; quantity: number; day: number }
  | { kind: 'sell'; item: number; quantity: number; day: number }
  | { kind: 'void'; sale: number }
  | { kind: 'buy'; item: number; quantity: number; cost: string; day: number }
  | { kind: 'voidBill'; bill: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  // Stock in often, so sales and removals meet stock as well as its absence.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('in' as const),
      item: fc.integer({ min: 0, max: 1 }),
      quantity: fc.integer({ min: 1, max: 6 }),
      cost: fc.integer({ min: 0, max: 99_999 }).map((units) => (units / 10_000).toFixed(4)),
      day: fc.integer({ min: 0, max: 20 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('out' as const),
      item: fc.integer({ min: 0, max: 1 }),
      quantity: fc.integer({ min: 1, max: 5 }),
      day: fc.integer({ min: 0, max: 20 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      item: fc.integer({ min: 0, max: 1 }),
      quantity: fc.integer({ min: 1, max: 4 }),
      day: fc.integer({ min: 0, max: 20 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), sale: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      item: fc.integer({ min: 0, max: 1 }),
      quantity: fc.integer({ min: 1, max: 6 }),
      // Four decimals, so the line's rounding to cents (the stock's value) is exercised; never a
      // bill whose total rounds to zero, which the API refuses.
      cost: fc.integer({ min: 50, max: 99_999 }).map((units) => (units / 10_000).toFixed(4)),
      day: fc.integer({ min: 0, max: 20 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('voidBill' as const), bill: fc.nat() }) },
);

/** Scale-4 decimal string to bigint units, so sums stay exact. */
const units = (text: string) => {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
  return text.startsWith('-') ? -value : value;
};

async function balance(books: Books, number: string) {
  return units(
    ok(await call(harness, 'GET', `/api/v1/accounts/${books.accounts[number]}`, books.headers)).balance,
  );
}

interface Movement {
  date: string;
  quantity: string;
  value: string;
}

async function stockOf(books: Books, items: string[]) {
  const state = [];
  for (const id of items) {
    const item = ok(await call(harness, 'GET', `/api/v1/items/${id}`, books.headers));
    const moves: Movement[] = [];
    let path: string | null = `/api/v1/items/${id}/movements`;
    while (path) {
      const page: { results: Movement[]; next: string | null } = ok(
        await call(harness, 'GET', path, books.headers),
      );
      moves.push(...page.results);
      path = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
    }
    state.push({ item, moves });
  }
  return state;
}

test(`${RUNS} random sequences of stock in, out, bills, sales and voids keep the inventory invariants`, async () => {
  // What the runs exercised: a property that never met a refusal or a void would prove little.
  const seen = { refused: 0, sold: 0, voided: 0, bought: 0, billsVoided: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (operations) => {
      const books = await signUp(harness);
      const customer = await createCustomer(harness, books.headers, { display_name: 'Buyer' });
      const items: string[] = [];
      for (const name of ['Widget', 'Gadget'])
        items.push(
          ok(
            await call(harness, 'POST', '/api/v1/items', books.headers, {
              name,
              type: 'inventory',
              sale_price: '20.00',
              income_account: books.accounts['4000'],
            }),
            201,
          ).id,
        );
      const vendor = ok(
        await call(harness, 'POST', '/api/v1/vendors', books.headers, { display_name: 'Supplier' }),
        201,
      );
      const sales: string[] = [];
      const bills: string[] = [];
      for (const op of operations) {
        const before = JSON.stringify(await stockOf(books, items));
        let answer: Awaited<ReturnType<typeof call>>;
        if (op.kind === 'void') {
          if (sales.length === 0) continue;
          const index = op.sale % sales.length;
          answer = await call(harness, 'POST', `/api/v1/invoices/${sales[index]}/void`, books.headers);
          if (answer.statusCode === 200) {
            sales.splice(index, 1);
            seen.voided++;
          }
        } else if (op.kind === 'buy') {
          const draft = ok(
            await call(harness, 'POST', '/api/v1/bills', books.headers, {
              vendor: vendor.id,
              bill_date: day(op.day),
              lines: [{ item: items[op.item], quantity: String(op.quantity), unit_cost: op.cost }],
            }),
            201,
          );
          answer = await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers);
          assert.equal(answer.statusCode, 200, answer.body);
          bills.push(draft.id);
          seen.bought++;
        } else if (op.kind === 'voidBill') {
          if (bills.length === 0) continue;
          const index = op.bill % bills.length;
          answer = await call(harness, 'POST', `/api/v1/bills/${bills[index]}/void`, books.headers);
          if (answer.statusCode === 200) {
            bills.splice(index, 1);
            seen.billsVoided++;
          }
        } else if (op.kind === 'sell') {
          const draft = ok(
            await call(harness, 'POST', '/api/v1/invoices', books.headers, {
              customer: customer.id,
              issue_date: day(op.day),
              lines: [{ item: items[op.item], quantity: String(op.quantity) }],
            }),
            201,
          );
          answer = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers);
          if (answer.statusCode === 200) {
            sales.push(draft.id);
            seen.sold++;
          }
        } else {
          answer = await call(harness, 'POST', '/api/v1/inventory-adjustments', books.headers, {
            item: items[op.item],
            date: day(op.day),
            quantity: op.kind === 'in' ? String(op.quantity) : `-${op.quantity}`,
            ...(op.kind === 'in' ? { unit_cost: op.cost, account: books.accounts['3000'] } : {}),
            ...(op.kind === 'out' ? { account: books.accounts['5000'] } : {}),
          });
        }
        if (answer.statusCode >= 400) {
          seen.refused++;
          assert.equal(answer.json().error.code, 'insufficient_inventory', answer.body);
          assert.equal(JSON.stringify(await stockOf(books, items)), before, 'a refusal moved no stock');
        }
      }

      let totalValue = 0n;
      for (const { item, moves } of await stockOf(books, items)) {
        const quantity = moves.reduce((sum, m) => sum + units(m.quantity), 0n);
        const value = moves.reduce((sum, m) => sum + units(m.value), 0n);
        assert.equal(units(item.quantity_on_hand), quantity, 'on hand is the sum of the movements');
        assert.equal(units(item.inventory_value), value, 'value is the sum of the movements');
        totalValue += value;
        // Never negative at the end of any day.
        const byDay = new Map<string, bigint>();
        for (const m of moves) byDay.set(m.date, (byDay.get(m.date) ?? 0n) + units(m.quantity));
        let running = 0n;
        for (const date of [...byDay.keys()].sort()) {
          running += byDay.get(date)!;
          assert.ok(running >= 0n, `${item.name} is ${running} on ${date}`);
        }
      }
      const asset = await balance(books, '1200');
      assert.equal(asset, totalValue, 'the items add up to the inventory asset account');
      // Purchases were credited to equity (3000, adjustments) and Accounts Payable (2000, bills; both
      // credit-positive, a voided bill leaves neither); what left went to cost of goods sold (5000),
      // with what a bill's void settled.
      const purchases = (await balance(books, '3000')) + (await balance(books, '2000'));
      const costOfGoodsSold = await balance(books, '5000');
      assert.equal(
        costOfGoodsSold + asset,
        purchases,
        'COGS + closing value = opening value (0) + purchases',
      );
    }),
    { numRuns: RUNS, seed: 20261124 },
  );
  assert.ok(
    seen.refused > 0 && seen.sold > 0 && seen.voided > 0 && seen.bought > 0 && seen.billsVoided > 0,
    JSON.stringify(seen),
  );
});

/** Every account number of the seeded chart (D19): settings may name any of them. */
const CHART = [
  '1000',
  '1010',
  '1050',
  '1100',
  '1200',
  '1300',
  '1500',
  '1510',
  '2000',
  '2100',
  '2150',
  '2200',
  '2310',
  '2500',
  '3000',
  '3100',
  '3200',
  '4000',
  '4100',
  '4900',
  '5000',
  '6000',
  '6100',
  '6300',
  '6800',
];

/** Half the time the usual account, half any account of the chart. */
const anyOr = (usual: string) => fc.oneof(fc.constant(usual), fc.constantFrom(...CHART));

const settings = fc.record({
  asset: anyOr('1200'),
  expense: anyOr('5000'),
  taxAccount: anyOr('2200'),
  offset: anyOr('3000'),
  steps: fc.array(
    fc.record({
      kind: fc.constantFrom('adjustIn', 'adjustOut', 'buy', 'sell'),
      quantity: fc.integer({ min: 1, max: 5 }),
      day: fc.integer({ min: 0, max: 10 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
});

test(`${RUNS} random settings naming any account of the chart (an item's accounts, a tax rate's, an adjustment's offset), then documents that use them: whatever the API accepts keeps folio check clean (D84)`, async () => {
  const { checkBooks } = await import('../../src/app/check/check-books.ts');
  const seen = { refusedSettings: 0, acceptedSettings: 0, posted: 0 };
  await fc.assert(
    fc.asyncProperty(settings, async ({ asset, expense, taxAccount, offset, steps }) => {
      const books = await signUp(harness);
      const customer = await createCustomer(harness, books.headers, { display_name: 'Buyer' });
      const vendor = ok(
        await call(harness, 'POST', '/api/v1/vendors', books.headers, { display_name: 'Supplier' }),
        201,
      );
      const tried = async (path: string, body: object, fallback: object) => {
        const answer = await call(harness, 'POST', path, books.headers, body);
        if (answer.statusCode === 201) {
          seen.acceptedSettings++;
          return answer.json();
        }
        assert.equal(answer.json().error.code, 'validation_error', answer.body);
        seen.refusedSettings++;
        return ok(await call(harness, 'POST', path, books.headers, fallback), 201);
      };
      const rate = await tried(
        '/api/v1/tax-rates',
        { name: 'Tax', rate: '10', liability_account: books.accounts[taxAccount] },
        { name: 'Tax', rate: '10' },
      );
      const base = {
        name: 'Widget',
        type: 'inventory',
        sale_price: '20.00',
        income_account: books.accounts['4000'],
      };
      const item = await tried(
        '/api/v1/items',
        { ...base, inventory_asset_account: books.accounts[asset], expense_account: books.accounts[expense] },
        base,
      );
      for (const step of steps) {
        let answer: Awaited<ReturnType<typeof call>>;
        if (step.kind === 'buy') {
          const draft = ok(
            await call(harness, 'POST', '/api/v1/bills', books.headers, {
              vendor: vendor.id,
              bill_date: day(step.day),
              lines: [
                { item: item.id, quantity: String(step.quantity), unit_cost: '3.00', tax_rate: rate.id },
              ],
            }),
            201,
          );
          answer = await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers);
        } else if (step.kind === 'sell') {
          const draft = ok(
            await call(harness, 'POST', '/api/v1/invoices', books.headers, {
              customer: customer.id,
              issue_date: day(step.day),
              lines: [
                { item: item.id, quantity: String(step.quantity), is_taxable: true, tax_rate: rate.id },
              ],
            }),
            201,
          );
          answer = await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers);
        } else {
          const increase = step.kind === 'adjustIn';
          answer = await call(harness, 'POST', '/api/v1/inventory-adjustments', books.headers, {
            item: item.id,
            date: day(step.day),
            quantity: increase ? String(step.quantity) : `-${step.quantity}`,
            ...(increase ? { unit_cost: '2.50' } : {}),
            account: books.accounts[offset],
          });
        }
        if (answer.statusCode < 300) seen.posted++;
        else assert.ok(answer.statusCode < 500, answer.body);
      }
      const report = await checkBooks(harness.db, { organizationId: books.organizationId });
      assert.deepEqual(
        report.violations,
        [],
        `settings ${JSON.stringify({ asset, expense, taxAccount, offset })}`,
      );
    }),
    { numRuns: RUNS, seed: 20261125 },
  );
  assert.ok(seen.refusedSettings > 0 && seen.acceptedSettings > 0 && seen.posted > 0, JSON.stringify(seen));
});
