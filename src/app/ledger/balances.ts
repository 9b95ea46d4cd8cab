// The balance summary: posted amounts per account, day and stripe (see migration 0001).
import { type JournalLine, netByAccount } from '../../domain/journal.ts';
import { formatMoney } from '../../domain/money.ts';
import type { Queryable, Tx } from '../../storage/db.ts';

/** Stripes per (account, day): one per connection slot, so concurrent posters rarely share a row. */
export const BALANCE_STRIPES = 8;

export async function addToBalances(tx: Tx, organizationId: string, day: string, lines: JournalLine[]) {
  const net = netByAccount(lines);
  await tx.query(
    `INSERT INTO account_balances (organization_id, account_id, day, stripe, debit, credit)
     SELECT $1, a.account_id, $2::date, (pg_backend_pid() % ${BALANCE_STRIPES})::smallint, a.debit, a.credit
       FROM unnest($3::uuid[], $4::numeric[], $5::numeric[]) AS a(account_id, debit, credit)
      ORDER BY a.account_id
     ON CONFLICT (organization_id, account_id, day, stripe) DO UPDATE
       SET debit = account_balances.debit + EXCLUDED.debit, credit = account_balances.credit + EXCLUDED.credit`,
    [
      organizationId,
      day,
      net.map((row) => row.accountId),
      net.map((row) => formatMoney(row.debit)),
      net.map((row) => formatMoney(row.credit)),
    ],
  );
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
