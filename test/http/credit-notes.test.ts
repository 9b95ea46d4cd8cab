// Credit notes (D60): drafts, issue (the mirror of an invoice's entry, CN- numbers), apply (invoice
// balances, versions, feed), void, refusals that write nothing, concurrent applies of one note on real
// sockets, roles and the feed, customer balance against the ledger, sandbox books.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addDays } from '../../src/domain/dates.ts';
import type { ErrorCode } from '../../src/domain/errors.ts';
import type { CreditNoteBody, CustomerBody, InvoiceBody } from '../helpers/bodies.ts';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import {
  type Books,
  call,
  createKey,
  type Headers,
  listen,
  onPostgres,
  signUp,
  today,
  useHarness,
} from '../helpers/harness.ts';
import {
  createCustomer,
  createTaxRate,
  noteBody,
  ok,
  receivableCounts,
  receivablesSetup,
  refusedNothingWritten,
  sentInvoice,
} from '../helpers/receivables.ts';

const harness = useHarness({}, 30);
const URL = '/api/v1/credit-notes';

async function draftNote(books: Books, customer: string, tax: string, extra: Record<string, unknown> = {}) {
  return ok<CreditNoteBody>(
    await call(harness, 'POST', URL, books.headers, noteBody(books, customer, tax, extra)),
    201,
  );
}

async function issuedNote(books: Books, customer: string, tax: string, extra: Record<string, unknown> = {}) {
  const draft = await draftNote(books, customer, tax, extra);
  return ok<CreditNoteBody>(await call(harness, 'POST', `${URL}/${draft.id}/issue`, books.headers));
}

function apply(headers: Headers, id: string, applications: { invoice_id: string; amount: string }[]) {
  return call(harness, 'POST', `${URL}/${id}/apply`, headers, { applications });
}

async function balanceOf(books: Books, number: string): Promise<string> {
  return ok(await call(harness, 'GET', `/api/v1/accounts/${books.accounts[number]}`, books.headers)).balance;
}

async function customerOf(books: Books, id: string): Promise<CustomerBody> {
  return ok<CustomerBody>(await call(harness, 'GET', `/api/v1/customers/${id}`, books.headers));
}

async function invoiceOf(books: Books, id: string): Promise<InvoiceBody> {
  return ok<InvoiceBody>(await call(harness, 'GET', `/api/v1/invoices/${id}`, books.headers));
}

/** What a refused credit-note request must leave as it was. */
function readBack(noteId: string, ...invoiceIds: string[]) {
  return [
    `${URL}/${noteId}`,
    URL,
    '/api/v1/invoices',
    '/api/v1/customers',
    ...invoiceIds.map((id) => `/api/v1/invoices/${id}`),
  ];
}

function refused(
  books: Books,
  urls: string[],
  request: () => ReturnType<typeof call>,
  status: number,
  code: ErrorCode,
) {
  return refusedNothingWritten(harness, books, urls, request, status, code);
}

describe('credit notes: drafts and issue', () => {
  test('a draft is priced like an invoice, has no number and posts nothing', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const before = await receivableCounts(harness, books.organizationId);
    const draft = await draftNote(books, customer.id, tax.id);
    assert.equal(draft.status, 'draft');
    assert.equal(draft.number, null);
    assert.equal(draft.customer_name, 'Blue Heron Cafe');
    assert.equal(draft.issue_date, today);
    assert.equal(draft.subtotal, '200.0000');
    assert.equal(draft.tax_total, '9.9000');
    assert.equal(draft.total, '209.9000');
    assert.equal(draft.amount_applied, '0.0000');
    assert.equal(draft.remaining_credit, '0.0000', 'a draft gives no credit yet');
    assert.equal(draft.journal_entry, null);
    assert.equal(draft.version, 1);
    assert.equal(draft.lines.length, 2);
    assert.equal(draft.lines[0]!.tax_amount, '9.9000');
    assert.deepEqual(draft.applications, []);
    const after = await receivableCounts(harness, books.organizationId);
    assert.equal(after.journal_entries, before.journal_entries);
    assert.equal(after.credit_notes, before.credit_notes + 1);
    assert.equal(after.credit_note_lines, before.credit_note_lines + 2);
  });

  test('issue numbers CN-000001 and posts debit income and tax, credit Accounts Receivable', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    assert.equal(await balanceOf(books, '1100'), '1450.0000');
    const draft = await draftNote(books, customer.id, tax.id);
    const issued = ok<CreditNoteBody>(await call(harness, 'POST', `${URL}/${draft.id}/issue`, books.headers));
    assert.equal(issued.status, 'issued');
    assert.equal(issued.number, 'CN-000001');
    assert.equal(issued.remaining_credit, '209.9000');
    assert.equal(issued.version, 2);
    assert.ok(issued.issued_at);
    const entry = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${issued.journal_entry}`, books.headers),
    );
    assert.equal(entry.status, 'posted');
    assert.equal(entry.source_type, 'credit_note');
    assert.equal(entry.source_id, issued.id);
    const lines = entry.lines.map((line: any) => [line.account_number, line.debit, line.credit]);
    assert.deepEqual(
      lines.sort(),
      [
        ['1100', '0.0000', '209.9000'],
        ['2200', '9.9000', '0.0000'],
        ['4000', '80.0000', '0.0000'],
        ['4100', '120.0000', '0.0000'],
      ].sort(),
    );
    assert.equal(await balanceOf(books, '1100'), '1240.1000');
    // D26: the customer's balance takes off the remaining credit; the open invoice stays open.
    const standing = await customerOf(books, customer.id);
    assert.equal(standing.balance, '1240.1000');
    assert.equal(standing.open_invoice_count, 1);
    assert.equal(standing.unapplied_credit, '209.9000', 'the note issued and not applied is credit');
    assert.equal((await invoiceOf(books, invoice.id)).balance_due, '1450.0000');
    const second = await issuedNote(books, customer.id, tax.id);
    assert.equal(second.number, 'CN-000002');
  });

  test('PATCH reprices a draft at its version and DELETE removes it without using a number', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await draftNote(books, customer.id, tax.id);
    const patched = ok<CreditNoteBody>(
      await call(harness, 'PATCH', `${URL}/${draft.id}`, books.headers, {
        version: 1,
        memo: 'Goodwill',
        lines: [{ quantity: '2', unit_price: '10.00', income_account: books.accounts['4000'] }],
      }),
    );
    assert.equal(patched.total, '20.0000');
    assert.equal(patched.memo, 'Goodwill');
    assert.equal(patched.version, 2);
    const stale = await call(harness, 'PATCH', `${URL}/${draft.id}`, books.headers, {
      version: 1,
      memo: 'x',
    });
    assert.equal(stale.statusCode, 412);
    const removed = await call(harness, 'DELETE', `${URL}/${draft.id}`, {
      ...books.headers,
      'if-match': '"2"',
    });
    assert.equal(removed.statusCode, 204, removed.body);
    assert.equal((await call(harness, 'GET', `${URL}/${draft.id}`, books.headers)).statusCode, 404);
    assert.equal(await receivableCounts(harness, books.organizationId).then((c) => c.credit_note_lines), 0);
    const next = await issuedNote(books, customer.id, tax.id);
    assert.equal(next.number, 'CN-000001', 'the deleted draft took no number');
  });

  test('the list pages by cursor and filters by status and customer', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const other = await createCustomer(harness, books.headers);
    await issuedNote(books, customer.id, tax.id);
    await draftNote(books, customer.id, tax.id);
    await draftNote(books, other.id, tax.id);
    const all = ok(await call(harness, 'GET', URL, books.headers));
    assert.equal(all.results.length, 3);
    assert.equal(all.next, null);
    const issued = ok(await call(harness, 'GET', `${URL}?status=issued`, books.headers));
    assert.deepEqual(
      issued.results.map((note: CreditNoteBody) => note.number),
      ['CN-000001'],
    );
    const mine = ok(await call(harness, 'GET', `${URL}?customer=${other.id}`, books.headers));
    assert.equal(mine.results.length, 1);
    assert.equal(mine.results[0].customer, other.id);
    const bad = await call(harness, 'GET', `${URL}?status=paid`, books.headers);
    assert.equal(bad.statusCode, 400);
  });
});

describe('credit notes: apply and void', () => {
  test('applying credit lowers balance_due, bumps invoice versions with ar_invoice changes, and pays an invoice in full', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const first = await sentInvoice(harness, books, customer.id, tax.id);
    const small = ok<InvoiceBody>(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        customer: customer.id,
        lines: [{ quantity: '1', unit_price: '60.00', income_account: books.accounts['4000'] }],
      }),
      201,
    );
    const second = ok<InvoiceBody>(
      await call(harness, 'POST', `/api/v1/invoices/${small.id}/send`, books.headers),
    );
    const note = await issuedNote(books, customer.id, tax.id);
    const ledgerBefore = await balanceOf(books, '1100');
    const entriesBefore = (await receivableCounts(harness, books.organizationId)).journal_entries;
    const cursor = await feedCursor(harness, books.headers);
    const applied = ok<CreditNoteBody>(
      await apply(books.headers, note.id, [
        { invoice_id: first.id, amount: '100.00' },
        { invoice_id: second.id, amount: '60.00' },
      ]),
    );
    assert.equal(applied.amount_applied, '160.0000');
    assert.equal(applied.remaining_credit, '49.9000');
    assert.equal(applied.version, 3);
    assert.deepEqual(
      applied.applications.map((a) => [a.invoice_number, a.amount, a.applied_date]),
      [
        [first.number, '100.0000', today],
        [second.number, '60.0000', today],
      ],
    );
    const firstAfter = await invoiceOf(books, first.id);
    assert.equal(firstAfter.amount_credited, '100.0000');
    assert.equal(firstAfter.amount_paid, '0.0000');
    assert.equal(firstAfter.balance_due, '1350.0000');
    assert.equal(firstAfter.status, 'sent');
    assert.equal(firstAfter.version, first.version + 1);
    const secondAfter = await invoiceOf(books, second.id);
    assert.equal(secondAfter.balance_due, '0.0000');
    assert.equal(secondAfter.status, 'paid');
    const changes = changeTuples(await changesSince(harness, books.headers, cursor));
    assert.deepEqual(
      changes.sort(),
      [
        ['ar_invoice', first.id, 'updated', first.version + 1],
        ['ar_invoice', second.id, 'updated', second.version + 1],
        ['credit_note', note.id, 'updated', 3],
      ].sort(),
    );
    // No ledger effect: Accounts Receivable was credited at issue.
    assert.equal(await balanceOf(books, '1100'), ledgerBefore);
    assert.equal((await receivableCounts(harness, books.organizationId)).journal_entries, entriesBefore);
    // D26 and the ledger agree: customer balance = Accounts Receivable (one customer in these books).
    const standing = await customerOf(books, customer.id);
    assert.equal(standing.balance, ledgerBefore);
    assert.equal(standing.open_invoice_count, 1);
    // A payment then settles what is left of the first invoice exactly.
    const paid = await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
      customer: customer.id,
      payment_date: today,
      amount: '1350.00',
      method: 'ach',
      applications: [{ invoice_id: first.id, amount: '1350.00' }],
    });
    assert.equal(paid.statusCode, 201, paid.body);
    assert.equal((await invoiceOf(books, first.id)).status, 'paid');
    assert.equal((await customerOf(books, customer.id)).balance, '-49.9000');
    assert.equal(await balanceOf(books, '1100'), '-49.9000');
  });

  test('void of an issued note with nothing applied posts the reversal', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const note = await issuedNote(books, customer.id, tax.id);
    // D63: the note's own entry changes only through the note.
    const reverse = await call(
      harness,
      'POST',
      `/api/v1/journal-entries/${note.journal_entry}/reverse`,
      books.headers,
      {},
    );
    assert.equal(reverse.statusCode, 409);
    assert.match(reverse.json().error.message, /credit note CN-000001/);
    const voided = ok<CreditNoteBody>(await call(harness, 'POST', `${URL}/${note.id}/void`, books.headers));
    assert.equal(voided.status, 'void');
    assert.equal(voided.remaining_credit, '0.0000');
    assert.ok(voided.void_entry);
    const reversal = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${voided.void_entry}`, books.headers),
    );
    assert.equal(reversal.source_type, 'credit_note_void');
    assert.equal(await balanceOf(books, '1100'), '0.0000');
    assert.equal(await balanceOf(books, '2200'), '0.0000');
    assert.equal((await customerOf(books, customer.id)).balance, '0.0000');
  });

  test('an invoice with credit applied cannot be voided', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const note = await issuedNote(books, customer.id, tax.id);
    ok(await apply(books.headers, note.id, [{ invoice_id: invoice.id, amount: '10.00' }]));
    const error = await refused(
      books,
      readBack(note.id, invoice.id),
      () => call(harness, 'POST', `/api/v1/invoices/${invoice.id}/void`, books.headers),
      409,
      'invalid_state',
    );
    assert.match(error.message, /credit note is applied/);
  });
});

describe('credit notes: refusals write nothing', () => {
  test('more than the remaining credit, or more than an invoice balance: 409 application_exceeds_balance', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const note = await issuedNote(books, customer.id, tax.id);
    const urls = readBack(note.id, invoice.id);
    const over = await refused(
      books,
      urls,
      () => apply(books.headers, note.id, [{ invoice_id: invoice.id, amount: '209.91' }]),
      409,
      'application_exceeds_balance',
    );
    assert.equal(over.detail.remaining_credit, '209.9000');
    const small = ok<InvoiceBody>(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        customer: customer.id,
        lines: [{ quantity: '1', unit_price: '50.00', income_account: books.accounts['4000'] }],
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/invoices/${small.id}/send`, books.headers));
    const beyond = await refused(
      books,
      readBack(note.id, invoice.id, small.id),
      () =>
        apply(books.headers, note.id, [
          { invoice_id: invoice.id, amount: '10.00' },
          { invoice_id: small.id, amount: '50.01' },
        ]),
      409,
      'application_exceeds_balance',
    );
    assert.equal(beyond.detail.balance_due, '50.0000');
    assert.deepEqual(Object.keys(beyond.detail.fields), ['applications/1/amount']);
  });

  test("another customer's invoice or an unknown one: 400; a draft or void invoice: 409 invalid_state", async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const other = await createCustomer(harness, books.headers);
    const theirs = await sentInvoice(harness, books, other.id, tax.id);
    const draft = ok<InvoiceBody>(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        customer: customer.id,
        lines: [{ quantity: '1', unit_price: '50.00', income_account: books.accounts['4000'] }],
      }),
      201,
    );
    const note = await issuedNote(books, customer.id, tax.id);
    const urls = readBack(note.id, theirs.id, draft.id);
    const foreign = await refused(
      books,
      urls,
      () => apply(books.headers, note.id, [{ invoice_id: theirs.id, amount: '1.00' }]),
      400,
      'validation_error',
    );
    assert.deepEqual(foreign.detail.fields, {
      'applications/0/invoice_id': ['the invoice belongs to another customer'],
    });
    await refused(
      books,
      urls,
      () => apply(books.headers, note.id, [{ invoice_id: crypto.randomUUID(), amount: '1.00' }]),
      400,
      'validation_error',
    );
    await refused(
      books,
      urls,
      () => apply(books.headers, note.id, [{ invoice_id: draft.id, amount: '1.00' }]),
      409,
      'invalid_state',
    );
    ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/void`, books.headers));
    await refused(
      books,
      urls,
      () => apply(books.headers, note.id, [{ invoice_id: draft.id, amount: '1.00' }]),
      409,
      'invalid_state',
    );
  });

  test('bad applications: zero, negative, sub-cent, a number, twice the same invoice, empty list', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const note = await issuedNote(books, customer.id, tax.id);
    const urls = readBack(note.id, invoice.id);
    const cases: [unknown[], number, ErrorCode][] = [
      [[{ invoice_id: invoice.id, amount: '0.00' }], 400, 'validation_error'],
      [[{ invoice_id: invoice.id, amount: '-1.00' }], 400, 'invalid_money'],
      [[{ invoice_id: invoice.id, amount: '1.001' }], 400, 'invalid_money'],
      [[{ invoice_id: invoice.id, amount: 1 }], 400, 'invalid_money'],
      [
        [
          { invoice_id: invoice.id, amount: '1.00' },
          { invoice_id: invoice.id, amount: '1.00' },
        ],
        400,
        'validation_error',
      ],
      [[], 400, 'validation_error'],
    ];
    for (const [applications, status, code] of cases) {
      await refused(
        books,
        urls,
        () => call(harness, 'POST', `${URL}/${note.id}/apply`, books.headers, { applications }),
        status,
        code,
      );
    }
  });

  test('a draft or void note cannot be applied; an applied or draft note cannot be voided; issued notes cannot be edited or deleted', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const draft = await draftNote(books, customer.id, tax.id);
    const urlsDraft = readBack(draft.id, invoice.id);
    await refused(
      books,
      urlsDraft,
      () => apply(books.headers, draft.id, [{ invoice_id: invoice.id, amount: '1.00' }]),
      409,
      'invalid_state',
    );
    await refused(
      books,
      urlsDraft,
      () => call(harness, 'POST', `${URL}/${draft.id}/void`, books.headers),
      409,
      'invalid_state',
    );
    const note = await issuedNote(books, customer.id, tax.id);
    const urls = readBack(note.id, invoice.id);
    await refused(
      books,
      urls,
      () => call(harness, 'PATCH', `${URL}/${note.id}`, books.headers, { memo: 'x' }),
      409,
      'immutable_entry',
    );
    await refused(
      books,
      urls,
      () => call(harness, 'DELETE', `${URL}/${note.id}`, books.headers),
      409,
      'immutable_entry',
    );
    await refused(
      books,
      urls,
      () => call(harness, 'POST', `${URL}/${note.id}/issue`, books.headers),
      409,
      'invalid_state',
    );
    ok(await apply(books.headers, note.id, [{ invoice_id: invoice.id, amount: '1.00' }]));
    const error = await refused(
      books,
      urls,
      () => call(harness, 'POST', `${URL}/${note.id}/void`, books.headers),
      409,
      'invalid_state',
    );
    assert.match(error.message, /applied to invoices/);
    const spare = await issuedNote(books, customer.id, tax.id);
    ok(await call(harness, 'POST', `${URL}/${spare.id}/void`, books.headers));
    await refused(
      books,
      readBack(spare.id, invoice.id),
      () => apply(books.headers, spare.id, [{ invoice_id: invoice.id, amount: '1.00' }]),
      409,
      'invalid_state',
    );
  });

  test('bad drafts: another currency, an expense account line, an unknown or inactive customer, a zero total, a stale version', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const none = ['/api/v1/customers', URL];
    const post = (body: unknown) => () => call(harness, 'POST', URL, books.headers, body);
    await refused(
      books,
      none,
      post(noteBody(books, customer.id, tax.id, { currency: 'EUR' })),
      400,
      'validation_error',
    );
    const expense = noteBody(books, customer.id, tax.id);
    expense.lines[1]!.income_account = books.accounts['6000']!;
    await refused(books, none, post(expense), 400, 'validation_error');
    await refused(
      books,
      none,
      post({ customer: crypto.randomUUID(), lines: noteBody(books, customer.id, tax.id).lines }),
      400,
      'validation_error',
    );
    const zero = await refused(
      books,
      none,
      post({
        customer: customer.id,
        lines: [{ quantity: '1', unit_price: '0.00', income_account: books.accounts['4000'] }],
      }),
      400,
      'validation_error',
    );
    assert.deepEqual(zero.detail.fields, { lines: ['the credit note total must be greater than zero'] });
    const gone = await createCustomer(harness, books.headers);
    ok(await call(harness, 'POST', `/api/v1/customers/${gone.id}/deactivate`, books.headers));
    await refused(books, none, post(noteBody(books, gone.id, tax.id)), 400, 'validation_error');
    const draft = await draftNote(books, customer.id, tax.id);
    await refused(
      books,
      readBack(draft.id),
      () => call(harness, 'POST', `${URL}/${draft.id}/issue`, books.headers, { version: 7 }),
      412,
      'stale_write',
    );
  });

  test('issue in a closed period: 409 period_closed, no number taken', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const draft = await draftNote(books, customer.id, tax.id, { issue_date: addDays(today, -10) });
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: addDays(today, -5) }));
    await refused(
      books,
      readBack(draft.id),
      () => call(harness, 'POST', `${URL}/${draft.id}/issue`, books.headers),
      409,
      'period_closed',
    );
    await refused(
      books,
      [URL],
      () =>
        call(
          harness,
          'POST',
          URL,
          books.headers,
          noteBody(books, customer.id, tax.id, { issue_date: addDays(today, -6) }),
        ),
      409,
      'period_closed',
    );
    const fresh = await issuedNote(books, customer.id, tax.id);
    assert.equal(fresh.number, 'CN-000001');
  });
});

describe('credit notes: concurrency', () => {
  test('twenty concurrent applies of one note over real sockets never over-apply it', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoices = await Promise.all([1, 2, 3].map(() => sentInvoice(harness, books, customer.id, tax.id)));
    const note = await issuedNote(books, customer.id, tax.id); // 209.90 of credit
    const base = await listen(harness);
    // Each request applies 50.00 to one of three invoices: at most four fit (200.00 of 209.90).
    const responses = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const response = await fetch(`${base}${URL}/${note.id}/apply`, {
          method: 'POST',
          headers: { ...books.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ applications: [{ invoice_id: invoices[index % 3]!.id, amount: '50.00' }] }),
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    const applied = responses.filter((response) => response.status === 200);
    const refusedAll = responses.filter((response) => response.status === 409);
    assert.equal(applied.length, 4, `exactly four applies fit on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
    assert.equal(refusedAll.length, 16);
    for (const response of refusedAll) assert.equal(response.body.error.code, 'application_exceeds_balance');
    const after = ok<CreditNoteBody>(await call(harness, 'GET', `${URL}/${note.id}`, books.headers));
    assert.equal(after.amount_applied, '200.0000');
    assert.equal(after.remaining_credit, '9.9000');
    assert.equal(after.version, 2 + 4);
    assert.deepEqual(
      after.applications.map((a) => a.amount),
      ['50.0000', '50.0000', '50.0000', '50.0000'],
    );
    let credited = 0n;
    for (const invoice of invoices) {
      const read = await invoiceOf(books, invoice.id);
      credited += BigInt(read.amount_credited.replace('.', ''));
    }
    assert.equal(credited, 2_000_000n, 'the invoices took exactly what the note gave');
  });

  test('concurrent issues: each draft is issued once and CN numbers stay gapless', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const drafts = [];
    for (let index = 0; index < 5; index++) drafts.push(await draftNote(books, customer.id, tax.id));
    const base = await listen(harness);
    const statuses = await Promise.all(
      [...drafts, ...drafts].map(async (draft) => {
        const response = await fetch(`${base}${URL}/${draft.id}/issue`, {
          method: 'POST',
          headers: books.headers,
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    const issued = statuses.filter((answer) => answer.status === 200);
    assert.equal(issued.length, 5);
    for (const answer of statuses.filter((a) => a.status !== 200)) {
      assert.equal(answer.status, 409);
      assert.equal(answer.body.error.code, 'invalid_state');
    }
    assert.deepEqual(issued.map((answer) => answer.body.number).sort(), [
      'CN-000001',
      'CN-000002',
      'CN-000003',
      'CN-000004',
      'CN-000005',
    ]);
    assert.equal(await balanceOf(books, '1100'), '-1049.5000');
  });

  test('concurrent applies of two notes and a payment on one invoice never settle more than its total', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = ok<InvoiceBody>(
      await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        customer: customer.id,
        lines: [{ quantity: '1', unit_price: '300.00', income_account: books.accounts['4000'] }],
      }),
      201,
    );
    ok(await call(harness, 'POST', `/api/v1/invoices/${invoice.id}/send`, books.headers));
    const notes = await Promise.all([1, 2].map(() => issuedNote(books, customer.id, tax.id)));
    const base = await listen(harness);
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...books.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    };
    const statuses = await Promise.all([
      post(`${URL}/${notes[0]!.id}/apply`, { applications: [{ invoice_id: invoice.id, amount: '150.00' }] }),
      post(`${URL}/${notes[1]!.id}/apply`, { applications: [{ invoice_id: invoice.id, amount: '150.00' }] }),
      post('/api/v1/payments-received', {
        customer: customer.id,
        payment_date: today,
        amount: '150.00',
        method: 'ach',
        applications: [{ invoice_id: invoice.id, amount: '150.00' }],
      }),
    ]);
    assert.equal(statuses.filter((status) => status === 200 || status === 201).length, 2, String(statuses));
    const after = await invoiceOf(books, invoice.id);
    assert.equal(after.status, 'paid');
    assert.equal(after.balance_due, '0.0000');
  });
});

describe('credit notes: roles, feed, sandbox', () => {
  test('a sales key creates, issues and applies; a viewer key reads but may not write', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const sales = await createKey(harness, books, 'sales');
    const viewer = await createKey(harness, books, 'viewer');
    const body = noteBody(books, customer.id, tax.id);
    const denied = await call(harness, 'POST', URL, viewer.headers, body);
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().error.code, 'permission_denied');
    const draft = ok<CreditNoteBody>(await call(harness, 'POST', URL, sales.headers, body), 201);
    ok(await call(harness, 'POST', `${URL}/${draft.id}/issue`, sales.headers));
    ok(await apply(sales.headers, draft.id, [{ invoice_id: invoice.id, amount: '9.90' }]));
    assert.equal(
      (await apply(viewer.headers, draft.id, [{ invoice_id: invoice.id, amount: '1.00' }])).statusCode,
      403,
    );
    assert.equal((await call(harness, 'POST', `${URL}/${draft.id}/void`, viewer.headers)).statusCode, 403);
    const read = ok<CreditNoteBody>(await call(harness, 'GET', `${URL}/${draft.id}`, viewer.headers));
    assert.equal(read.amount_applied, '9.9000');
    assert.equal(ok(await call(harness, 'GET', URL, viewer.headers)).results.length, 1);
  });

  test('the feed carries credit_note created, updated and deleted records, filterable by type, for a sales key', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const sales = await createKey(harness, books, 'sales');
    const cursor = await feedCursor(harness, sales.headers);
    const gone = await draftNote(books, customer.id, tax.id);
    assert.equal((await call(harness, 'DELETE', `${URL}/${gone.id}`, books.headers)).statusCode, 204);
    const note = await issuedNote(books, customer.id, tax.id);
    const changes = await changesSince(harness, sales.headers, cursor, 'credit_note');
    assert.deepEqual(changeTuples(changes), [
      ['credit_note', gone.id, 'created', 1],
      ['credit_note', gone.id, 'deleted', 2],
      ['credit_note', note.id, 'created', 1],
      ['credit_note', note.id, 'updated', 2],
    ]);
    const all = await changesSince(harness, sales.headers, cursor);
    assert.ok(!all.some((change) => change.entity_type === 'journal_entry'), 'sales sees no journal entries');
  });

  test('sandbox books keep their own credit notes and numbers', async () => {
    const books = await signUp(harness);
    const sandbox = { ...books, headers: books.sandboxHeaders, accounts: {} as Record<string, string> };
    const ids = ok(await call(harness, 'GET', '/api/v1/accounts', books.sandboxHeaders)).results;
    for (const account of ids) sandbox.accounts[account.number] = account.id;
    const customer = await createCustomer(harness, books.sandboxHeaders);
    const tax = await createTaxRate(harness, books.sandboxHeaders);
    const invoice = await sentInvoice(harness, sandbox, customer.id, tax.id);
    const note = await issuedNote(sandbox, customer.id, tax.id);
    assert.equal(note.number, 'CN-000001');
    ok(await apply(books.sandboxHeaders, note.id, [{ invoice_id: invoice.id, amount: '209.90' }]));
    assert.equal((await invoiceOf(sandbox, invoice.id)).balance_due, '1240.1000');
    assert.equal(ok(await call(harness, 'GET', URL, books.headers)).results.length, 0, 'live books see none');
  });
});

describe('credit notes: idempotency and the OpenAPI document', () => {
  test('an apply replayed under the same Idempotency-Key applies once', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const note = await issuedNote(books, customer.id, tax.id);
    const headers = { ...books.headers, 'idempotency-key': `apply-${note.id}` };
    const body = [{ invoice_id: invoice.id, amount: '25.00' }];
    const first = await apply(headers, note.id, body);
    const second = await apply(headers, note.id, body);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(second.statusCode, 200);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.deepEqual(second.json(), first.json());
    const read = ok<CreditNoteBody>(await call(harness, 'GET', `${URL}/${note.id}`, books.headers));
    assert.equal(read.amount_applied, '25.0000');
    assert.equal((await invoiceOf(books, invoice.id)).amount_credited, '25.0000');
  });

  test('every credit-note operation is published with its schemas and money as strings', async () => {
    const doc = ok(await call(harness, 'GET', '/api/v1/openapi.json', {}));
    const operations = {
      '/api/v1/credit-notes': ['get', 'post'],
      '/api/v1/credit-notes/{id}': ['get', 'patch', 'delete'],
      '/api/v1/credit-notes/{id}/issue': ['post'],
      '/api/v1/credit-notes/{id}/apply': ['post'],
      '/api/v1/credit-notes/{id}/void': ['post'],
    };
    for (const [path, methods] of Object.entries(operations)) {
      for (const method of methods) assert.ok(doc.paths[path]?.[method]?.operationId, `${method} ${path}`);
    }
    const apply409 = doc.paths['/api/v1/credit-notes/{id}/apply'].post.responses['409'];
    assert.ok(apply409, 'apply declares 409');
    const schema = doc.components.schemas.CreditNote;
    assert.equal(schema.properties.remaining_credit.type, 'string');
    assert.equal(doc.components.schemas.Invoice.properties.amount_credited.type, 'string');
  });
});
