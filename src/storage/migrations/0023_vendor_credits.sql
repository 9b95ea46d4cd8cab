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

-- A vendor credit is a credit note on the purchase side: the same columns (CreditColumns in the
-- stores), with a vendor, its reference and a credit date in place of a customer and an issue date.
-- The table is made LIKE credit_notes with its defaults and checks (status, totals, applied within
-- the total, numbered past draft), which are renamed for it, then keyed and tied within the
-- organization, with the stricter checks of a kind that is never voided as a draft.
CREATE TABLE vendor_credits (LIKE credit_notes INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
ALTER TABLE vendor_credits RENAME COLUMN customer_id TO vendor_id;
ALTER TABLE vendor_credits RENAME COLUMN issue_date TO credit_date;
ALTER TABLE vendor_credits RENAME CONSTRAINT credit_notes_status_check TO vendor_credits_status_check;
ALTER TABLE vendor_credits RENAME CONSTRAINT credit_notes_check TO vendor_credits_total_check;
ALTER TABLE vendor_credits RENAME CONSTRAINT credit_notes_check1 TO vendor_credits_applied_check;
ALTER TABLE vendor_credits RENAME CONSTRAINT credit_notes_check2 TO vendor_credits_numbered_check;
ALTER TABLE vendor_credits
  ADD COLUMN vendor_reference text NOT NULL DEFAULT '',
  ADD PRIMARY KEY (organization_id, id),
  ADD UNIQUE (organization_id, number),
  ADD FOREIGN KEY (organization_id) REFERENCES organizations (id),
  ADD FOREIGN KEY (organization_id, vendor_id) REFERENCES vendors (organization_id, id),
  ADD FOREIGN KEY (organization_id, journal_entry_id) REFERENCES journal_entries (organization_id, id),
  ADD FOREIGN KEY (organization_id, void_entry_id) REFERENCES journal_entries (organization_id, id),
  -- Past draft it has its number and its entry; a draft has neither and nothing applied; only a void
  -- credit (never a draft: a draft is deleted) has a reversal, and then nothing applied.
  ADD CONSTRAINT vendor_credits_posted_check
    CHECK (status = 'draft' OR (journal_entry_id IS NOT NULL AND issued_at IS NOT NULL)),
  ADD CONSTRAINT vendor_credits_draft_check
    CHECK (status <> 'draft' OR (number IS NULL AND journal_entry_id IS NULL AND amount_applied = 0)),
  ADD CONSTRAINT vendor_credits_void_check
    CHECK ((status = 'void') = (void_entry_id IS NOT NULL) AND (status = 'void') = (voided_at IS NOT NULL)
      AND (status <> 'void' OR amount_applied = 0));
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
