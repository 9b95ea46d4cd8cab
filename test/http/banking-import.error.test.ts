// Banking refusals (D66, D70-D72): every bad file, bad line, bad account, bad mapping and bad push is
// refused in the envelope, names what is wrong, and writes nothing: no statement, no bank
// transaction, no change record, no number (refusedUnchanged compares every table of the books).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CAMT, CSV, fixture, importRaw, OFX, SIGNED_ISO_MAPPING, XML } from '../helpers/banking.ts';
import { type Books, call, signUp, useHarness } from '../helpers/harness.ts';
import { createAccount } from '../helpers/ledger.ts';
import { ok } from '../helpers/receivables.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

const harness = useHarness();

function importInto(
  books: Books,
  file: Buffer | string,
  contentType: string,
  query: Record<string, string> = {},
) {
  return () =>
    importRaw(harness, books.headers, { account: books.accounts['1000']!, ...query }, file, contentType);
}

const OFX_HEAD = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>`;
const OFX_TAIL = '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
function ofxWith(...entries: string[]) {
  return `${OFX_HEAD}${entries.map((entry) => `<STMTTRN>${entry}</STMTTRN>`).join('\n')}${OFX_TAIL}`;
}
const GOOD = '<TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-1.00<FITID>A1<NAME>Shop';

describe('statement files that are refused (D71)', () => {
  test('a file that does not parse: 400 validation_error on body, nothing written', async () => {
    const books = await signUp(harness);
    for (const [file, type] of [
      ['this is not a statement', OFX],
      [`${OFX_HEAD}<STMTTRN><TRNAMT>1.00`, OFX],
      ['<Document><BkToCstmrStmt><Stmt><Ntry></Stmt></Document>', CAMT],
      ['<Document><Other/></Document>', XML],
      ['', OFX],
      ['Date,Amount\n"2026-11-01,1.00\n', CSV],
    ] as const) {
      await refusedUnchanged(
        harness,
        books,
        importInto(
          books,
          file,
          type,
          type === CSV ? { date_column: 'Date', amount_column: 'Amount', date_format: 'YYYY-MM-DD' } : {},
        ),
        'validation_error',
        ['body'],
      );
    }
  });

  test('a line with no amount or no date is refused naming the line (lines/7/amount), and nothing is imported', async () => {
    const books = await signUp(harness);
    const response = await refusedUnchanged(
      harness,
      books,
      importInto(books, fixture('missing-amount.csv'), CSV, SIGNED_ISO_MAPPING),
      'validation_error',
      ['lines/7/amount'],
    );
    assert.match(response.json().error.message, /^lines\/7\/amount: the line has no amount/);
    await refusedUnchanged(
      harness,
      books,
      importInto(books, ofxWith(GOOD, '<TRNTYPE>DEBIT<TRNAMT>-2.00<FITID>A2'), OFX),
      'validation_error',
      ['lines/1/date'],
    );
    await refusedUnchanged(
      harness,
      books,
      importInto(books, ofxWith(GOOD, GOOD.replace('A1', 'A2'), '<DTPOSTED>20261106<FITID>A3'), OFX),
      'validation_error',
      ['lines/2/amount'],
    );
    await refusedUnchanged(
      harness,
      books,
      importInto(books, ofxWith(GOOD.replace('-1.00', 'twelve')), OFX),
      'validation_error',
      ['lines/0/amount'],
    );
    await refusedUnchanged(
      harness,
      books,
      importInto(books, ofxWith(GOOD.replace('20261105', '20261131')), OFX),
      'validation_error',
      ['lines/0/date'],
    );
    await refusedUnchanged(
      harness,
      books,
      importInto(books, 'Date,Amount\n2026-11-01,1.00\n01/11/2026,2.00\n', CSV, {
        date_column: 'Date',
        amount_column: 'Amount',
        date_format: 'YYYY-MM-DD',
      }),
      'validation_error',
      ['lines/1/date'],
    );
  });

  test('a statement in another currency than the books’ is refused; so is an amount finer than the currency’s cents', async () => {
    const books = await signUp(harness);
    await refusedUnchanged(
      harness,
      books,
      importInto(books, fixture('camt053-v02.xml'), CAMT),
      'validation_error',
      ['currency'],
    );
    await refusedUnchanged(
      harness,
      books,
      importInto(books, ofxWith(GOOD).replace('<CURDEF>USD', '<CURDEF>GBP'), OFX),
      'validation_error',
      ['currency'],
    );
    await refusedUnchanged(
      harness,
      books,
      importInto(books, ofxWith(GOOD.replace('-1.00', '-1.005')), OFX),
      'validation_error',
      ['lines/0/amount'],
    );
  });

  test('XML entity expansion is refused (billion laughs) and an external entity is never read', async () => {
    const books = await signUp(harness);
    for (const name of ['billion-laughs.xml', 'external-entity.xml']) {
      const response = await refusedUnchanged(
        harness,
        books,
        importInto(books, fixture(name), CAMT),
        'validation_error',
        ['body'],
      );
      assert.match(response.json().error.message, /DOCTYPE/);
      assert.doesNotMatch(response.body, /root:/);
    }
    // An entity reference with no declaration stays inert text; it is never expanded.
    const inert = fixture('camt053-v02.xml')
      .toString('utf8')
      .replace('Kontofuehrungsgebuehr', '&xxe;')
      .replace(/EUR/g, 'USD');
    const imported = ok(await importInto(books, inert, CAMT)(), 201);
    assert.equal(imported.lines_imported, 3);
    const lines = ok(
      await call(harness, 'GET', '/api/v1/bank-transactions?search=xxe', books.headers),
    ).results;
    assert.deepEqual(
      lines.map((line: { description: string }) => line.description),
      ['&xxe;'],
    );
  });

  test('a body of 5 MiB + 1 byte answers 413 payload_too_large in the envelope and writes nothing', async () => {
    const books = await signUp(harness);
    const file = fixture('checking-ofx1.ofx');
    const padded = Buffer.concat([file, Buffer.alloc(5 * 1024 * 1024 + 1 - file.length, 0x20)]);
    await refusedUnchanged(harness, books, importInto(books, padded, OFX), 'payload_too_large');
  });

  test('a media type other than a statement’s answers 415; a statement media type on another route answers 415', async () => {
    const books = await signUp(harness);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'POST', `/api/v1/bank-statements?account=${books.accounts['1000']}`, books.headers, {
          file: 'x',
        }),
      'unsupported_media_type',
    );
    await refusedUnchanged(harness, books, importInto(books, 'x', 'text/plain'), 'unsupported_media_type');
    await refusedUnchanged(
      harness,
      books,
      () =>
        harness.app.inject({
          method: 'POST',
          url: '/api/v1/customers',
          headers: { ...books.headers, 'content-type': CSV },
          payload: 'display_name\nAcme\n',
        }),
      'unsupported_media_type',
    );
  });

  test('the account must be an active bank or credit card account of these books (D70)', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const file = fixture('checking-ofx1.ofx');
    for (const account of [
      books.accounts['4100']!,
      books.accounts['1010']!,
      other.accounts['1000']!,
      'nope',
    ]) {
      await refusedUnchanged(harness, books, importInto(books, file, OFX, { account }), 'validation_error', [
        'query/account',
      ]);
    }
    const closed = await createAccount(harness, books.headers, { type: 'asset', detail_type: 'bank' });
    ok(await call(harness, 'PATCH', `/api/v1/accounts/${closed.id}`, books.headers, { is_active: false }));
    await refusedUnchanged(
      harness,
      books,
      importInto(books, file, OFX, { account: closed.id }),
      'validation_error',
      ['query/account'],
    );
  });

  test('a CSV without a usable mapping is refused on the query field at fault', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const theirs = ok(
      await call(harness, 'POST', '/api/v1/bank-statement-mappings', other.headers, {
        name: 'x',
        ...SIGNED_ISO_MAPPING,
      }),
      201,
    );
    const file = fixture('signed-iso.csv');
    const cases: [Record<string, string>, string][] = [
      [{}, 'query/mapping'],
      [{ mapping: theirs.id }, 'query/mapping'],
      [{ mapping: 'not-an-id' }, 'query/mapping'],
      [{ ...SIGNED_ISO_MAPPING, date_column: 'Posted' }, 'query/date_column'],
      [{ ...SIGNED_ISO_MAPPING, amount_column: 'Betrag' }, 'query/amount_column'],
      [{ ...SIGNED_ISO_MAPPING, debit_column: 'Amount' }, 'query/amount_column'],
      [{ date_column: 'Date', debit_column: 'Amount', date_format: 'YYYY-MM-DD' }, 'query/credit_column'],
      [{ date_column: 'Date', amount_column: 'Amount' }, 'query/date_format'],
    ];
    for (const [query, field] of cases) {
      await refusedUnchanged(harness, books, importInto(books, file, CSV, query), 'validation_error', [
        field,
      ]);
    }
    await refusedUnchanged(
      harness,
      books,
      importInto(books, file, CSV, { ...SIGNED_ISO_MAPPING, date_format: 'YY-MM-DD' }),
      'validation_error',
      ['query/date_format'],
    );
  });

  test('an Idempotency-Key replays a refused import as refused, and writes nothing', async () => {
    const books = await signUp(harness);
    const headers = { ...books.headers, 'idempotency-key': 'bad-file' };
    const send = () =>
      importRaw(harness, headers, { account: books.accounts['1000']! }, fixture('missing-amount.csv'), CSV);
    const first = await send();
    assert.equal(first.statusCode, 400);
    const replay = await send();
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.body, first.body);
  });
});

describe('pushes and mappings that are refused', () => {
  test('a bad push is refused on the field at fault and writes nothing', async () => {
    const books = await signUp(harness);
    const account = books.accounts['1000']!;
    const line = { date: '2026-11-02', amount: '10.00', bank_reference: 'p-1' };
    const cases: [unknown, string, string][] = [
      [{ account, transactions: [] }, 'validation_error', 'transactions'],
      [{ account, transactions: [{ ...line, amount: 10 }] }, 'invalid_money', 'transactions/0/amount'],
      [{ account, transactions: [{ ...line, amount: '1.005' }] }, 'invalid_money', 'transactions/0/amount'],
      [
        { account, transactions: [line, { ...line, bank_reference: '   ' }] },
        'validation_error',
        'transactions/1/bank_reference',
      ],
      [
        { account, transactions: [{ ...line, bank_reference: '' }] },
        'validation_error',
        'transactions/0/bank_reference',
      ],
      [
        { account, transactions: [{ ...line, date: '2026-02-30' }] },
        'validation_error',
        'transactions/0/date',
      ],
      [{ account: books.accounts['4100'], transactions: [line] }, 'validation_error', 'account'],
      [{ transactions: [line] }, 'validation_error', 'account'],
      [
        {
          account,
          transactions: Array.from({ length: 1001 }, (_, index) => ({
            ...line,
            bank_reference: `r${index}`,
          })),
        },
        'validation_error',
        'transactions',
      ],
    ];
    for (const [body, code, field] of cases) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'POST', '/api/v1/bank-transactions', books.headers, body),
        code as 'validation_error',
        [field],
      );
    }
  });

  test('a mapping without a whole amount rule, or at another version, is refused and nothing changes', async () => {
    const books = await signUp(harness);
    const base = { name: 'Bank', date_column: 'Date', date_format: 'YYYY-MM-DD' };
    for (const [body, field] of [
      [base, 'amount_column'],
      [{ ...base, debit_column: 'Out' }, 'credit_column'],
      [{ ...base, amount_column: 'Amount', credit_column: 'In' }, 'amount_column'],
      [{ ...base, amount_column: 'Amount', date_format: 'D/M/Y' }, 'date_format'],
      [{ ...base, amount_column: 'Amount', name: ' ' }, 'name'],
    ] as const) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'POST', '/api/v1/bank-statement-mappings', books.headers, body),
        'validation_error',
        [field],
      );
    }
    const saved = ok(
      await call(harness, 'POST', '/api/v1/bank-statement-mappings', books.headers, {
        ...base,
        amount_column: 'Amount',
      }),
      201,
    );
    const url = `/api/v1/bank-statement-mappings/${saved.id}`;
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'PATCH', url, books.headers, { amount_column: null }),
      'validation_error',
      ['amount_column'],
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'PATCH', url, books.headers, { name: 'x', version: 2 }),
      'stale_write',
    );
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'GET', `${url.slice(0, -4)}0000`, books.headers),
      'not_found',
    );
  });

  test('bank transactions of unknown ids and malformed filters', async () => {
    const books = await signUp(harness);
    await refusedUnchanged(
      harness,
      books,
      () =>
        call(harness, 'GET', '/api/v1/bank-transactions/00000000-0000-4000-8000-000000000000', books.headers),
      'not_found',
    );
    for (const [query, field] of [
      ['status=cleared', 'query/status'],
      ['from=2026-13-01', 'query/from'],
      ['account=x', 'query/account'],
    ] as const) {
      await refusedUnchanged(
        harness,
        books,
        () => call(harness, 'GET', `/api/v1/bank-transactions?${query}`, books.headers),
        'validation_error',
        [field],
      );
    }
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'GET', '/api/v1/bank-transactions?cursor=abc', books.headers),
      'invalid_cursor',
    );
  });
});
