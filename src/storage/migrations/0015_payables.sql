-- Payables (D53-D55): vendors, bills and bill payments, the mirror of customers, invoices and
-- payments received. A bill is numbered when drafted (BILL-000001, gapless like invoices); opening it
-- posts Dr each line's account (an inventory item's asset account, with stock in), Dr tax, Cr
-- Accounts Payable. A bill payment (BPMT-000001) posts Dr Accounts Payable, Cr the account paid
-- from, and is applied in full to bills of its vendor.

CREATE TABLE vendors (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  display_name text NOT NULL,
  email text,
  company_name text,
  phone text,
  address text,
  notes text NOT NULL DEFAULT '',
  payment_terms text NOT NULL DEFAULT 'net_30'
    CHECK (payment_terms IN ('due_on_receipt', 'net_7', 'net_15', 'net_30', 'net_60', 'net_90')),
  currency text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX vendors_org_id ON vendors (organization_id, id);
CREATE INDEX vendors_list ON vendors (organization_id, created_at, id);

CREATE TABLE bills (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  number text NOT NULL,
  vendor_id uuid NOT NULL,
  vendor_reference text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'void')),
  bill_date date NOT NULL,
  due_date date NOT NULL,
  currency text NOT NULL,
  memo text NOT NULL DEFAULT '',
  subtotal numeric(20, 4) NOT NULL,
  tax_total numeric(20, 4) NOT NULL,
  total numeric(20, 4) NOT NULL,
  amount_paid numeric(20, 4) NOT NULL DEFAULT 0,
  journal_entry_id uuid REFERENCES journal_entries (id),
  void_entry_id uuid REFERENCES journal_entries (id),
  opened_at timestamptz,
  voided_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (organization_id, number),
  FOREIGN KEY (organization_id, vendor_id) REFERENCES vendors (organization_id, id),
  CHECK (amount_paid >= 0 AND amount_paid <= total),
  CHECK (total = subtotal + tax_total),
  CHECK (status IN ('draft', 'void') OR journal_entry_id IS NOT NULL)
);
CREATE UNIQUE INDEX bills_org_id ON bills (organization_id, id);
CREATE INDEX bills_list ON bills (organization_id, created_at, id);
CREATE INDEX bills_status ON bills (organization_id, status, created_at, id);
CREATE INDEX bills_vendor ON bills (organization_id, vendor_id, status);

CREATE TABLE bill_lines (
  organization_id uuid NOT NULL,
  bill_id uuid NOT NULL,
  line_no integer NOT NULL,
  item_id uuid,
  description text NOT NULL DEFAULT '',
  quantity numeric(20, 4) NOT NULL,
  unit_cost numeric(20, 4) NOT NULL,
  amount numeric(20, 4) NOT NULL,
  account_id uuid NOT NULL,
  tax_rate_id uuid,
  tax_amount numeric(20, 4) NOT NULL DEFAULT 0,
  tracking_options uuid[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (bill_id, line_no),
  FOREIGN KEY (organization_id, bill_id) REFERENCES bills (organization_id, id),
  FOREIGN KEY (organization_id, item_id) REFERENCES items (organization_id, id),
  FOREIGN KEY (organization_id, account_id) REFERENCES accounts (organization_id, id),
  FOREIGN KEY (organization_id, tax_rate_id) REFERENCES tax_rates (organization_id, id)
);

CREATE TABLE bill_payments (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  number text NOT NULL,
  vendor_id uuid NOT NULL,
  payment_date date NOT NULL,
  amount numeric(20, 4) NOT NULL CHECK (amount > 0),
  method text NOT NULL,
  reference text NOT NULL DEFAULT '',
  memo text NOT NULL DEFAULT '',
  currency text NOT NULL,
  paid_from_account_id uuid NOT NULL,
  journal_entry_id uuid NOT NULL REFERENCES journal_entries (id),
  status text NOT NULL DEFAULT 'posted' CHECK (status IN ('posted', 'void')),
  void_entry_id uuid REFERENCES journal_entries (id),
  voided_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (organization_id, number),
  FOREIGN KEY (organization_id, vendor_id) REFERENCES vendors (organization_id, id),
  FOREIGN KEY (organization_id, paid_from_account_id) REFERENCES accounts (organization_id, id),
  CHECK ((status = 'void') = (void_entry_id IS NOT NULL) AND (status = 'void') = (voided_at IS NOT NULL))
);
CREATE UNIQUE INDEX bill_payments_org_id ON bill_payments (organization_id, id);
CREATE INDEX bill_payments_list ON bill_payments (organization_id, created_at, id);
CREATE INDEX bill_payments_vendor ON bill_payments (organization_id, vendor_id);

-- D55: the applications add up to the payment's amount (a posted payment); a void one has none.
CREATE TABLE bill_payment_applications (
  organization_id uuid NOT NULL,
  bill_payment_id uuid NOT NULL,
  line_no integer NOT NULL,
  bill_id uuid NOT NULL,
  amount numeric(20, 4) NOT NULL CHECK (amount > 0),
  PRIMARY KEY (bill_payment_id, line_no),
  FOREIGN KEY (organization_id, bill_payment_id) REFERENCES bill_payments (organization_id, id),
  FOREIGN KEY (organization_id, bill_id) REFERENCES bills (organization_id, id)
);
CREATE INDEX bill_payment_applications_bill ON bill_payment_applications (organization_id, bill_id);

-- The BILL and BPMT counters of every existing set of books (new ones get them with their others).
INSERT INTO sequences (organization_id, name)
SELECT o.id, s.name FROM organizations o CROSS JOIN (VALUES ('bill'), ('bill_payment')) AS s(name)
ON CONFLICT (organization_id, name) DO NOTHING;
