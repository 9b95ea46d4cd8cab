-- The ledger's immutability triggers raise their own SQLSTATE, FL001 ("Folio: posted entry is
-- immutable"), instead of the generic P0001 of RAISE EXCEPTION: the HTTP error mapping
-- (src/http/errors.ts) recognises the refusal by that code, not by the words of its message.
-- The rules themselves are those of 0001_foundation.sql, unchanged.
CREATE OR REPLACE FUNCTION refuse_posted_entry_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'posted' THEN RAISE EXCEPTION 'posted journal entries are immutable' USING ERRCODE = 'FL001'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'posted' AND (
       NEW.status IS DISTINCT FROM OLD.status OR NEW.txn_date IS DISTINCT FROM OLD.txn_date
       OR NEW.total_debit IS DISTINCT FROM OLD.total_debit OR NEW.total_credit IS DISTINCT FROM OLD.total_credit
       OR NEW.entry_number IS DISTINCT FROM OLD.entry_number OR NEW.memo IS DISTINCT FROM OLD.memo) THEN
    RAISE EXCEPTION 'posted journal entries are immutable' USING ERRCODE = 'FL001';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION refuse_posted_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM journal_entries WHERE id = OLD.journal_entry_id AND status = 'posted') THEN
    RAISE EXCEPTION 'lines of posted journal entries are immutable' USING ERRCODE = 'FL001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
