// The organization the fuzzer drives: signed up through the harness, with customers, tax rates,
// tracking, invoices (draft, sent, paid, void), payments and journal entries made first, so the
// generated ids name real records. Pools grow with every record a fuzzed write creates.
import type { LightMyRequestResponse } from 'fastify';
import { type Books, call, createKey, type Harness, type Headers, signUp } from '../helpers/harness.ts';
import { CursorRef, type CursorVariant, IdRef, KINDS, type Kind, kindOfPath, RawBody } from './refs.ts';

export interface World {
  harness: Harness;
  books: Books;
  keyHeaders: Headers;
  pools: Record<Kind, string[]>;
  /** Cursors the service issued: of lists (`next`/`previous`) and of the change feed. */
  listCursors: string[];
  feedCursors: string[];
}

const POOL_CAP = 400;

async function ok(response: Promise<LightMyRequestResponse>, status: number) {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`fuzz setup: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

export async function createWorld(harness: Harness): Promise<World> {
  const books = await signUp(harness);
  const key = await createKey(harness, books, 'accountant');
  const pools = Object.fromEntries(KINDS.map((kind) => [kind, [] as string[]])) as Record<Kind, string[]>;
  const world: World = { harness, books, keyHeaders: key.headers, pools, listCursors: [], feedCursors: [] };
  pools.account.push(...Object.values(books.accounts));
  const numbers = (list: string[]) => list.map((number) => books.accounts[number]!);
  pools.income_account.push(...numbers(['4000', '4100', '4900']));
  pools.cash_account.push(...numbers(['1000', '1010', '1050', '2100']));
  // Settings name any account of the chart the schema allows, valid on its own or not (D84): a tax
  // rate on Accounts Payable or receivables, an item kept in Bank. Whatever the API accepts must keep
  // folio check clean when later documents (bills, sales, adjustments) use it.
  pools.liability_account.push(...numbers(['2200', '2000', '2100', '1100', '1300', '1200']));
  const post = async (kind: Kind, path: string, body: unknown, status = 201) => {
    const record = await ok(call(harness, 'POST', path, books.headers, body), status);
    if (status === 201) pools[kind].push(record.id);
    return record;
  };
  const terms = ['due_on_receipt', 'net_7', 'net_15', 'net_30', 'net_60', 'net_90'];
  // 51 customers: one more than a page, so the customer list issues real cursors.
  for (let n = 0; n < 51; n++) {
    await post('customer', '/api/v1/customers', {
      display_name: `Customer ${n}`,
      email: `c${n}@customer.test`,
      payment_terms: terms[n % terms.length],
    });
  }
  const [first, second, net90] = [pools.customer[0]!, pools.customer[1]!, pools.customer[5]!];
  await post('customer', '/api/v1/customers', { display_name: 'Gone Ltd' });
  await post('customer', `/api/v1/customers/${pools.customer.at(-1)}/deactivate`, {}, 200);
  const rate = await post('tax_rate', '/api/v1/tax-rates', { name: 'State', rate: '8.25' });
  await post('tax_rate', '/api/v1/tax-rates', { name: 'City', rate: '1.5' });
  await post('tax_group', '/api/v1/tax-groups', { name: 'Combined', tax_rates: pools.tax_rate });
  const category = await post('tracking_category', '/api/v1/tracking-categories', { name: 'Region' });
  await post('tracking_option', '/api/v1/tracking-options', { category: category.id, name: 'North' });
  await post('tracking_option', '/api/v1/tracking-options', { category: category.id, name: 'South' });
  const line = (unitPrice: string) => ({
    description: 'Work',
    quantity: '2',
    unit_price: unitPrice,
    income_account: books.accounts['4000'],
    is_taxable: true,
    tax_rate: rate.id,
  });
  const invoice = (customer: string, extra: object = {}) =>
    post('invoice', '/api/v1/invoices', { customer, lines: [line('100.00')], ...extra });
  await invoice(first); // stays a draft
  const sent = await invoice(first);
  const paid = await invoice(second);
  const voided = await invoice(second);
  const farDue = await invoice(net90, { issue_date: '9999-10-15' }).catch(() => undefined);
  for (const id of [sent.id, paid.id, voided.id, ...(farDue ? [farDue.id] : [])]) {
    await post('invoice', `/api/v1/invoices/${id}/send`, {}, 200);
  }
  await post('invoice', `/api/v1/invoices/${voided.id}/void`, {}, 200);
  const payment = (customer: string, amount: string, applications: object[]) =>
    post('payment', '/api/v1/payments-received', {
      customer,
      payment_date: new Date().toISOString().slice(0, 10),
      amount,
      method: 'check',
      applications,
    });
  const total = String(paid.total).replace(/(\.\d\d)00$/, '$1');
  await payment(second, total, [{ invoice_id: paid.id, amount: total }]);
  await payment(first, '50.00', [{ invoice_id: sent.id, amount: '50.00' }]);
  await payment(first, '30.00', []);
  // Payables and stock, so generated bills, adjustments and sales meet items, vendors and rates.
  const vendor = await post('vendor', '/api/v1/vendors', {
    display_name: 'Northwind',
    payment_terms: 'net_30',
  });
  const stocked = await post('item', '/api/v1/items', {
    name: 'Widget',
    type: 'inventory',
    sale_price: '9.00',
    purchase_cost: '4.00',
    income_account: books.accounts['4000'],
    tax_rate: rate.id,
  });
  await post('item', '/api/v1/items', {
    name: 'Repair',
    type: 'service',
    sale_price: '50.00',
    income_account: books.accounts['4100'],
    expense_account: books.accounts['6300'],
  });
  await ok(
    call(harness, 'POST', '/api/v1/inventory-adjustments', books.headers, {
      item: stocked.id,
      quantity: '20',
      unit_cost: '4.00',
      account: books.accounts['3000'],
    }),
    201,
  );
  const bill = (lines: object[]) => post('bill', '/api/v1/bills', { vendor: vendor.id, lines });
  await bill([{ item: stocked.id, quantity: '5', tax_rate: rate.id }]); // stays a draft
  const opened = await bill([
    { description: 'Paper', quantity: '2', unit_cost: '15.00', account: books.accounts['6300'] },
  ]);
  await post('bill', `/api/v1/bills/${opened.id}/open`, {}, 200);
  const entry = (debit: string) => ({
    txn_date: new Date().toISOString().slice(0, 10),
    memo: 'Owner investment',
    lines: [
      { account: books.accounts['1000'], debit },
      { account: books.accounts['3000'], credit: debit },
    ],
  });
  await post('journal_entry', '/api/v1/journal-entries', entry('10.00'));
  const posted = await post('journal_entry', '/api/v1/journal-entries', entry('20.00'));
  await post('journal_entry', `/api/v1/journal-entries/${posted.id}/post`, {}, 200);
  const reversed = await post('journal_entry', '/api/v1/journal-entries', entry('30.00'));
  await post('journal_entry', `/api/v1/journal-entries/${reversed.id}/post`, {}, 200);
  await post('journal_entry', `/api/v1/journal-entries/${reversed.id}/reverse`, {}, 201);
  // Every entry, those the documents posted included (their reversal must be refused, D63).
  const entries = await ok(call(harness, 'GET', '/api/v1/journal-entries', books.headers), 200);
  pools.journal_entry = [...new Set(entries.results.map((row: { id: string }) => row.id))] as string[];
  const read = async (url: string, path = url) =>
    observe(world, 'GET', path, 200, await ok(call(harness, 'GET', url, books.headers), 200));
  await read('/api/v1/customers');
  await read('/api/v1/changes');
  await read(`/api/v1/customers?cursor=${world.listCursors[0] ?? ''}`, '/api/v1/customers');
  return world;
}

/** Learns from a response: ids of created records, cursors of lists and of the feed. */
export function observe(world: World, method: string, path: string, status: number, body: unknown) {
  if (status < 200 || status >= 300 || !body || typeof body !== 'object') return;
  const record = body as { id?: unknown; next?: unknown; previous?: unknown; cursor?: unknown };
  const kind = kindOfPath(path);
  if (method === 'POST' && kind && !path.includes('{') && typeof record.id === 'string') {
    const pool = world.pools[kind];
    if (!pool.includes(record.id)) pool.push(record.id);
    if (pool.length > POOL_CAP) pool.splice(1, 1);
  }
  for (const link of [record.next, record.previous]) {
    const cursor = typeof link === 'string' ? new URL(link).searchParams.get('cursor') : null;
    if (cursor && !world.listCursors.includes(cursor)) world.listCursors.push(cursor);
  }
  if (typeof record.cursor === 'string' && !world.feedCursors.includes(record.cursor)) {
    world.feedCursors.push(record.cursor);
    if (world.feedCursors.length > POOL_CAP) world.feedCursors.splice(1, 1);
  }
}

function pick<T>(list: T[], index: number): T | undefined {
  if (list.length === 0) return undefined;
  // Even indexes count from the newest record, odd ones from the oldest.
  return index % 2 === 0
    ? list[list.length - 1 - ((index / 2) % list.length)]
    : list[(index >> 1) % list.length];
}

function resolveId(world: World, ref: IdRef): string {
  const id =
    pick(world.pools[ref.kind], ref.index) ??
    `00000000-0000-4000-8000-${String(ref.index).padStart(12, '0')}`;
  if (ref.mangle === 'upper') return id.toUpperCase();
  if (ref.mangle === 'suffix') return `${id}0`;
  if (ref.mangle === 'nul') return `${id}\u0000`;
  return id;
}

const BAD_TIMES: unknown[] = [
  '0000-01-01',
  '10000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  'x',
  1e20,
  null,
];
const BAD_IDS = ['-'.repeat(36), '0'.repeat(36), 'x', '', 'ffffffff-ffff-ffff-ffff-fffffffffffff'];
const SCALARS = ['null', '1', '"x"', '[]', '{}', 'true'];

/** Edits a cursor the service issued; a signed one (`<inner>.<mac>`) keeps its old signature. */
function tamper(issued: string, variant: CursorVariant, index: number, world: World): string {
  const dot = issued.lastIndexOf('.');
  const [cursor, mac] = dot > 0 ? [issued.slice(0, dot), issued.slice(dot)] : [issued, ''];
  const base64 = (text: string) => Buffer.from(text).toString('base64url') + mac;
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    payload = {};
  }
  const edit = (changes: Record<string, unknown>) => base64(JSON.stringify({ ...payload, ...changes }));
  switch (variant) {
    case 'other_books':
      return edit({ o: index % 2 === 0 ? world.books.sandboxId : '00000000-0000-4000-8000-000000000000' });
    case 'bad_time':
      return edit({ t: BAD_TIMES[index % BAD_TIMES.length] });
    case 'bad_id':
      return edit({ i: BAD_IDS[index % BAD_IDS.length] });
    case 'bad_direction':
      return edit({ d: index % 2 === 0 ? 'c' : 1 });
    case 'extra_fields':
      return edit({ x: 'y', s: '1', p: [index] });
    case 'not_json':
      return base64(`hello ${index}`);
    case 'json_scalar':
      return base64(SCALARS[index % SCALARS.length]!);
    case 'std_base64':
      return Buffer.from(Buffer.from(cursor, 'base64url')).toString('base64') + mac;
    case 'truncated':
      return issued.slice(0, Math.max(1, Math.floor(issued.length / 2)));
    case 'huge_seq':
      return edit({ s: index % 2 === 0 ? '999999999999999999' : '9'.repeat(40) });
    case 'negative_seq':
      return edit({ s: index % 2 === 0 ? '-1' : 1 });
    default:
      return issued;
  }
}

function resolveCursor(world: World, ref: CursorRef, path: string): string {
  const feed = path === '/api/v1/changes';
  const own = feed ? world.feedCursors : world.listCursors;
  const other = feed ? world.listCursors : world.feedCursors;
  if (ref.variant === 'other_list') return pick(other, ref.index) ?? 'e30';
  return tamper(pick(own, ref.index) ?? 'e30', ref.variant, ref.index, world);
}

/** The value with every placeholder replaced by what it names in this world. */
export function resolve(world: World, value: unknown, path: string): unknown {
  if (value instanceof IdRef) return resolveId(world, value);
  if (value instanceof CursorRef) return resolveCursor(world, value, path);
  if (value instanceof RawBody) return value;
  if (Array.isArray(value)) return value.map((item) => resolve(world, item, path));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(world, item, path)]));
  }
  return value;
}

/** After a fuzzed period close, the books open again, so later writes are not all period_closed. */
export async function reopenBooks(world: World) {
  await ok(
    call(world.harness, 'POST', '/api/v1/periods/reopen', world.books.headers, { through: null }),
    200,
  );
}
