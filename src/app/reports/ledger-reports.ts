// Reports from the balance summary (D40, D57): only posted entries count. A profit and loss filtered by
// a tracking option adds up the lines carrying it instead.
import { type AccountType, isDebitNormal } from '../../domain/chart.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { asOfDate, dateRange, generatedAt, trackingOptionOf } from './report-params.ts';

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

/** Profit and loss for [from, to]: income minus expenses; with tracking_option, its lines only. */
export async function profitAndLoss(
  deps: Deps,
  actor: Actor,
  query: { from?: string; to?: string; tracking_option?: string },
) {
  const { from, to } = dateRange(actor, query);
  const trackingOption = await trackingOptionOf(deps, actor, query.tracking_option);
  const rows = await reports.accountSummary(deps.db, actor.organization.id, from, to, trackingOption);
  const income = section(rows, 'income');
  const expenses = section(rows, 'expense');
  return {
    from,
    to,
    tracking_option: trackingOption,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    income: { accounts: income.accounts, total: income.totalText },
    expenses: { accounts: expenses.accounts, total: expenses.totalText },
    net_income: formatMoney(income.total - expenses.total),
  };
}

/** Balance sheet as of a date; earnings not yet closed to equity show as "current earnings". */
export async function balanceSheet(deps: Deps, actor: Actor, query: { as_of?: string }) {
  const asOf = asOfDate(actor, query.as_of);
  const rows = await reports.accountSummary(deps.db, actor.organization.id, null, asOf);
  const assets = section(rows, 'asset');
  const liabilities = section(rows, 'liability');
  const equity = section(rows, 'equity');
  const earnings = section(rows, 'income').total - section(rows, 'expense').total;
  const totalEquity = equity.total + earnings;
  return {
    as_of: asOf,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
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
