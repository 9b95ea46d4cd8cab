-- account_balances loses its `stripe` column (issue 8). Stripes once spread a hot account over
-- several rows because posters upserted it before taking the organization's journal counter; since
-- the upsert runs under that counter lock (stores/accounts.ts dayTotalsUpsertCte), every posting
-- writes stripe 0 and the column only widened the key. Rows of other stripes left by older books are
-- merged into their day's row first, so every balance sums the same before and after.
-- Posted amounts summed per account and day: a balance is a sum over the days with activity, never
-- over journal lines.
WITH moved AS (
  DELETE FROM account_balances WHERE stripe <> 0
  RETURNING organization_id, account_id, day, debit, credit
)
INSERT INTO account_balances (organization_id, account_id, day, stripe, debit, credit)
SELECT organization_id, account_id, day, 0, sum(debit), sum(credit) FROM moved
 GROUP BY organization_id, account_id, day
ON CONFLICT (organization_id, account_id, day, stripe) DO UPDATE
  SET debit = account_balances.debit + EXCLUDED.debit, credit = account_balances.credit + EXCLUDED.credit;

ALTER TABLE account_balances DROP CONSTRAINT account_balances_pkey;
ALTER TABLE account_balances DROP COLUMN stripe;
ALTER TABLE account_balances ADD PRIMARY KEY (organization_id, account_id, day);
COMMENT ON TABLE account_balances IS
  'Posted amounts summed per account and day: a balance is a sum over the days with activity, never over journal lines.';
