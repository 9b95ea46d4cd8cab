// Posted entries bulk-loaded straight into the tables in the shape posting writes, in batches: the
// way a benchmark reaches hundreds of thousands of lines in seconds instead of hours over HTTP.
import type pg from 'pg';
import type { Account, Books } from './folio.ts';
import { fixed } from './stats.ts';

/**
 * The shape of every entry, over HTTP and in bulk: the busy account (Business Checking) against one
 * income account (a sale: checking debited) or one expense account (a payment: checking credited).
 */
export interface LedgerChart {
  busy: Account;
  incomes: Account[];
  expenses: Account[];
}

/** The seeded chart's Business Checking (1000) as the busy account, its income and expense accounts. */
export function chartOf(books: Books): LedgerChart {
  const usable = books.accounts.filter((account) => !['1100', '2200'].includes(account.number));
  const busy = usable.find((account) => account.number === '1000');
  if (!busy) throw new Error('the seeded chart has no account 1000 (Business Checking)');
  return {
    busy,
    incomes: usable.filter((account) => account.type === 'income'),
    expenses: usable.filter((account) => account.type === 'expense'),
  };
}

export interface LedgerLoad {
  organizationId: string;
  currency: string;
  chart: LedgerChart;
  /** Two lines each. */
  entries: number;
  /** Entries per transaction. */
  batchEntries: number;
  /** Entries are dated over the `days` days up to `today` (YYYY-MM-DD). */
  days: number;
  today: string;
}

/**
 * Posted entries written straight into the tables, as postDraftEntry/postLedgerEntry leave them:
 * the next gapless JE numbers from the organization's `journal_entry` counter (advanced by the same
 * count), two lines each, and the summary rows of (account, day) incremented by the same
 * amounts, one transaction per batch. No change records or idempotency records (see
 * docs/performance.md). Nothing is vacuumed or analyzed here: that is the caller's choice.
 */
export async function loadPostedEntries(sql: pg.Client, load: LedgerLoad): Promise<void> {
  const { organizationId, currency, chart, entries, today, days } = load;
  for (let done = 0; done < entries; done += load.batchEntries) {
    const batch = Math.min(load.batchEntries, entries - done);
    const batchStart = performance.now();
    await sql.query('BEGIN');
    try {
      const [counter] = (
        await sql.query<{ first: string }>(
          `UPDATE sequences SET next_value = next_value + $2
            WHERE organization_id = $1 AND name = 'journal_entry'
            RETURNING (next_value - $2)::text AS first`,
          [organizationId, batch],
        )
      ).rows;
      if (!counter) throw new Error('the organization has no journal_entry counter');
      // random() in the inner select's list is evaluated per row (a volatile subquery is not flattened).
      await sql.query(
        `CREATE TEMP TABLE bulk_entries ON COMMIT DROP AS
         SELECT gen_random_uuid() AS id, r.number, r.txn_date, r.amount,
                CASE WHEN r.sale THEN $4::uuid
                     ELSE ($6::uuid[])[1 + floor(r.pick * cardinality($6::uuid[]))::int] END AS debit_account,
                CASE WHEN r.sale THEN ($5::uuid[])[1 + floor(r.pick * cardinality($5::uuid[]))::int]
                     ELSE $4::uuid END AS credit_account
           FROM (SELECT $1::bigint + g AS number, $2::date - (($7::bigint + g) % $3)::int AS txn_date,
                        random() < 0.5 AS sale, random() AS pick,
                        round((1 + random() * 9998)::numeric, 2) AS amount
                   FROM generate_series(0, $8::bigint - 1) AS g) r`,
        [
          counter.first,
          today,
          days,
          chart.busy.id,
          chart.incomes.map((account) => account.id),
          chart.expenses.map((account) => account.id),
          done,
          batch,
        ],
      );
      await sql.query(
        `INSERT INTO journal_entries (id, organization_id, entry_number, txn_date, memo, status, source_type,
            currency, total_debit, total_credit, version, posted_at)
         SELECT id, $1, 'JE-' || CASE WHEN length(number::text) >= 6 THEN number::text
                                     ELSE lpad(number::text, 6, '0') END,
                txn_date, 'bench bulk', 'posted', 'manual', $2, amount, amount, 2, clock_timestamp()
           FROM bulk_entries ORDER BY number`,
        [organizationId, currency],
      );
      await sql.query(
        `INSERT INTO journal_lines (organization_id, journal_entry_id, line_no, account_id, description, debit, credit)
         SELECT $1, e.id, v.line_no, CASE v.line_no WHEN 1 THEN e.debit_account ELSE e.credit_account END, '',
                CASE v.line_no WHEN 1 THEN e.amount ELSE 0 END, CASE v.line_no WHEN 1 THEN 0 ELSE e.amount END
           FROM bulk_entries e CROSS JOIN (VALUES (1), (2)) AS v(line_no)
          ORDER BY e.number, v.line_no`,
        [organizationId],
      );
      await sql.query(
        `INSERT INTO account_balances (organization_id, account_id, day, debit, credit)
         SELECT $1, account_id, day, sum(debit), sum(credit)
           FROM (SELECT debit_account AS account_id, txn_date AS day, amount AS debit, 0::numeric AS credit
                   FROM bulk_entries
                 UNION ALL
                 SELECT credit_account, txn_date, 0::numeric, amount FROM bulk_entries) AS moved
          GROUP BY account_id, day
          ORDER BY account_id, day
         ON CONFLICT (organization_id, account_id, day) DO UPDATE
           SET debit = account_balances.debit + EXCLUDED.debit, credit = account_balances.credit + EXCLUDED.credit`,
        [organizationId],
      );
      await sql.query('COMMIT');
    } catch (error) {
      await sql.query('ROLLBACK');
      throw error;
    }
    const seconds = (performance.now() - batchStart) / 1000;
    console.log(
      `  batch ${done / load.batchEntries + 1}: ${batch} entries, ${batch * 2} lines in ${fixed(seconds)} s ` +
        `(${fixed((batch * 2) / seconds, 0)} lines/s)`,
    );
  }
}
