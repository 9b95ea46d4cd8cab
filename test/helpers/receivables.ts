// Receivables fixtures for invoice and payment tests: customers and tax rates through their HTTP
// routes, invoice bodies, and the sums a refusal must leave untouched.
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { ErrorCode } from '../../src/domain/errors.ts';
import type { CustomerBody, InvoiceBody, TaxRateBody } from './bodies.ts';
import { type Books, call, countRows, type Harness, type Headers, signUp } from './harness.ts';
import { assertEnvelope } from './refusals.ts';

/** The body of a `status` answer (throws with the body otherwise); `T` names its schema type (bodies.ts). */
export function ok<T = any>(response: LightMyRequestResponse, status = 200): T {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

export async function createCustomer(
  harness: Harness,
  headers: Headers,
  overrides: Record<string, unknown> = {},
): Promise<CustomerBody> {
  const response = await call(harness, 'POST', '/api/v1/customers', headers, {
    display_name: `Customer ${Math.random().toString(36).slice(2, 8)}`,
    email: 'billing@customer.test',
    payment_terms: 'net_30',
    ...overrides,
  });
  return ok(response, 201);
}

export async function createTaxRate(
  harness: Harness,
  headers: Headers,
  rate = '8.2500',
  overrides: Record<string, unknown> = {},
): Promise<TaxRateBody> {
  const response = await call(harness, 'POST', '/api/v1/tax-rates', headers, {
    name: `Sales tax ${rate}`,
    rate,
    ...overrides,
  });
  return ok(response, 201);
}

/** A credit note's body: a refund of one consulting hour (120.00 at 8.25%: 129.90) and 80.00 of materials untaxed: 209.90. */
export function noteBody(books: Books, customer: string, tax: string, extra: Record<string, unknown> = {}) {
  return {
    customer,
    lines: [
      {
        description: 'Hour refunded',
        quantity: '1',
        unit_price: '120.00',
        income_account: books.accounts['4100'],
        is_taxable: true,
        tax_rate: tax,
      },
      {
        description: 'Damaged materials',
        quantity: '1',
        unit_price: '80.00',
        income_account: books.accounts['4000'],
      },
    ],
    ...extra,
  };
}

/** The contract's example: ten hours at 120.00 taxed at the given rate, two units at 75.50 untaxed. */
export function invoiceBody(
  books: Books,
  customer: string,
  taxRate: string,
  extra: Record<string, unknown> = {},
) {
  return {
    customer,
    lines: [
      {
        description: 'Consulting',
        quantity: '10',
        unit_price: '120.00',
        income_account: books.accounts['4100'],
        is_taxable: true,
        tax_rate: taxRate,
      },
      {
        description: 'Materials',
        quantity: '2',
        unit_price: '75.50',
        income_account: books.accounts['4000'],
        is_taxable: false,
      },
    ],
    ...extra,
  };
}

/** Fresh books with a customer (Blue Heron Cafe) and an 8.25% tax rate: where most receivables tests start. */
export async function receivablesSetup(harness: Harness) {
  const books = await signUp(harness);
  const customer = await createCustomer(harness, books.headers, { display_name: 'Blue Heron Cafe' });
  const tax = await createTaxRate(harness, books.headers, '8.2500');
  return { books, customer, tax };
}

/** POST /invoices of `invoiceBody` with `books`' session: the answer as it is, for refusals. */
export function postInvoice(
  harness: Harness,
  books: Books,
  customer: string,
  tax: string,
  extra: Record<string, unknown> = {},
) {
  return call(harness, 'POST', '/api/v1/invoices', books.headers, invoiceBody(books, customer, tax, extra));
}

/** A draft invoice of `invoiceBody` (201). */
export async function createInvoice(
  harness: Harness,
  books: Books,
  customer: string,
  tax: string,
  extra: Record<string, unknown> = {},
) {
  return ok<InvoiceBody>(await postInvoice(harness, books, customer, tax, extra), 201);
}

/** A sent invoice of `invoiceBody`, 1450.00 at 8.25% (the contract's example); returns the sent invoice. */
export async function sentInvoice(
  harness: Harness,
  books: Books,
  customer: string,
  tax: string,
  extra: Record<string, unknown> = {},
) {
  const draft = await createInvoice(harness, books, customer, tax, extra);
  return ok<InvoiceBody>(await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers));
}

/** Row counts of every table an invoice or payment write touches. */
const COUNTED_TABLES = [
  'invoices',
  'invoice_lines',
  'invoice_line_taxes',
  'journal_entries',
  'payments_received',
  'payment_applications',
  'invoice_emails',
  'credit_notes',
  'credit_note_lines',
  'credit_note_line_taxes',
  'credit_note_applications',
  'deposits',
  'deposit_payments',
  'changes',
] as const;

export async function receivableCounts(harness: Harness, organizationId: string) {
  const tables = COUNTED_TABLES;
  const counts = {} as Record<(typeof COUNTED_TABLES)[number], number>;
  for (const table of tables) counts[table] = await countRows(harness, table, organizationId);
  return counts;
}

/**
 * What a refusal must leave untouched: row counts of every receivables table, the bodies of `urls`
 * read back through HTTP, and the change feed from a cursor taken now.
 */
export interface Observation {
  harness: Harness;
  headers: Headers;
  organizationId: string;
  counts: Awaited<ReturnType<typeof receivableCounts>>;
  reads: Map<string, unknown>;
  cursor: string;
}

export async function observe(
  harness: Harness,
  headers: Headers,
  organizationId: string,
  urls: string[],
): Promise<Observation> {
  const reads = new Map<string, unknown>();
  for (const url of urls) reads.set(url, state(ok(await call(harness, 'GET', url, headers))));
  const cursor: string = ok(await call(harness, 'GET', '/api/v1/changes', headers)).cursor;
  const counts = await receivableCounts(harness, organizationId);
  return { harness, headers, organizationId, counts, reads, cursor };
}

/** What a read says about the books: a report's `generated_at` (D57) is when it was read, not state. */
function state(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('generated_at' in body)) return body;
  const { generated_at: _, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** Proves a refusal wrote nothing: same row counts, same read-backs, no change record since `observe`. */
export async function assertNothingWritten(observation: Observation): Promise<void> {
  const { harness, headers, organizationId } = observation;
  assert.deepEqual(await receivableCounts(harness, organizationId), observation.counts, 'row counts');
  for (const [url, body] of observation.reads) {
    assert.deepEqual(state(ok(await call(harness, 'GET', url, headers))), body, `read back ${url}`);
  }
  const feed = ok(
    await call(harness, 'GET', `/api/v1/changes?cursor=${encodeURIComponent(observation.cursor)}`, headers),
  );
  assert.deepEqual(feed.changes, [], 'no change record');
}

/**
 * Sends `request`, asserts the refusal (the envelope with `code` and `status`), and proves it wrote
 * nothing: row counts, the read-backs of `readBack` and the change feed as they were. Returns the error.
 */
export async function refusedNothingWritten(
  harness: Harness,
  books: Books,
  readBack: string[],
  request: () => Promise<LightMyRequestResponse>,
  status: number,
  code: ErrorCode,
) {
  const before = await observe(harness, books.headers, books.organizationId, readBack);
  const response = await request();
  assertEnvelope(response, code, status);
  await assertNothingWritten(before);
  return response.json().error;
}
