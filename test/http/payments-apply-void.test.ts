// D61: a payment's unapplied amount applied later (POST /payments-received/{id}/apply) and the void
// of a payment (POST /payments-received/{id}/void). Every refusal proves nothing was written; the
// concurrency case sends real parallel requests; the harness runs `folio check` on these books.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { addDays } from '../../src/domain/dates.ts';
import type { ErrorCode } from '../../src/domain/errors.ts';
import {
  addMember,
  type Books,
  call,
  createKey,
  errorCode,
  type Headers,
  listen,
  onPostgres,
  today,
  useHarness,
} from '../helpers/harness.ts';
import {
  createCustomer,
  createInvoice,
  ok,
  receivableCounts,
  receivablesSetup,
  refusedNothingWritten,
  sentInvoice,
} from '../helpers/receivables.ts';

const harness = useHarness({}, 30);

type Application = { invoice_id: string; amount: string };

async function recordPayment(
  books: Books,
  customer: string,
  amount: string,
  applications: Application[] = [],
  extra: Record<string, unknown> = {},
) {
  const body = { customer, payment_date: today, amount, method: 'ach', applications, ...extra };
  return ok(await call(harness, 'POST', '/api/v1/payments-received', books.headers, body), 201);
}

function apply(headers: Headers, paymentId: string, body: unknown) {
  return call(harness, 'POST', `/api/v1/payments-received/${paymentId}/apply`, headers, body);
}

function voidPayment(headers: Headers, paymentId: string, body: unknown = {}) {
  return call(harness, 'POST', `/api/v1/payments-received/${paymentId}/void`, headers, body);
}

const read = async (books: Books, url: string) => ok(await call(harness, 'GET', url, books.headers));

/** A refusal of `request` with `code` and `status`, proving no row, read-back or change record moved. */
async function refusedUnchanged(
  books: Books,
  urls: string[],
  request: () => ReturnType<typeof call>,
  status: number,
  code: ErrorCode,
) {
  const readBack = ['/api/v1/invoices', '/api/v1/customers', '/api/v1/payments-received', ...urls];
  return refusedNothingWritten(harness, books, readBack, request, status, code);
}

async function changesSince(books: Books, cursor: string) {
  const feed = await read(books, `/api/v1/changes?cursor=${encodeURIComponent(cursor)}`);
  return (
    feed.changes as { entity_type: string; entity_id: string; entity_version: number; operation: string }[]
  ).map((change) => `${change.entity_type} ${change.entity_id} ${change.operation} ${change.entity_version}`);
}

async function feedCursor(books: Books): Promise<string> {
  return (await read(books, '/api/v1/changes')).cursor;
}

async function assertBooksPass(books: Books) {
  const report = await checkBooks(harness.db, { organizationId: books.organizationId });
  assert.deepEqual(report.violations, [], 'folio check passes');
}

describe('applying a payment later (D61)', () => {
  test('applies the unapplied amount: the invoice is paid in full, the payment keeps the rest, change records for both, no ledger entry', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const first = await sentInvoice(harness, books, customer.id, tax.id);
    const second = await sentInvoice(harness, books, customer.id, tax.id);
    const payment = await recordPayment(books, customer.id, '1500.00');
    assert.equal(payment.unapplied_amount, '1500.0000');
    assert.equal(payment.status, 'posted');
    assert.equal(payment.void_entry, null);
    assert.equal((await read(books, `/api/v1/customers/${customer.id}`)).balance, '1400.0000');
    const entriesBefore = (await receivableCounts(harness, books.organizationId)).journal_entries;
    const cursor = await feedCursor(books);

    const applied = ok(
      await apply(books.headers, payment.id, { applications: [{ invoice_id: first.id, amount: '1450.00' }] }),
    );
    assert.equal(applied.unapplied_amount, '50.0000');
    assert.equal(applied.version, 2);
    assert.equal(applied.status, 'posted');
    assert.deepEqual(applied.applications, [
      { invoice_id: first.id, invoice_number: first.number, amount: '1450.0000', applied_date: today },
    ]);
    const paid = await read(books, `/api/v1/invoices/${first.id}`);
    assert.equal(paid.status, 'paid');
    assert.equal(paid.amount_paid, '1450.0000');
    assert.equal(paid.balance_due, '0.0000');
    assert.equal(paid.version, first.version + 1);

    const again = ok(
      await apply(books.headers, payment.id, { applications: [{ invoice_id: second.id, amount: '30.00' }] }),
    );
    assert.equal(again.unapplied_amount, '20.0000');
    assert.equal(again.version, 3);
    assert.deepEqual(
      again.applications.map((application: Application) => [application.invoice_id, application.amount]),
      [
        [first.id, '1450.0000'],
        [second.id, '30.0000'],
      ],
    );
    const open = await read(books, `/api/v1/invoices/${second.id}`);
    assert.equal(open.status, 'sent');
    assert.equal(open.balance_due, '1420.0000');
    assert.deepEqual(await read(books, `/api/v1/payments-received/${payment.id}`), again);

    // Applying moves credit between open items: the customer's balance and the ledger stay as they were.
    assert.equal((await read(books, `/api/v1/customers/${customer.id}`)).balance, '1400.0000');
    assert.equal((await receivableCounts(harness, books.organizationId)).journal_entries, entriesBefore);
    assert.deepEqual(await changesSince(books, cursor), [
      `ar_invoice ${first.id} updated ${first.version + 1}`,
      `payment_received ${payment.id} updated 2`,
      `ar_invoice ${second.id} updated ${second.version + 1}`,
      `payment_received ${payment.id} updated 3`,
    ]);
    await assertBooksPass(books);
  });

  test('an Idempotency-Key replays the apply and applies once; If-Match with a stale version answers 412 stale_write', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const payment = await recordPayment(books, customer.id, '100.00');
    const headers = { ...books.headers, 'idempotency-key': 'apply-1' };
    const body = { applications: [{ invoice_id: invoice.id, amount: '40.00' }] };
    const first = await apply(headers, payment.id, body);
    const second = await apply(headers, payment.id, body);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal((await read(books, `/api/v1/payments-received/${payment.id}`)).unapplied_amount, '60.0000');
    await refusedUnchanged(
      books,
      [`/api/v1/payments-received/${payment.id}`],
      () => apply({ ...books.headers, 'if-match': '"1"' }, payment.id, body),
      412,
      'stale_write',
    );
    ok(await apply(books.headers, payment.id, { ...body, version: 2 }));
  });

  test('refuses more than the unapplied amount with 409 application_exceeds_balance, nothing written', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const first = await sentInvoice(harness, books, customer.id, tax.id);
    const second = await sentInvoice(harness, books, customer.id, tax.id);
    const payment = await recordPayment(books, customer.id, '100.00', [
      { invoice_id: first.id, amount: '40.00' },
    ]);
    const error = await refusedUnchanged(
      books,
      [`/api/v1/payments-received/${payment.id}`],
      () =>
        apply(books.headers, payment.id, {
          applications: [
            { invoice_id: first.id, amount: '30.00' },
            { invoice_id: second.id, amount: '30.01' },
          ],
        }),
      409,
      'application_exceeds_balance',
    );
    assert.equal(error.detail.unapplied_amount, '60.0000');
    assert.equal(error.detail.amount, '60.0100');
  });

  test("refuses what create refuses, nothing written: an invoice's balance exceeded, draft or void invoices, another customer's, unknown ones, sub-cent amounts, zero, twice the same invoice, no applications", async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const draft = await createInvoice(harness, books, customer.id, tax.id);
    const voided = await sentInvoice(harness, books, customer.id, tax.id);
    ok(await call(harness, 'POST', `/api/v1/invoices/${voided.id}/void`, books.headers, {}));
    const other = await createCustomer(harness, books.headers);
    const foreign = await sentInvoice(harness, books, other.id, tax.id);
    const payment = await recordPayment(books, customer.id, '2000.00');
    const one = (invoice_id: string, amount: string) => ({ applications: [{ invoice_id, amount }] });
    const cases: [string, unknown, number, ErrorCode, string?][] = [
      ["more than the invoice's balance", one(invoice.id, '1450.01'), 409, 'application_exceeds_balance'],
      ['a draft invoice', one(draft.id, '10.00'), 409, 'invalid_state'],
      ['a void invoice', one(voided.id, '10.00'), 409, 'invalid_state'],
      [
        "another customer's invoice",
        one(foreign.id, '10.00'),
        400,
        'validation_error',
        'applications/0/invoice_id',
      ],
      [
        'an unknown invoice',
        one('00000000-0000-4000-8000-000000000000', '10.00'),
        400,
        'validation_error',
        'applications/0/invoice_id',
      ],
      ['a sub-cent amount (D64)', one(invoice.id, '10.001'), 400, 'invalid_money', 'applications/0/amount'],
      ['zero', one(invoice.id, '0.00'), 400, 'validation_error', 'applications/0/amount'],
      ['a negative amount', one(invoice.id, '-5.00'), 400, 'invalid_money', 'applications/0/amount'],
      [
        'the same invoice twice',
        {
          applications: [
            { invoice_id: invoice.id, amount: '1.00' },
            { invoice_id: invoice.id, amount: '1.00' },
          ],
        },
        400,
        'validation_error',
        'applications/1/invoice_id',
      ],
      ['no applications', { applications: [] }, 400, 'validation_error', 'applications'],
      ['no body', undefined, 400, 'validation_error', 'applications'],
    ];
    for (const [name, body, status, code, field] of cases) {
      const error = await refusedUnchanged(
        books,
        [`/api/v1/payments-received/${payment.id}`],
        () => apply(books.headers, payment.id, body),
        status,
        code,
      ).catch((failure) => {
        throw new Error(`${name}: ${failure.message}`);
      });
      if (field) assert.ok(error.detail.fields[field], `${name}: ${JSON.stringify(error.detail)}`);
    }
  });

  test('an unknown payment answers 404 not_found; a void payment 409 invalid_state, nothing written', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const body = { applications: [{ invoice_id: invoice.id, amount: '10.00' }] };
    await refusedUnchanged(
      books,
      [],
      () => apply(books.headers, '00000000-0000-4000-8000-000000000000', body),
      404,
      'not_found',
    );
    await refusedUnchanged(books, [], () => apply(books.headers, 'not-a-uuid', body), 404, 'not_found');
    const payment = await recordPayment(books, customer.id, '100.00');
    ok(await voidPayment(books.headers, payment.id));
    await refusedUnchanged(
      books,
      [`/api/v1/payments-received/${payment.id}`],
      () => apply(books.headers, payment.id, body),
      409,
      'invalid_state',
    );
  });

  test('ten concurrent applies of 30.00 against 100.00 unapplied: exactly three succeed, never over-applied', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoices = [];
    for (let i = 0; i < 10; i++) invoices.push(await sentInvoice(harness, books, customer.id, tax.id));
    const payment = await recordPayment(books, customer.id, '100.00');
    // Each request applies to its own invoice, so only the payment's row lock keeps them apart.
    const base = await listen(harness);
    const responses = await Promise.all(
      invoices.map(async (invoice) => {
        const response = await fetch(`${base}/api/v1/payments-received/${payment.id}/apply`, {
          method: 'POST',
          headers: { ...books.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ applications: [{ invoice_id: invoice.id, amount: '30.00' }] }),
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    const applied = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 409);
    assert.equal(applied.length, 3, `exactly three on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
    assert.equal(refused.length, 7);
    for (const response of refused) assert.equal(response.body.error.code, 'application_exceeds_balance');
    const after = await read(books, `/api/v1/payments-received/${payment.id}`);
    assert.equal(after.unapplied_amount, '10.0000');
    assert.equal(after.version, 4);
    assert.equal(after.applications.length, 3);
    const paidInvoices = (await read(books, `/api/v1/invoices?customer=${customer.id}`)).results.filter(
      (invoice: { amount_paid: string }) => invoice.amount_paid !== '0.0000',
    );
    assert.equal(paidInvoices.length, 3);
    for (const invoice of paidInvoices) assert.equal(invoice.amount_paid, '30.0000');
    const lines = await harness.db.query<{ line_no: number }>(
      'SELECT line_no FROM payment_applications WHERE organization_id = $1 AND payment_id = $2 ORDER BY line_no',
      [books.organizationId, payment.id],
    );
    assert.deepEqual(
      lines.map((line) => line.line_no),
      [1, 2, 3],
    );
    await assertBooksPass(books);
  });
});

describe('voiding a payment (D61)', () => {
  test('posts the reversal on the payment date, removes its applications, reopens the invoices it paid with their balances, and counts nowhere', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const first = await sentInvoice(harness, books, customer.id, tax.id);
    const second = await sentInvoice(harness, books, customer.id, tax.id);
    const paymentDate = addDays(today, -3);
    const payment = await recordPayment(
      books,
      customer.id,
      '1600.00',
      [{ invoice_id: first.id, amount: '1000.00' }],
      {
        payment_date: paymentDate,
      },
    );
    // The same invoice again later (two application rows), and another invoice.
    ok(
      await apply(books.headers, payment.id, {
        applications: [
          { invoice_id: first.id, amount: '450.00' },
          { invoice_id: second.id, amount: '100.00' },
        ],
      }),
    );
    const paidBefore = await read(books, `/api/v1/invoices/${first.id}`);
    const secondBefore = await read(books, `/api/v1/invoices/${second.id}`);
    assert.equal(paidBefore.status, 'paid');
    assert.equal((await read(books, `/api/v1/customers/${customer.id}`)).balance, '1300.0000');
    const cursor = await feedCursor(books);

    const voided = ok(await voidPayment(books.headers, payment.id));
    assert.equal(voided.status, 'void');
    assert.equal(voided.unapplied_amount, '0.0000');
    assert.deepEqual(voided.applications, []);
    assert.equal(voided.version, 3);
    assert.equal(voided.amount, '1600.0000');
    assert.match(voided.void_entry, /^[0-9a-f-]{36}$/);
    assert.ok(!Number.isNaN(Date.parse(voided.voided_at)));
    assert.deepEqual(await read(books, `/api/v1/payments-received/${payment.id}`), voided);

    const reopened = await read(books, `/api/v1/invoices/${first.id}`);
    assert.equal(reopened.status, 'sent');
    assert.equal(reopened.amount_paid, '0.0000');
    assert.equal(reopened.balance_due, '1450.0000');
    assert.equal(reopened.version, paidBefore.version + 1);
    const restored = await read(books, `/api/v1/invoices/${second.id}`);
    assert.equal(restored.status, 'sent');
    assert.equal(restored.balance_due, '1450.0000');
    assert.equal(restored.version, secondBefore.version + 1);

    const reversal = await read(books, `/api/v1/journal-entries/${voided.void_entry}`);
    assert.equal(reversal.txn_date, paymentDate);
    assert.equal(reversal.source_type, 'payment_void');
    assert.equal(reversal.source_id, payment.id);
    assert.deepEqual(
      reversal.lines.map((line: Record<string, string>) => [line.account_number, line.debit, line.credit]),
      [
        ['1010', '0.0000', '1600.0000'],
        ['1100', '1600.0000', '0.0000'],
      ],
    );
    const original = await read(books, `/api/v1/journal-entries/${payment.journal_entry}`);
    assert.equal(original.version, 2, 'the original records its reversal');

    // D26: a void payment counts in no balance: the customer owes both invoices again, AR agrees.
    assert.equal((await read(books, `/api/v1/customers/${customer.id}`)).balance, '2900.0000');
    assert.equal((await read(books, `/api/v1/accounts/${books.accounts['1100']}`)).balance, '2900.0000');
    assert.equal((await read(books, `/api/v1/accounts/${books.accounts['1010']}`)).balance, '0.0000');
    const changes = await changesSince(books, cursor);
    const [low, high] = [first.id, second.id].sort();
    assert.deepEqual(
      changes.filter((change) => !change.startsWith('journal_entry')),
      [
        `ar_invoice ${low} updated ${(low === first.id ? paidBefore : secondBefore).version + 1}`,
        `ar_invoice ${high} updated ${(high === first.id ? paidBefore : secondBefore).version + 1}`,
        `payment_received ${payment.id} updated 3`,
      ].sort((a, b) => (a.startsWith('payment') ? 1 : b.startsWith('payment') ? -1 : 0)),
    );
    assert.deepEqual(
      changes.filter((change) => change.startsWith('journal_entry')).sort(),
      [`journal_entry ${original.id} updated 2`, `journal_entry ${voided.void_entry} created 1`].sort(),
    );
    await assertBooksPass(books);

    // The invoices it reopened can be paid again.
    await recordPayment(books, customer.id, '1450.00', [{ invoice_id: first.id, amount: '1450.00' }]);
    assert.equal((await read(books, `/api/v1/invoices/${first.id}`)).status, 'paid');
    await assertBooksPass(books);
  });

  test("an unapplied payment's credit leaves the customer's balance when it is voided", async () => {
    const { books, customer } = await receivablesSetup(harness);
    const payment = await recordPayment(books, customer.id, '250.00');
    assert.equal((await read(books, `/api/v1/customers/${customer.id}`)).balance, '-250.0000');
    const voided = ok(await voidPayment(books.headers, payment.id));
    assert.equal(voided.status, 'void');
    assert.equal((await read(books, `/api/v1/customers/${customer.id}`)).balance, '0.0000');
    assert.equal((await read(books, `/api/v1/accounts/${books.accounts['1100']}`)).balance, '0.0000');
    const listed = (await read(books, `/api/v1/payments-received?customer=${customer.id}`)).results;
    assert.deepEqual(
      listed.map((row: { status: string; unapplied_amount: string }) => [row.status, row.unapplied_amount]),
      [['void', '0.0000']],
    );
    await assertBooksPass(books);
  });

  test('five concurrent voids and five applies of one payment: one void, one reversal, and the applies either land before it or answer 409', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoices = [];
    for (let i = 0; i < 5; i++) invoices.push(await sentInvoice(harness, books, customer.id, tax.id));
    const payment = await recordPayment(books, customer.id, '100.00');
    const base = await listen(harness);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}/api/v1/payments-received/${payment.id}/${path}`, {
        method: 'POST',
        headers: { ...books.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { path, status: response.status, body: await response.json() };
    };
    const responses = await Promise.all([
      ...invoices.map((invoice) =>
        post('apply', { applications: [{ invoice_id: invoice.id, amount: '10.00' }] }),
      ),
      ...invoices.map(() => post('void', {})),
    ]);
    const voids = responses.filter((response) => response.path === 'void');
    assert.equal(voids.filter((response) => response.status === 200).length, 1);
    for (const refused of voids.filter((response) => response.status !== 200))
      assert.deepEqual([refused.status, refused.body.error.code], [409, 'invalid_state']);
    for (const response of responses.filter((response) => response.path === 'apply'))
      assert.ok([200, 409].includes(response.status), JSON.stringify(response.body));
    const after = await read(books, `/api/v1/payments-received/${payment.id}`);
    assert.equal(after.status, 'void');
    assert.deepEqual(after.applications, []);
    for (const invoice of invoices) {
      const restored = await read(books, `/api/v1/invoices/${invoice.id}`);
      assert.deepEqual([restored.status, restored.amount_paid], ['sent', '0.0000']);
    }
    const reversals = (
      await read(books, `/api/v1/journal-entries?source_type=payment_void&source_id=${payment.id}`)
    ).results;
    assert.equal(reversals.length, 1);
    assert.equal((await read(books, `/api/v1/customers/${customer.id}`)).balance, '7250.0000');
    await assertBooksPass(books);
  });

  test('voiding twice answers 409 invalid_state, nothing written', async () => {
    const { books, customer } = await receivablesSetup(harness);
    const payment = await recordPayment(books, customer.id, '100.00');
    ok(await voidPayment(books.headers, payment.id));
    const error = await refusedUnchanged(
      books,
      [`/api/v1/payments-received/${payment.id}`],
      () => voidPayment(books.headers, payment.id),
      409,
      'invalid_state',
    );
    assert.equal(error.detail.status, 'void');
  });

  test('refused with 409 period_closed when the payment date is in a closed period, nothing written', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id, {
      issue_date: addDays(today, -5),
    });
    const payment = await recordPayment(
      books,
      customer.id,
      '100.00',
      [{ invoice_id: invoice.id, amount: '100.00' }],
      {
        payment_date: addDays(today, -2),
      },
    );
    ok(await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: addDays(today, -1) }));
    const error = await refusedUnchanged(
      books,
      [`/api/v1/payments-received/${payment.id}`, `/api/v1/invoices/${invoice.id}`],
      () => voidPayment(books.headers, payment.id),
      409,
      'period_closed',
    );
    assert.ok(error.detail.fields.payment_date);
    ok(await call(harness, 'POST', '/api/v1/periods/reopen', books.headers, { through: null }));
    ok(await voidPayment(books.headers, payment.id));
  });

  test('an unknown payment answers 404; a stale version 412 stale_write, nothing written', async () => {
    const { books, customer } = await receivablesSetup(harness);
    await refusedUnchanged(
      books,
      [],
      () => voidPayment(books.headers, '00000000-0000-4000-8000-000000000000'),
      404,
      'not_found',
    );
    const payment = await recordPayment(books, customer.id, '100.00');
    await refusedUnchanged(
      books,
      [`/api/v1/payments-received/${payment.id}`],
      () => voidPayment(books.headers, payment.id, { version: 2 }),
      412,
      'stale_write',
    );
    ok(await voidPayment(books.headers, payment.id, { version: 1 }));
  });

  test("the payment's entry and its void entry cannot be reversed by hand (D63), nothing written", async () => {
    const { books, customer } = await receivablesSetup(harness);
    const payment = await recordPayment(books, customer.id, '100.00');
    const reverseByHand = async (entry: string) => {
      const error = await refusedUnchanged(
        books,
        [`/api/v1/journal-entries/${entry}`],
        () => call(harness, 'POST', `/api/v1/journal-entries/${entry}/reverse`, books.headers, {}),
        409,
        'invalid_state',
      );
      assert.match(error.message, new RegExp(payment.number));
      return error.message as string;
    };
    assert.match(await reverseByHand(payment.journal_entry), /void the payment instead/);
    const voided = ok(await voidPayment(books.headers, payment.id));
    assert.match(await reverseByHand(voided.void_entry), /the void of payment .*a void is final/);
  });
});

describe('who may apply and void payments', () => {
  test('sales may apply and void like creating a payment; a viewer gets 403 permission_denied, nothing written', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const payment = await recordPayment(books, customer.id, '100.00');
    const viewer = await addMember(harness, books, 'viewer');
    const body = { applications: [{ invoice_id: invoice.id, amount: '10.00' }] };
    await refusedUnchanged(
      books,
      [],
      () => apply(viewer.headers, payment.id, body),
      403,
      'permission_denied',
    );
    await refusedUnchanged(
      books,
      [],
      () => voidPayment(viewer.headers, payment.id),
      403,
      'permission_denied',
    );
    const sales = await addMember(harness, books, 'sales');
    assert.equal(ok(await apply(sales.headers, payment.id, body)).unapplied_amount, '90.0000');
    assert.equal(ok(await voidPayment(sales.headers, payment.id)).status, 'void');
  });

  test('API keys: a sales key applies and voids, a viewer key is refused', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const payment = await recordPayment(books, customer.id, '100.00');
    const viewer = await createKey(harness, books, 'viewer');
    const body = { applications: [{ invoice_id: invoice.id, amount: '10.00' }] };
    assert.equal(errorCode(await apply(viewer.headers, payment.id, body)), 'permission_denied');
    const sales = await createKey(harness, books, 'sales');
    ok(await apply(sales.headers, payment.id, body));
    ok(await voidPayment(sales.headers, payment.id));
  });
});
