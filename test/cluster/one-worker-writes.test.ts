// Issue 22 on a real Citus cluster: a month of one organization's writes (invoices, payments, a
// deposit, a credit note, bills, a bill payment, a vendor credit, journal entries, voids) touches
// the worker that holds its shards and no other. Citus records every transaction it commits on
// workers in two phases in pg_dist_transaction, with the worker's group; with the recovery that
// clears those records paused, every record this test leaves must name the organization's own
// group. A write that reached another worker (a reference table's, or a sub-plan's rows copied to
// every worker, src/storage/stores/sequences.ts) would be refused for this organization whenever any
// worker is down. scripts/citus-suite.sh runs it after the suite (FOLIO_CITUS_FAULT_NODE set), when
// nothing else writes; anywhere else it is skipped.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { makeDeposit, receivePayment } from '../helpers/deposits.ts';
import { call, type Harness, onPostgres, signUp, today, useHarness } from '../helpers/harness.ts';
import { balancedEntry } from '../helpers/ledger.ts';
import { createCustomer, createTaxRate, ok, sentInvoice } from '../helpers/receivables.ts';
import { applyCredit, createVendor, issuedCredit, openBill } from '../helpers/vendor-credits.ts';

const RUN = onPostgres && process.env.FOLIO_CITUS_FAULT_NODE !== undefined;

async function setRecovery(harness: Harness, interval: string | null) {
  await harness.db.query(
    interval === null
      ? 'ALTER SYSTEM RESET citus.recover_2pc_interval'
      : `ALTER SYSTEM SET citus.recover_2pc_interval = '${interval}'`,
  );
  await harness.db.query('SELECT pg_reload_conf()');
}

describe("a month of one organization's writes on Citus", { skip: !RUN }, () => {
  const harness = RUN ? useHarness() : ({} as Harness);

  test("reaches only the worker that holds the organization's shards", async () => {
    const books = await signUp(harness);
    const [own] = await harness.db.query<{ groupid: number }>(
      `SELECT n.groupid FROM pg_dist_shard_placement p JOIN pg_dist_node n ON n.nodeport = p.nodeport
        WHERE p.shardid = get_shard_id_for_distribution_column('journal_entries', $1::uuid)`,
      [books.organizationId],
    );
    assert.ok(own);
    await setRecovery(harness, '-1');
    try {
      const seen = new Set(
        (await harness.db.query<{ gid: string }>('SELECT gid FROM pg_dist_transaction')).map(
          (row) => row.gid,
        ),
      );
      const elsewhere: string[] = [];
      /** Runs one write, then notes every new two-phase record on a node not the organization's. */
      const step = async <T>(label: string, write: () => Promise<T>): Promise<T> => {
        const result = await write();
        for (const row of await harness.db.query<{ gid: string; groupid: number }>(
          'SELECT gid, groupid FROM pg_dist_transaction',
        )) {
          if (seen.has(row.gid)) continue;
          seen.add(row.gid);
          if (row.groupid !== own.groupid) elsewhere.push(`${label}: group ${row.groupid}`);
        }
        return result;
      };
      const h = books.headers;
      const customer = await step('customer', () =>
        createCustomer(harness, h, { display_name: 'Blue Heron Cafe' }),
      );
      const tax = await step('tax rate', () => createTaxRate(harness, h, '8.2500'));
      const invoice = await step('invoice sent', () => sentInvoice(harness, books, customer.id, tax.id));
      const paid = await step('payment applied', () =>
        receivePayment(harness, h, customer.id, '500.00', {
          applications: [{ invoice_id: invoice.id, amount: '500.00' }],
        }),
      );
      const loose = await step('payment', () => receivePayment(harness, h, customer.id, '40.00'));
      await step('deposit', () => makeDeposit(harness, books, [paid.id, loose.id]));
      const note = await step('credit note', async () =>
        ok(
          await call(harness, 'POST', '/api/v1/credit-notes', h, {
            customer: customer.id,
            lines: [
              {
                description: 'Refund',
                quantity: '1',
                unit_price: '20.00',
                income_account: books.accounts['4100'],
                is_taxable: false,
              },
            ],
          }),
          201,
        ),
      );
      await step('credit note issued', async () =>
        ok(await call(harness, 'POST', `/api/v1/credit-notes/${note.id}/issue`, h)),
      );
      await step('credit note applied', async () =>
        ok(
          await call(harness, 'POST', `/api/v1/credit-notes/${note.id}/apply`, h, {
            applications: [{ invoice_id: invoice.id, amount: '20.00' }],
          }),
        ),
      );
      const vendor = await step('vendor', () => createVendor(harness, h));
      const bill = await step('bill opened', () => openBill(harness, books, vendor.id, '100.00'));
      await step('bill payment', async () =>
        ok(
          await call(harness, 'POST', '/api/v1/bill-payments', h, {
            vendor: vendor.id,
            payment_date: bill.bill_date,
            amount: '30.00',
            method: 'check',
            paid_from_account: books.accounts['1000'],
            applications: [{ bill_id: bill.id, amount: '30.00' }],
          }),
          201,
        ),
      );
      const credit = await step('vendor credit issued', () => issuedCredit(harness, books, vendor.id, null));
      await step('vendor credit applied', async () =>
        ok(await applyCredit(harness, h, credit.id, [{ bill_id: bill.id, amount: '10.00' }])),
      );
      await step('journal entry posted', async () =>
        ok(
          await call(
            harness,
            'POST',
            '/api/v1/journal-entries',
            h,
            balancedEntry(books, '75.00', '75.00', { post: true }),
          ),
          201,
        ),
      );
      const draft = await step('journal draft', async () =>
        ok(await call(harness, 'POST', '/api/v1/journal-entries', h, balancedEntry(books)), 201),
      );
      await step('draft posted', async () =>
        ok(await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, h)),
      );
      const voided = await step('payment', () =>
        receivePayment(harness, h, customer.id, '5.00', { payment_date: today }),
      );
      await step('payment voided', async () =>
        ok(await call(harness, 'POST', `/api/v1/payments-received/${voided.id}/void`, h)),
      );
      assert.deepEqual(elsewhere, [], `writes that reached another node than group ${own.groupid}`);
    } finally {
      await setRecovery(harness, null);
    }
  });
});
