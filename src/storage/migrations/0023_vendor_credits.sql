-- Vendor credits (D87), the purchase side's credit note: a draft is priced like a bill and carries no
-- number; issue numbers it (VC-000001, gapless) and posts the mirror of a bill's entry (debit Accounts
-- Payable with the total, credit each line's account and the tax); apply moves its credit onto open
-- bills of the same vendor (no ledger effect: Accounts Payable was debited at issue); void reverses an
-- issued credit with nothing applied. Every table carries organization_id and every foreign key stays
-- within one organization, so the keys can later become composite (Citus) without a data change.

-- What vendor credits took off a bill. balance_due = total - amount_paid - amount_credited; the bill is
-- paid when amount_paid + amount_credited = total.
ALTER TABLE bills
  ADD COLUMN amount_credited numeric(20, 4) NOT NULL DEFAULT 0 CHECK (amount_credited >= 0),
  ADD CONSTRAINT bills_settled_within_total CHECK (amount_paid + amount_credited <= total);

CREATE TABLE vendor_credits (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  id uuid NOT NULL,
  number text,
  vendor_id uuid NOT NULL,
  vendor_reference text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('draft', 'issued', 'void')),
  credit_date date NOT NULL,
  currency text NOT NULL,
  memo text NOT NULL DEFAULT '',
  subtotal numeric(20, 4) NOT NULL,
  tax_total numeric(20, 4) NOT NULL,
  total numeric(20, 4) NOT NULL,
  amount_applied numeric(20, 4) NOT NULL DEFAULT 0,
  journal_entry_id uuid,
  void_entry_id uuid,
  issued_at timestamptz,
  voided_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, number),
  FOREIGN KEY (organization_id, vendor_id) REFERENCES vendors (organization_id, id),
  FOREIGN KEY (organization_id, journal_entry_id) REFERENCES journal_entries (organization_id, id),
  FOREIGN KEY (organization_id, void_entry_id) REFERENCES journal_entries (organization_id, id),
  CHECK (total = subtotal + tax_total),
  CHECK (amount_applied >= 0 AND amount_applied <= total),
  -- A draft has no number, no entry and nothing applied; past draft it has its number and its entry;
  -- only a void credit (never a draft: a draft is deleted) has a reversal, and then nothing applied.
  CHECK (status = 'draft' OR (number IS NOT NULL AND journal_entry_id IS NOT NULL AND issued_at IS NOT NULL)),
  CHECK (status <> 'draft' OR (number IS NULL AND journal_entry_id IS NULL AND amount_applied = 0)),
  CHECK ((status = 'void') = (void_entry_id IS NOT NULL) AND (status = 'void') = (voided_at IS NOT NULL)),
  CHECK (status <> 'void' OR amount_applied = 0)
);
CREATE INDEX vendor_credits_list ON vendor_credits (organization_id, created_at, id);
CREATE INDEX vendor_credits_status ON vendor_credits (organization_id, status, created_at, id);
CREATE INDEX vendor_credits_vendor ON vendor_credits (organization_id, vendor_id, status);

-- A vendor credit's lines are a bill's lines (the stores share their columns, PURCHASE_LINE_COLUMNS),
-- and its applications a credit note's applications, under the credit and naming a bill: the tables
-- are made LIKE those, with their defaults and checks, then keyed and tied within the organization.
CREATE TABLE vendor_credit_lines (LIKE bill_lines INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
ALTER TABLE vendor_credit_lines RENAME COLUMN bill_id TO vendor_credit_id;
ALTER TABLE vendor_credit_lines
  ADD PRIMARY KEY (organization_id, vendor_credit_id, line_no),
  ADD FOREIGN KEY (organization_id, vendor_credit_id) REFERENCES vendor_credits (organization_id, id),
  ADD FOREIGN KEY (organization_id, item_id) REFERENCES items (organization_id, id),
  ADD FOREIGN KEY (organization_id, account_id) REFERENCES accounts (organization_id, id),
  ADD FOREIGN KEY (organization_id, tax_rate_id) REFERENCES tax_rates (organization_id, id);

-- One row per bill per apply request; line_no runs on across requests of the same credit.
CREATE TABLE vendor_credit_applications (LIKE credit_note_applications INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
ALTER TABLE vendor_credit_applications RENAME COLUMN credit_note_id TO vendor_credit_id;
ALTER TABLE vendor_credit_applications RENAME COLUMN invoice_id TO bill_id;
ALTER TABLE vendor_credit_applications
  RENAME CONSTRAINT credit_note_applications_amount_check TO vendor_credit_applications_amount_check;
ALTER TABLE vendor_credit_applications
  ADD PRIMARY KEY (organization_id, vendor_credit_id, line_no),
  ADD FOREIGN KEY (organization_id, vendor_credit_id) REFERENCES vendor_credits (organization_id, id),
  ADD FOREIGN KEY (organization_id, bill_id) REFERENCES bills (organization_id, id);
CREATE INDEX vendor_credit_applications_bill ON vendor_credit_applications (organization_id, bill_id);

-- The VC counter of every existing set of books (new ones get it with their other counters).
INSERT INTO sequences (organization_id, name)
SELECT id, 'vendor_credit' FROM organizations
ON CONFLICT (organization_id, name) DO NOTHING;
