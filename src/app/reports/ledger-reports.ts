// Reports from the balance summary (D40): only posted entries count, and none scans journal lines.
import { type AccountType, isDebitNormal } from '../../domain/chart.ts';
import { isCalendarDate, todayIn } from '../../domain/dates.ts';
import { fieldError } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';

function assertDate(value: string | undefined, field: string, fallback?: string): string {
  const date = value ?? fallback;
  if (date === undefined) throw fieldError(`query/${field}`, 'is required');
  if (!isCalendarDate(date)) throw fieldError(`query/${field}`, 'must be a date YYYY-MM-DD');
  return date;
}

/** Trial balance as of a date: each account's net on its debit or credit side; the columns agree. */
export async function trialBalance(deps: Deps, actor: Actor, asOfInput: string | undefined) {
  const asOf = assertDate(asOfInput, 'as_of', todayIn(actor.organization.timezone));
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

function section(rows: reports.SummaryRow[], type: AccountType) {
  const accounts = rows
    .filter((row) => row.type === type)
    .map((row) => ({
      account: row.account_id,
      account_number: row.number,
      account_name: row.name,
      amount: naturalNet(row),
    }))
    .filter((row) => row.amount !== 0n);
  const total = accounts.reduce((sum, row) => sum + row.amount, 0n);
  return {
    accounts: accounts.map((row) => ({ ...row, amount: formatMoney(row.amount) })),
    total,
    totalText: formatMoney(total),
  };
}

/** Profit and loss for [from, to]: income minus expenses. */
export async function profitAndLoss(
  deps: Deps,
  actor: Actor,
  fromInput: string | undefined,
  toInput: string | undefined,
) {
  const to = assertDate(toInput, 'to', todayIn(actor.organization.timezone));
  const from = assertDate(fromInput, 'from', `${to.slice(0, 4)}-01-01`);
  if (from > to) throw fieldError('query/from', 'must not be after `to`');
  const rows = await reports.accountSummary(deps.db, actor.organization.id, from, to);
  const income = section(rows, 'income');
  const expenses = section(rows, 'expense');
  return {
    from,
    to,
    currency: actor.organization.currency,
    income: { accounts: income.accounts, total: income.totalText },
    expenses: { accounts: expenses.accounts, total: expenses.totalText },
    net_income: formatMoney(income.total - expenses.total),
  };
}

/** Balance sheet as of a date; earnings not yet closed to equity show as "current earnings". */
export async function balanceSheet(deps: Deps, actor: Actor, asOfInput: string | undefined) {
  const asOf = assertDate(asOfInput, 'as_of', todayIn(actor.organization.timezone));
  const rows = await reports.accountSummary(deps.db, actor.organization.id, null, asOf);
  const assets = section(rows, 'asset');
  const liabilities = section(rows, 'liability');
  const equity = section(rows, 'equity');
  const earnings = section(rows, 'income').total - section(rows, 'expense').total;
  const totalEquity = equity.total + earnings;
  return {
    as_of: asOf,
    currency: actor.organization.currency,
    assets: { accounts: assets.accounts, total: assets.totalText },
    liabilities: { accounts: liabilities.accounts, total: liabilities.totalText },
    equity: {
      accounts: equity.accounts,
      current_earnings: formatMoney(earnings),
      total: formatMoney(totalEquity),
    },
    total_liabilities_and_equity: formatMoney(liabilities.total + totalEquity),
    in_balance: assets.total === liabilities.total + totalEquity,
  };
}
