// General ledger for one account over a date range (D40): the opening balance comes from the balance
// summary; the lines in the range are listed with a running balance. Bounded: a range holding more
// than GENERAL_LEDGER_LINES_MAX lines is refused, so a report never grows without limit.
import { isDebitNormal } from '../../domain/chart.ts';
import { addDays, DATE_MIN, isCalendarDate, todayIn } from '../../domain/dates.ts';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as accounts from '../../storage/stores/accounts.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';

export const GENERAL_LEDGER_LINES_MAX = 5000;

export async function generalLedger(
  deps: Deps,
  actor: Actor,
  query: { account?: string; from?: string; to?: string },
) {
  if (!query.account) throw fieldError('query/account', 'is required');
  const to = query.to ?? todayIn(actor.organization.timezone);
  const from = query.from ?? `${to.slice(0, 4)}-01-01`;
  if (!isCalendarDate(from)) throw fieldError('query/from', 'must be a date YYYY-MM-DD');
  if (!isCalendarDate(to)) throw fieldError('query/to', 'must be a date YYYY-MM-DD');
  if (from > to) throw fieldError('query/from', 'must not be after `to`');
  const organizationId = actor.organization.id;
  const account = await accounts.find(deps.db, organizationId, query.account);
  if (!account) throw notFound('account');
  const sign = isDebitNormal(account.type) ? 1n : -1n;
  // Nothing is dated before the first day of the calendar (D66), and it has no day before it.
  const opening =
    from === DATE_MIN
      ? undefined
      : (await accounts.totals(deps.db, organizationId, [account.id], addDays(from, -1, 'query/from'))).get(
          account.id,
        );
  const openingBalance = opening ? sign * (parseMoney(opening.debit) - parseMoney(opening.credit)) : 0n;
  const rows = await reports.accountLines(
    deps.db,
    organizationId,
    account.id,
    { from, to },
    GENERAL_LEDGER_LINES_MAX + 1,
  );
  if (rows.length > GENERAL_LEDGER_LINES_MAX) {
    throw new DomainError(
      'validation_error',
      `more than ${GENERAL_LEDGER_LINES_MAX} lines in the range; narrow it`,
      {
        fields: { 'query/from': [`the range holds more than ${GENERAL_LEDGER_LINES_MAX} lines`] },
      },
    );
  }
  let balance = openingBalance;
  const lines = rows.map((row) => {
    balance += sign * (parseMoney(row.debit) - parseMoney(row.credit));
    return { ...row, journal_entry: row.journal_entry_id, balance: formatMoney(balance) };
  });
  return {
    account: account.id,
    account_number: account.number,
    account_name: account.name,
    from,
    to,
    currency: actor.organization.currency,
    opening_balance: formatMoney(openingBalance),
    lines: lines.map(({ journal_entry_id: _id, ...line }) => line),
    closing_balance: formatMoney(balance),
  };
}
