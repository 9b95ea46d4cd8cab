// Refusal checks: the answer is the envelope with the expected code (the one envelope assertion of
// the suite), and the books are as they were (same rows, same balance summary, the change feed at the same head).
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { ErrorCode } from '../../src/domain/errors.ts';
import { ERROR_STATUS } from '../../src/http/errors.ts';
import { type Books, call, type Harness } from './harness.ts';

const TABLES = [
  'accounts',
  'account_balances',
  'journal_entries',
  'journal_lines',
  'customers',
  'invoices',
  'invoice_lines',
  'invoice_line_taxes',
  'credit_notes',
  'credit_note_lines',
  'credit_note_line_taxes',
  'payments_received',
  'payment_applications',
  'tracking_categories',
  'tracking_options',
  'tax_rates',
  'tax_groups',
  'items',
  'stock_movements',
  'inventory_adjustments',
  'vendors',
  'bills',
  'bill_lines',
  'bill_line_taxes',
  'bill_payments',
  'bill_payment_applications',
  'vendor_credits',
  'vendor_credit_lines',
  'vendor_credit_line_taxes',
  'vendor_credit_applications',
  'deposits',
  'deposit_payments',
  'bank_statements',
  'bank_transactions',
  'bank_statement_mappings',
  'bank_matches',
  'bank_rules',
  'bank_reconciliations',
  'bank_connections',
  'sequences',
  'changes',
];

/** The rows that matter of one organization's books, as text; equal before and after a refusal. */
export async function booksState(harness: Harness, books: Books): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [row] = await harness.db.query<{ state: string }>(
      `SELECT count(*)::text || ':' || coalesce(md5(string_agg(to_jsonb(t)::text, '|' ORDER BY to_jsonb(t)::text)), '')
              AS state FROM ${table} t WHERE organization_id = $1`,
      [books.organizationId],
    );
    parts.push(`${table}=${row?.state}`);
  }
  const feed = await call(harness, 'GET', '/api/v1/changes', books.headers);
  assert.equal(feed.statusCode, 200, feed.body);
  parts.push(`feed=${feed.json().cursor}`);
  return parts.join('\n');
}

/**
 * The one envelope assertion: `status` (the table's for `code` unless given), a JSON body that is
 * exactly `{ error: { code, message, detail } }` with a non-empty message and an object detail, and
 * `fields` among its field paths.
 */
export function assertEnvelope(
  response: LightMyRequestResponse,
  code: ErrorCode,
  status: number = ERROR_STATUS[code],
  fields: string[] = [],
) {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const body = response.json();
  assert.deepEqual(Object.keys(body), ['error']);
  assert.deepEqual(Object.keys(body.error).sort(), ['code', 'detail', 'message']);
  assert.equal(body.error.code, code, response.body);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0);
  assert.equal(typeof body.error.detail, 'object');
  assert.notEqual(body.error.detail, null);
  for (const field of fields) {
    assert.ok(
      Array.isArray(body.error.detail?.fields?.[field]),
      `detail.fields names ${field}: ${response.body}`,
    );
  }
}

/** Sends the request, asserts the refusal, and proves the books did not move. */
export async function refusedUnchanged(
  harness: Harness,
  books: Books,
  request: () => Promise<LightMyRequestResponse>,
  code: ErrorCode,
  fields: string[] = [],
): Promise<LightMyRequestResponse> {
  const before = await booksState(harness, books);
  const response = await request();
  assertEnvelope(response, code, ERROR_STATUS[code], fields);
  assert.equal(await booksState(harness, books), before, 'a refusal writes nothing');
  return response;
}
