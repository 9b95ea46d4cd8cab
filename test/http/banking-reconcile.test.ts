// Reconciliation, what works (D76): a bank account reconciled on a statement date when its cleared
// balance (the opening balance before its bank feed plus the ledger lines matched to bank
// transactions dated on or before that date) equals the statement's; the matched transactions are
// frozen in it; later reconciliations count what was matched since, late lines included; the list,
// one by id, the change feed, the sandbox. And the bank reconciliation report, as JSON and as CSV.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { match } from '../helpers/banking.ts';
import { parseCsv } from '../helpers/csv.ts';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import { type Books, call, type Harness, signUp, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';
import {
  bankLineOn,
  ledgerMove,
  matchedPair,
  type ReconciliationBody,
  reconcile,
  transactionOf,
} from '../helpers/reconcile.ts';

const harness = useHarness();

/**
 * November at the bank and in the books. Before the feed (which starts 2026-11-02): 1,000.00 in on
 * 2026-10-01 and a 200.00 cheque written 2026-10-30 that the bank pays on 2026-11-02. Then a 300.00
 * deposit, a 45.50 payment, a 12.00 bank fee the books do not have yet, an 80.00 deposit the bank has
 * not seen by the 30th, and 10.00 the books took on 2026-11-30 that the bank shows on 2026-12-03.
 * The November statement closes at 1,000 - 200 + 300 - 45.50 - 12 = 1,042.50.
 */
async function november(harness: Harness, books: Books, headers = books.headers) {
  const checking = books.accounts['1000']!;
  await ledgerMove(harness, books, '2026-10-01', '1000.00', checking, headers);
  const cheque = await ledgerMove(harness, books, '2026-10-30', '-200.00', checking, headers);
  const paid = await bankLineOn(harness, books, '2026-11-02', '-200.00', 'nov-cheque', checking, headers);
  ok(await match(harness, headers, paid.id, [cheque.line]));
  const deposit = await matchedPair(
    harness,
    books,
    { bank: '2026-11-05', ledger: '2026-11-04' },
    '300.00',
    'nov-dep',
    checking,
    headers,
  );
  const payment = await matchedPair(
    harness,
    books,
    { bank: '2026-11-20', ledger: '2026-11-20' },
    '-45.50',
    'nov-pay',
    checking,
    headers,
  );
  const fee = await bankLineOn(harness, books, '2026-11-25', '-12.00', 'nov-fee', checking, headers);
  const inTransit = await ledgerMove(harness, books, '2026-11-28', '80.00', checking, headers);
  const late = await matchedPair(
    harness,
    books,
    { bank: '2026-12-03', ledger: '2026-11-30' },
    '10.00',
    'dec-late',
    checking,
    headers,
  );
  return { checking, paid, deposit, payment, fee, inTransit, late };
}

describe('reconciliation (D76)', () => {
  test('the cleared balance counts the opening balance and the lines matched up to the statement date; equal, the matched transactions are reconciled', async () => {
    const books = await signUp(harness);
    const { checking, paid, deposit, payment, fee, late } = await november(harness, books);

    // The fee is not in the books yet: 12.00 apart, and nothing is written.
    const refused = await reconcile(harness, books.headers, checking, '2026-11-30', '1042.50');
    assert.equal(refused.statusCode, 409, refused.body);
    assert.deepEqual(refused.json().error.detail, {
      cleared_balance: '1054.5000',
      statement_balance: '1042.5000',
      difference: '-12.0000',
    });

    const feeLine = await ledgerMove(harness, books, '2026-11-25', '-12.00');
    ok(await match(harness, books.headers, fee.id, [feeLine.line]));
    const reconciled = await Promise.all(
      [paid, deposit.transaction, payment.transaction, fee].map((line) =>
        transactionOf(harness, books.headers, line.id),
      ),
    );
    const cursor = await feedCursor(harness, books.headers);
    const created: ReconciliationBody = ok(
      await reconcile(harness, books.headers, checking, '2026-11-30', '1042.50'),
      201,
    );
    assert.deepEqual(
      { ...created, id: 'id', created_at: 'at' },
      {
        id: 'id',
        account: checking,
        statement_date: '2026-11-30',
        statement_balance: '1042.5000',
        cleared_balance: '1042.5000',
        opening_balance: '1000.0000',
        transactions_reconciled: 4,
        version: 1,
        created_at: 'at',
      },
    );
    for (const before of reconciled) {
      const after = await transactionOf(harness, books.headers, before.id);
      assert.deepEqual(
        [after.status, after.reconciliation, after.version, after.matched],
        ['matched', created.id, before.version + 1, before.matched],
      );
    }
    const notYet = await transactionOf(harness, books.headers, late.transaction.id);
    assert.equal(notYet.reconciliation, null, 'dated after the statement date: not reconciled');
    assert.deepEqual(
      changeTuples(await changesSince(harness, books.headers, cursor)).sort(),
      [
        ['bank_reconciliation', created.id, 'created', 1],
        ...reconciled.map((line) => ['bank_transaction', line.id, 'updated', line.version + 1]),
      ].sort(),
    );
    assert.deepEqual(
      ok(await call(harness, 'GET', `/api/v1/bank-reconciliations/${created.id}`, books.headers)),
      created,
    );
    const unmatch = await call(
      harness,
      'POST',
      `/api/v1/bank-transactions/${paid.id}/unmatch`,
      books.headers,
    );
    assert.equal(unmatch.json().error.code, 'invalid_state');
  });

  test('the next statement counts what was matched since, a late line dated before the last statement date included', async () => {
    const books = await signUp(harness);
    const { checking, fee, late } = await november(harness, books);
    const feeLine = await ledgerMove(harness, books, '2026-11-25', '-12.00');
    ok(await match(harness, books.headers, fee.id, [feeLine.line]));
    const first: ReconciliationBody = ok(
      await reconcile(harness, books.headers, checking, '2026-11-30', '1042.50'),
      201,
    );
    // The 80.00 deposit of 2026-11-28 reaches the bank only now, shown on 2026-11-29 by a late import.
    const [inTransitLine] = (
      await harness.db.query<{ id: string }>(
        `SELECT l.id FROM journal_lines l
           JOIN journal_entries e ON e.organization_id = l.organization_id AND e.id = l.journal_entry_id
          WHERE l.organization_id = $1 AND l.account_id = $2 AND e.txn_date = '2026-11-28'`,
        [books.organizationId, checking],
      )
    ).map((row) => row.id);
    const lateLine = await bankLineOn(harness, books, '2026-11-29', '80.00', 'late-import');
    ok(await match(harness, books.headers, lateLine.id, [inTransitLine!]));
    const second: ReconciliationBody = ok(
      await reconcile(harness, books.headers, checking, '2026-12-31', '1132.50'),
      201,
    );
    assert.deepEqual(
      [second.cleared_balance, second.opening_balance, second.transactions_reconciled],
      ['1132.5000', '1000.0000', 2],
    );
    assert.equal(
      (await transactionOf(harness, books.headers, late.transaction.id)).reconciliation,
      second.id,
    );
    assert.equal((await transactionOf(harness, books.headers, lateLine.id)).reconciliation, second.id);
    // Nothing new: the same date again is allowed and reconciles nothing.
    const again: ReconciliationBody = ok(
      await reconcile(harness, books.headers, checking, '2026-12-31', '1132.50'),
      201,
    );
    assert.equal(again.transactions_reconciled, 0);
    const listed = ok(
      await call(harness, 'GET', `/api/v1/bank-reconciliations?account=${checking}`, books.headers),
    );
    assert.deepEqual(
      listed.results.map((row: ReconciliationBody) => row.id),
      [first.id, second.id, again.id],
    );
    assert.deepEqual(await checkBooks(harness.db, { organizationId: books.organizationId }), {
      organizationsChecked: 1,
      violations: [],
    });
  });

  test('a credit card reconciles with the bank’s sign; an account whose feed starts with nothing before it opens at zero', async () => {
    const books = await signUp(harness);
    const card = books.accounts['2100']!;
    // A purchase on the card is money out (-), a payment to the card money in (+) (D70).
    await matchedPair(harness, books, { bank: '2026-11-03', ledger: '2026-11-03' }, '-64.99', 'card-1', card);
    await matchedPair(harness, books, { bank: '2026-11-15', ledger: '2026-11-14' }, '40.00', 'card-2', card);
    const created: ReconciliationBody = ok(
      await reconcile(harness, books.headers, card, '2026-11-30', '-24.99'),
      201,
    );
    assert.deepEqual([created.opening_balance, created.cleared_balance], ['0.0000', '-24.9900']);
  });

  test('the list pages by cursor and filters by account; sandbox books reconcile as live books do', async () => {
    const books = await signUp(harness);
    const savings = books.accounts['1050']!;
    await matchedPair(harness, books, { bank: '2026-11-02', ledger: '2026-11-02' }, '5.00', 'sav-1', savings);
    const ids: string[] = [];
    for (let n = 0; n < 51; n += 1) {
      ids.push(ok(await reconcile(harness, books.headers, savings, '2026-11-30', '5.00'), 201).id);
    }
    const first = ok(await call(harness, 'GET', '/api/v1/bank-reconciliations', books.headers));
    assert.equal(first.results.length, 50);
    assert.ok(first.next);
    const next = new URL(first.next);
    const second = ok(await call(harness, 'GET', `${next.pathname}${next.search}`, books.headers));
    assert.deepEqual(
      [...first.results, ...second.results].map((row: ReconciliationBody) => row.id),
      ids,
    );
    assert.equal(
      ok(
        await call(
          harness,
          'GET',
          `/api/v1/bank-reconciliations?account=${books.accounts['1000']}`,
          books.headers,
        ),
      ).results.length,
      0,
    );

    const sandboxAccounts = ok(await call(harness, 'GET', '/api/v1/accounts', books.sandboxHeaders)).results;
    const sandbox = {
      ...books,
      accounts: Object.fromEntries(
        sandboxAccounts.map((a: { number: string; id: string }) => [a.number, a.id]),
      ),
    };
    const sandboxChecking = sandbox.accounts['1000'];
    await matchedPair(
      harness,
      sandbox,
      { bank: '2026-11-02', ledger: '2026-11-01' },
      '17.25',
      'sb-1',
      sandboxChecking,
      books.sandboxHeaders,
    );
    const created: ReconciliationBody = ok(
      await reconcile(harness, books.sandboxHeaders, sandboxChecking, '2026-11-30', '17.25'),
      201,
    );
    assert.equal(created.transactions_reconciled, 1);
  });
});

describe('bank reconciliation report (D76)', () => {
  test('statement balance, ledger balance, cleared balance and difference, last reconciled date, and what is left to match', async () => {
    const books = await signUp(harness);
    const { checking, fee, inTransit, late } = await november(harness, books);
    const statement = ok(
      await call(
        harness,
        'GET',
        `/api/v1/reports/bank-reconciliation?account=${checking}&as_of=2026-11-30`,
        books.headers,
      ),
    );
    assert.equal(statement.statement_balance, null, 'no statement with a closing balance imported');
    assert.deepEqual(
      {
        ledger_balance: statement.ledger_balance,
        feed_start: statement.feed_start,
        opening_balance: statement.opening_balance,
        cleared_balance: statement.cleared_balance,
        difference: statement.difference,
        last_reconciled_date: statement.last_reconciled_date,
      },
      {
        // 1000 - 200 + 300 - 45.50 + 80 + 10 (the books' 2026-11-30 line)
        ledger_balance: '1144.5000',
        feed_start: '2026-11-02',
        opening_balance: '1000.0000',
        cleared_balance: '1054.5000',
        difference: null,
        last_reconciled_date: null,
      },
    );
    assert.deepEqual(statement.unmatched_bank_transactions, {
      count: 1,
      total: '-12.0000',
      truncated: false,
      results: [
        {
          id: fee.id,
          date: '2026-11-25',
          amount: '-12.0000',
          description: 'line nov-fee',
          payee: null,
          bank_reference: 'nov-fee',
        },
      ],
    });
    assert.deepEqual(
      statement.unmatched_ledger_lines.results.map(
        (line: { journal_line: string; amount: string; date: string }) => [
          line.journal_line,
          line.date,
          line.amount,
        ],
      ),
      [[inTransit.line, '2026-11-28', '80.0000']],
    );
    assert.deepEqual(
      [statement.unmatched_ledger_lines.count, statement.unmatched_ledger_lines.total],
      [1, '80.0000'],
    );

    const feeLine = await ledgerMove(harness, books, '2026-11-25', '-12.00');
    ok(await match(harness, books.headers, fee.id, [feeLine.line]));
    await importClosingBalance(harness, books, checking, '2026-11-30', '1042.50');
    const reconciled: ReconciliationBody = ok(
      await reconcile(harness, books.headers, checking, '2026-11-30', '1042.50'),
      201,
    );
    const after = ok(
      await call(
        harness,
        'GET',
        `/api/v1/reports/bank-reconciliation?account=${checking}&as_of=2026-12-05`,
        books.headers,
      ),
    );
    assert.deepEqual(
      [
        after.statement_balance,
        after.statement_date,
        after.cleared_balance,
        after.difference,
        after.last_reconciled_date,
        after.last_reconciliation,
        after.unmatched_bank_transactions.count,
      ],
      ['1042.5000', '2026-11-30', '1052.5000', '-10.0000', '2026-11-30', reconciled.id, 0],
    );
    assert.equal(late.transaction.date, '2026-12-03');

    const csv = await harness.app.inject({
      method: 'GET',
      url: `/api/v1/reports/bank-reconciliation?account=${checking}&as_of=2026-11-30`,
      headers: { ...books.headers, accept: 'text/csv' },
    });
    assert.equal(csv.statusCode, 200, csv.body);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(String(csv.headers['content-disposition']), /bank-reconciliation-1000-2026-11-30\.csv/);
    const rows = parseCsv(csv.body);
    assert.deepEqual(rows[0], ['section', 'date', 'reference', 'description', 'id', 'amount']);
    const figures = Object.fromEntries(
      rows.filter((row) => row[0] === 'summary').map((row) => [row[3], [row[1], row[5]]]),
    );
    assert.deepEqual(figures, {
      'Statement balance': ['2026-11-30', '1042.5000'],
      'Ledger balance': ['2026-11-30', '1132.5000'],
      'Opening balance': ['2026-11-02', '1000.0000'],
      'Cleared balance': ['2026-11-30', '1042.5000'],
      Difference: ['', '0.0000'],
      'Last reconciled': ['2026-11-30', ''],
    });
    assert.deepEqual(
      rows.filter((row) => row[0] === 'unmatched_ledger_line').map((row) => [row[1], row[5]]),
      [
        ['2026-11-28', '80.0000'],
        ['', '80.0000'],
      ],
    );
  });
});

/** A statement of `account` closing on `date` at `balance`: a camt.053 file with one booked entry. */
async function importClosingBalance(
  harness: Harness,
  books: Books,
  account: string,
  date: string,
  balance: string,
) {
  const camt = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>m</MsgId><CreDtTm>${date}T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>s</Id><CreDtTm>${date}T18:00:00</CreDtTm><FrToDt><FrDtTm>2026-11-01T00:00:00</FrDtTm><ToDtTm>${date}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>DE00</IBAN></Id><Ccy>USD</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${balance}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>
<Ntry><NtryRef>nov-fee</NtryRef><Amt Ccy="USD">12.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-25</Dt></BookgDt><AcctSvcrRef>nov-fee</AcctSvcrRef></Ntry>
</Stmt></BkToCstmrStmt></Document>`;
  const response = await harness.app.inject({
    method: 'POST',
    url: `/api/v1/bank-statements?account=${account}`,
    headers: { ...books.headers, 'content-type': 'application/vnd.camt.053+xml' },
    payload: camt,
  });
  const body = ok(response, 201);
  assert.deepEqual([body.closing_balance, body.lines_skipped], [`${balance}00`, 1]);
}
