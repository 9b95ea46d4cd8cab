-- Credit notes (D60): a draft is priced like an invoice and carries no number; issue numbers it
-- (CN-000001, gapless) and posts the mirror of an invoice's entry; apply moves its credit onto open
-- invoices of the same customer (no ledger effect: Accounts Receivable was credited at issue); void
-- reverses an issued note with nothing applied.

-- What credit notes took off an invoice. balance_due = total - amount_paid - amount_credited; the
-- invoice is paid when amount_paid + amount_credited = total.
ALTER TABLE invoices
  ADD COLUMN amount_credited numeric(20, 4) NOT NULL DEFAULT 0 CHECK (amount_credited >= 0),
  ADD CONSTRAINT invoices_settled_within_total CHECK (amount_paid + amount_credited <= total);

CREATE TABLE credit_notes (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  number text,
  customer_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'issued', 'void')),
  issue_date date NOT NULL,
  currency text NOT NULL,
  memo text NOT NULL DEFAULT '',
  subtotal numeric(20, 4) NOT NULL,
  tax_total numeric(20, 4) NOT NULL,
  total numeric(20, 4) NOT NULL,
  amount_applied numeric(20, 4) NOT NULL DEFAULT 0,
  journal_entry_id uuid REFERENCES journal_entries (id),
  void_entry_id uuid REFERENCES journal_entries (id),
  issued_at timestamptz,
  voided_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (organization_id, number),
  FOREIGN KEY (organization_id, customer_id) REFERENCES customers (organization_id, id),
  CHECK (total = subtotal + tax_total),
  CHECK (amount_applied >= 0 AND amount_applied <= total),
  CHECK (status = 'draft' OR number IS NOT NULL)
);
CREATE UNIQUE INDEX credit_notes_org_id ON credit_notes (organization_id, id);
CREATE INDEX credit_notes_list ON credit_notes (organization_id, created_at, id);
CREATE INDEX credit_notes_customer ON credit_notes (organization_id, customer_id, status);

CREATE TABLE credit_note_lines (
  organization_id uuid NOT NULL,
  credit_note_id uuid NOT NULL,
  line_no integer NOT NULL,
  description text NOT NULL DEFAULT '',
  quantity numeric(20, 4) NOT NULL,
  unit_price numeric(20, 4) NOT NULL,
  amount numeric(20, 4) NOT NULL,
  income_account_id uuid NOT NULL,
  is_taxable boolean NOT NULL DEFAULT false,
  tax_rate_id uuid,
  tax_amount numeric(20, 4) NOT NULL DEFAULT 0,
  tracking_options uuid[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (credit_note_id, line_no),
  FOREIGN KEY (organization_id, credit_note_id) REFERENCES credit_notes (organization_id, id),
  FOREIGN KEY (organization_id, income_account_id) REFERENCES accounts (organization_id, id),
  FOREIGN KEY (organization_id, tax_rate_id) REFERENCES tax_rates (organization_id, id),
  CHECK (is_taxable = (tax_rate_id IS NOT NULL))
);

-- One row per invoice per apply request; line_no runs on across requests of the same note.
CREATE TABLE credit_note_applications (
  organization_id uuid NOT NULL,
  credit_note_id uuid NOT NULL,
  line_no integer NOT NULL,
  invoice_id uuid NOT NULL,
  amount numeric(20, 4) NOT NULL CHECK (amount > 0),
  applied_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (credit_note_id, line_no),
  FOREIGN KEY (organization_id, credit_note_id) REFERENCES credit_notes (organization_id, id),
  FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id)
);
CREATE INDEX credit_note_applications_invoice ON credit_note_applications (organization_id, invoice_id);

-- The CN counter of every existing set of books (new ones get it with their other counters).
INSERT INTO sequences (organization_id, name)
SELECT id, 'credit_note' FROM organizations
ON CONFLICT (organization_id, name) DO NOTHING;
