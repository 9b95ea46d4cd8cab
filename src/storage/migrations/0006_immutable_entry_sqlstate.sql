-- The ledger's immutability triggers raise their own SQLSTATE, FL001 ("Folio: posted entry is
-- immutable"), instead of the generic P0001 of RAISE EXCEPTION: the HTTP error mapping
-- (src/http/errors.ts) recognises the refusal by that code, not by the words of its message.
-- The rules are those of 0001_foundation.sql, unchanged; they move into the triggers' WHEN
-- conditions, so one function raises every refusal (its message is the trigger's argument).
DROP TRIGGER journal_entries_immutable ON journal_entries;
DROP TRIGGER journal_lines_immutable ON journal_lines;
DROP FUNCTION refuse_posted_entry_change();
DROP FUNCTION refuse_posted_line_change();

CREATE FUNCTION refuse_immutable_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'FL001';
END $$;

CREATE FUNCTION journal_entry_is_posted(entry_id uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM journal_entries WHERE id = entry_id AND status = 'posted')
$$;

-- A posted entry keeps its status, date, totals, number and memo; only the link to the entry that
-- reverses it may still be set.
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE ON journal_entries FOR EACH ROW
  WHEN (OLD.status = 'posted'
        AND (NEW.status, NEW.txn_date, NEW.total_debit, NEW.total_credit, NEW.entry_number, NEW.memo)
            IS DISTINCT FROM (OLD.status, OLD.txn_date, OLD.total_debit, OLD.total_credit, OLD.entry_number, OLD.memo))
  EXECUTE FUNCTION refuse_immutable_change('posted journal entries are immutable');
CREATE TRIGGER journal_entries_undeletable BEFORE DELETE ON journal_entries FOR EACH ROW
  WHEN (OLD.status = 'posted')
  EXECUTE FUNCTION refuse_immutable_change('posted journal entries are immutable');
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines FOR EACH ROW
  WHEN (journal_entry_is_posted(OLD.journal_entry_id))
  EXECUTE FUNCTION refuse_immutable_change('lines of posted journal entries are immutable');
