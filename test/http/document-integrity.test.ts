// D63: an entry a document posted (an invoice's send, an invoice's void, a payment) changes only
// through that document. POST /journal-entries/{id}/reverse on it answers 409 invalid_state naming
// the document and its own action, and writes nothing; an entry is never reversed twice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type Books,
  call,
  errorCode,
  listen,
  onPostgres,
  signUp,
  today,
  useHarness,
} from '../helpers/harness.ts';
import { postEntry } from '../helpers/ledger.ts';
import {
  assertNothingWritten,
  createCustomer,
  createTaxRate,
  observe,
  ok,
  refusedNothingWritten,
  sentInvoice,
} from '../helpers/receivables.ts';

const harness = useHarness();

/** A sent invoice to a new customer. */
async function sentInvoiceOf(books: Books) {
  const customer = await createCustomer(harness, books.headers);
  const tax = await createTaxRate(harness, books.headers);
  return sentInvoice(harness, books, customer.id, tax.id);
}

/** What a refused reversal must leave as it was: the entry, the documents, balances and the books. */
function readBack(entryId: string, documentUrls: string[]) {
  return [
    `/api/v1/journal-entries/${entryId}`,
    '/api/v1/journal-entries',
    '/api/v1/accounts',
    `/api/v1/reports/trial-balance?as_of=${today}`,
    ...documentUrls,
  ];
}

async function refusedReversal(books: Books, entryId: string, documentUrls: string[]) {
  const send = () => call(harness, 'POST', `/api/v1/journal-entries/${entryId}/reverse`, books.headers, {});
  return refusedNothingWritten(harness, books, readBack(entryId, documentUrls), send, 409, 'invalid_state');
}

async function balanceOf(books: Books, number: string): Promise<string> {
  return ok(await call(harness, 'GET', `/api/v1/accounts/${books.accounts[number]}`, books.headers)).balance;
}

describe('reversing a document entry (D63)', () => {
  test("the invoice's entry: 409 invalid_state naming the invoice and its void, nothing written; the void still works once", async () => {
    const books = await signUp(harness);
    const invoice = await sentInvoiceOf(books);
    const error = await refusedReversal(books, invoice.journal_entry!, [`/api/v1/invoices/${invoice.id}`]);
    assert.match(error.message, new RegExp(`invoice ${invoice.number}; void the invoice instead`));
    assert.equal(error.detail.source_type, 'invoice');
    assert.equal(error.detail.source_id, invoice.id);
    assert.equal(error.detail.document_number, invoice.number);
    assert.equal(await balanceOf(books, '1100'), invoice.total, 'receivables still hold the invoice');

    const voided = ok(await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/void`, books.headers));
    assert.equal(voided.status, 'void');
    const original = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${invoice.journal_entry}`, books.headers),
    );
    const reversals = ok(
      await call(harness, 'GET', '/api/v1/journal-entries?source_type=invoice_void', books.headers),
    ).results;
    assert.equal(reversals.length, 1, 'one reversal, by the void');
    assert.equal(original.reversed_by_entry, reversals[0].id);
    assert.equal(await balanceOf(books, '1100'), '0.0000');
  });

  test("the entry of an invoice's void: 409 invalid_state naming the void, nothing written", async () => {
    const books = await signUp(harness);
    const invoice = await sentInvoiceOf(books);
    const voided = ok(await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/void`, books.headers));
    const [voidEntry] = ok(
      await call(harness, 'GET', `/api/v1/journal-entries?source_type=invoice_void`, books.headers),
    ).results;
    const error = await refusedReversal(books, voidEntry.id, [`/api/v1/invoices/${voided.id}`]);
    assert.match(error.message, new RegExp(`the void of invoice ${invoice.number}`));
    assert.equal(error.detail.source_type, 'invoice_void');
  });

  test("a payment's entry: 409 invalid_state naming the payment, nothing written", async () => {
    const books = await signUp(harness);
    const invoice = await sentInvoiceOf(books);
    const payment = ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: invoice.customer,
        payment_date: today,
        amount: '500.00',
        method: 'ach',
        applications: [{ invoice_id: invoice.id, amount: '500.00' }],
      }),
      201,
    );
    const error = await refusedReversal(books, payment.journal_entry, [
      `/api/v1/payments-received/${payment.id}`,
      `/api/v1/invoices/${invoice.id}`,
    ]);
    assert.match(error.message, new RegExp(`payment ${payment.number}; void the payment instead`));
    assert.equal(error.detail.source_type, 'payment_received');
  });

  test('a manual entry and a manual reversal stay reversible, each once', async () => {
    const books = await signUp(harness);
    const posted = await postEntry(harness, books.headers, {
      txn_date: today,
      lines: [
        { account: books.accounts['1000'], debit: '100.00' },
        { account: books.accounts['3000'], credit: '100.00' },
      ],
    });
    const reversal = ok(
      await call(harness, 'POST', `/api/v1/journal-entries/${posted.id}/reverse`, books.headers, {}),
      201,
    );
    const again = ok(
      await call(harness, 'POST', `/api/v1/journal-entries/${reversal.id}/reverse`, books.headers, {}),
      201,
    );
    assert.equal(again.reverses_entry, reversal.id);
    await refusedReversal(books, posted.id, []);
  });

  test('concurrent reversals and voids: one wins, reversed_by_entry is never overwritten', async () => {
    const books = await signUp(harness);
    const base = onPostgres ? await listen(harness) : undefined;
    const post = async (url: string) => {
      if (!base) return (await call(harness, 'POST', url, books.headers, {})).statusCode;
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...books.headers, 'content-type': 'application/json' },
        body: '{}',
      });
      await response.arrayBuffer();
      return response.status;
    };
    const entry = ok(
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
        txn_date: today,
        lines: [
          { account: books.accounts['1000'], debit: '100.00' },
          { account: books.accounts['3000'], credit: '100.00' },
        ],
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/journal-entries/${entry.id}/post`, books.headers));
    const invoice = await sentInvoiceOf(books);
    const statuses = await Promise.all([
      ...Array.from({ length: 4 }, () => post(`/api/v1/journal-entries/${entry.id}/reverse`)),
      ...Array.from({ length: 2 }, () => post(`/api/v1/journal-entries/${invoice.journal_entry}/reverse`)),
      ...Array.from({ length: 2 }, () => post(`/api/v1/invoices/${invoice.id}/void`)),
    ]);
    assert.deepEqual(statuses.slice(0, 4).sort(), [201, 409, 409, 409], 'one manual reversal');
    assert.deepEqual(statuses.slice(4, 6), [409, 409], 'never a manual reversal of the invoice entry');
    assert.deepEqual(statuses.slice(6).sort(), [200, 409], 'one void');

    // The manual entry: created 1, posted 2, reversed 3; the invoice's entry: posted 1, voided 2.
    for (const [id, version] of [
      [entry.id, 3],
      [invoice.journal_entry, 2],
    ] as const) {
      const reversals = ok(
        await call(harness, 'GET', `/api/v1/journal-entries?status=posted`, books.headers),
      ).results.filter((row: { reverses_entry: string | null }) => row.reverses_entry === id);
      assert.equal(reversals.length, 1, `entry ${id} is reversed once`);
      const original = ok(await call(harness, 'GET', `/api/v1/journal-entries/${id}`, books.headers));
      assert.equal(original.reversed_by_entry, reversals[0].id);
      assert.equal(original.version, version, 'one version bump for the one reversal');
    }
    assert.equal(await balanceOf(books, '1100'), '0.0000');
    assert.equal(await balanceOf(books, '1000'), '0.0000');
  });
});

describe('Accounts Receivable moves only with documents (D57, D69)', () => {
  const onReceivable = (books: Books, debit = '25.00') => ({
    txn_date: today,
    lines: [
      { account: books.accounts['4000'], credit: debit },
      { account: books.accounts['1100'], debit },
    ],
  });

  test('a manual line on Accounts Receivable is 400 validation_error on lines/1/account, on create and on PATCH, nothing written', async () => {
    const books = await signUp(harness);
    const before = await observe(harness, books.headers, books.organizationId, [
      '/api/v1/journal-entries',
      '/api/v1/accounts',
    ]);
    for (const body of [onReceivable(books), { ...onReceivable(books), post: true }]) {
      const response = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, body);
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(errorCode(response), 'validation_error');
      assert.match(
        response.json().error.detail.fields['lines/1/account'][0],
        /kept by invoices and payments/,
      );
    }
    await assertNothingWritten(before);

    const draft = ok(
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
        txn_date: today,
        lines: [
          { account: books.accounts['4000'], credit: '25.00' },
          { account: books.accounts['1000'], debit: '25.00' },
        ],
      }),
      201,
    );
    const patched = await call(harness, 'PATCH', `/api/v1/journal-entries/${draft.id}`, books.headers, {
      lines: onReceivable(books).lines,
    });
    assert.equal(patched.statusCode, 400, patched.body);
    assert.ok(patched.json().error.detail.fields['lines/1/account']);
    const unchanged = ok(await call(harness, 'GET', `/api/v1/journal-entries/${draft.id}`, books.headers));
    assert.equal(unchanged.lines[1].account, books.accounts['1000']);
    assert.equal(unchanged.version, 1);
  });

  test('a draft on Accounts Receivable saved before the rule is refused when posted, and takes no number', async () => {
    const books = await signUp(harness);
    const draft = ok(
      await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
        txn_date: today,
        lines: [
          { account: books.accounts['4000'], credit: '25.00' },
          { account: books.accounts['1000'], debit: '25.00' },
        ],
      }),
      201,
    );
    // What an older Folio let a draft hold: the line moved onto the receivable behind the API.
    await harness.db.query(
      'UPDATE journal_lines SET account_id = $3 WHERE organization_id = $1 AND journal_entry_id = $2 AND line_no = 2',
      [books.organizationId, draft.id, books.accounts['1100']!],
    );
    const before = await observe(harness, books.headers, books.organizationId, [
      `/api/v1/journal-entries/${draft.id}`,
      '/api/v1/accounts',
    ]);
    const posted = await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, books.headers);
    assert.equal(posted.statusCode, 400, posted.body);
    assert.ok(posted.json().error.detail.fields['lines/1/account']);
    await assertNothingWritten(before);
    const numbered = await postEntry(harness, books.headers, {
      txn_date: today,
      lines: [
        { account: books.accounts['4000'], credit: '5.00' },
        { account: books.accounts['1000'], debit: '5.00' },
      ],
    });
    assert.equal(numbered.entry_number, 'JE-000001', 'the refused post took no number');
    // Put the line back and delete the draft through the API, so the books stay whole (folio check).
    await harness.db.query(
      'UPDATE journal_lines SET account_id = $3 WHERE organization_id = $1 AND journal_entry_id = $2 AND line_no = 2',
      [books.organizationId, draft.id, books.accounts['1000']!],
    );
    assert.equal(
      (await call(harness, 'DELETE', `/api/v1/journal-entries/${draft.id}`, books.headers)).statusCode,
      204,
    );
  });
});

describe('journal entry list filter source_type', () => {
  test('an unknown source_type is 400 validation_error on query/source_type; known ones filter', async () => {
    const books = await signUp(harness);
    const invoice = await sentInvoiceOf(books);
    const junk = await call(harness, 'GET', '/api/v1/journal-entries?source_type=junk', books.headers);
    assert.equal(junk.statusCode, 400, junk.body);
    assert.equal(errorCode(junk), 'validation_error');
    assert.ok(junk.json().error.detail.fields['query/source_type'], junk.body);
    for (const known of ['manual', 'reversal', 'invoice_void', 'payment_received']) {
      const page = ok(
        await call(harness, 'GET', `/api/v1/journal-entries?source_type=${known}`, books.headers),
      );
      assert.deepEqual(page.results, [], known);
    }
    const sends = ok(
      await call(harness, 'GET', '/api/v1/journal-entries?source_type=invoice', books.headers),
    );
    assert.deepEqual(
      sends.results.map((row: { id: string }) => row.id),
      [invoice.journal_entry],
    );
  });
});
