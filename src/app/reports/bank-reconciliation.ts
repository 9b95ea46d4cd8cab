// The bank reconciliation report (D76): where a bank account stands against its bank on a date. The
// statement balance (the latest imported closing balance on or before as_of), the ledger balance,
// the cleared balance a reconciliation on as_of would count, their difference, the last
// reconciliation, and what is left to match on either side: unmatched bank transactions and
// unmatched ledger lines, each counted and totalled in full and listed up to a bound.
import { fieldError } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import { isUuid } from '../../storage/sql.ts';
import * as accounts from '../../storage/stores/accounts.ts';
import * as reconciliations from '../../storage/stores/bank-reconciliations.ts';
import { BANK_ACCOUNT } from '../banking/bank-accounts.ts';
import type { Actor, Deps } from '../context.ts';
import { asOfDate, generatedAt } from './report-params.ts';

/** Rows listed per side; the count and total always cover them all. */
export const RECONCILIATION_REPORT_LINES_MAX = 500;

export async function bankReconciliationReport(
  deps: Deps,
  actor: Actor,
  query: { account: string; as_of?: string },
) {
  const organizationId = actor.organization.id;
  const asOf = asOfDate(actor, query.as_of);
  const account = isUuid(query.account)
    ? await accounts.find(deps.db, organizationId, query.account)
    : undefined;
  if (!account) throw fieldError('query/account', 'no such account in these books');
  if (!BANK_ACCOUNT.accepts(account)) throw fieldError('query/account', BANK_ACCOUNT.requirement);

  const statement = await reconciliations.latestStatementBalance(deps.db, organizationId, account.id, asOf);
  const totals = (await accounts.totals(deps.db, organizationId, [account.id], asOf)).get(account.id);
  const ledgerBalance = totals ? parseMoney(totals.debit) - parseMoney(totals.credit) : 0n;
  const figures = await reconciliations.clearedFigures(deps.db, organizationId, account.id, asOf, null);
  const hasFeed = figures.transactions_to_date > 0;
  const cleared = hasFeed ? parseMoney(figures.opening_balance) + parseMoney(figures.matched) : null;
  const last = await reconciliations.latestOf(deps.db, organizationId, account.id, asOf);
  const bankLines = await reconciliations.unmatchedBankLines(
    deps.db,
    organizationId,
    account.id,
    asOf,
    RECONCILIATION_REPORT_LINES_MAX,
  );
  const ledgerLines = hasFeed
    ? await reconciliations.unmatchedLedgerLines(
        deps.db,
        organizationId,
        account.id,
        figures.first_date!,
        asOf,
        RECONCILIATION_REPORT_LINES_MAX,
      )
    : { count: 0, total: '0.0000', rows: [] };
  const statementBalance = statement ? parseMoney(statement.closing_balance) : null;
  return {
    account: account.id,
    account_number: account.number,
    account_name: account.name,
    as_of: asOf,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    statement_balance: statement?.closing_balance ?? null,
    statement_date: statement?.period_end ?? null,
    statement: statement?.statement_id ?? null,
    ledger_balance: formatMoney(ledgerBalance),
    feed_start: hasFeed ? figures.first_date : null,
    opening_balance: hasFeed ? figures.opening_balance : null,
    cleared_balance: cleared === null ? null : formatMoney(cleared),
    difference:
      cleared === null || statementBalance === null ? null : formatMoney(statementBalance - cleared),
    last_reconciled_date: last?.statement_date ?? null,
    last_reconciliation: last?.id ?? null,
    unmatched_bank_transactions: {
      count: bankLines.count,
      total: bankLines.total,
      truncated: bankLines.count > bankLines.rows.length,
      results: bankLines.rows,
    },
    unmatched_ledger_lines: {
      count: ledgerLines.count,
      total: ledgerLines.total,
      truncated: ledgerLines.count > ledgerLines.rows.length,
      results: ledgerLines.rows,
    },
  };
}
