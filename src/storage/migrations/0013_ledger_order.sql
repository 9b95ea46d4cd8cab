-- The general ledger pages an account's lines in ledger order (date, entry number, line; D57). This
-- index walks an organization's posted entries in that order, so a page after a cursor reads the
-- next entries and their lines of the account instead of sorting every line of the account.
CREATE INDEX journal_entries_ledger_order ON journal_entries (organization_id, txn_date, entry_number)
  WHERE status = 'posted';
