// Banking from a test's side (D70-D77): statement files from test/fixtures/bank, imports through
// HTTP with the raw file as the body, and the bank transactions they bring.
import { readFileSync } from 'node:fs';
import type { Static } from '@sinclair/typebox';
import type { LightMyRequestResponse } from 'fastify';
import type {
  BankStatement,
  BankTransaction,
  BankTransactionPushResult,
} from '../../src/http/schemas/banking.ts';
import { type Books, call, type Harness, type Headers } from './harness.ts';
import { ok } from './receivables.ts';

export type BankStatementBody = Static<typeof BankStatement>;
export type BankTransactionBody = Static<typeof BankTransaction>;
export type PushResultBody = Static<typeof BankTransactionPushResult>;

export const OFX = 'application/x-ofx';
export const XML = 'application/xml';
export const CAMT = 'application/vnd.camt.053+xml';
export const CSV = 'text/csv';

export function fixture(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/bank/${name}`, import.meta.url));
}

/** POST /bank-statements with `file` as the raw body of `contentType`. */
export function importRaw(
  harness: Harness,
  headers: Headers,
  query: Record<string, string>,
  file: Buffer | string,
  contentType: string,
): Promise<LightMyRequestResponse> {
  return harness.app.inject({
    method: 'POST',
    url: `/api/v1/bank-statements?${new URLSearchParams(query)}`,
    headers: { ...headers, 'content-type': contentType },
    payload: file,
  });
}

/** Imports a fixture into the books' checking account (1000) unless `account` says otherwise. */
export async function importFixture(
  harness: Harness,
  books: Books,
  name: string,
  contentType: string,
  query: Record<string, string> = {},
): Promise<BankStatementBody> {
  return ok(
    await importRaw(
      harness,
      books.headers,
      { account: books.accounts['1000']!, ...query },
      fixture(name),
      contentType,
    ),
    201,
  );
}

/** Every bank transaction of the books that `query` selects, following `next`. */
export async function allTransactions(
  harness: Harness,
  headers: Headers,
  query = '',
): Promise<BankTransactionBody[]> {
  const results: BankTransactionBody[] = [];
  let url: string | null = `/api/v1/bank-transactions${query ? `?${query}` : ''}`;
  while (url) {
    const page: { results: BankTransactionBody[]; next: string | null } = ok(
      await harness.app.inject({ method: 'GET', url, headers }),
    );
    results.push(...page.results);
    url = page.next ? new URL(page.next).pathname + new URL(page.next).search : null;
  }
  return results;
}

/** The query of the signed ISO CSV fixture (signed-iso.csv). */
export const SIGNED_ISO_MAPPING = {
  date_column: 'Date',
  amount_column: 'Amount',
  description_column: 'Description',
  reference_column: 'Reference',
  date_format: 'YYYY-MM-DD',
};

/** Pushes one line into `account` (default checking) and answers it. */
export async function bankLine(
  harness: Harness,
  books: Books,
  amount: string,
  reference: string,
  account = books.accounts['1000']!,
): Promise<BankTransactionBody> {
  const pushed: PushResultBody = ok(
    await call(harness, 'POST', '/api/v1/bank-transactions', books.headers, {
      account,
      transactions: [
        { date: '2026-11-10', amount, description: `line ${reference}`, bank_reference: reference },
      ],
    }),
    201,
  );
  return pushed.results[0]!;
}

/** A posted manual entry: `amount` debited to `debit` and credited to `credit`. */
export async function postedEntry(
  harness: Harness,
  books: Books,
  debit: string,
  credit: string,
  amount: string,
) {
  return ok(
    await call(harness, 'POST', '/api/v1/journal-entries', books.headers, {
      txn_date: '2026-11-09',
      memo: 'bank test',
      post: true,
      lines: [
        { account: debit, debit: amount },
        { account: credit, credit: amount },
      ],
    }),
    201,
  );
}

/** The id of the line of `entry` on `account`. */
export function lineOn(entry: { lines: { id: string; account: string }[] }, account: string): string {
  const line = entry.lines.find((candidate) => candidate.account === account);
  if (!line) throw new Error(`no line on ${account}`);
  return line.id;
}

/** An unapplied payment received of `amount` deposited to checking, with its posted entry. */
export async function depositedPayment(harness: Harness, books: Books, amount: string) {
  const customer = ok(
    await call(harness, 'POST', '/api/v1/customers', books.headers, { display_name: 'Bank test customer' }),
    201,
  );
  const payment = ok(
    await call(harness, 'POST', '/api/v1/payments-received', books.headers, {
      customer: customer.id,
      payment_date: '2026-11-09',
      amount,
      method: 'ach',
      reference: 'bank',
      deposit_to_account: books.accounts['1000'],
      applications: [],
    }),
    201,
  );
  const entry = ok(
    await call(harness, 'GET', `/api/v1/journal-entries/${payment.journal_entry}`, books.headers),
  );
  return { payment, entry, line: lineOn(entry, books.accounts['1000']!) };
}

export function match(harness: Harness, headers: Headers, transaction: string, lines: string[], extra = {}) {
  return call(harness, 'POST', `/api/v1/bank-transactions/${transaction}/match`, headers, {
    journal_lines: lines,
    ...extra,
  });
}

/** POST /bank-transactions/{id}/create with `body`, answered as it is. */
export function createFrom(
  harness: Harness,
  headers: Headers,
  transaction: string,
  body: unknown,
  extra: Headers = {},
) {
  return call(
    harness,
    'POST',
    `/api/v1/bank-transactions/${transaction}/create`,
    { ...headers, ...extra },
    body,
  );
}

/** Pushes `lines` ([amount, reference, description?, payee?]) into `account` (default checking). */
export async function bankLines(
  harness: Harness,
  books: Books,
  lines: [string, string, string?, string?][],
  account = books.accounts['1000']!,
): Promise<BankTransactionBody[]> {
  const pushed: PushResultBody = ok(
    await call(harness, 'POST', '/api/v1/bank-transactions', books.headers, {
      account,
      transactions: lines.map(([amount, reference, description, payee]) => ({
        date: '2026-11-10',
        amount,
        description: description ?? `line ${reference}`,
        payee: payee ?? null,
        bank_reference: reference,
      })),
    }),
    201,
  );
  return pushed.results;
}

/** Saves a bank rule (201): spend to Office Supplies when the description contains `text`, unless `body` says otherwise. */
export async function saveRule(harness: Harness, books: Books, body: Record<string, unknown> = {}) {
  return ok(
    await call(harness, 'POST', '/api/v1/bank-rules', books.headers, {
      name: 'Office supplies',
      priority: 10,
      conditions: [{ field: 'description', operator: 'contains', value: 'staples' }],
      action: { kind: 'spend', account: books.accounts['6300'] },
      ...body,
    }),
    201,
  );
}

/** The posted lines of an entry as [account, debit, credit], in line order. */
export async function entryLines(harness: Harness, books: Books, entryId: string) {
  const entry = ok(await call(harness, 'GET', `/api/v1/journal-entries/${entryId}`, books.headers));
  return {
    entry,
    lines: entry.lines.map((line: { account: string; debit: string; credit: string }) => [
      line.account,
      line.debit,
      line.credit,
    ]),
  };
}
