import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { allowMultiShard } from '../../src/storage/sql.ts';
import { changesSince, feedCursor } from '../helpers/feed.ts';
import {
  type Books,
  call,
  countRows,
  createKey,
  errorCode,
  type Headers,
  signUp,
  today,
  useHarness,
} from '../helpers/harness.ts';
import { requestBodySchema } from '../helpers/openapi.ts';
import { createTaxRate, ok, postInvoice } from '../helpers/receivables.ts';

const harness = useHarness({}, 30, { beforeClose: () => removeWrittenRows() });

async function createCustomer(books: Books, body: Record<string, unknown> = {}, headers?: Headers) {
  const response = await call(harness, 'POST', '/api/v1/customers', headers ?? books.headers, {
    display_name: 'Acme Corp',
    ...body,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

/**
 * Rows written directly below, outside the use cases: they have no entries or change records, so
 * they are removed before the harness runs folio check (D69) over the books the file leaves.
 */
const written = { invoices: [] as string[], payments: [] as string[] };
async function removeWrittenRows() {
  // Rows of many organizations at once: on Citus a multi-shard write, the test's own.
  await harness.db.transaction(async (tx) => {
    await allowMultiShard(tx);
    await tx.query('DELETE FROM payments_received WHERE id = ANY($1::uuid[])', [written.payments]);
    await tx.query('DELETE FROM invoices WHERE id = ANY($1::uuid[])', [written.invoices]);
  });
}

/** Writes invoice and payment rows directly: the invoice and payment use cases are not under test here. */
async function insertInvoice(books: Books, customerId: string, status: string, total: string, paid = '0') {
  const id = randomUUID();
  await harness.db.query(
    `INSERT INTO invoices (id, organization_id, number, customer_id, status, issue_date, due_date, currency,
                           subtotal, tax_total, total, amount_paid)
     VALUES ($1, $2, $3, $4, $5, $6, $6, 'USD', $7, 0, $7, $8)`,
    [id, books.organizationId, `T-${id.slice(0, 8)}`, customerId, status, today, total, paid],
  );
  written.invoices.push(id);
  return id;
}

async function insertPayment(books: Books, customerId: string, amount: string, unapplied: string) {
  const id = randomUUID();
  await harness.db.query(
    `INSERT INTO payments_received (id, organization_id, number, customer_id, payment_date, amount,
                                    unapplied_amount, method, currency, deposit_account_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'ach', 'USD', $8)`,
    [
      id,
      books.organizationId,
      `P-${id.slice(0, 8)}`,
      customerId,
      today,
      amount,
      unapplied,
      books.accounts['1010']!,
    ],
  );
  written.payments.push(id);
  return id;
}

describe('creating customers', () => {
  test('creates a customer with defaults: net_30, the books currency, zero balance, version 1', async () => {
    const books = await signUp(harness);
    const cursor = await feedCursor(harness, books.headers);
    const response = await call(harness, 'POST', '/api/v1/customers', books.headers, {
      display_name: 'Acme Corp',
      email: 'billing@acme.example',
    });
    assert.equal(response.statusCode, 201, response.body);
    const customer = response.json();
    assert.equal(customer.display_name, 'Acme Corp');
    assert.equal(customer.email, 'billing@acme.example');
    assert.equal(customer.payment_terms, 'net_30');
    assert.equal(customer.currency, 'USD');
    assert.equal(customer.is_active, true);
    assert.equal(customer.balance, '0.0000');
    assert.equal(customer.open_invoice_count, 0);
    assert.equal(customer.version, 1);
    assert.equal(customer.company_name, null);
    assert.equal(customer.notes, '');
    const read = await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers);
    assert.equal(read.statusCode, 200);
    assert.deepEqual(read.json(), customer);
    assert.equal(read.headers.etag, '"1"');
    assert.deepEqual(
      (await changesSince(harness, books.headers, cursor, 'customer')).map((c) => [
        c.entity_id,
        c.operation,
        c.entity_version,
      ]),
      [[customer.id, 'created', 1]],
    );
  });

  test('stores every optional field and each payment term of D20', async () => {
    const books = await signUp(harness);
    for (const terms of ['due_on_receipt', 'net_7', 'net_15', 'net_30', 'net_60', 'net_90']) {
      const customer = await createCustomer(books, {
        display_name: `Customer ${terms}`,
        payment_terms: terms,
        company_name: 'Acme Holdings',
        phone: '+1 555 0100',
        billing_address: '1 Main St\nSpringfield',
        notes: 'Pays on Fridays',
      });
      assert.equal(customer.payment_terms, terms);
      assert.equal(customer.company_name, 'Acme Holdings');
      assert.equal(customer.phone, '+1 555 0100');
      assert.equal(customer.billing_address, '1 Main St\nSpringfield');
      assert.equal(customer.notes, 'Pays on Fridays');
    }
    assert.equal(await countRows(harness, 'customers', books.organizationId), 6);
  });

  test('honours Idempotency-Key: a repeat replays the response and creates no second customer', async () => {
    const books = await signUp(harness);
    const headers = { ...books.headers, 'idempotency-key': 'customer-1' };
    const body = { display_name: 'Acme Corp', email: 'a@acme.example' };
    const first = await call(harness, 'POST', '/api/v1/customers', headers, body);
    const second = await call(harness, 'POST', '/api/v1/customers', headers, body);
    assert.equal(first.statusCode, 201);
    assert.equal(second.statusCode, 201);
    assert.equal(second.body, first.body);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(await countRows(harness, 'customers', books.organizationId), 1);
    const conflict = await call(harness, 'POST', '/api/v1/customers', headers, { display_name: 'Other' });
    assert.equal(conflict.statusCode, 409);
    assert.equal(errorCode(conflict), 'idempotency_conflict');
    assert.equal(await countRows(harness, 'customers', books.organizationId), 1);
  });

  test('refuses a missing or blank display_name, a malformed email, unknown terms: 400, nothing written', async () => {
    const books = await signUp(harness);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'a@b.example' }, 'display_name'],
      [{ display_name: '   ' }, 'display_name'],
      [{ display_name: 'Acme', email: 'not-an-email' }, 'email'],
      [{ display_name: 'Acme', payment_terms: 'net_45' }, 'payment_terms'],
      [{ display_name: 'Acme', notes: 'x'.repeat(4001) }, 'notes'],
      [{ display_name: 42 }, 'display_name'],
    ];
    for (const [body, field] of cases) {
      const response = await call(harness, 'POST', '/api/v1/customers', books.headers, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(errorCode(response), 'validation_error');
      assert.ok(response.json().error.detail.fields[field], `${field}: ${response.body}`);
    }
    assert.equal(await countRows(harness, 'customers', books.organizationId), 0);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 0);
  });
});

describe('listing customers', () => {
  test('search matches a case-insensitive substring of display_name or email, literally', async () => {
    const books = await signUp(harness);
    const acme = await createCustomer(books, { display_name: 'Acme Corp', email: 'ap@acme.example' });
    const globex = await createCustomer(books, { display_name: 'Globex', email: 'BILLING@globex.example' });
    const percent = await createCustomer(books, { display_name: '100% Juice' });
    const search = async (term: string) =>
      (await call(harness, 'GET', `/api/v1/customers?search=${encodeURIComponent(term)}`, books.headers))
        .json()
        .results.map((c: { id: string }) => c.id);
    assert.deepEqual(await search('ACME'), [acme.id]);
    assert.deepEqual(await search('billing@'), [globex.id]);
    assert.deepEqual(await search('example'), [acme.id, globex.id]);
    assert.deepEqual(await search('0%'), [percent.id]);
    assert.deepEqual(await search('%'), [percent.id]);
    assert.deepEqual(await search('nobody'), []);
  });

  test('is_active filters, and pages of 50 follow next and previous in creation order', async () => {
    const books = await signUp(harness);
    const ids: string[] = [];
    for (let index = 0; index < 52; index++) {
      ids.push((await createCustomer(books, { display_name: `Customer ${index}` })).id);
    }
    await call(harness, 'POST', `/api/v1/customers/${ids[3]}/deactivate`, books.headers);
    const inactive = await call(harness, 'GET', '/api/v1/customers?is_active=false', books.headers);
    assert.deepEqual(
      inactive.json().results.map((c: { id: string }) => c.id),
      [ids[3]],
    );
    const first = (await call(harness, 'GET', '/api/v1/customers', books.headers)).json();
    assert.equal(first.results.length, 50);
    assert.equal(first.previous, null);
    assert.deepEqual(
      first.results.map((c: { id: string }) => c.id),
      ids.slice(0, 50),
    );
    const next = new URL(first.next);
    const second = (await call(harness, 'GET', `${next.pathname}${next.search}`, books.headers)).json();
    assert.deepEqual(
      second.results.map((c: { id: string }) => c.id),
      ids.slice(50),
    );
    assert.equal(second.next, null);
    const active = await call(harness, 'GET', '/api/v1/customers?is_active=true', books.headers);
    assert.ok(!active.json().results.some((c: { id: string }) => c.id === ids[3]));
  });

  test('a malformed cursor answers 400 invalid_cursor', async () => {
    const books = await signUp(harness);
    const response = await call(harness, 'GET', '/api/v1/customers?cursor=garbage', books.headers);
    assert.equal(response.statusCode, 400);
    assert.equal(errorCode(response), 'invalid_cursor');
  });
});

describe('customer balance (D26)', () => {
  test('balance is open sent invoices minus unapplied payments; drafts, paid and void ones do not count', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(books);
    const other = await createCustomer(books, { display_name: 'Other' });
    await insertInvoice(books, customer.id, 'sent', '100.00');
    await insertInvoice(books, customer.id, 'sent', '250.50', '50.25');
    await insertInvoice(books, customer.id, 'draft', '999.00');
    await insertInvoice(books, customer.id, 'paid', '80.00', '80.00');
    await insertInvoice(books, customer.id, 'void', '70.00');
    await insertInvoice(books, other.id, 'sent', '10.00');
    await insertPayment(books, customer.id, '50.25', '0');
    await insertPayment(books, customer.id, '40.00', '15.10');
    const read = (await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers)).json();
    // 100.00 + (250.50 - 50.25) - 15.10
    assert.equal(read.balance, '285.1500');
    assert.equal(read.open_invoice_count, 2);
    assert.equal(read.unapplied_credit, '15.1000', 'only the payment with money left over counts');
    assert.equal(read.version, 1, 'derived balances never bump the version (D33)');
    const list = (await call(harness, 'GET', '/api/v1/customers', books.headers)).json();
    const byId = new Map(list.results.map((c: { id: string }) => [c.id, c]));
    assert.deepEqual(
      [
        (byId.get(customer.id) as { balance: string }).balance,
        (byId.get(other.id) as { balance: string }).balance,
      ],
      ['285.1500', '10.0000'],
    );
    assert.equal((byId.get(other.id) as { open_invoice_count: number }).open_invoice_count, 1);
  });

  test('unapplied credit beyond open invoices gives a negative balance', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(books);
    await insertPayment(books, customer.id, '500.00', '500.00');
    const read = (await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers)).json();
    assert.equal(read.balance, '-500.0000');
    assert.equal(read.open_invoice_count, 0);
    assert.equal(read.unapplied_credit, '500.0000');
  });
});

describe('customer balance through the ledger (D25, D26)', () => {
  /** Scale-4 decimal string to bigint, for sums without floats. */
  const units = (money: string) => BigInt(money.replace('.', ''));

  test('balance and open_invoice_count follow every send, payment, credit and void, and add up to Accounts Receivable', async () => {
    const books = await signUp(harness);
    const heron = await createCustomer(books, { display_name: 'Blue Heron Cafe' });
    const quartz = await createCustomer(books, { display_name: 'Quartz Studio' });
    const tax = await createTaxRate(harness, books.headers, '8.2500');
    const draft = async (customer: string) => ok(await postInvoice(harness, books, customer, tax.id), 201);
    const send = async (id: string) =>
      ok(await call(harness, 'POST', `/api/v1/invoices/${id}/send`, books.headers));
    const pay = async (
      customer: string,
      amount: string,
      applications: { invoice_id: string; amount: string }[],
    ) =>
      ok(
        await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
          customer,
          payment_date: today,
          amount,
          method: 'ach',
          applications,
        }),
        201,
      );
    /** Reads both customers and 1100; the customers' balances must add up to the receivable account. */
    const standing = async () => {
      const customers = ok(await call(harness, 'GET', '/api/v1/customers', books.headers)).results as {
        id: string;
        balance: string;
        open_invoice_count: number;
      }[];
      const receivable = ok(
        await call(harness, 'GET', `/api/v1/accounts/${books.accounts['1100']}`, books.headers),
      );
      const sum = customers.reduce((total, customer) => total + units(customer.balance), 0n);
      assert.equal(sum, units(receivable.balance), 'customer balances add up to 1100 Accounts Receivable');
      const byId = new Map(customers.map((customer) => [customer.id, customer]));
      const one = async (id: string) => {
        const read = ok(await call(harness, 'GET', `/api/v1/customers/${id}`, books.headers));
        assert.equal(read.balance, byId.get(id)!.balance, 'read and list agree');
        assert.equal(read.open_invoice_count, byId.get(id)!.open_invoice_count);
        assert.equal(read.version, 1, 'derived values never bump the version (D33)');
        return [read.balance, read.open_invoice_count];
      };
      return { heron: await one(heron.id), quartz: await one(quartz.id) };
    };

    const first = await draft(heron.id);
    assert.deepEqual(
      await standing(),
      { heron: ['0.0000', 0], quartz: ['0.0000', 0] },
      'a draft owes nothing',
    );
    await send(first.id);
    assert.deepEqual(await standing(), { heron: ['1450.0000', 1], quartz: ['0.0000', 0] });

    const second = await draft(heron.id);
    await send(second.id);
    await pay(heron.id, '500.00', [{ invoice_id: second.id, amount: '500.00' }]);
    assert.deepEqual(await standing(), { heron: ['2400.0000', 2], quartz: ['0.0000', 0] }, 'partly paid');

    const third = await draft(heron.id);
    await send(third.id);
    await pay(heron.id, '1600.00', [{ invoice_id: third.id, amount: '1450.00' }]);
    assert.deepEqual(
      await standing(),
      { heron: ['2250.0000', 2], quartz: ['0.0000', 0] },
      'a paid invoice drops out and the unapplied 150.00 is credit',
    );

    const voided = await draft(heron.id);
    await send(voided.id);
    assert.deepEqual(await standing(), { heron: ['3700.0000', 3], quartz: ['0.0000', 0] });
    ok(await call(harness, 'POST', `/api/v1/invoices/${voided.id}/void`, books.headers));
    assert.deepEqual(await standing(), { heron: ['2250.0000', 2], quartz: ['0.0000', 0] }, 'a void reverses');

    await pay(quartz.id, '300.00', []);
    assert.deepEqual(
      await standing(),
      { heron: ['2250.0000', 2], quartz: ['-300.0000', 0] },
      'an unapplied payment alone is a credit: a negative balance',
    );
    const owed = await draft(quartz.id);
    await send(owed.id);
    assert.deepEqual(await standing(), { heron: ['2250.0000', 2], quartz: ['1150.0000', 1] });
  });
});

describe('updating customers', () => {
  test('PATCH changes only the fields sent, null clears an optional field, version and feed advance', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(books, { email: 'a@acme.example', phone: '555', notes: 'n' });
    const cursor = await feedCursor(harness, books.headers);
    const patched = await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, {
      payment_terms: 'net_60',
      email: null,
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const body = patched.json();
    assert.equal(body.payment_terms, 'net_60');
    assert.equal(body.email, null);
    assert.equal(body.phone, '555');
    assert.equal(body.notes, 'n');
    assert.equal(body.display_name, 'Acme Corp');
    assert.equal(body.version, 2);
    const renamed = await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, {
      display_name: 'Acme Corporation',
      version: 2,
    });
    assert.equal(renamed.json().version, 3);
    assert.equal(renamed.json().payment_terms, 'net_60');
    assert.deepEqual(
      (await changesSince(harness, books.headers, cursor, 'customer')).map((c) => [
        c.operation,
        c.entity_version,
      ]),
      [
        ['updated', 2],
        ['updated', 3],
      ],
    );
  });

  test('a stale version answers 412 stale_write with both versions and changes nothing', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(books);
    await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, { notes: 'first' });
    const cursor = await feedCursor(harness, books.headers);
    const stale = await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, {
      notes: 'second',
      version: 1,
    });
    assert.equal(stale.statusCode, 412);
    assert.equal(errorCode(stale), 'stale_write');
    assert.deepEqual(stale.json().error.detail, { your_version: 1, current_version: 2 });
    const header = await call(
      harness,
      'PATCH',
      `/api/v1/customers/${customer.id}`,
      { ...books.headers, 'if-unmodified-since': '1' },
      { notes: 'third' },
    );
    assert.equal(errorCode(header), 'stale_write');
    const deactivate = await call(
      harness,
      'POST',
      `/api/v1/customers/${customer.id}/deactivate`,
      books.headers,
      { version: 1 },
    );
    assert.equal(errorCode(deactivate), 'stale_write');
    const read = (await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers)).json();
    assert.equal(read.notes, 'first');
    assert.equal(read.version, 2);
    assert.equal(read.is_active, true);
    assert.deepEqual(await changesSince(harness, books.headers, cursor, 'customer'), []);
    const matched = await call(
      harness,
      'PATCH',
      `/api/v1/customers/${customer.id}`,
      { ...books.headers, 'if-match': '"2"' },
      { notes: 'fourth' },
    );
    assert.equal(matched.statusCode, 200);
    assert.equal(matched.json().version, 3);
  });

  test('refuses invalid patches with 400 validation_error and changes nothing', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(books);
    for (const body of [
      { display_name: '' },
      { email: 'nope' },
      { payment_terms: 'net_31' },
      { is_active: 'no' },
    ]) {
      const response = await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(errorCode(response), 'validation_error');
    }
    const read = (await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers)).json();
    assert.equal(read.version, 1);
    assert.equal(await countRows(harness, 'changes', books.organizationId), 1);
  });

  test('deactivate (POST or PATCH is_active false) bumps the version once; repeating it changes nothing', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(books);
    const cursor = await feedCursor(harness, books.headers);
    const first = await call(harness, 'POST', `/api/v1/customers/${customer.id}/deactivate`, books.headers);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().is_active, false);
    assert.equal(first.json().version, 2);
    const again = await call(harness, 'POST', `/api/v1/customers/${customer.id}/deactivate`, books.headers);
    assert.equal(again.json().version, 2);
    const reactivated = await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, {
      is_active: true,
    });
    assert.equal(reactivated.json().is_active, true);
    assert.equal(reactivated.json().version, 3);
    const viaPatch = await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, {
      is_active: false,
    });
    assert.equal(viaPatch.json().is_active, false);
    assert.equal(viaPatch.json().version, 4);
    assert.deepEqual(
      (await changesSince(harness, books.headers, cursor, 'customer')).map((c) => c.entity_version),
      [2, 3, 4],
    );
  });
});

describe('who may see and change customers', () => {
  test('a sales key reads and writes customers and sees their change records', async () => {
    const books = await signUp(harness);
    const sales = await createKey(harness, books, 'sales');
    const cursor = await feedCursor(harness, sales.headers);
    const created = await createCustomer(books, { display_name: 'Via key' }, sales.headers);
    const patched = await call(harness, 'PATCH', `/api/v1/customers/${created.id}`, sales.headers, {
      notes: 'from sales',
    });
    assert.equal(patched.statusCode, 200);
    const list = await call(harness, 'GET', '/api/v1/customers', sales.headers);
    assert.equal(list.json().results.length, 1);
    assert.deepEqual(
      (await changesSince(harness, sales.headers, cursor, 'customer')).map((c) => [
        c.entity_type,
        c.entity_version,
      ]),
      [
        ['customer', 1],
        ['customer', 2],
      ],
    );
  });

  test('a viewer key reads customers but writing answers 403 permission_denied and writes nothing', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(books);
    const viewer = await createKey(harness, books, 'viewer');
    assert.equal(
      (await call(harness, 'GET', `/api/v1/customers/${customer.id}`, viewer.headers)).statusCode,
      200,
    );
    const create = await call(harness, 'POST', '/api/v1/customers', viewer.headers, { display_name: 'X' });
    assert.equal(create.statusCode, 403);
    assert.equal(errorCode(create), 'permission_denied');
    const patch = await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, viewer.headers, {
      notes: 'x',
    });
    assert.equal(errorCode(patch), 'permission_denied');
    const deactivate = await call(
      harness,
      'POST',
      `/api/v1/customers/${customer.id}/deactivate`,
      viewer.headers,
    );
    assert.equal(errorCode(deactivate), 'permission_denied');
    assert.equal(await countRows(harness, 'customers', books.organizationId), 1);
    const read = (await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers)).json();
    assert.equal(read.version, 1);
  });

  test('customers of another organization answer 404 not_found and stay unchanged', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const customer = await createCustomer(books);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { notes: 'x' }],
      ['POST', '/deactivate', undefined],
    ] as const) {
      const response = await call(
        harness,
        method,
        `/api/v1/customers/${customer.id}${suffix}`,
        other.headers,
        body,
      );
      assert.equal(response.statusCode, 404, `${method} ${suffix}`);
      assert.equal(errorCode(response), 'not_found');
    }
    assert.equal((await call(harness, 'GET', '/api/v1/customers', other.headers)).json().results.length, 0);
    assert.equal((await call(harness, 'GET', '/api/v1/customers/not-a-uuid', books.headers)).statusCode, 404);
    const read = (await call(harness, 'GET', `/api/v1/customers/${customer.id}`, books.headers)).json();
    assert.equal(read.version, 1);
  });

  test('sandbox books keep their own customers', async () => {
    const books = await signUp(harness);
    await createCustomer(books, {}, books.sandboxHeaders);
    assert.equal(await countRows(harness, 'customers', books.sandboxId), 1);
    assert.equal(await countRows(harness, 'customers', books.organizationId), 0);
  });

  test('OpenAPI shows the customer routes with full request and response schemas', async () => {
    const doc = (await call(harness, 'GET', '/api/v1/openapi.json', {})).json();
    const requestSchema = requestBodySchema(doc, '/api/v1/customers', 'post');
    assert.ok(requestSchema.properties.display_name);
    assert.ok(requestSchema.properties.payment_terms);
    assert.ok(doc.components.schemas.Customer.properties.balance);
    assert.ok(doc.paths['/api/v1/customers/{id}'].patch);
    assert.ok(doc.paths['/api/v1/customers/{id}/deactivate'].post);
  });
});
