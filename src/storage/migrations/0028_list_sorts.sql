-- Issue 21, lists: invoices, bills, credit notes and vendor credits sorted by a key of their own (`?sort=`), each order a keyset
-- over (key, created_at, id) that an index reads in either direction, and the overdue filter
-- (sent or open, due before today). The customer's and vendor's name orders sort after their join
-- (no index on the document can hold another table's column). Every index leads with
-- organization_id, the distribution column (D79).

CREATE INDEX invoices_sort_number ON invoices (organization_id, number, created_at, id);
-- Replaces invoices_issue_date (organization_id, issue_date): the wider index serves its range filter too.
CREATE INDEX invoices_sort_issue_date ON invoices (organization_id, issue_date, created_at, id);
DROP INDEX invoices_issue_date;
CREATE INDEX invoices_sort_due_date ON invoices (organization_id, due_date, created_at, id);
CREATE INDEX invoices_sort_total ON invoices (organization_id, total, created_at, id);
-- The expression is the store's BALANCE_DUE, written alike so the planner matches it.
CREATE INDEX invoices_sort_balance_due ON invoices (
  organization_id,
  (CASE WHEN status = 'void' THEN 0::numeric ELSE total - amount_paid - amount_credited END),
  created_at,
  id
);
CREATE INDEX invoices_overdue ON invoices (organization_id, status, due_date);

CREATE INDEX bills_sort_number ON bills (organization_id, number, created_at, id);
CREATE INDEX bills_sort_bill_date ON bills (organization_id, bill_date, created_at, id);
CREATE INDEX bills_sort_due_date ON bills (organization_id, due_date, created_at, id);
CREATE INDEX bills_sort_total ON bills (organization_id, total, created_at, id);
CREATE INDEX bills_sort_balance_due ON bills (
  organization_id,
  (CASE WHEN status = 'void' THEN 0::numeric ELSE total - amount_paid - amount_credited END),
  created_at,
  id
);
CREATE INDEX bills_overdue ON bills (organization_id, status, due_date);

-- A draft credit has no number until it is issued: the store sorts it as an empty one.
CREATE INDEX credit_notes_sort_number ON credit_notes (organization_id, (COALESCE(number, '')), created_at, id);
CREATE INDEX credit_notes_sort_issue_date ON credit_notes (organization_id, issue_date, created_at, id);
CREATE INDEX credit_notes_sort_total ON credit_notes (organization_id, total, created_at, id);

CREATE INDEX vendor_credits_sort_number ON vendor_credits (organization_id, (COALESCE(number, '')), created_at, id);
CREATE INDEX vendor_credits_sort_credit_date ON vendor_credits (organization_id, credit_date, created_at, id);
CREATE INDEX vendor_credits_sort_total ON vendor_credits (organization_id, total, created_at, id);
