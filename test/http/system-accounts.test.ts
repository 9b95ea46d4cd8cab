// D65: the accounts the service posts to by itself are found by their role (accounts.system_role),
// never by number: renumbering or renaming one keeps it the one posted to, and a new account that
// takes its old number (or asks for its role) does not take its place.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { SEEDED_CHART } from '../../src/domain/chart.ts';
import { allowMultiShard } from '../../src/storage/sql.ts';
import { type Books, call, type Headers, signUp, today, useHarness } from '../helpers/harness.ts';
import { createCustomer, createTaxRate, ok, postInvoice } from '../helpers/receivables.ts';

const harness = useHarness();

const ROLES: Record<string, string> = {
  '1000': 'bank',
  '1010': 'undeposited_funds',
  '1100': 'accounts_receivable',
  '1200': 'inventory',
  '2000': 'accounts_payable',
  '2200': 'sales_tax_payable',
  '3200': 'retained_earnings',
  '5000': 'cost_of_goods_sold',
};

async function rolesByNumber(headers: Headers): Promise<Record<string, string | null>> {
  const accounts = ok(await call(harness, 'GET', '/api/v1/accounts', headers)).results;
  return Object.fromEntries(
    accounts.map((account: { number: string; system_role: string | null }) => [
      account.number,
      account.system_role,
    ]),
  );
}

function expectedRoles(): Record<string, string | null> {
  return Object.fromEntries(SEEDED_CHART.map((account) => [account.number, ROLES[account.number] ?? null]));
}

/** Renumbers and renames a seeded account, then creates an impostor with its old number, deactivated. */
async function displace(books: Books, number: string, type: string, detailType: string) {
  const original = books.accounts[number]!;
  ok(
    await call(harness, 'PATCH', `/api/v1/accounts/${original}`, books.headers, {
      number: `9${number}`,
      name: `Renamed ${number}`,
    }),
  );
  const impostor = ok(
    await call(harness, 'POST', '/api/v1/accounts', books.headers, {
      number,
      name: `New ${number}`,
      type,
      detail_type: detailType,
      system_role: ROLES[number],
    }),
    201,
  );
  assert.equal(impostor.system_role, null, 'a new account does not take the role');
  ok(await call(harness, 'PATCH', `/api/v1/accounts/${impostor.id}`, books.headers, { is_active: false }));
  const renamed = ok(await call(harness, 'GET', `/api/v1/accounts/${original}`, books.headers));
  assert.equal(renamed.system_role, ROLES[number], 'renumbering keeps the role');
  return { original, impostor: impostor.id as string };
}

describe('system accounts by role (D65)', () => {
  test('every seeded account the service posts to carries its role, on live and sandbox books', async () => {
    const books = await signUp(harness);
    assert.deepEqual(await rolesByNumber(books.headers), expectedRoles());
    assert.deepEqual(await rolesByNumber(books.sandboxHeaders), expectedRoles());
  });

  test('renumber 1100, 1010 and 2200 and create new inactive ones: invoices, payments and tax rates still post to the originals', async () => {
    const books = await signUp(harness);
    const receivable = await displace(books, '1100', 'asset', 'accounts_receivable');
    const undeposited = await displace(books, '1010', 'asset', 'undeposited_funds');
    const salesTax = await displace(books, '2200', 'liability', 'sales_tax_payable');

    const tax = await createTaxRate(harness, books.headers);
    const rate = ok(await call(harness, 'GET', `/api/v1/tax-rates/${tax.id}`, books.headers));
    assert.equal(rate.liability_account, salesTax.original, 'a new tax rate defaults to the original');

    const customer = await createCustomer(harness, books.headers);
    const draft = ok(await postInvoice(harness, books, customer.id, tax.id), 201);
    const invoice = ok(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
    const sent = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${invoice.journal_entry}`, books.headers),
    );
    const accountsOf = (entry: { lines: { account: string }[] }) => entry.lines.map((line) => line.account);
    assert.ok(accountsOf(sent).includes(receivable.original), 'debits the original receivable');
    assert.ok(accountsOf(sent).includes(salesTax.original), 'credits the original sales tax');
    assert.ok(!accountsOf(sent).includes(receivable.impostor));

    const payment = ok(
      await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
        customer: customer.id,
        payment_date: today,
        amount: '100.00',
        method: 'check',
        applications: [{ invoice_id: invoice.id, amount: '100.00' }],
      }),
      201,
    );
    assert.equal(payment.deposit_to_account, undeposited.original, 'the default deposit is the original');
    const paid = ok(
      await call(harness, 'GET', `/api/v1/journal-entries/${payment.journal_entry}`, books.headers),
    );
    assert.deepEqual(accountsOf(paid), [undeposited.original, receivable.original]);

    const voidable = ok(await postInvoice(harness, books, customer.id, tax.id), 201);
    ok(await call(harness, 'POST', `/api/v1/invoices/${voidable.id}/send`, books.headers));
    ok(await call(harness, 'POST', `/api/v1/invoices/${voidable.id}/void`, books.headers));

    for (const impostor of [receivable.impostor, undeposited.impostor, salesTax.impostor]) {
      const account = ok(await call(harness, 'GET', `/api/v1/accounts/${impostor}`, books.headers));
      assert.equal(account.balance, '0.0000', `nothing posted to the new ${account.number}`);
    }
    const ar = ok(await call(harness, 'GET', `/api/v1/accounts/${receivable.original}`, books.headers));
    assert.equal(ar.balance, '1350.0000', 'the first invoice (1450.00) less the 100.00 payment');
  });

  test("a system account's role cannot be taken through PATCH either", async () => {
    const books = await signUp(harness);
    const other = ok(
      await call(harness, 'POST', '/api/v1/accounts', books.headers, {
        number: '1110',
        name: 'Other receivable',
        type: 'asset',
        detail_type: 'accounts_receivable',
      }),
      201,
    );
    const patched = await call(harness, 'PATCH', `/api/v1/accounts/${other.id}`, books.headers, {
      system_role: 'accounts_receivable',
    });
    const role = patched.statusCode === 200 ? patched.json().system_role : null;
    assert.equal(role, null);
    assert.equal((await rolesByNumber(books.headers))['1100'], 'accounts_receivable');
  });
});

describe('migration 0004 backfill', () => {
  test('existing books get their roles from the seeded numbers, or from the detail type of a renumbered seeded account', async () => {
    const books = await signUp(harness);
    // Books as they were before 0004: no roles, and 1100 renumbered with a new non-system "1100".
    await harness.db.query('UPDATE accounts SET system_role = NULL WHERE organization_id = $1', [
      books.organizationId,
    ]);
    await harness.db.query(`UPDATE accounts SET number = '1199' WHERE organization_id = $1 AND id = $2`, [
      books.organizationId,
      books.accounts['1100']!,
    ]);
    ok(
      await call(harness, 'POST', '/api/v1/accounts', books.headers, {
        number: '1100',
        name: 'New receivable',
        type: 'asset',
        detail_type: 'accounts_receivable',
      }),
      201,
    );
    const migration = readFileSync(
      new URL('../../src/storage/migrations/0004_system_account_roles.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split(';')
      .map((statement) => statement.replace(/^\s*(--.*\n)*/g, '').trim())
      .filter((statement) => statement.startsWith('UPDATE accounts'));
    assert.equal(backfill.length, 2);
    // A migration's statement, over every set of books: on Citus a multi-shard write.
    await harness.db.transaction(async (tx) => {
      await allowMultiShard(tx);
      for (const statement of backfill) await tx.query(statement);
    });
    const roles = await rolesByNumber(books.headers);
    assert.equal(roles['1100'], null, 'the new 1100 has no role');
    assert.equal(roles['1199'], 'accounts_receivable', 'the renumbered seeded account keeps it');
    for (const [number, role] of Object.entries(ROLES)) {
      if (number !== '1100') assert.equal(roles[number], role, number);
    }
  });
});
