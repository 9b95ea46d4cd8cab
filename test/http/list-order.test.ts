// Document lists, issue 21: invoices and bills sorted by a key (`?sort=`, both directions) with keyset
// pages that stay in that order forwards, backwards and from `cursor=last`; a cursor refused under
// another order; the overdue and date filters; and the totals of what the filters match (every page,
// exact decimal strings), never counting another organization's documents.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { INVOICE_SORT_KEYS } from '../../src/domain/list-order.ts';
import { formatMoney, parseMoney } from '../../src/domain/money.ts';
import { type Books, call, type Headers, signUp, today, useHarness } from '../helpers/harness.ts';
import { createCustomer, ok } from '../helpers/receivables.ts';
import { assertEnvelope } from '../helpers/refusals.ts';

const harness = useHarness();

interface Listed {
  id: string;
  number: string | null;
  status: string;
  total: string;
  balance_due: string;
  due_date: string;
  days_overdue: number;
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

/** Every row of a list, following `next` from `url`. */
async function walkForward(headers: Headers, url: string) {
  const rows: Listed[] = [];
  let page = await list(headers, url);
  rows.push(...page.results);
  while (page.next) {
    page = await list(headers, path(page.next));
    rows.push(...page.results);
  }
  return rows;
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

/** The order a key gives, ties (and equal keys) by (created_at, id), all in the same direction. */
function expectedOrder(rows: Listed[], value: (row: Listed) => string | bigint, descending: boolean) {
  const compare = (a: string | bigint, b: string | bigint) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...rows].sort(
    (a, b) => compare(value(a), value(b)) || compare(a.created_at, b.created_at) || compare(a.id, b.id),
  );
  return (descending ? sorted.reverse() : sorted).map((row) => row.id);
}

const ids = (rows: Listed[]) => rows.map((row) => row.id);
const sum = (rows: Listed[], field: 'total' | 'balance_due') =>
  formatMoney(rows.reduce((total, row) => total + parseMoney(row[field]), 0n));

function invoiceOf(books: Books, customer: string, index: number) {
  // Prices repeat every 7 invoices and dates every 9, so every key has ties across pages.
  return {
    customer,
    issue_date:
      index % 5 === 0 ? today : `2026-0${1 + (index % 3)}-${String(10 + (index % 9)).padStart(2, '0')}`,
    lines: [
      {
        description: `Work ${index}`,
        quantity: '1',
        unit_price: `${(index % 7) + 1}0.25`,
        income_account: books.accounts['4100'],
      },
    ],
  };
}

/** 56 invoices of three customers: drafts, sent (some overdue, some not), paid in part, one void. */
async function invoiceBooks() {
  const books = await signUp(harness);
  const customers = [];
  for (const [name, terms] of [
    ['Cedar', 'net_30'],
    ['Alder', 'net_15'],
    ['Birch', 'due_on_receipt'],
  ] as const) {
    customers.push(
      await createCustomer(harness, books.headers, { display_name: name, payment_terms: terms }),
    );
  }
  for (let index = 0; index < 56; index++) {
    const customer = customers[index % 3]!;
    const draft = ok(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, invoiceOf(books, customer.id, index)),
      201,
    );
    if (index % 4 === 0) continue; // a draft
    await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers);
    if (index % 4 === 1) {
      const paid = await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: customer.id,
        payment_date: today,
        amount: '5.10',
        method: 'ach',
        reference: `P${index}`,
        applications: [{ invoice_id: draft.id, amount: '5.10' }],
      });
      ok(paid, 201);
    }
    if (index === 2) ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/void`, books.headers));
  }
  return { books, customers };
}

const INVOICE_KEY_VALUES: Record<(typeof INVOICE_SORT_KEYS)[number], (row: Listed) => string | bigint> = {
  number: (row) => row.number ?? '',
  issue_date: (row) => String(row.issue_date),
  due_date: (row) => row.due_date,
  customer: (row) => String(row.customer_name),
  total: (row) => parseMoney(row.total),
  balance_due: (row) => parseMoney(row.balance_due),
};

describe('invoice list order, filters and totals', async () => {
  // Made by the first test that needs them (the harness starts in a `before` hook), then shared.
  let made: ReturnType<typeof invoiceBooks> | undefined;
  const setup = () => (made ??= invoiceBooks());

  test('every sort, both directions: pages forward, backward and from the last page stay in its order', async () => {
    const { books } = await setup();
    const all = await walkForward(books.headers, '/api/v1/invoices');
    assert.equal(all.length, 56);
    for (const key of INVOICE_SORT_KEYS) {
      for (const descending of [false, true]) {
        const sort = `${descending ? '-' : ''}${key}`;
        const expected = expectedOrder(all, INVOICE_KEY_VALUES[key], descending);
        const forward = await walkForward(books.headers, `/api/v1/invoices?sort=${sort}`);
        assert.deepEqual(ids(forward), expected, `sort=${sort} forward`);
        const backward = await walkBackward(books.headers, `/api/v1/invoices?sort=${sort}&cursor=last`);
        assert.deepEqual(ids(backward), expected, `sort=${sort} from the last page backward`);
      }
    }
  });

  test('a filter and a sort together: the invoices issued from Jan 11 by balance due, descending, over pages', async () => {
    const { books } = await setup();
    const all = await walkForward(books.headers, '/api/v1/invoices');
    const sent = all.filter((row) => String(row.issue_date) >= '2026-01-11');
    assert.ok(sent.length < all.length && sent.length > 50, 'the filter leaves more than a page');
    const rows = await walkForward(
      books.headers,
      '/api/v1/invoices?issue_date_from=2026-01-11&sort=-balance_due',
    );
    assert.deepEqual(
      ids(rows),
      expectedOrder(sent, (row) => parseMoney(row.balance_due), true),
    );
    const first = await list(books.headers, '/api/v1/invoices?issue_date_from=2026-01-11&sort=-balance_due');
    assert.ok(first.next?.includes('sort=-balance_due'), 'next keeps the sort');
    assert.ok(first.next?.includes('issue_date_from=2026-01-11'), 'and the filter');
  });

  test('a cursor is refused under another sort, and a sort that is not offered is a validation error', async () => {
    const { books } = await setup();
    const byTotal = await list(books.headers, '/api/v1/invoices?sort=total');
    const cursor = new URL(byTotal.next!).searchParams.get('cursor')!;
    for (const other of ['-total', 'number', '']) {
      const query = other ? `sort=${other}&` : '';
      const refused = await call(
        harness,
        'GET',
        `/api/v1/invoices?${query}cursor=${encodeURIComponent(cursor)}`,
        books.headers,
      );
      assertEnvelope(refused, 'invalid_cursor', 400, ['query/cursor']);
    }
    const plain = await list(books.headers, '/api/v1/invoices');
    const plainCursor = new URL(plain.next!).searchParams.get('cursor')!;
    const refused = await call(
      harness,
      'GET',
      `/api/v1/invoices?sort=total&cursor=${encodeURIComponent(plainCursor)}`,
      books.headers,
    );
    assertEnvelope(refused, 'invalid_cursor', 400, ['query/cursor']);

    for (const bad of ['memo', '--total', 'total,number', 'TOTAL']) {
      const response = await call(
        harness,
        'GET',
        `/api/v1/invoices?sort=${encodeURIComponent(bad)}`,
        books.headers,
      );
      assertEnvelope(response, 'validation_error', 400);
    }
    const badTotals = await call(harness, 'GET', '/api/v1/invoices/totals?overdue=maybe', books.headers);
    assertEnvelope(badTotals, 'validation_error', 400);
  });

  test('overdue and the issue-date range filter the list and its totals alike', async () => {
    const { books } = await setup();
    const all = await walkForward(books.headers, '/api/v1/invoices');
    const overdue = all.filter((row) => row.days_overdue > 0);
    assert.ok(overdue.length > 10 && overdue.length < all.length);
    assert.ok(
      all.some((row) => row.status === 'sent' && row.days_overdue === 0),
      'a sent invoice not yet due',
    );
    assert.deepEqual(ids(await walkForward(books.headers, '/api/v1/invoices?overdue=true')), ids(overdue));
    assert.deepEqual(
      ids(await walkForward(books.headers, '/api/v1/invoices?overdue=false')),
      ids(all.filter((row) => row.days_overdue === 0)),
    );
    const february = all.filter((row) => String(row.issue_date).startsWith('2026-02'));
    const range = '?issue_date_from=2026-02-01&issue_date_to=2026-02-28';
    assert.deepEqual(
      ids(await walkForward(books.headers, `/api/v1/invoices${range}&sort=issue_date`)),
      expectedOrder(february, (row) => String(row.issue_date), false),
    );

    for (const [query, rows] of [
      ['', all],
      ['?overdue=true', overdue],
      ['?status=sent', all.filter((row) => row.status === 'sent')],
      ['?status=void', all.filter((row) => row.status === 'void')],
      [range, february],
      ['?search=cedar&overdue=true', overdue.filter((row) => row.customer_name === 'Cedar')],
    ] as const) {
      const totals = ok(await call(harness, 'GET', `/api/v1/invoices/totals${query}`, books.headers));
      assert.deepEqual(
        totals,
        {
          count: rows.length,
          currency: 'USD',
          total: sum(rows, 'total'),
          balance_due: sum(rows, 'balance_due'),
        },
        `totals of ${query || 'every invoice'}`,
      );
    }
    const voided = ok(await call(harness, 'GET', '/api/v1/invoices/totals?status=void', books.headers));
    assert.equal(voided.balance_due, '0.0000', 'a void invoice owes nothing');
  });

  test("another organization's invoices are never listed or counted", async () => {
    const { books, customers } = await setup();
    const before = ok(await call(harness, 'GET', '/api/v1/invoices/totals', books.headers));
    const other = await signUp(harness);
    const theirs = await createCustomer(harness, other.headers, { display_name: 'Alder' });
    for (let index = 0; index < 3; index++) {
      const draft = ok(
        await call(harness, 'POST', '/api/v1/invoices', other.headers, invoiceOf(other, theirs.id, index)),
        201,
      );
      await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, other.headers);
    }
    assert.deepEqual(ok(await call(harness, 'GET', '/api/v1/invoices/totals', books.headers)), before);
    const mine = ok(
      await call(harness, 'GET', `/api/v1/invoices/totals?customer=${theirs.id}`, books.headers),
    );
    assert.deepEqual(mine, { count: 0, currency: 'USD', total: '0.0000', balance_due: '0.0000' });
    const theirTotals = ok(
      await call(harness, 'GET', `/api/v1/invoices/totals?customer=${customers[0]!.id}`, other.headers),
    );
    assert.equal(theirTotals.count, 0);
    const sorted = await walkForward(books.headers, '/api/v1/invoices?sort=customer');
    assert.equal(sorted.length, before.count);
    assert.ok(sorted.every((row) => customers.some((customer) => customer.id === row.customer)));
  });
});

describe('bill list order, filters and totals', async () => {
  async function billBooks() {
    const books = await signUp(harness);
    const vendors = [];
    for (const name of ['Maple', 'Larch']) {
      const vendor = ok(
        await call(harness, 'POST', '/api/v1/vendors', books.headers, {
          display_name: name,
          payment_terms: 'net_15',
        }),
        201,
      );
      vendors.push(vendor);
    }
    for (let index = 0; index < 53; index++) {
      const draft = ok(
        await call(harness, 'POST', '/api/v1/bills', books.headers, {
          vendor: vendors[index % 2].id,
          bill_date: index % 6 === 0 ? today : `2026-0${1 + (index % 4)}-1${index % 10}`,
          lines: [
            {
              description: `Supplies ${index}`,
              quantity: '1',
              unit_cost: `${(index % 5) + 1}1.05`,
              account: books.accounts['6300'],
            },
          ],
        }),
        201,
      );
      if (index % 3 !== 0) ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers));
    }
    return { books, vendors };
  }
  let made: ReturnType<typeof billBooks> | undefined;
  const setup = () => (made ??= billBooks());

  test('sorted by vendor, bill date, due date and balance due over pages, both directions', async () => {
    const { books } = await setup();
    const all = await walkForward(books.headers, '/api/v1/bills');
    assert.equal(all.length, 53);
    const keys: Record<string, (row: Listed) => string | bigint> = {
      vendor: (row) => String(row.vendor_name),
      bill_date: (row) => String(row.bill_date),
      due_date: (row) => row.due_date,
      number: (row) => row.number ?? '',
      total: (row) => parseMoney(row.total),
      balance_due: (row) => parseMoney(row.balance_due),
    };
    for (const [key, value] of Object.entries(keys)) {
      for (const descending of [false, true]) {
        const sort = `${descending ? '-' : ''}${key}`;
        const expected = expectedOrder(all, value, descending);
        assert.deepEqual(ids(await walkForward(books.headers, `/api/v1/bills?sort=${sort}`)), expected, sort);
        assert.deepEqual(
          ids(await walkBackward(books.headers, `/api/v1/bills?sort=${sort}&cursor=last`)),
          expected,
          `${sort} backward`,
        );
      }
    }
    const refused = await call(harness, 'GET', '/api/v1/bills?sort=customer', books.headers);
    assertEnvelope(refused, 'validation_error', 400);
  });

  test('overdue, the bill-date range and the totals of what they match', async () => {
    const { books } = await setup();
    const all = await walkForward(books.headers, '/api/v1/bills');
    const overdue = all.filter((row) => row.days_overdue > 0);
    assert.ok(overdue.length > 0 && overdue.every((row) => row.status === 'open'));
    assert.deepEqual(ids(await walkForward(books.headers, '/api/v1/bills?overdue=true')), ids(overdue));
    const march = all.filter((row) => String(row.bill_date).startsWith('2026-03'));
    const range = '?bill_date_from=2026-03-01&bill_date_to=2026-03-31';
    assert.deepEqual(ids(await walkForward(books.headers, `/api/v1/bills${range}`)), ids(march));
    for (const [query, rows] of [
      ['', all],
      ['?overdue=true', overdue],
      [range, march],
      ['?status=open', all.filter((row) => row.status === 'open')],
    ] as const) {
      const totals = ok(await call(harness, 'GET', `/api/v1/bills/totals${query}`, books.headers));
      assert.deepEqual(
        totals,
        {
          count: rows.length,
          currency: 'USD',
          total: sum(rows, 'total'),
          balance_due: sum(rows, 'balance_due'),
        },
        `bill totals of ${query || 'every bill'}`,
      );
    }
    const other = await signUp(harness);
    const empty = ok(await call(harness, 'GET', '/api/v1/bills/totals', other.headers));
    assert.deepEqual(empty, { count: 0, currency: 'USD', total: '0.0000', balance_due: '0.0000' });
  });
});

describe('credit note and vendor credit list order', async () => {
  /** 52 of each: drafts (no number yet) and issued ones, of two parties, dates and totals repeating. */
  async function creditBooks() {
    const books = await signUp(harness);
    const customers = [];
    for (const name of ['Rowan', 'Aspen']) {
      customers.push(await createCustomer(harness, books.headers, { display_name: name }));
    }
    const vendors = [];
    for (const name of ['Spruce', 'Hazel']) {
      vendors.push(
        ok(await call(harness, 'POST', '/api/v1/vendors', books.headers, { display_name: name }), 201),
      );
    }
    for (let index = 0; index < 52; index++) {
      const note = ok(
        await call(harness, 'POST', '/api/v1/credit-notes', books.headers, {
          customer: customers[index % 2]!.id,
          issue_date: `2026-0${1 + (index % 3)}-0${1 + (index % 7)}`,
          lines: [
            {
              description: `Refund ${index}`,
              quantity: '1',
              unit_price: `${(index % 6) + 1}.50`,
              income_account: books.accounts['4100'],
            },
          ],
        }),
        201,
      );
      if (index % 3 !== 0)
        ok(await call(harness, 'POST', `/api/v1/credit-notes/${note.id}/issue`, books.headers));
      const credit = ok(
        await call(harness, 'POST', '/api/v1/vendor-credits', books.headers, {
          vendor: vendors[index % 2].id,
          credit_date: `2026-0${1 + (index % 4)}-1${index % 8}`,
          lines: [
            {
              description: `Return ${index}`,
              quantity: '1',
              unit_cost: `${(index % 5) + 1}.25`,
              account: books.accounts['6300'],
            },
          ],
        }),
        201,
      );
      if (index % 4 !== 0)
        ok(await call(harness, 'POST', `/api/v1/vendor-credits/${credit.id}/issue`, books.headers));
    }
    return { books };
  }
  let made: ReturnType<typeof creditBooks> | undefined;
  const setup = () => (made ??= creditBooks());

  for (const [url, keys] of [
    [
      '/api/v1/credit-notes',
      {
        number: (row: Listed) => row.number ?? '',
        issue_date: (row: Listed) => String(row.issue_date),
        customer: (row: Listed) => String(row.customer_name),
        total: (row: Listed) => parseMoney(row.total),
      },
    ],
    [
      '/api/v1/vendor-credits',
      {
        number: (row: Listed) => row.number ?? '',
        credit_date: (row: Listed) => String(row.credit_date),
        vendor: (row: Listed) => String(row.vendor_name),
        total: (row: Listed) => parseMoney(row.total),
      },
    ],
  ] as const) {
    test(`${url}: every sort, both directions, forward and backward over pages (drafts without a number first)`, async () => {
      const { books } = await setup();
      const all = await walkForward(books.headers, url);
      assert.equal(all.length, 52);
      for (const [key, value] of Object.entries(keys)) {
        for (const descending of [false, true]) {
          const sort = `${descending ? '-' : ''}${key}`;
          const expected = expectedOrder(all, value, descending);
          assert.deepEqual(ids(await walkForward(books.headers, `${url}?sort=${sort}`)), expected, sort);
          assert.deepEqual(
            ids(await walkBackward(books.headers, `${url}?sort=${sort}&cursor=last`)),
            expected,
            `${sort} backward`,
          );
        }
      }
      const byTotal = await list(books.headers, `${url}?sort=total`);
      const cursor = new URL(byTotal.next!).searchParams.get('cursor')!;
      assertEnvelope(
        await call(harness, 'GET', `${url}?sort=number&cursor=${encodeURIComponent(cursor)}`, books.headers),
        'invalid_cursor',
        400,
        ['query/cursor'],
      );
      assertEnvelope(
        await call(harness, 'GET', `${url}?sort=due_date`, books.headers),
        'validation_error',
        400,
      );
    });
  }
});
