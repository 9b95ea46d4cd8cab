// Reports from the balance summary (D40, D57): only posted entries count. A profit and loss filtered by
// a tracking option adds up the lines carrying it instead. Profit and loss and balance sheet come in
// comparison columns (D93).
import { type AccountType, isDebitNormal } from '../../domain/chart.ts';
import { addDays, todayIn } from '../../domain/dates.ts';
import { fieldError } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import {
  type CompareUnit,
  comparisonDates,
  comparisonRanges,
  startOfUnit,
} from '../../domain/report-periods.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { asOfDate, dateRange, generatedAt, reportDate, trackingOptionOf } from './report-params.ts';

/** Trial balance as of a date: each account's net on its debit or credit side; the columns agree. */
export async function trialBalance(deps: Deps, actor: Actor, query: { as_of?: string }) {
  const asOf = asOfDate(actor, query.as_of);
  const rows = await reports.accountSummary(deps.db, actor.organization.id, null, asOf);
  let totalDebit = 0n;
  let totalCredit = 0n;
  const lines = rows
    .map((row) => {
      const net = parseMoney(row.debit) - parseMoney(row.credit);
      const debit = net > 0n ? net : 0n;
      const credit = net < 0n ? -net : 0n;
      totalDebit += debit;
      totalCredit += credit;
      return {
        account: row.account_id,
        account_number: row.number,
        account_name: row.name,
        account_type: row.type,
        debit: formatMoney(debit),
        credit: formatMoney(credit),
      };
    })
    .filter((line) => line.debit !== '0.0000' || line.credit !== '0.0000');
  return {
    as_of: asOf,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    lines,
    total_debit: formatMoney(totalDebit),
    total_credit: formatMoney(totalCredit),
    in_balance: totalDebit === totalCredit,
  };
}

function naturalNet(row: reports.SummaryRow): bigint {
  const net = parseMoney(row.debit) - parseMoney(row.credit);
  return isDebitNormal(row.type) ? net : -net;
}

/** One account's row of a columned report: its natural-sign amount in each column. */
interface AccountRow {
  account: string;
  account_number: string;
  account_name: string;
  type: AccountType;
  detail_type: string;
  amounts: bigint[];
}

/** The summary rows of `periods` columns as one row per account (by number), zero where it had none. */
function accountRows(rows: reports.PeriodSummaryRow[], periods: number): AccountRow[] {
  const byAccount = new Map<string, AccountRow>();
  for (const row of rows) {
    let account = byAccount.get(row.account_id);
    if (!account) {
      account = {
        account: row.account_id,
        account_number: row.number,
        account_name: row.name,
        type: row.type,
        detail_type: row.detail_type,
        amounts: Array.from({ length: periods }, () => 0n),
      };
      byAccount.set(row.account_id, account);
    }
    account.amounts[row.period] = (account.amounts[row.period] ?? 0n) + naturalNet(row);
  }
  return [...byAccount.values()];
}

/**
 * A section: the accounts that pass `belongs` and are not zero in every column (the same rows in
 * each column, D93), each with its newest amount (`amount`, as before comparisons) and all of them
 * oldest first; and the section's total per column.
 */
function section(rows: AccountRow[], belongs: (row: AccountRow) => boolean, periods: number) {
  const accounts = rows.filter((row) => belongs(row) && row.amounts.some((amount) => amount !== 0n));
  const totals = Array.from({ length: periods }, (_, column) =>
    accounts.reduce((sum, row) => sum + (row.amounts[column] ?? 0n), 0n),
  );
  return {
    accounts: accounts.map((row) => ({
      account: row.account,
      account_number: row.account_number,
      account_name: row.account_name,
      amount: formatMoney(row.amounts[periods - 1] ?? 0n),
      amounts: row.amounts.map(formatMoney),
    })),
    totals,
  };
}

const ofType = (type: AccountType) => (row: AccountRow) => row.type === type;
/** Cost of goods sold (D93's section): expense accounts of that detail type, the system one or not. */
const isCostOfSales = (row: AccountRow) => row.type === 'expense' && row.detail_type === 'cost_of_goods_sold';

/** A section as a report answers it: its accounts and the total of its newest column. */
function sectionAnswer({ accounts, totals }: ReturnType<typeof section>) {
  return { accounts, total: formatMoney(totals.at(-1) ?? 0n) };
}

/** `compare` and `periods` (D93): both or neither; periods in 1..12. */
function comparison(query: ComparisonQuery): { compare: CompareUnit | null; periods: number } {
  if (query.compare === undefined) {
    if (query.periods !== undefined) throw fieldError('query/periods', 'only with `compare`');
    return { compare: null, periods: 1 };
  }
  if (query.periods === undefined) throw fieldError('query/periods', 'is required with `compare` (1 to 12)');
  return { compare: query.compare, periods: query.periods };
}

export interface ComparisonQuery {
  compare?: CompareUnit;
  periods?: number;
}

/**
 * Profit and loss for [from, to]: income minus expenses; with tracking_option, its lines only. With
 * `compare`, one column per period (D93): [from, to] and the ranges before it, a unit apart, oldest
 * first; `from` then defaults to the start of `to`'s month, quarter or year. The fields of the
 * report before comparisons describe the newest column. One statement reads every column.
 */
export async function profitAndLoss(
  deps: Deps,
  actor: Actor,
  query: { from?: string; to?: string; tracking_option?: string } & ComparisonQuery,
) {
  const { compare, periods } = comparison(query);
  const to = reportDate(query.to, 'to', todayIn(actor.organization.timezone));
  const { from } = dateRange(actor, {
    to,
    from: query.from ?? (compare ? startOfUnit(to, compare) : undefined),
  });
  const columns = compare ? comparisonRanges({ from, to }, compare, periods) : [{ from, to }];
  const trackingOption = await trackingOptionOf(deps, actor, query.tracking_option);
  const rows = accountRows(
    await reports.periodSummary(deps.db, actor.organization.id, columns, trackingOption),
    periods,
  );
  const income = section(rows, ofType('income'), periods);
  const expenses = section(rows, ofType('expense'), periods);
  const costOfSales = section(rows, isCostOfSales, periods);
  const operating = section(rows, (row) => row.type === 'expense' && !isCostOfSales(row), periods);
  const figures = columns.map((range, column) => {
    const [inc = 0n, cogs = 0n, opex = 0n, all = 0n] = [income, costOfSales, operating, expenses].map(
      (part) => part.totals[column],
    );
    return {
      from: range.from,
      to: range.to,
      income: inc,
      cost_of_goods_sold: cogs,
      gross_profit: inc - cogs,
      operating_expenses: opex,
      expenses: all,
      net_income: inc - all,
    };
  });
  const last = figures.at(-1)!;
  return {
    from,
    to,
    tracking_option: trackingOption,
    compare,
    periods,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    income: sectionAnswer(income),
    cost_of_goods_sold: sectionAnswer(costOfSales),
    gross_profit: formatMoney(last.gross_profit),
    operating_expenses: sectionAnswer(operating),
    expenses: sectionAnswer(expenses),
    net_income: formatMoney(last.net_income),
    columns: figures.map((figure) => ({
      from: figure.from,
      to: figure.to,
      income: formatMoney(figure.income),
      cost_of_goods_sold: formatMoney(figure.cost_of_goods_sold),
      gross_profit: formatMoney(figure.gross_profit),
      operating_expenses: formatMoney(figure.operating_expenses),
      expenses: formatMoney(figure.expenses),
      net_income: formatMoney(figure.net_income),
    })),
  };
}

/**
 * Balance sheet as of a date; earnings not yet closed to equity show as "current earnings". With
 * `compare`, one column per date (D93): `as_of` and the dates before it, a unit apart, oldest first.
 * One statement reads the balance summary once: what moved up to the oldest date, then in each
 * interval between dates; the columns are their running sums.
 */
export async function balanceSheet(deps: Deps, actor: Actor, query: { as_of?: string } & ComparisonQuery) {
  const { compare, periods } = comparison(query);
  const asOf = asOfDate(actor, query.as_of);
  const dates = compare ? comparisonDates(asOf, compare, periods) : [asOf];
  const intervals = dates.map((to, column) => ({
    from: column === 0 ? null : addDays(dates[column - 1]!, 1),
    to,
  }));
  const rows = accountRows(await reports.periodSummary(deps.db, actor.organization.id, intervals), periods);
  for (const row of rows) {
    for (let column = 1; column < periods; column += 1) {
      row.amounts[column] = (row.amounts[column] ?? 0n) + (row.amounts[column - 1] ?? 0n);
    }
  }
  const assets = section(rows, ofType('asset'), periods);
  const liabilities = section(rows, ofType('liability'), periods);
  const equity = section(rows, ofType('equity'), periods);
  const income = section(rows, ofType('income'), periods);
  const expenses = section(rows, ofType('expense'), periods);
  const figures = dates.map((date, column) => {
    const [a = 0n, l = 0n, e = 0n, inc = 0n, exp = 0n] = [assets, liabilities, equity, income, expenses].map(
      (part) => part.totals[column],
    );
    const earnings = inc - exp;
    return {
      as_of: date,
      assets: a,
      liabilities: l,
      current_earnings: earnings,
      equity: e + earnings,
      total_liabilities_and_equity: l + e + earnings,
      in_balance: a === l + e + earnings,
    };
  });
  const last = figures.at(-1)!;
  return {
    as_of: asOf,
    compare,
    periods,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    assets: sectionAnswer(assets),
    liabilities: sectionAnswer(liabilities),
    equity: {
      accounts: equity.accounts,
      current_earnings: formatMoney(last.current_earnings),
      total: formatMoney(last.equity),
    },
    total_liabilities_and_equity: formatMoney(last.total_liabilities_and_equity),
    in_balance: last.in_balance,
    columns: figures.map((figure) => ({
      as_of: figure.as_of,
      assets: formatMoney(figure.assets),
      liabilities: formatMoney(figure.liabilities),
      current_earnings: formatMoney(figure.current_earnings),
      equity: formatMoney(figure.equity),
      total_liabilities_and_equity: formatMoney(figure.total_liabilities_and_equity),
      in_balance: figure.in_balance,
    })),
  };
}
