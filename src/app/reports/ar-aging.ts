// AR aging (D40, D57): per customer, what Accounts Receivable held for it at the end of a date: each
// open invoice's remainder in the bucket of its days past due, and the customer's unapplied credit
// (negative). The report's total is therefore the Accounts Receivable balance on that date.
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
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

/** Past this many days past due every amount is in the last bucket: the stores' ages stop here. */
export const AGING_DAYS_CAP = 91;

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
interface AgedAmount {
  id: string;
  name: string;
  column: Column;
  amount: bigint;
}

/** Sums aged amounts per counterparty and in total; the rows by name, then id. */
function ageAmounts(entries: AgedAmount[]) {
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

/** A counterparty as a store's aging rows name it: `customer_id` and `customer_name`, or the vendor's. */
type PartyOf<P extends 'customer' | 'vendor'> = Record<`${P}_id` | `${P}_name`, string>;

/**
 * One side's aging (AR: customers, AP: vendors): the open documents' remainders in the bucket of
 * their days past due (read as of the report's date), and each counterparty's unapplied credit,
 * negative, beside them.
 */
function ageSide<P extends 'customer' | 'vendor'>(
  party: P,
  documents: (PartyOf<P> & { days_past_due: number; open: string })[],
  credits: (PartyOf<P> & { unapplied: string })[],
) {
  const named = (row: PartyOf<P>) => ({ id: row[`${party}_id`], name: row[`${party}_name`] });
  return ageAmounts([
    ...documents.map((document) => ({
      ...named(document),
      column: agingBucket(document.days_past_due),
      amount: parseMoney(document.open),
    })),
    ...credits.map((credit) => ({
      ...named(credit),
      column: 'unapplied' as const,
      amount: -parseMoney(credit.unapplied),
    })),
  ]);
}

type Read<Row> = (db: Queryable, organizationId: string, asOf: string) => Promise<Row[]>;
/** A side's open documents summed per counterparty and days past due, held to [0, cap]. */
type ReadByAge<Row> = (db: Queryable, organizationId: string, asOf: string, cap: number) => Promise<Row[]>;

/**
 * One side of aging (AR: customers, AP: vendors) as its report reads and answers it: the store's
 * reads of open documents and unapplied credit, and its amounts as answered (AR's carry the
 * deprecated bucket names too). Its rows are named after the counterparty (`customers`, `vendors`),
 * each answering it as `customer` and `customer_name` (or the vendor's), then the amounts.
 */
export interface AgingSide<P extends 'customer' | 'vendor', Described> {
  party: P;
  documents: ReadByAge<PartyOf<P> & { days_past_due: number; open: string }>;
  credits: Read<PartyOf<P> & { unapplied: string }>;
  describe(amounts: Amounts): Described;
}

/** A counterparty as an aging row answers it: `customer` and `customer_name`, or the vendor's. */
type PartyAnswer<P extends 'customer' | 'vendor'> = Record<P | `${P}_name`, string>;

/** One side's aging report: at `query.as_of` (else the books' today), its rows by name, then its totals. */
export function agingReport<P extends 'customer' | 'vendor', Described>(side: AgingSide<P, Described>) {
  const party = (row: { id: string; name: string }) =>
    ({ [side.party]: row.id, [`${side.party}_name`]: row.name }) as PartyAnswer<P>;
  return async (deps: Deps, actor: Actor, query: { as_of?: string }) => {
    const asOf = asOfDate(actor, query.as_of);
    const organizationId = actor.organization.id;
    // Two reads of committed rows, independent of each other: on a pool they run side by side.
    const [documents, credits] = await Promise.all([
      side.documents(deps.db, organizationId, asOf, AGING_DAYS_CAP),
      side.credits(deps.db, organizationId, asOf),
    ]);
    const { rows, totals } = ageSide(side.party, documents, credits);
    const described = rows.map((row) => ({ ...party(row), ...side.describe(row.amounts) }));
    return {
      as_of: asOf,
      currency: actor.organization.currency,
      generated_at: generatedAt(),
      ...({ [`${side.party}s`]: described } as Record<`${P}s`, typeof described>),
      totals: side.describe(totals),
    };
  };
}

/** AR aging, with the bucket names before D57 beside the new ones (describeAmounts). */
export const arAging = agingReport({
  party: 'customer',
  documents: reports.openInvoicesByAge,
  credits: reports.unappliedCredit,
  describe: describeAmounts,
});
