// D66: bad input is a 400 in the envelope, never a 5xx, and writes nothing: text PostgreSQL cannot
// hold, dates outside 0001-01-01..9999-12-31 (given or derived), amounts past NUMERIC(20,4), cursors
// the service did not issue, and bodies nested too deep.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Books, call, type Harness, signUp, startHarness, today } from '../helpers/harness.ts';
import { createCustomer, invoiceBody, ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

let harness: Harness;
let books: Books;
before(async () => {
  harness = await startHarness();
  books = await signUp(harness);
});
after(() => harness.close());

function entry(lines: { account: string; debit?: string; credit?: string }[], txnDate = today) {
  return { txn_date: txnDate, memo: 'Bad input', lines };
}

function simpleEntry(amount = '100.00', txnDate = today) {
  return entry(
    [
      { account: books.accounts['1000']!, debit: amount },
      { account: books.accounts['3000']!, credit: amount },
    ],
    txnDate,
  );
}

function rawJson(url: string, body: string | Buffer, extra: Record<string, string> = {}) {
  return harness.app.inject({
    method: 'POST',
    url,
    headers: { ...books.headers, 'content-type': 'application/json', ...extra },
    payload: body,
  });
}

describe('text PostgreSQL cannot hold', () => {
  test('refuses a NUL character in a body field with 400 validation_error on that field', async () => {
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', '/api/v1/customers', books.headers, { display_name: 'Acme\u0000Ltd' }),
      'validation_error',
      ['display_name'],
    );
  });

  test('refuses a NUL character in a nested field with the D11 path lines/0/description', async () => {
    const body = simpleEntry() as { lines: Record<string, string>[] };
    body.lines[0]!.description = 'Cash\u0000';
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', '/api/v1/journal-entries', books.headers, body),
      'validation_error',
      ['lines/0/description'],
    );
  });

  test('refuses a NUL character in a search parameter with 400 validation_error on query/search', async () => {
    for (const url of ['/api/v1/customers?search=a%00b', '/api/v1/invoices?search=%00']) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'GET', url, books.headers),
        'validation_error',
        ['query/search'],
      );
    }
  });

  test('refuses a NUL character in a path parameter with 400 validation_error on path/id', async () => {
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'GET', '/api/v1/customers/%00', books.headers),
      'validation_error',
      ['path/id'],
    );
  });

  test('refuses a lone surrogate (\\ud800) in a JSON string with 400 validation_error on the field', async () => {
    await refusedUnchanged(
      harness,
      books,
      () => rawJson('/api/v1/customers', '{"display_name":"Acme \\ud800 Ltd"}'),
      'validation_error',
      ['display_name'],
    );
  });

  test('refuses a body that is not valid UTF-8 with 400 validation_error on body', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"display_name":"Acme '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    await refusedUnchanged(harness, books, () => rawJson('/api/v1/customers', bytes), 'validation_error', [
      'body',
    ]);
  });
});

describe('dates outside 0001-01-01..9999-12-31', () => {
  test('refuses year 0000 in a body date with 400 validation_error on txn_date', async () => {
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', '/api/v1/journal-entries', books.headers, simpleEntry('1.00', '0000-01-01')),
      'validation_error',
      ['txn_date'],
    );
  });

  test('refuses year 0000 in list filters and report parameters with 400 validation_error on the parameter', async () => {
    const cases: [string, string][] = [
      ['/api/v1/journal-entries?txn_date_from=0000-01-01', 'query/txn_date_from'],
      ['/api/v1/invoices?issue_date_to=0000-12-31', 'query/issue_date_to'],
      ['/api/v1/reports/trial-balance?as_of=0000-01-01', 'query/as_of'],
      ['/api/v1/reports/balance-sheet?as_of=0000-06-30', 'query/as_of'],
    ];
    for (const [url, field] of cases) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'GET', url, books.headers),
        'validation_error',
        [field],
      );
    }
  });

  test('accepts the first and last days of the range', async () => {
    const first = await call(harness, 'GET', '/api/v1/reports/trial-balance?as_of=0001-01-01', books.headers);
    assert.equal(first.statusCode, 200, first.body);
    const last = await call(harness, 'GET', '/api/v1/journal-entries?txn_date_to=9999-12-31', books.headers);
    assert.equal(last.statusCode, 200, last.body);
  });

  test('a general ledger from 0001-01-01 to 9999-12-31 answers 200 with a zero opening balance (the day before the first has none)', async () => {
    const own = await signUp(harness);
    const draft = ok(
      await call(harness, 'POST', '/api/v1/journal-entries', own.headers, {
        txn_date: '0001-01-01',
        lines: [
          { account: own.accounts['1000'], debit: '5.00' },
          { account: own.accounts['3000'], credit: '5.00' },
        ],
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, own.headers));
    const ledger = await call(
      harness,
      'GET',
      `/api/v1/reports/general-ledger?account=${own.accounts['1000']}&from=0001-01-01&to=9999-12-31`,
      own.headers,
    );
    assert.equal(ledger.statusCode, 200, ledger.body);
    assert.equal(ledger.json().opening_balance, '0.0000');
    assert.deepEqual(
      ledger.json().lines.map((line: { balance: string }) => line.balance),
      ['5.0000'],
    );
  });

  test('refuses an invoice whose due date (issue date + terms) would pass 9999-12-31, on issue_date', async () => {
    const customer = await createCustomer(harness, books.headers, { payment_terms: 'net_30' });
    const body = { ...invoiceBody(books, customer.id, ''), issue_date: '9999-12-15' };
    body.lines = body.lines.filter((line) => !line.is_taxable);
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', '/api/v1/invoices', books.headers, body),
      'validation_error',
      ['issue_date'],
    );
    const onTime = await call(harness, 'POST', '/api/v1/invoices', books.headers, {
      ...body,
      issue_date: '9999-12-01',
    });
    assert.equal(onTime.statusCode, 201, onTime.body);
    assert.equal(onTime.json().due_date, '9999-12-31');
  });
});

describe('derived due dates of bills (D66)', () => {
  async function vendorOn(terms: string): Promise<string> {
    return ok(
      await call(harness, 'POST', '/api/v1/vendors', books.headers, {
        display_name: `Vendor on ${terms}`,
        payment_terms: terms,
      }),
      201,
    ).id;
  }
  const billBody = (vendor: string, billDate: string) => ({
    vendor,
    bill_date: billDate,
    lines: [{ description: 'Paper', quantity: '1', unit_cost: '10.00', account: books.accounts['6300'] }],
  });

  test('refuses a bill whose due date (bill date + the vendor’s terms) would pass 9999-12-31, on bill_date', async () => {
    const vendor = await vendorOn('net_30');
    const refused = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', '/api/v1/bills', books.headers, billBody(vendor, '9999-12-31')),
      'validation_error',
      ['bill_date'],
    );
    assert.deepEqual(Object.keys(refused.json().error.detail.fields), ['bill_date']);
    const onTime = await call(
      harness,
      'POST',
      '/api/v1/bills',
      books.headers,
      billBody(vendor, '9999-12-01'),
    );
    assert.equal(onTime.statusCode, 201, onTime.body);
    assert.equal(onTime.json().due_date, '9999-12-31');

    // Moving the draft past the last date is refused on bill_date too, and leaves it as it was.
    const moved = await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'PATCH', `/api/v1/bills/${onTime.json().id}`, books.headers, {
          bill_date: '9999-12-31',
          version: onTime.json().version,
        }),
      'validation_error',
      ['bill_date'],
    );
    assert.deepEqual(Object.keys(moved.json().error.detail.fields), ['bill_date']);
  });

  test('a bill dated 9999-12-31 with its due date given, or on due_on_receipt, is accepted', async () => {
    const given = await call(harness, 'POST', '/api/v1/bills', books.headers, {
      ...billBody(await vendorOn('net_30'), '9999-12-31'),
      due_date: '9999-12-31',
    });
    assert.equal(given.statusCode, 201, given.body);
    assert.equal(given.json().due_date, '9999-12-31');
    const onReceipt = await call(
      harness,
      'POST',
      '/api/v1/bills',
      books.headers,
      billBody(await vendorOn('due_on_receipt'), '9999-12-31'),
    );
    assert.equal(onReceipt.statusCode, 201, onReceipt.body);
    assert.equal(onReceipt.json().due_date, '9999-12-31');
  });
});

describe('amounts past NUMERIC(20,4)', () => {
  test('refuses an invoice line whose quantity × unit_price passes 10^16 with 400 invalid_money', async () => {
    const customer = await createCustomer(harness, books.headers);
    const body = invoiceBody(books, customer.id, '');
    body.lines = [{ ...body.lines[1]!, quantity: '99999999999', unit_price: '999999999999999.99' }];
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', '/api/v1/invoices', books.headers, body),
      'invalid_money',
      ['lines/0/unit_price'],
    );
  });

  test('refuses invoice lines whose sum passes 10^16 with 400 invalid_money on lines', async () => {
    const customer = await createCustomer(harness, books.headers);
    const body = invoiceBody(books, customer.id, '');
    const big = { ...body.lines[1]!, quantity: '1', unit_price: '999999999999999.99' };
    body.lines = Array.from({ length: 11 }, () => big);
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', '/api/v1/invoices', books.headers, body),
      'invalid_money',
      ['lines'],
    );
  });

  test('refuses a journal entry whose total passes 10^16 with 400 invalid_money on lines', async () => {
    const side = (key: 'debit' | 'credit', account: string) =>
      Array.from({ length: 11 }, () => ({ account, [key]: '999999999999999.9999' }));
    const body = entry([
      ...side('debit', books.accounts['1000']!),
      ...side('credit', books.accounts['3000']!),
    ]);
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'POST', '/api/v1/journal-entries', books.headers, body),
      'invalid_money',
      ['lines'],
    );
  });

  test("refuses a posting that would take an account's daily total past 10^16, and later postings to it still work", async () => {
    const own = await signUp(harness);
    const nine = (key: 'debit' | 'credit', account: string) =>
      Array.from({ length: 9 }, () => ({ account, [key]: '999999999999999.0000' }));
    const large = {
      txn_date: today,
      memo: 'Large',
      lines: [...nine('debit', own.accounts['1000']!), ...nine('credit', own.accounts['3000']!)],
    };
    const post = async (body: unknown) => {
      const draft = await call(harness, 'POST', '/api/v1/journal-entries', own.headers, body);
      assert.equal(draft.statusCode, 201, draft.body);
      return {
        id: draft.json().id as string,
        post: () => call(harness, 'POST', `/api/v1/journal-entries/${draft.json().id}/post`, own.headers),
      };
    };
    const first = await post(large);
    assert.equal((await first.post()).statusCode, 200);
    const second = await post(large);
    const refused = await refusedUnchanged(harness, own, second.post, 'invalid_money', ['lines']);
    assert.match(refused.json().error.message, /total for the day/);
    // Under an Idempotency-Key the refusal is stored (D35) and replayed; the books stay as they were.
    const keyed = { ...own.headers, 'idempotency-key': 'day-total-overflow' };
    const postKeyed = () => call(harness, 'POST', `/api/v1/journal-entries/${second.id}/post`, keyed);
    const first400 = await refusedUnchanged(harness, own, postKeyed, 'invalid_money', ['lines']);
    const replay = await refusedUnchanged(harness, own, postKeyed, 'invalid_money', ['lines']);
    assert.equal(replay.body, first400.body);
    const draft = await call(harness, 'GET', `/api/v1/journal-entries/${second.id}`, own.headers);
    assert.equal(draft.json().status, 'draft', 'the refused entry stays a draft');
    // The day's summary rows and the JE counter are as the first posting left them: ordinary
    // postings to the same accounts, on the same day, post and number on.
    for (let round = 0; round < 3; round++) {
      const small = await post({
        txn_date: today,
        memo: 'Ordinary',
        lines: [
          { account: own.accounts['1000']!, debit: '100.00' },
          { account: own.accounts['3000']!, credit: '100.00' },
        ],
      });
      const posted = await small.post();
      assert.equal(posted.statusCode, 200, posted.body);
      assert.equal(posted.json().status, 'posted');
    }
    const bank = await call(harness, 'GET', `/api/v1/accounts/${own.accounts['1000']}`, own.headers);
    assert.equal(bank.statusCode, 200, bank.body);
    assert.equal(bank.json().balance, `${9n * 999999999999999n + 300n}.0000`);
  });
});

describe('sums of stored amounts past NUMERIC(20,4) still read', () => {
  test('an account whose days add up past 10^16 reads in balances and reports; a customer owing that much reads too', async () => {
    const own = await signUp(harness);
    const customer = await createCustomer(harness, own.headers, { payment_terms: 'due_on_receipt' });
    const big = {
      ...invoiceBody(own, customer.id, '').lines[1]!,
      quantity: '1',
      unit_price: '999999999999999.00',
    };
    for (const day of ['2026-01-05', '2026-01-06']) {
      const lines = Array.from({ length: 9 }, () => big);
      const draft = ok(
        await call(harness, 'POST', '/api/v1/invoices', own.headers, {
          customer: customer.id,
          issue_date: day,
          lines,
        }),
        201,
      );
      ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, own.headers));
    }
    const owed = `${2n * 9n * 999999999999999n}.0000`;
    const urls = [
      `/api/v1/accounts/${own.accounts['1100']}`,
      '/api/v1/accounts',
      '/api/v1/reports/trial-balance',
      '/api/v1/reports/balance-sheet',
      `/api/v1/customers/${customer.id}`,
      '/api/v1/customers',
    ];
    for (const url of urls) {
      const response = await call(harness, 'GET', url, own.headers);
      assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
      assert.ok(response.body.includes(owed), `${url} shows ${owed}`);
    }
  });
});

describe('cursors the service did not issue', () => {
  async function customersWithCursor(own: Books): Promise<string> {
    for (let i = 0; i < 51; i++) await createCustomer(harness, own.headers, { display_name: `C${i}` });
    const page = ok(await call(harness, 'GET', '/api/v1/customers', own.headers));
    assert.ok(page.next, 'a second page');
    return new URL(page.next).searchParams.get('cursor')!;
  }

  test('a cursor issued by a list pages that list', async () => {
    const own = await signUp(harness);
    const cursor = await customersWithCursor(own);
    const next = await call(harness, 'GET', `/api/v1/customers?cursor=${cursor}`, own.headers);
    assert.equal(next.statusCode, 200, next.body);
    assert.equal(next.json().results.length, 1);
  });

  test('refuses an edited cursor (valid-looking base64 JSON with a bad timestamp or id) with 400 invalid_cursor', async () => {
    const own = await signUp(harness);
    const cursor = await customersWithCursor(own);
    const [inner, mac] = cursor.split('.');
    const payload = JSON.parse(Buffer.from(inner!, 'base64url').toString());
    const forged = [
      { ...payload, t: '0000-13-45T99:99:99Z' },
      { ...payload, i: 'ffffffff-ffff-ffff-ffff-ffffffffffff' },
      { ...payload, t: '294277-01-01T00:00:00Z' },
    ].map((edited) => `${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${mac}`);
    for (const text of [...forged, inner!, `${inner}.`, 'garbage', `${cursor}x`, '.'.repeat(3)]) {
      await refusedUnchanged(
        harness,
        own,
        () => call(harness, 'GET', `/api/v1/customers?cursor=${encodeURIComponent(text)}`, own.headers),
        'invalid_cursor',
        ['query/cursor'],
      );
    }
  });

  test('refuses a cursor of one list on another list with 400 invalid_cursor', async () => {
    const own = await signUp(harness);
    const cursor = await customersWithCursor(own);
    for (const url of [
      '/api/v1/invoices',
      '/api/v1/journal-entries',
      '/api/v1/accounts',
      '/api/v1/changes',
    ]) {
      await refusedUnchanged(
        harness,
        own,
        () => call(harness, 'GET', `${url}?cursor=${cursor}`, own.headers),
        'invalid_cursor',
        ['query/cursor'],
      );
    }
  });

  test('refuses an edited change-feed cursor and accepts the one it issued', async () => {
    const own = await signUp(harness);
    await createCustomer(harness, own.headers);
    const head = ok(await call(harness, 'GET', '/api/v1/changes', own.headers)).cursor as string;
    const [inner, mac] = head.split('.');
    const payload = JSON.parse(Buffer.from(inner!, 'base64url').toString());
    assert.notEqual(payload.s, '0', 'the head is past the first change');
    const edited = `${Buffer.from(JSON.stringify({ ...payload, s: '0' })).toString('base64url')}.${mac}`;
    await refusedUnchanged(
      harness,
      own,
      () => call(harness, 'GET', `/api/v1/changes?cursor=${edited}`, own.headers),
      'invalid_cursor',
      ['query/cursor'],
    );
    const again = await call(harness, 'GET', `/api/v1/changes?cursor=${head}`, own.headers);
    assert.equal(again.statusCode, 200, again.body);
  });
});

describe('bodies nested too deep', () => {
  test('refuses a body nested deeper than 32 levels with an Idempotency-Key with 400 validation_error', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    await refusedUnchanged(
      harness,
      books,
      () =>
        rawJson('/api/v1/journal-entries', `{"txn_date":"${today}","lines":${deep}}`, {
          'idempotency-key': 'deep-body',
        }),
      'validation_error',
      ['body'],
    );
  });

  test('accepts 32 levels and refuses 33', async () => {
    const nested = (levels: number) => {
      let body: unknown = {};
      for (let i = 1; i < levels; i++) body = { memo: body };
      return JSON.stringify(body);
    };
    const at32 = await rawJson('/api/v1/journal-entries', nested(32));
    assert.equal(at32.statusCode, 400);
    assert.equal(at32.json().error.detail.fields.body, undefined, 'refused by the schema, not the depth');
    await refusedUnchanged(
      harness,
      books,
      () => rawJson('/api/v1/journal-entries', nested(33)),
      'validation_error',
      ['body'],
    );
  });
});
