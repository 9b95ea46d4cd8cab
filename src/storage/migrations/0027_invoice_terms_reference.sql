-- Issue 21, invoice editor: an invoice keeps the payment terms its due date was computed from (D20),
-- or NULL when the due date was given by hand (a custom due date), and a free-text reference (the
-- customer's PO number). Invoices written before this migration took their due date from their
-- customer's terms at their last write, so the number of days between issue and due date names those
-- terms; anything else (none is expected) is a custom due date. No join: the rows say it themselves.
-- One subcommand per ALTER TABLE, and the check apart from its column: Citus refuses ADD COLUMN
-- with a constraint, or beside another subcommand, on distributed books (docs/scale-out.md).
ALTER TABLE invoices ADD COLUMN payment_terms text;
ALTER TABLE invoices ADD CONSTRAINT invoices_payment_terms_check
  CHECK (payment_terms IN ('due_on_receipt', 'net_7', 'net_15', 'net_30', 'net_60', 'net_90'));
ALTER TABLE invoices ADD COLUMN reference text NOT NULL DEFAULT '';

UPDATE invoices SET payment_terms = CASE due_date - issue_date
    WHEN 0 THEN 'due_on_receipt' WHEN 7 THEN 'net_7' WHEN 15 THEN 'net_15'
    WHEN 30 THEN 'net_30' WHEN 60 THEN 'net_60' WHEN 90 THEN 'net_90' END;
