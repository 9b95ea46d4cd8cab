// AR aging (D40, D57): per customer, what Accounts Receivable held for it at the end of a date: each
// open invoice's remainder in the bucket of its days past due, and the customer's unapplied credit
// (negative). The report's total is therefore the Accounts Receivable balance on that date.
import { daysBetween } from '../../domain/dates.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { asOfDate, generatedAt } from './report-params.ts';

export const AGING_BUCKETS = ['current', '1_30', '31_60', '61_90', 'over_90'] as const;
type Bucket = (typeof AGING_BUCKETS)[number];
/** The columns of a row: the buckets, then the unapplied credit. */
export const AGING_COLUMNS = [...AGING_BUCKETS, 'unapplied'] as const;
type Column = (typeof AGING_COLUMNS)[number];

/**
 * The bucket names before D57, still answered beside the new ones (deprecated, CHANGELOG 2026-11-24;
 * removed no earlier than 2027-05-24).
 */
export const DEPRECATED_BUCKETS = {
  days_1_30: '1_30',
  days_31_60: '31_60',
  days_61_90: '61_90',
  days_over_90: 'over_90',
} as const satisfies Record<string, Bucket>;

export function agingBucket(daysPastDue: number): Bucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return '1_30';
  if (daysPastDue <= 60) return '31_60';
  if (daysPastDue <= 90) return '61_90';
  return 'over_90';
}

type Amounts = Record<Column, bigint>;

const emptyAmounts = (): Amounts =>
  Object.fromEntries(AGING_COLUMNS.map((column) => [column, 0n])) as Amounts;

/** The columns of a row as returned, with their total. */
export function describeColumns(amounts: Amounts) {
  const columns = Object.fromEntries(
    AGING_COLUMNS.map((column) => [column, formatMoney(amounts[column])]),
  ) as Record<Column, string>;
  const total = AGING_COLUMNS.reduce((sum, column) => sum + amounts[column], 0n);
  return { ...columns, total: formatMoney(total) };
}

function describeAmounts(amounts: Amounts) {
  const columns = describeColumns(amounts);
  const deprecated = Object.fromEntries(
    Object.entries(DEPRECATED_BUCKETS).map(([old, bucket]) => [old, columns[bucket]]),
  ) as Record<keyof typeof DEPRECATED_BUCKETS, string>;
  return { ...columns, ...deprecated };
}

/** One amount an aging report adds: to its counterparty's row, in a column. */
export interface AgedAmount {
  id: string;
  name: string;
  column: Column;
  amount: bigint;
}

/** Sums aged amounts per counterparty and in total; the rows by name, then id. */
export function ageAmounts(entries: AgedAmount[]) {
  const byId = new Map<string, { id: string; name: string; amounts: Amounts }>();
  const totals = emptyAmounts();
  for (const { id, name, column, amount } of entries) {
    const row = byId.get(id) ?? { id, name, amounts: emptyAmounts() };
    row.amounts[column] += amount;
    totals[column] += amount;
    byId.set(id, row);
  }
  const rows = [...byId.values()].sort((a, b) =>
    a.name === b.name ? a.id.localeCompare(b.id) : a.name.localeCompare(b.name),
  );
  return { rows, totals };
}

export async function arAging(deps: Deps, actor: Actor, query: { as_of?: string }) {
  const asOf = asOfDate(actor, query.as_of);
  const organizationId = actor.organization.id;
  const invoices = await reports.openInvoices(deps.db, organizationId, asOf);
  const credits = await reports.unappliedCredit(deps.db, organizationId, asOf);
  const { rows, totals } = ageAmounts([
    ...invoices.map((invoice) => ({
      id: invoice.customer_id,
      name: invoice.customer_name,
      column: agingBucket(daysBetween(invoice.due_date, asOf)),
      amount: parseMoney(invoice.open),
    })),
    ...credits.map((credit) => ({
      id: credit.customer_id,
      name: credit.customer_name,
      column: 'unapplied' as const,
      amount: -parseMoney(credit.unapplied),
    })),
  ]);
  return {
    as_of: asOf,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    customers: rows.map((row) => ({
      customer: row.id,
      customer_name: row.name,
      ...describeAmounts(row.amounts),
    })),
    totals: describeAmounts(totals),
  };
}
