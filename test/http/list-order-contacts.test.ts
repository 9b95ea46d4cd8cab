// Contact and payment lists, issue 21: customers and vendors sorted by name (case-insensitively),
// payments received and bill payments by number, date, party and amount (`?sort=`, both directions),
// with keyset pages that stay in that order forwards, backwards and from `cursor=last`; a cursor
// refused under another order; an unknown sort a validation error; and another organization's rows
// never in the list.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseMoney } from '../../src/domain/money.ts';
import { type Books, call, type Headers, signUp, useHarness } from '../helpers/harness.ts';
import { createCustomer, ok } from '../helpers/receivables.ts';
import { assertEnvelope } from '../helpers/refusals.ts';

const harness = useHarness();

interface Listed {
  id: string;
  created_at: string;
  [field: string]: unknown;
}
interface ListPage {
  next: string | null;
  previous: string | null;
  results: Listed[];
}

const path = (url: string) => new URL(url).pathname + new URL(url).search;

async function list(headers: Headers, url: string): Promise<ListPage> {
  return ok(await call(harness, 'GET', url, headers));
}

/** Every row of a list, following `next` from `url`; the number of pages too. */
async function walkForward(headers: Headers, url: string) {
  const rows: Listed[] = [];
  let page = await list(headers, url);
  let pages = 1;
  rows.push(...page.results);
  while (page.next) {
    page = await list(headers, path(page.next));
    rows.push(...page.results);
    pages++;
  }
  return Object.assign(rows, { pages });
}

/** Every row of a list from its last page back, following `previous`; answered in list order. */
async function walkBackward(headers: Headers, url: string) {
  let page = await list(headers, url);
  const pages = [page.results];
  while (page.previous) {
    page = await list(headers, path(page.previous));
    pages.unshift(page.results);
  }
  return pages.flat();
}

type KeyValue = (row: Listed) => string | bigint;

/** The order a key gives, ties (and equal keys) by (created_at, id), all in the same direction. */
function expectedOrder(rows: Listed[], value: KeyValue, descending: boolean) {
  const compare = (a: string | bigint, b: string | bigint) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...rows].sort(
    (a, b) => compare(value(a), value(b)) || compare(a.created_at, b.created_at) || compare(a.id, b.id),
  );
  return (descending ? sorted.reverse() : sorted).map((row) => row.id);
}

const ids = (rows: Listed[]) => rows.map((row) => row.id);

/** Each key both ways, over more than one page: forward from the first page, backward from the last. */
async function assertSorts(headers: Headers, url: string, keys: Record<string, KeyValue>, count: number) {
  const all = await walkForward(headers, url);
  assert.equal(all.length, count);
  for (const [key, value] of Object.entries(keys)) {
    for (const descending of [false, true]) {
      const sort = `${descending ? '-' : ''}${key}`;
      const expected = expectedOrder(all, value, descending);
      const forward = await walkForward(headers, `${url}?sort=${sort}`);
      assert.ok(forward.pages > 1, `sort=${sort} spans pages`);
      assert.deepEqual(ids(forward), expected, `${url}?sort=${sort} forward`);
      assert.deepEqual(
        ids(await walkBackward(headers, `${url}?sort=${sort}&cursor=last`)),
        expected,
        `${url}?sort=${sort} from the last page backward`,
      );
    }
  }
  return all;
}

/** A cursor of one order is refused under another (and the default order's under a sort). */
async function assertCursorBound(headers: Headers, url: string, sort: string, others: string[]) {
  const sorted = await list(headers, `${url}?sort=${sort}`);
  const cursor = new URL(sorted.next!).searchParams.get('cursor')!;
  assert.ok(sorted.next?.includes(`sort=${sort}`), 'next keeps the sort');
  for (const other of [...others, '']) {
    const query = other ? `sort=${other}&` : '';
    const refused = await call(
      harness,
      'GET',
      `${url}?${query}cursor=${encodeURIComponent(cursor)}`,
      headers,
    );
    assertEnvelope(refused, 'invalid_cursor', 400, ['query/cursor']);
  }
  const plain = await list(headers, url);
  const plainCursor = new URL(plain.next!).searchParams.get('cursor')!;
  assertEnvelope(
    await call(harness, 'GET', `${url}?sort=${sort}&cursor=${encodeURIComponent(plainCursor)}`, headers),
    'invalid_cursor',
    400,
    ['query/cursor'],
  );
}

async function assertUnknownSorts(headers: Headers, url: string, bad: string[]) {
  for (const sort of bad) {
    const response = await call(harness, 'GET', `${url}?sort=${encodeURIComponent(sort)}`, headers);
    assertEnvelope(response, 'validation_error', 400);
  }
}

// Letters only, mixed case, repeating: ties across pages, and lower case among the capitals.
const NAMES = ['cedar', 'Alder', 'birch', 'Birch', 'aspen', 'Dogwood', 'elm', 'Cypress'];
const lowerName: KeyValue = (row) => String(row.display_name).toLowerCase();

describe('contact lists sorted by name', async () => {
  async function contactBooks() {
    const books = await signUp(harness);
    for (let index = 0; index < 53; index++) {
      const name = NAMES[index % NAMES.length]!;
      await createCustomer(harness, books.headers, { display_name: name });
      ok(await call(harness, 'POST', '/api/v1/vendors', books.headers, { display_name: name }), 201);
    }
    return { books };
  }
  let made: ReturnType<typeof contactBooks> | undefined;
  const setup = () => (made ??= contactBooks());

  for (const url of ['/api/v1/customers', '/api/v1/vendors']) {
    test(`${url}: by name both ways over pages, case-insensitively, ties by age`, async () => {
      const { books } = await setup();
      const all = await assertSorts(books.headers, url, { name: lowerName }, 53);
      const byName = await walkForward(books.headers, `${url}?sort=name`);
      assert.equal(byName[0]!.display_name, 'Alder');
      assert.equal(byName[7]!.display_name, 'aspen', 'lower case sorts among the capitals');
      // The filters and the sort together: only the birches, in their age order (equal names).
      const birches = await walkForward(books.headers, `${url}?search=birch&sort=-name`);
      assert.deepEqual(
        ids(birches),
        expectedOrder(
          all.filter((row) => lowerName(row) === 'birch'),
          lowerName,
          true,
        ),
      );
    });

    test(`${url}: a cursor stays in its order; a sort not offered is a validation error`, async () => {
      const { books } = await setup();
      await assertCursorBound(books.headers, url, 'name', ['-name']);
      await assertUnknownSorts(books.headers, url, [
        'balance',
        'display_name',
        '--name',
        'NAME',
        'name,-name',
      ]);
    });

    test(`${url}: another organization's contacts are never listed`, async () => {
      const { books } = await setup();
      const other = await signUp(harness);
      ok(await call(harness, 'POST', url, other.headers, { display_name: 'aaa first of all' }), 201);
      const mine = await walkForward(books.headers, `${url}?sort=name`);
      assert.equal(mine.length, 53);
      assert.ok(mine.every((row) => NAMES.includes(String(row.display_name))));
      const theirs = await walkForward(other.headers, `${url}?sort=-name`);
      assert.deepEqual(
        theirs.map((row) => row.display_name),
        ['aaa first of all'],
      );
    });
  }
});

describe('payment lists sorted by number, date, party and amount', async () => {
  /** `count` payments received of customers named `names` and as many bill payments of two vendors. */
  async function pay(books: Books, names: string[], count: number) {
    const customers = [];
    for (const name of names) {
      customers.push(await createCustomer(harness, books.headers, { display_name: name }));
    }
    const vendors = [];
    const bills = [];
    for (const name of ['Maple', 'Larch']) {
      const vendor = ok(
        await call(harness, 'POST', '/api/v1/vendors', books.headers, { display_name: name }),
        201,
      );
      vendors.push(vendor);
      const draft = ok(
        await call(harness, 'POST', '/api/v1/bills', books.headers, {
          vendor: vendor.id,
          bill_date: '2026-01-02',
          lines: [
            { description: 'Supplies', quantity: '1', unit_cost: '9999.00', account: books.accounts['6300'] },
          ],
        }),
        201,
      );
      bills.push(ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers)));
    }
    for (let index = 0; index < count; index++) {
      // Amounts repeat every 7 payments and dates every 9, so every key has ties across pages.
      const amount = `${(index % 7) + 1}.25`;
      const paymentDate = `2026-0${2 + (index % 3)}-1${index % 9}`;
      ok(
        await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
          customer: customers[index % customers.length]!.id,
          payment_date: paymentDate,
          amount,
          method: 'ach',
        }),
        201,
      );
      ok(
        await call(harness, 'POST', '/api/v1/bill-payments', books.headers, {
          vendor: vendors[index % 2].id,
          payment_date: paymentDate,
          amount,
          method: 'ach',
          paid_from_account: books.accounts['1000'],
          applications: [{ bill_id: bills[index % 2].id, amount }],
        }),
        201,
      );
    }
    return { customers, vendors };
  }
  /** 53 payments received of three customers and 53 bill payments of two vendors (on two big bills). */
  async function paymentBooks() {
    const books = await signUp(harness);
    return { books, ...(await pay(books, ['Cedar', 'Alder', 'Birch'], 53)) };
  }
  let made: ReturnType<typeof paymentBooks> | undefined;
  const setup = () => (made ??= paymentBooks());

  const common = {
    number: (row: Listed) => String(row.number),
    payment_date: (row: Listed) => String(row.payment_date),
    amount: (row: Listed) => parseMoney(String(row.amount)),
  };
  for (const [url, party, partyName, other] of [
    ['/api/v1/payments-received', 'customer', 'customer_name', 'vendor'],
    ['/api/v1/bill-payments', 'vendor', 'vendor_name', 'customer'],
  ] as const) {
    test(`${url}: every sort, both directions, forward and backward over pages`, async () => {
      const { books } = await setup();
      await assertSorts(
        books.headers,
        url,
        { ...common, [party]: (row: Listed) => String(row[partyName]) },
        53,
      );
    });

    test(`${url}: a cursor stays in its order; a sort not offered is a validation error`, async () => {
      const { books } = await setup();
      await assertCursorBound(books.headers, url, '-amount', ['amount', 'number', party]);
      await assertUnknownSorts(books.headers, url, [other, 'total', 'reference', '-', 'amount ']);
    });

    test(`${url}: another organization's payments are never listed`, async () => {
      const { books, customers, vendors } = await setup();
      const theirs = await signUp(harness);
      const their = await pay(theirs, ['Aardvark'], 2);
      const mine = await walkForward(books.headers, `${url}?sort=${party}`);
      assert.equal(mine.length, 53);
      const parties = party === 'customer' ? customers : vendors;
      assert.ok(mine.every((row) => parties.some((contact: { id: string }) => contact.id === row[party])));
      const theirParties = party === 'customer' ? their.customers : their.vendors;
      const theirRows = await walkForward(theirs.headers, `${url}?sort=-amount`);
      assert.equal(theirRows.length, 2);
      assert.ok(
        theirRows.every((row) => theirParties.some((contact: { id: string }) => contact.id === row[party])),
      );
      // A party filter naming the other books' contact finds nothing.
      const ours = await list(theirs.headers, `${url}?${party}=${parties[0]!.id}&sort=number`);
      assert.deepEqual(ours.results, []);
    });
  }
});
