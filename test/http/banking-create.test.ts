// Creating from a bank line, what works (D74): spend and receive post a journal entry between the
// bank account and the account named, the tax split off the tax-inclusive amount to the cent; a
// transfer moves the amount between two bank accounts; payment and bill_payment record their
// documents through their own use cases. Each is matched to the bank line at once, and each write
// leaves its change records in the feed. folio check stays clean.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { bankLine, createFrom, entryLines } from '../helpers/banking.ts';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import { type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { trackingOptions } from '../helpers/ledger.ts';
import { createCustomer, createTaxRate, ok, receivablesSetup, sentInvoice } from '../helpers/receivables.ts';

const harness = useHarness();

async function assertClean(books: Books) {
  const report = await checkBooks(harness.db, { organizationId: books.organizationId });
  assert.deepEqual(report.violations, []);
}

describe('create from a bank line (D74)', () => {
  test('spend with a tax rate: the tax-inclusive amount splits to the cent, posted and matched at once, with its change records', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const tax = await createTaxRate(harness, books.headers, '8.2500');
    const { east } = await trackingOptions(harness, books);
    const transaction = await bankLine(harness, books, '-108.25', 'spend-1');
    const cursor = await feedCursor(harness, books.headers);
    const created = ok(
      await createFrom(harness, books.headers, transaction.id, {
        kind: 'spend',
        account: books.accounts['6300'],
        tax_rate: tax.id,
        tracking_options: [east.id],
        memo: 'Printer paper',
      }),
      201,
    );
    assert.equal(created.kind, 'spend');
    assert.equal(created.document, null);
    assert.match(created.entry_number, /^JE-\d{6}$/);
    assert.equal(created.bank_transaction.status, 'matched');
    assert.equal(created.bank_transaction.version, 2);
    const { entry, lines } = await entryLines(harness, books, created.journal_entry);
    assert.deepEqual(
      [entry.status, entry.source_type, entry.source_id, entry.txn_date, entry.memo],
      ['posted', 'bank_transaction', transaction.id, '2026-11-10', 'Printer paper'],
    );
    assert.deepEqual(lines, [
      [books.accounts['6300'], '100.0000', '0.0000'],
      [tax.liability_account, '8.2500', '0.0000'],
      [checking, '0.0000', '108.2500'],
    ]);
    assert.deepEqual(entry.lines[0].tracking_options, [east.id]);
    const bankLineOfEntry = entry.lines.find((line: { account: string }) => line.account === checking);
    assert.equal(bankLineOfEntry.bank_transaction, transaction.id);
    assert.deepEqual(created.bank_transaction.matched, [
      { journal_line: bankLineOfEntry.id, journal_entry: entry.id, amount: '-108.2500' },
    ]);
    assert.deepEqual(
      ok(await call(harness, 'GET', `/api/v1/bank-transactions/${transaction.id}`, books.headers)),
      created.bank_transaction,
    );
    assert.deepEqual(changeTuples(await changesSince(harness, books.headers, cursor)), [
      ['journal_entry', entry.id, 'created', 1],
      ['bank_transaction', transaction.id, 'updated', 2],
    ]);
    await assertClean(books);
  });

  test('tax splits exactly where rounding skips the total, and at 0%: net + tax is always the amount', async () => {
    const books = await signUp(harness);
    const tax = await createTaxRate(harness, books.headers, '8.2500');
    const zero = await createTaxRate(harness, books.headers, '0.0000');
    // 10.00 at 8.25%: 9.24 + 0.76 (an invoice line of 9.24 carries 0.76). 1.00: 0.92 + 0.08.
    // 0.20 at 8.25%: no net n has n + round(n × 8.25%) = 0.20 (0.18 gives 0.19, 0.19 gives 0.21), so
    // the tax is the nearest 0.20 × 8.25 / 108.25 = 0.02 and the net 0.18.
    const cases: [string, string, string, string][] = [
      ['10.00', tax.id, '9.2400', '0.7600'],
      ['1.00', tax.id, '0.9200', '0.0800'],
      ['0.13', tax.id, '0.1200', '0.0100'],
      ['0.20', tax.id, '0.1800', '0.0200'],
      ['0.01', tax.id, '0.0100', '0.0000'],
      ['1082.50', tax.id, '1000.0000', '82.5000'],
      ['99.99', zero.id, '99.9900', '0.0000'],
    ];
    for (const [amount, rate, net, taxAmount] of cases) {
      const transaction = await bankLine(harness, books, amount, `rx-${amount}-${rate}`);
      const created = ok(
        await createFrom(harness, books.headers, transaction.id, {
          kind: 'receive',
          account: books.accounts['4000'],
          tax_rate: rate,
        }),
        201,
      );
      const { lines } = await entryLines(harness, books, created.journal_entry);
      const taxLines = taxAmount === '0.0000' ? [] : [[tax.liability_account, '0.0000', taxAmount]];
      assert.deepEqual(
        lines,
        [
          [books.accounts['1000'], `${amount}00`, '0.0000'],
          [books.accounts['4000'], '0.0000', net],
          ...taxLines,
        ],
        amount,
      );
    }
    await assertClean(books);
  });

  test('receive without tax, and a huge amount: exact to the last digit', async () => {
    const books = await signUp(harness);
    const transaction = await bankLine(harness, books, '999999999999999.99', 'huge');
    const created = ok(
      await createFrom(harness, books.headers, transaction.id, {
        kind: 'receive',
        account: books.accounts['3000'],
      }),
      201,
    );
    const { entry, lines } = await entryLines(harness, books, created.journal_entry);
    assert.deepEqual(lines, [
      [books.accounts['1000'], '999999999999999.9900', '0.0000'],
      [books.accounts['3000'], '0.0000', '999999999999999.9900'],
    ]);
    assert.match(entry.memo, /^Received: line huge$/);
  });

  test('transfer: to savings (money out) and from a credit card payment (money in); the other bank’s line is then suggested to match', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const savings = books.accounts['1050']!;
    const out = await bankLine(harness, books, '-500.00', 'to-savings');
    const created = ok(
      await createFrom(harness, books.headers, out.id, { kind: 'transfer', account: savings }),
      201,
    );
    assert.deepEqual((await entryLines(harness, books, created.journal_entry)).lines, [
      [savings, '500.0000', '0.0000'],
      [checking, '0.0000', '500.0000'],
    ]);
    // The savings statement's line of the same transfer finds the entry's savings line to match.
    const arrived = await bankLine(harness, books, '500.00', 'from-checking', savings);
    const suggested = ok(
      await call(harness, 'GET', `/api/v1/bank-transactions/${arrived.id}/suggestions`, books.headers),
    );
    assert.equal(suggested.results[0].kind, 'journal_line');
    assert.equal(suggested.results[0].journal_entry, created.journal_entry);
    // A card's payment: money in on the card (its liability goes down), out of checking.
    const card = books.accounts['2100']!;
    const payoff = await bankLine(harness, books, '250.00', 'card-payoff', card);
    const fromCard = ok(
      await createFrom(harness, books.headers, payoff.id, { kind: 'transfer', account: checking }),
      201,
    );
    assert.deepEqual((await entryLines(harness, books, fromCard.journal_entry)).lines, [
      [card, '250.0000', '0.0000'],
      [checking, '0.0000', '250.0000'],
    ]);
    assert.equal(fromCard.bank_transaction.matched[0].amount, '250.0000');
    await assertClean(books);
  });

  test('payment: a payment received deposited to the bank account, applied to an invoice, matched; its feed records as a payment’s', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await sentInvoice(harness, books, customer.id, tax.id);
    const transaction = await bankLine(harness, books, '1000.00', 'pay-in');
    const cursor = await feedCursor(harness, books.headers);
    const created = ok(
      await createFrom(harness, books.headers, transaction.id, {
        kind: 'payment',
        customer: customer.id,
        applications: [{ invoice_id: invoice.id, amount: '1000.00' }],
        method: 'ach',
        reference: 'bank line',
      }),
      201,
    );
    assert.match(created.document_number, /^PMT-\d{6}$/);
    const payment = ok(
      await call(harness, 'GET', `/api/v1/payments-received/${created.document}`, books.headers),
    );
    assert.deepEqual(
      [
        payment.amount,
        payment.payment_date,
        payment.deposit_to_account,
        payment.method,
        payment.unapplied_amount,
      ],
      ['1000.0000', '2026-11-10', books.accounts['1000'], 'ach', '0.0000'],
    );
    assert.equal(payment.journal_entry, created.journal_entry);
    const after = ok(await call(harness, 'GET', `/api/v1/invoices/${invoice.id}`, books.headers));
    assert.equal(after.amount_paid, '1000.0000');
    const tuples = changeTuples(await changesSince(harness, books.headers, cursor));
    assert.deepEqual(tuples.map(([type, , operation]) => `${type} ${operation}`).sort(), [
      'ar_invoice updated',
      'bank_transaction updated',
      'journal_entry created',
      'payment_received created',
    ]);
    // Voided only after unmatching (D74), then the payment voids as any other.
    const voided = await call(
      harness,
      'POST',
      `/api/v1/payments-received/${created.document}/void`,
      books.headers,
    );
    assert.equal(voided.statusCode, 409, voided.body);
    ok(await call(harness, 'POST', `/api/v1/bank-transactions/${transaction.id}/unmatch`, books.headers));
    ok(await call(harness, 'POST', `/api/v1/payments-received/${created.document}/void`, books.headers));
    await assertClean(books);
  });

  test('payment with no applications stays unapplied; a customer refund onto a credit card is money in there', async () => {
    const books = await signUp(harness);
    const customer = await createCustomer(harness, books.headers);
    const transaction = await bankLine(harness, books, '40.00', 'unapplied', books.accounts['2100']);
    const created = ok(
      await createFrom(harness, books.headers, transaction.id, { kind: 'payment', customer: customer.id }),
      201,
    );
    const payment = ok(
      await call(harness, 'GET', `/api/v1/payments-received/${created.document}`, books.headers),
    );
    assert.deepEqual([payment.unapplied_amount, payment.method], ['40.0000', 'other']);
    assert.equal(created.bank_transaction.matched[0].amount, '40.0000');
    await assertClean(books);
  });

  test('bill_payment: the vendor’s bills paid from the bank account, matched', async () => {
    const books = await signUp(harness);
    const vendor = ok(
      await call(harness, 'POST', '/api/v1/vendors', books.headers, { display_name: 'Northwind' }),
      201,
    );
    const draft = ok(
      await call(harness, 'POST', '/api/v1/bills', books.headers, {
        vendor: vendor.id,
        bill_date: '2026-11-01',
        lines: [{ description: 'Paper', quantity: '3', unit_cost: '10.00', account: books.accounts['6300'] }],
      }),
      201,
    );
    const bill = ok(await call(harness, 'POST', `/api/v1/bills/${draft.id}/open`, books.headers));
    const transaction = await bankLine(harness, books, '-30.00', 'bill-out');
    const created = ok(
      await createFrom(harness, books.headers, transaction.id, {
        kind: 'bill_payment',
        vendor: vendor.id,
        applications: [{ bill_id: bill.id, amount: '30.00' }],
      }),
      201,
    );
    assert.match(created.document_number, /^BPMT-\d{6}$|^[A-Z]+-\d+$/);
    const payment = ok(
      await call(harness, 'GET', `/api/v1/bill-payments/${created.document}`, books.headers),
    );
    assert.deepEqual([payment.amount, payment.paid_from_account], ['30.0000', books.accounts['1000']]);
    assert.equal(ok(await call(harness, 'GET', `/api/v1/bills/${bill.id}`, books.headers)).status, 'paid');
    assert.equal(created.bank_transaction.matched[0].amount, '-30.0000');
    await assertClean(books);
  });

  test('a created entry is reversed through /journal-entries once its bank line is unmatched; Idempotency-Key replays', async () => {
    const books = await signUp(harness);
    const transaction = await bankLine(harness, books, '-12.00', 'fee');
    const key = { 'idempotency-key': 'create-fee-1' };
    const body = { kind: 'spend', account: books.accounts['6100'] };
    const first = await createFrom(harness, books.headers, transaction.id, body, key);
    const again = await createFrom(harness, books.headers, transaction.id, body, key);
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(again.body, first.body);
    const created = first.json();
    const refused = await call(
      harness,
      'POST',
      `/api/v1/journal-entries/${created.journal_entry}/reverse`,
      books.headers,
    );
    assert.equal(refused.statusCode, 409, refused.body);
    ok(await call(harness, 'POST', `/api/v1/bank-transactions/${transaction.id}/unmatch`, books.headers));
    ok(
      await call(harness, 'POST', `/api/v1/journal-entries/${created.journal_entry}/reverse`, books.headers),
      201,
    );
    const listed = ok(
      await call(harness, 'GET', '/api/v1/journal-entries?source_type=bank_transaction', books.headers),
    );
    assert.deepEqual(
      listed.results.map((entry: { id: string }) => entry.id),
      [created.journal_entry],
    );
    await assertClean(books);
  });
});
