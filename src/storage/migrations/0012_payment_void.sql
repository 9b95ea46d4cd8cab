-- Payments received can be voided (D61): the payment keeps its number and row, gets status 'void',
-- and names the entry that reverses its own (void_entry_id). A void payment has no applications and
-- no unapplied amount, so every sum of unapplied credit (customer balance D26, receivables check,
-- AR aging) leaves it out whether or not it filters on status.
ALTER TABLE payments_received
  ADD COLUMN status text NOT NULL DEFAULT 'posted' CHECK (status IN ('posted', 'void')),
  ADD COLUMN void_entry_id uuid REFERENCES journal_entries (id),
  ADD COLUMN voided_at timestamptz;

ALTER TABLE payments_received
  ADD CONSTRAINT payments_received_void_has_entry
    CHECK ((status = 'void') = (void_entry_id IS NOT NULL) AND (status = 'void') = (voided_at IS NOT NULL)),
  ADD CONSTRAINT payments_received_void_has_no_credit CHECK (status <> 'void' OR unapplied_amount = 0);
