// The balance summary: posted amounts per account and day (see migration 0001).
import { fieldError } from '../../domain/errors.ts';
import { type JournalLine, netByAccount } from '../../domain/journal.ts';
import { formatMoney } from '../../domain/money.ts';
import { NUMERIC_OUT_OF_RANGE, type Queryable, sqlState } from '../../storage/db.ts';

/**
 * The balance upsert, as a CTE of the statement that numbers the entry. It reads the number
 * allocation (`after`), so PostgreSQL runs it only once the organization's JE counter is locked:
 * postings of one organization update their summary rows one at a time, each row is free when they
 * get there, and a hot account (Accounts Receivable) costs what any other account costs. Rows belong
 * to one organization, so organizations never wait on each other. New rows use stripe 0; the stripe
 * column stays for the rows written when posters upserted before taking the counter.
 *
 * `params` are appended to the statement's own; `firstParam` is the number of the first of them.
 */
export function balanceUpsertCte(
  after: string,
  organizationParam: string,
  dayParam: string,
  firstParam: number,
  lines: JournalLine[],
) {
  const net = netByAccount(lines);
  const [accounts, debits, credits] = [firstParam, firstParam + 1, firstParam + 2].map((n) => `$${n}`);
  return {
    cte: `balances AS (
      INSERT INTO account_balances (organization_id, account_id, day, stripe, debit, credit)
      SELECT ${organizationParam}, a.account_id, ${dayParam}::date, 0, a.debit, a.credit
        FROM ${after}, unnest(${accounts}::uuid[], ${debits}::numeric[], ${credits}::numeric[])
          AS a(account_id, debit, credit)
      ON CONFLICT (organization_id, account_id, day, stripe) DO UPDATE
        SET debit = account_balances.debit + EXCLUDED.debit, credit = account_balances.credit + EXCLUDED.credit)`,
    params: [
      net.map((row) => row.accountId),
      net.map((row) => formatMoney(row.debit)),
      net.map((row) => formatMoney(row.credit)),
    ],
  };
}

/**
 * Runs the statement that carries the balance upsert. The entry's own amounts and totals were
 * bounded before (money.ts), so numeric_value_out_of_range there can only come from an account's
 * running total for the day leaving NUMERIC(20,4): that is the client's amount, 400 invalid_money
 * on `field`, and the statement (and with it the whole write) rolls back (D66). The bound is checked
 * by the database under the JE counter lock the statement takes, so no concurrent posting can slip
 * past it.
 */
export async function refuseDayTotalOverflow<T>(statement: Promise<T>, field = 'lines'): Promise<T> {
  try {
    return await statement;
  } catch (error) {
    if (sqlState(error) !== NUMERIC_OUT_OF_RANGE) throw error;
    throw fieldError(
      field,
      "would take an account's total for the day past 9999999999999999.9999",
      'invalid_money',
    );
  }
}

export interface AccountTotals {
  account_id: string;
  debit: string;
  credit: string;
}

/** Debit and credit totals of the given accounts (all when `accountIds` is null), up to `asOf`. */
export async function accountTotals(
  db: Queryable,
  organizationId: string,
  accountIds: string[] | null,
  asOf: string | null = null,
): Promise<Map<string, AccountTotals>> {
  const rows = await db.query<AccountTotals>(
    `SELECT account_id, sum(debit)::text AS debit, sum(credit)::text AS credit
       FROM account_balances
      WHERE organization_id = $1
        AND ($2::uuid[] IS NULL OR account_id = ANY($2::uuid[]))
        AND ($3::date IS NULL OR day <= $3::date)
      GROUP BY account_id`,
    [organizationId, accountIds, asOf],
  );
  return new Map(rows.map((row) => [row.account_id, row]));
}
