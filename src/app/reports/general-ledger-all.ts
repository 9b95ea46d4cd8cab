// General ledger of every account (issue 21): the posted lines of the range grouped by account (by
// number), in ledger order within each, 50 a page by cursor. Each line carries its account and the
// running balance of that account; each page lists the accounts it shows with their balance before
// their first line on the page and after their last one. How a page knows those balances without
// re-reading lines before it:
// - paging forward, the cursor carries the running balance of the account it stops in; every other
//   account on the page starts at its first line of the range, so its opening is the balance at the
//   end of the day before `from` (the balance summary);
// - paging back, the cursor carries the balance before the line it starts at; every other account on
//   the page ends at its last line of the range, so its closing is the balance at the end of `to`
//   (the balance summary) and its opening is that less the page's lines.
import { type AccountType, isDebitNormal } from '../../domain/chart.ts';
import { addDays, DATE_MIN } from '../../domain/dates.ts';
import { formatMoney, type Money, parseMoney } from '../../domain/money.ts';
import { PAGE_SIZE } from '../../storage/keyset.ts';
import * as accounts from '../../storage/stores/accounts.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { describeLedgerLine, ledgerCursor, ledgerPage } from './ledger-cursor.ts';
import { dateRange, generatedAt } from './report-params.ts';

export interface AllAccountsLedgerQuery {
  from?: string;
  to?: string;
  cursor?: string;
}

/**
 * The cursor of every account's ledger: its books and range, and the line it stops at; its balance is
 * the cursor account's, after the position (forward) or before it (back).
 */
const CURSOR = ledgerCursor<reports.AccountLedgerPosition, [string, string, string, string, number]>({
  place: (position) => [
    position.accountNumber,
    position.accountId,
    position.txnDate,
    position.entryNumber,
    position.lineNo,
  ],
  position: ([accountNumber, accountId, txnDate, entryNumber, lineNo]) => ({
    accountNumber,
    accountId,
    txnDate,
    entryNumber,
    lineNo,
  }),
  length: 5,
  elsewhere: 'this cursor pages another general ledger (books or dates differ)',
});

/** How a line moves its account's balance, in the account's natural sign. */
function netOf(row: { account_type: string; debit: string; credit: string }): Money {
  const sign = isDebitNormal(row.account_type as AccountType) ? 1n : -1n;
  return sign * (parseMoney(row.debit) - parseMoney(row.credit));
}

function netOfTotals(type: string, totals: accounts.AccountTotals | undefined): Money {
  return totals ? netOf({ account_type: type, debit: totals.debit, credit: totals.credit }) : 0n;
}

const positionOf = (row: reports.AccountLedgerLineRow): reports.AccountLedgerPosition => ({
  accountNumber: row.account_number,
  accountId: row.account_id,
  txnDate: row.txn_date,
  entryNumber: row.entry_number,
  lineNo: row.line_no,
});

/** One page of the general ledger of every account, with the cursors beside it (not yet sealed). */
export async function generalLedgerAllAccounts(deps: Deps, actor: Actor, query: AllAccountsLedgerQuery) {
  const { from, to } = dateRange(actor, query);
  const organizationId = actor.organization.id;
  const range = `${from}..${to}`;
  const cursor = CURSOR.decode({ o: organizationId, r: range }, query.cursor);
  const { rows, hasNext, hasPrevious } = await ledgerPage(cursor, (around) =>
    reports.everyAccountLines(deps.db, organizationId, { from, to, limit: PAGE_SIZE + 1, ...around }),
  );

  // The accounts of the page, in order, with the lines' sum on this page.
  const onPage = new Map<string, { row: reports.AccountLedgerLineRow; moved: Money }>();
  for (const row of rows) {
    const seen = onPage.get(row.account_id);
    if (seen) seen.moved += netOf(row);
    else onPage.set(row.account_id, { row, moved: netOf(row) });
  }
  const cursorAccount = cursor?.position.accountId;
  const others = [...onPage.keys()].filter((id) => id !== cursorAccount);
  const openings = new Map<string, Money>();
  if (cursor?.direction === 'before') {
    const atEnd = others.length > 0 ? await accounts.totals(deps.db, organizationId, others, to) : new Map();
    for (const [id, { row, moved }] of onPage) {
      const closing = id === cursorAccount ? cursor.balance : netOfTotals(row.account_type, atEnd.get(id));
      openings.set(id, closing - moved);
    }
  } else {
    const before =
      others.length > 0 && from !== DATE_MIN
        ? await accounts.totals(deps.db, organizationId, others, addDays(from, -1, 'query/from'))
        : new Map();
    for (const [id, { row }] of onPage) {
      openings.set(
        id,
        id === cursorAccount && cursor ? cursor.balance : netOfTotals(row.account_type, before.get(id)),
      );
    }
  }

  const running = new Map(openings);
  const lines = rows.map((row) => {
    const balance = (running.get(row.account_id) ?? 0n) + netOf(row);
    running.set(row.account_id, balance);
    return {
      account: row.account_id,
      account_number: row.account_number,
      account_name: row.account_name,
      account_type: row.account_type,
      ...describeLedgerLine(row, balance),
    };
  });
  const pageAccounts = [...onPage.values()].map(({ row }) => ({
    account: row.account_id,
    account_number: row.account_number,
    account_name: row.account_name,
    account_type: row.account_type,
    opening_balance: formatMoney(openings.get(row.account_id) ?? 0n),
    closing_balance: formatMoney(running.get(row.account_id) ?? 0n),
  }));
  const first = rows[0];
  const last = rows[rows.length - 1];
  /** The cursor after a line (its account's running balance) or before one (the account's opening). */
  const cursorAt = (
    direction: 'after' | 'before',
    row: reports.AccountLedgerLineRow,
    balances: Map<string, Money>,
  ) =>
    CURSOR.encode(
      { o: organizationId, r: range },
      { direction, position: positionOf(row), balance: balances.get(row.account_id) ?? 0n },
    );
  return {
    report: {
      from,
      to,
      currency: actor.organization.currency,
      generated_at: generatedAt(),
      accounts: pageAccounts,
      lines,
    },
    nextCursor: hasNext && last ? cursorAt('after', last, running) : null,
    previousCursor: hasPrevious && first ? cursorAt('before', first, openings) : null,
  };
}
