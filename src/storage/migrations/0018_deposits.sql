-- Deposits (D88): payments received into Undeposited Funds taken to the bank together. A deposit is
-- numbered DEP-000001 (gapless, D21) and posts one entry: debit the bank account with the sum, credit
-- Undeposited Funds once per payment. A payment is in at most one live deposit: the payment names it
-- (payments_received.deposit_id), set under the payment's row lock, and cleared when the deposit is
-- voided. The deposit's lines keep which payments it took, also once void.
-- D79: organization_id leads every primary key, unique constraint and foreign key of the new tables.

-- The journal's id is unique by itself; this lets the deposit's entry references carry the organization.
CREATE UNIQUE INDEX IF NOT EXISTS journal_entries_org_id ON journal_entries (organization_id, id);

CREATE TABLE deposits (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  id uuid NOT NULL,
  number text NOT NULL,
  deposit_date date NOT NULL,
  deposit_account_id uuid NOT NULL,
  amount numeric(20, 4) NOT NULL CHECK (amount > 0),
  memo text NOT NULL DEFAULT '',
  currency text NOT NULL,
  journal_entry_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'posted' CHECK (status IN ('posted', 'void')),
  void_entry_id uuid,
  voided_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, number),
  FOREIGN KEY (organization_id, deposit_account_id) REFERENCES accounts (organization_id, id),
  FOREIGN KEY (organization_id, journal_entry_id) REFERENCES journal_entries (organization_id, id),
  FOREIGN KEY (organization_id, void_entry_id) REFERENCES journal_entries (organization_id, id),
  CHECK ((status = 'void') = (void_entry_id IS NOT NULL) AND (status = 'void') = (voided_at IS NOT NULL))
);
CREATE INDEX deposits_list ON deposits (organization_id, created_at, id);

-- One row per payment deposited, in the order the request named them (the entry's credit lines).
CREATE TABLE deposit_payments (
  organization_id uuid NOT NULL,
  deposit_id uuid NOT NULL,
  line_no integer NOT NULL,
  payment_id uuid NOT NULL,
  amount numeric(20, 4) NOT NULL CHECK (amount > 0),
  PRIMARY KEY (organization_id, deposit_id, line_no),
  UNIQUE (organization_id, deposit_id, payment_id),
  FOREIGN KEY (organization_id, deposit_id) REFERENCES deposits (organization_id, id),
  FOREIGN KEY (organization_id, payment_id) REFERENCES payments_received (organization_id, id)
);
CREATE INDEX deposit_payments_payment ON deposit_payments (organization_id, payment_id);

-- The live deposit a payment is in (null while undeposited); a void payment is in none.
ALTER TABLE payments_received
  ADD COLUMN deposit_id uuid,
  ADD CONSTRAINT payments_received_deposit
    FOREIGN KEY (organization_id, deposit_id) REFERENCES deposits (organization_id, id),
  ADD CONSTRAINT payments_received_void_not_deposited CHECK (status <> 'void' OR deposit_id IS NULL);

-- The DEP counter of every existing set of books (new ones get it with their others).
INSERT INTO sequences (organization_id, name)
SELECT id, 'deposit' FROM organizations
ON CONFLICT (organization_id, name) DO NOTHING;
