// Banking, what works (D70-D73, D89): statement files of every format imported into a bank account,
// each line exactly once by its bank_reference (also when the same file arrives twice at once),
// lines pushed by an integration, the bank transaction list and its filters, saved CSV mappings,
// bank connections with their counts, and the feed's bank_transaction records.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  allTransactions,
  CAMT,
  CSV,
  fixture,
  importFixture,
  importRaw,
  OFX,
  SIGNED_ISO_MAPPING,
  XML,
} from '../helpers/banking.ts';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import { call, countRows, listen, onPostgres, signUp, useHarness } from '../helpers/harness.ts';
import { ok } from '../helpers/receivables.ts';

const harness = useHarness();

describe('statement import (D71, D72)', () => {
  test('an OFX 1.x SGML file imports every line with its FITID, in file order, and answers the D71 shape', async () => {
    const books = await signUp(harness);
    const cursor = await feedCursor(harness, books.headers);
    const statement = await importFixture(harness, books, 'checking-ofx1.ofx', OFX);
    assert.deepEqual(
      { ...statement, id: '-', created_at: '-' },
      {
        id: '-',
        account: books.accounts['1000'],
        format: 'ofx',
        file_sha256: (await import('node:crypto'))
          .createHash('sha256')
          .update(fixture('checking-ofx1.ofx'))
          .digest('hex'),
        period_start: '2026-11-01',
        period_end: '2026-11-15',
        opening_balance: null,
        closing_balance: '5899.3300',
        lines_imported: 4,
        lines_skipped: 0,
        version: 1,
        created_at: '-',
      },
    );
    const lines = await allTransactions(harness, books.headers);
    assert.deepEqual(
      lines.map((line) => [line.date, line.amount, line.description, line.payee, line.bank_reference]),
      [
        ['2026-11-03', '1250.0000', 'ACME CORP PAYROLL - ACH DEPOSIT', 'ACME CORP PAYROLL', '20261103-0001'],
        ['2026-11-05', '-42.1700', 'AT&T WIRELESS', 'AT&T WIRELESS', '20261105-0002'],
        ['2026-11-08', '-300.0000', 'CHECK 1042', 'CHECK 1042', '20261108-0003'],
        ['2026-11-12', '-8.5000', 'BLUE BOTTLE COFFEE', 'BLUE BOTTLE COFFEE', '20261112-0004'],
      ],
    );
    for (const line of lines) {
      assert.equal(line.account, books.accounts['1000']);
      assert.equal(line.statement, statement.id);
      assert.equal(line.status, 'unmatched');
      assert.deepEqual(line.matched, []);
      assert.equal(line.suggestion, null);
      assert.equal(line.reconciliation, null);
      assert.equal(line.version, 1);
    }
    const one = await call(harness, 'GET', `/api/v1/bank-transactions/${lines[1]!.id}`, books.headers);
    assert.deepEqual(ok(one), lines[1]);
    assert.equal(one.headers.etag, '"1"');
    assert.deepEqual(
      changeTuples(await changesSince(harness, books.headers, cursor)),
      lines.map((line) => ['bank_transaction', line.id, 'created', 1]),
    );
    const listed = ok(await call(harness, 'GET', '/api/v1/bank-statements', books.headers));
    assert.deepEqual(listed.results, [statement]);
    assert.deepEqual(
      ok(await call(harness, 'GET', `/api/v1/bank-statements/${statement.id}`, books.headers)),
      statement,
    );
  });

  test('the same file imported again skips every line and writes no bank transaction and no change record', async () => {
    const books = await signUp(harness);
    await importFixture(harness, books, 'checking-ofx1.ofx', OFX);
    const cursor = await feedCursor(harness, books.headers);
    const again = await importFixture(harness, books, 'checking-ofx1.ofx', OFX);
    assert.equal(again.lines_imported, 0);
    assert.equal(again.lines_skipped, 4);
    assert.equal(await countRows(harness, 'bank_transactions', books.organizationId), 4);
    assert.deepEqual(await changesSince(harness, books.headers, cursor), []);
    assert.equal(ok(await call(harness, 'GET', '/api/v1/bank-statements', books.headers)).results.length, 2);
  });

  test('OFX 2.x XML decodes its entities; QFX (a credit card statement) says qfx', async () => {
    const books = await signUp(harness);
    const xml = await importFixture(harness, books, 'checking-ofx2.ofx', OFX);
    assert.equal(xml.format, 'ofx');
    assert.equal(xml.lines_imported, 3);
    assert.equal(xml.closing_balance, '10835.4100');
    const card = await importFixture(harness, books, 'card-quicken.qfx', OFX, {
      account: books.accounts['2100']!,
    });
    assert.equal(card.format, 'qfx');
    assert.equal(card.closing_balance, '-1203.5500');
    const lines = await allTransactions(harness, books.headers, `account=${books.accounts['2100']}`);
    assert.deepEqual(
      lines.map((line) => [line.amount, line.description]),
      [
        ['-64.2000', 'AMAZON MKTPL*2K4LJ9'],
        ['500.0000', 'PAYMENT THANK YOU'],
      ],
    );
    const checking = await allTransactions(harness, books.headers, `account=${books.accounts['1000']}`);
    assert.equal(checking[1]!.description, 'Smith & Sons Hardware');
    // An OFX 2.x file sent as application/xml is still OFX.
    const other = await signUp(harness);
    const sniffed = ok(
      await importRaw(
        harness,
        other.headers,
        { account: other.accounts['1000']! },
        fixture('checking-ofx2.ofx'),
        XML,
      ),
      201,
    );
    assert.equal(sniffed.format, 'ofx');
  });

  test('camt.053 .001.02 then .001.08 into EUR books: balances, booked entries only, references, and a digest where none', async () => {
    const books = await signUp(harness, { currency: 'EUR' });
    const first = await importFixture(harness, books, 'camt053-v02.xml', CAMT);
    assert.equal(first.format, 'camt.053');
    assert.deepEqual(
      [
        first.period_start,
        first.period_end,
        first.opening_balance,
        first.closing_balance,
        first.lines_imported,
      ],
      ['2026-11-01', '2026-11-15', '2000.0000', '2597.4500', 3],
    );
    const second = await importFixture(harness, books, 'camt053-v08.xml', XML);
    assert.deepEqual(
      [
        second.period_start,
        second.period_end,
        second.opening_balance,
        second.closing_balance,
        second.lines_imported,
      ],
      ['2026-11-16', '2026-11-30', '2597.4500', '2378.2500', 2],
    );
    const lines = await allTransactions(harness, books.headers);
    assert.deepEqual(
      lines.map((line) => [
        line.date,
        line.amount,
        line.description,
        line.payee,
        line.bank_reference.slice(0, 17),
      ]),
      [
        ['2026-11-03', '750.0000', 'Rechnung INV-000012', 'Müller & Söhne GmbH', '2026110300012345'],
        ['2026-11-07', '-140.5500', 'Strom Oktober Kd-Nr 44120', 'Stadtwerke Berlin', 'NREF-2'],
        [
          '2026-11-15',
          '-12.0000',
          'Kontofuehrungsgebuehr',
          null,
          'digest:' + lines[2]!.bank_reference.slice(7, 17),
        ],
        ['2026-11-18', '-219.2000', 'Order 5521', 'Büro Bedarf AG', 'ZKB-2026111800077'],
        ['2026-11-25', '0.0000', 'Zinsabschluss', null, 'E-20261125-4'],
      ],
    );
    assert.match(lines[2]!.bank_reference, /^digest:[0-9a-f]{40}$/);
    const again = await importFixture(harness, books, 'camt053-v02.xml', CAMT);
    assert.deepEqual([again.lines_imported, again.lines_skipped], [0, 3]);
  });

  test('CSV with the mapping in the query: quoted commas and quotes, a BOM, a reference column', async () => {
    const books = await signUp(harness);
    const statement = await importFixture(harness, books, 'signed-iso.csv', CSV, SIGNED_ISO_MAPPING);
    assert.deepEqual(
      [statement.format, statement.period_start, statement.period_end, statement.closing_balance],
      ['csv', '2026-11-02', '2026-11-03', null],
    );
    const lines = await allTransactions(harness, books.headers);
    assert.deepEqual(
      lines.map((line) => [line.date, line.amount, line.description, line.bank_reference]),
      [
        ['2026-11-02', '1200.0000', 'Invoice INV-000001, thank you', 'TX-1001'],
        ['2026-11-03', '-950.0000', 'Office rent', 'TX-1002'],
        ['2026-11-03', '-4.5000', 'Coffee "Blue Bottle"', 'TX-1003'],
      ],
    );
  });

  test('CSV with a saved mapping: debit and credit columns, DD/MM/YYYY, decimal comma; two identical lines stay two, once', async () => {
    const books = await signUp(harness);
    const mapping = ok(
      await call(harness, 'POST', '/api/v1/bank-statement-mappings', books.headers, {
        name: 'Sparkasse',
        date_column: 'Buchungstag',
        debit_column: 'Soll',
        credit_column: 'Haben',
        description_column: 'Verwendungszweck',
        payee_column: 'Empfänger',
        date_format: 'DD/MM/YYYY',
        decimal_separator: ',',
        delimiter: ';',
      }),
      201,
    );
    const statement = await importFixture(harness, books, 'debit-credit-eu.csv', CSV, {
      mapping: mapping.id,
    });
    assert.equal(statement.lines_imported, 4);
    const lines = await allTransactions(harness, books.headers);
    assert.deepEqual(
      lines.map((line) => [line.date, line.amount, line.description, line.payee]),
      [
        ['2026-11-03', '-1250.0000', 'Miete November', 'Hausverwaltung Kraus'],
        ['2026-11-05', '2480.5000', 'Gutschrift Kunde', 'Meier GmbH'],
        ['2026-11-05', '-3.2000', 'Kaffee', 'Café Einstein'],
        ['2026-11-05', '-3.2000', 'Kaffee', 'Café Einstein'],
      ],
    );
    assert.notEqual(lines[2]!.bank_reference, lines[3]!.bank_reference);
    const again = await importFixture(harness, books, 'debit-credit-eu.csv', CSV, { mapping: mapping.id });
    assert.deepEqual([again.lines_imported, again.lines_skipped], [0, 4]);
  });

  test('CSV in Windows-1252 with MM/DD/YYYY is decoded, not mangled', async () => {
    const books = await signUp(harness);
    await importFixture(harness, books, 'us-1252.csv', CSV, {
      date_column: 'Posted Date',
      amount_column: 'Amount',
      description_column: 'Memo',
      payee_column: 'Payee',
      date_format: 'MM/DD/YYYY',
    });
    const lines = await allTransactions(harness, books.headers);
    assert.deepEqual(
      lines.map((line) => [line.date, line.amount, line.payee, line.description]),
      [
        ['2026-11-04', '-23.7500', 'Café Olé', 'Lunch with client'],
        ['2026-11-06', '-180.0000', 'Crème Brûlée Bakery', 'Catering'],
        ['2026-11-09', '2500.0000', 'Client deposit', 'Client deposit'],
        ['2026-11-10', '-99.1000', 'O’Brien Imports', '€ invoice “Q4”'],
      ],
    );
  });

  test('a file of exactly 5 MiB is accepted', async () => {
    const books = await signUp(harness);
    const file = fixture('checking-ofx1.ofx');
    const padded = Buffer.concat([file, Buffer.alloc(5 * 1024 * 1024 - file.length, 0x20)]);
    const response = await importRaw(
      harness,
      books.headers,
      { account: books.accounts['1000']! },
      padded,
      OFX,
    );
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().lines_imported, 4);
  });

  test('an Idempotency-Key replays the import (same statement, nothing imported twice)', async () => {
    const books = await signUp(harness);
    const headers = { ...books.headers, 'idempotency-key': 'stmt-1' };
    const query = { account: books.accounts['1000']! };
    const first = await importRaw(harness, headers, query, fixture('checking-ofx1.ofx'), OFX);
    const replay = await importRaw(harness, headers, query, fixture('checking-ofx1.ofx'), OFX);
    assert.equal(first.statusCode, 201);
    assert.equal(replay.statusCode, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body, first.body);
    assert.equal(await countRows(harness, 'bank_statements', books.organizationId), 1);
    const other = await importRaw(harness, headers, query, fixture('checking-ofx2.ofx'), OFX);
    assert.equal(other.statusCode, 409);
    assert.equal(other.json().error.code, 'idempotency_conflict');
  });

  test('the same file imported by two concurrent requests imports each line once', {
    skip: !onPostgres,
  }, async () => {
    const books = await signUp(harness);
    const base = await listen(harness);
    const file = fixture('checking-ofx2.ofx');
    const send = () =>
      fetch(`${base}/api/v1/bank-statements?account=${books.accounts['1000']}`, {
        method: 'POST',
        headers: { ...books.headers, 'content-type': OFX },
        body: new Uint8Array(file),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([send(), send(), send()]);
      for (const answer of answers) assert.equal(answer.status, 201, JSON.stringify(answer.body));
      const imported = answers.reduce((sum, answer) => sum + answer.body.lines_imported, 0);
      assert.equal(imported, round === 0 ? 3 : 0);
      for (const answer of answers) assert.equal(answer.body.lines_imported + answer.body.lines_skipped, 3);
    }
    assert.equal(await countRows(harness, 'bank_transactions', books.organizationId), 3);
  });
});

describe('pushed bank transactions (D72)', () => {
  test('a push imports each reference once, answers every line in request order, and honours Idempotency-Key', async () => {
    const books = await signUp(harness);
    const account = books.accounts['1000']!;
    const body = {
      account,
      transactions: [
        { date: '2026-11-02', amount: '100.00', description: 'Deposit', bank_reference: 'api-1' },
        { date: '2026-11-03', amount: '-20.5', description: 'Fee', payee: 'Bank', bank_reference: 'api-2' },
        { date: '2026-11-03', amount: '-20.5', description: 'Fee again', bank_reference: 'api-2' },
      ],
    };
    const pushed = ok(await call(harness, 'POST', '/api/v1/bank-transactions', books.headers, body), 201);
    assert.deepEqual([pushed.lines_imported, pushed.lines_skipped], [2, 1]);
    assert.deepEqual(
      pushed.results.map((line: { amount: string; bank_reference: string; statement: null }) => [
        line.amount,
        line.bank_reference,
        line.statement,
      ]),
      [
        ['100.0000', 'api-1', null],
        ['-20.5000', 'api-2', null],
        ['-20.5000', 'api-2', null],
      ],
    );
    assert.equal(pushed.results[1].id, pushed.results[2].id);
    assert.equal(pushed.results[1].payee, 'Bank');
    const again = ok(
      await call(harness, 'POST', '/api/v1/bank-transactions', books.headers, {
        account,
        transactions: [
          ...body.transactions.slice(0, 2),
          { date: '2026-11-04', amount: '7.00', bank_reference: 'api-3' },
        ],
      }),
      201,
    );
    assert.deepEqual([again.lines_imported, again.lines_skipped], [1, 2]);
    const headers = { ...books.headers, 'idempotency-key': 'push-1' };
    const keyed = {
      account,
      transactions: [{ date: '2026-11-05', amount: '1.00', bank_reference: 'api-4' }],
    };
    const first = await call(harness, 'POST', '/api/v1/bank-transactions', headers, keyed);
    const replay = await call(harness, 'POST', '/api/v1/bank-transactions', headers, keyed);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body, first.body);
    assert.equal(await countRows(harness, 'bank_transactions', books.organizationId), 4);
  });

  test('the list pages oldest first and filters by account, status, dates and text', async () => {
    const books = await signUp(harness);
    const transactions = Array.from({ length: 60 }, (_, index) => ({
      date: `2026-10-${String((index % 28) + 1).padStart(2, '0')}`,
      amount: `${index + 1}.00`,
      description: index === 42 ? 'Stripe payout 42' : `Line ${index}`,
      bank_reference: `ref-${index}`,
    }));
    ok(
      await call(harness, 'POST', '/api/v1/bank-transactions', books.headers, {
        account: books.accounts['1000'],
        transactions,
      }),
      201,
    );
    ok(
      await call(harness, 'POST', '/api/v1/bank-transactions', books.headers, {
        account: books.accounts['1050'],
        transactions: [{ date: '2026-10-01', amount: '5.00', bank_reference: 'savings-1' }],
      }),
      201,
    );
    const first = ok(await call(harness, 'GET', '/api/v1/bank-transactions', books.headers));
    assert.equal(first.results.length, 50);
    assert.ok(first.next);
    const all = await allTransactions(harness, books.headers);
    assert.equal(all.length, 61);
    assert.deepEqual(
      all.slice(0, 60).map((line) => line.bank_reference),
      transactions.map((line) => line.bank_reference),
    );
    assert.equal(
      (await allTransactions(harness, books.headers, `account=${books.accounts['1050']}`)).length,
      1,
    );
    assert.equal((await allTransactions(harness, books.headers, 'status=unmatched')).length, 61);
    assert.equal((await allTransactions(harness, books.headers, 'status=matched')).length, 0);
    const early = await allTransactions(
      harness,
      books.headers,
      `account=${books.accounts['1000']}&from=2026-10-01&to=2026-10-02`,
    );
    assert.deepEqual(early.map((line) => line.date).sort(), [
      '2026-10-01',
      '2026-10-01',
      '2026-10-01',
      '2026-10-02',
      '2026-10-02',
      '2026-10-02',
    ]);
    const found = await allTransactions(harness, books.headers, 'search=STRIPE');
    assert.deepEqual(
      found.map((line) => line.bank_reference),
      ['ref-42'],
    );
  });
});

describe('saved CSV mappings', () => {
  test('create, list, read, change (null clears a column) and delete', async () => {
    const books = await signUp(harness);
    const created = ok(
      await call(harness, 'POST', '/api/v1/bank-statement-mappings', books.headers, {
        name: 'Chase',
        ...SIGNED_ISO_MAPPING,
      }),
      201,
    );
    assert.deepEqual(
      { ...created, id: '-', created_at: '-', updated_at: '-' },
      {
        id: '-',
        name: 'Chase',
        date_column: 'Date',
        amount_column: 'Amount',
        debit_column: null,
        credit_column: null,
        description_column: 'Description',
        payee_column: null,
        reference_column: 'Reference',
        date_format: 'YYYY-MM-DD',
        decimal_separator: '.',
        delimiter: null,
        version: 1,
        created_at: '-',
        updated_at: '-',
      },
    );
    assert.deepEqual(
      ok(await call(harness, 'GET', '/api/v1/bank-statement-mappings', books.headers)).results,
      [created],
    );
    const url = `/api/v1/bank-statement-mappings/${created.id}`;
    assert.deepEqual(ok(await call(harness, 'GET', url, books.headers)), created);
    const changed = ok(
      await call(harness, 'PATCH', url, books.headers, {
        reference_column: null,
        name: 'Chase checking',
        version: 1,
      }),
    );
    assert.deepEqual([changed.name, changed.reference_column, changed.version], ['Chase checking', null, 2]);
    const statement = await importFixture(harness, books, 'signed-iso.csv', CSV, { mapping: created.id });
    assert.equal(statement.lines_imported, 3);
    assert.match((await allTransactions(harness, books.headers))[0]!.bank_reference, /^digest:/);
    const removed = await call(harness, 'DELETE', url, books.headers);
    assert.equal(removed.statusCode, 204, removed.body);
    assert.equal((await call(harness, 'GET', url, books.headers)).statusCode, 404);
  });
});

describe('bank connections (D89)', () => {
  test('a connection is active at once and shows its account’s lines, unmatched lines and last import', async () => {
    const books = await signUp(harness);
    const created = ok(
      await call(harness, 'POST', '/api/v1/bank-connections', books.headers, {
        account: books.accounts['1000'],
        source: 'file',
        institution_name: 'First National',
      }),
      201,
    );
    assert.deepEqual(
      [created.status, created.source, created.account, created.transaction_count, created.last_import_at],
      ['active', 'file', books.accounts['1000'], 0, null],
    );
    await importFixture(harness, books, 'checking-ofx1.ofx', OFX);
    const [listed] = ok(await call(harness, 'GET', '/api/v1/bank-connections', books.headers)).results;
    assert.deepEqual([listed.transaction_count, listed.unmatched_count], [4, 4]);
    assert.ok(Date.parse(listed.last_import_at) >= Date.parse(created.created_at));
  });
});
