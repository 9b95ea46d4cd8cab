// Sends one fuzzed request through the real app and checks the properties every answer must have:
// never a 5xx; every non-2xx is the published envelope with a known code and its status; a refusal
// changes nothing (the change feed position, the ledger and the main tables are as before).
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_STATUS } from '../../src/http/errors.ts';
import { allowMultiShard } from '../../src/storage/sql.ts';
import { RawBody } from './refs.ts';
import type { FuzzRequest } from './requests.ts';
import { encodeURIComponentSafe } from './requests.ts';
import { observe, resolve, type World } from './world.ts';

export class PropertyViolation extends Error {
  constructor(
    readonly property: 'no_5xx' | 'envelope' | 'refusal_changed_nothing' | 'books_check',
    message: string,
    readonly response?: { status: number; body: string },
  ) {
    super(message);
  }
}

export interface Sent {
  method: string;
  url: string;
  status: number;
  body: string;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) && value.length > 0 ? value : [value];
    for (const item of values)
      parts.push(`${name}=${encodeURIComponentSafe(item === null ? '' : asText(item))}`);
  }
  return parts.join('&');
}

function credentialHeaders(world: World, request: FuzzRequest): Record<string, string> {
  switch (request.credential) {
    case 'session':
      return { ...world.books.headers };
    case 'key':
      return { ...world.keyHeaders };
    case 'sandbox':
      return { ...world.books.sandboxHeaders };
    case 'bogus':
      return { authorization: 'Bearer not-a-token', 'x-organization-id': world.books.organizationId };
    case 'none':
      return {};
  }
}

/** The request as it goes on the wire: method, URL, headers and body bytes. */
export function materialize(world: World, request: FuzzRequest) {
  const [method, path] = request.route.split(' ') as [string, string];
  const params = resolve(world, request.params, path) as Record<string, unknown>;
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    request.twist && 'rawPath' in request.twist
      ? request.twist.rawPath
      : encodeURIComponentSafe(asText(params[name])),
  );
  const query =
    request.twist && 'rawQuery' in request.twist
      ? request.twist.rawQuery
      : queryString(resolve(world, request.query, path) as Record<string, unknown>);
  if (query) url += `?${query}`;
  const headers: Record<string, string> = credentialHeaders(world, request);
  for (const [name, value] of Object.entries(resolve(world, request.headers, path) as object)) {
    if (value !== undefined) headers[name.toLowerCase()] = asText(value);
  }
  const twist = request.twist;
  if (twist && 'idempotencyKey' in twist) headers['idempotency-key'] = twist.idempotencyKey;
  let payload: string | Buffer | undefined;
  const body = twist && 'rawBody' in twist ? twist.rawBody : resolve(world, request.body, path);
  if (body instanceof RawBody) payload = body.text;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined)
    headers['content-type'] = twist && 'contentType' in twist ? twist.contentType : 'application/json';
  return { method: twist && 'method' in twist ? twist.method : method, path, url, headers, payload };
}

/** The cheap fingerprint of everything a refusal must leave as it was, for the live and sandbox books. */
const FINGERPRINT = `SELECT
  (SELECT count(*) || '/' || coalesce(max(seq), 0) FROM changes WHERE organization_id IN ($1, $2)) AS changes,
  (SELECT count(*) || '/' || coalesce(sum(debit), 0) || '/' || coalesce(sum(credit), 0)
     FROM journal_lines WHERE organization_id IN ($1, $2)) AS lines,
  (SELECT coalesce(sum(debit), 0) || '/' || coalesce(sum(credit), 0)
     FROM account_balances WHERE organization_id IN ($1, $2)) AS balances,
  (SELECT string_agg(name || '=' || next_value, ',' ORDER BY organization_id, name)
     FROM sequences WHERE organization_id IN ($1, $2)) AS sequences,
  (SELECT sum(version) || '/' || string_agg(coalesce(books_closed_through::text, '-'), ',' ORDER BY id)
     FROM organizations WHERE id IN ($1, $2)) AS organizations,
  ${[
    'accounts',
    'customers',
    'invoices',
    'payments_received',
    'deposits',
    'journal_entries',
    'tax_rates',
    'tax_groups',
    'tracking_categories',
    'tracking_options',
    'bank_connections',
    'bank_statements',
    'bank_transactions',
    'bank_statement_mappings',
    'api_keys',
  ]
    .map(
      (table) =>
        `(SELECT count(*) || '/' || coalesce(sum(version), 0) FROM ${table} WHERE organization_id IN ($1, $2)) AS ${table}`,
    )
    .join(',\n  ')},
  ${[
    'invoice_lines',
    'invoice_line_taxes',
    'credit_note_line_taxes',
    'bill_line_taxes',
    'vendor_credit_line_taxes',
    'payment_applications',
    'invoice_emails',
    'tax_group_rates',
  ]
    .map((table) => `(SELECT count(*) FROM ${table} WHERE organization_id IN ($1, $2)) AS ${table}`)
    .join(',\n  ')},
  (SELECT string_agg(user_id || '=' || role, ',' ORDER BY organization_id, user_id)
     FROM memberships WHERE organization_id IN ($1, $2)) AS memberships,
  (SELECT count(*) FILTER (WHERE revoked_at IS NOT NULL) FROM api_keys WHERE organization_id IN ($1, $2)) AS revoked_keys`;

export async function fingerprint(world: World): Promise<string> {
  // Live and sandbox books together: on Citus a multi-shard read, the test's own.
  const rows = await world.harness.db.transaction(async (tx) => {
    await allowMultiShard(tx);
    return tx.query(FINGERPRINT, [world.books.organizationId, world.books.sandboxId]);
  });
  return JSON.stringify(rows[0]);
}

function checkEnvelope(response: LightMyRequestResponse) {
  const fail = (why: string) =>
    new PropertyViolation('envelope', `${response.statusCode} is not the error envelope: ${why}`, {
      status: response.statusCode,
      body: response.body.slice(0, 2000),
    });
  let parsed: unknown;
  try {
    parsed = response.json();
  } catch {
    throw fail('not JSON');
  }
  const root = parsed as { error?: { code?: unknown; message?: unknown; detail?: unknown } };
  if (!root || typeof root !== 'object' || Object.keys(root).join() !== 'error')
    throw fail('no single "error" key');
  const { code, message, detail } = root.error ?? {};
  if (typeof code !== 'string' || !(code in ERROR_STATUS)) throw fail(`unknown code ${String(code)}`);
  if (typeof message !== 'string') throw fail('message is not a string');
  if (!detail || typeof detail !== 'object' || Array.isArray(detail)) throw fail('detail is not an object');
  const status = ERROR_STATUS[code as keyof typeof ERROR_STATUS];
  if (status !== response.statusCode) throw fail(`code ${code} goes with ${status}`);
}

/** Sends the request and checks the properties; throws a PropertyViolation on the first broken one. */
export async function sendAndCheck(
  world: World,
  request: FuzzRequest,
  before: string,
): Promise<Sent & { after?: string }> {
  const wire = materialize(world, request);
  const response = await world.harness.app.inject({
    method: wire.method as 'GET',
    url: wire.url,
    headers: wire.headers,
    ...(wire.payload === undefined ? {} : { payload: wire.payload }),
  });
  const sent = { method: wire.method, url: wire.url, status: response.statusCode, body: response.body };
  const brief = { status: response.statusCode, body: response.body.slice(0, 2000) };
  if (response.statusCode >= 500)
    throw new PropertyViolation('no_5xx', `answered ${response.statusCode}`, brief);
  if (response.statusCode < 200 || response.statusCode >= 300) {
    if (wire.method !== 'HEAD') checkEnvelope(response);
    const after = await fingerprint(world);
    if (after !== before) {
      throw new PropertyViolation(
        'refusal_changed_nothing',
        `a ${response.statusCode} changed the books:\nbefore ${before}\nafter  ${after}`,
        brief,
      );
    }
    return { ...sent, after };
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = undefined;
  }
  observe(world, wire.method, wire.path, response.statusCode, body);
  return sent;
}
