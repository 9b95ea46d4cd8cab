-- Receivables: customers, tax, invoices, payments received, invoice emails, bank connections.
-- Money is NUMERIC(20,4); every table carries organization_id and every list has its keyset index.

CREATE TABLE customers (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  display_name text NOT NULL,
  email text,
  company_name text,
  phone text,
  payment_terms text NOT NULL DEFAULT 'net_30'
    CHECK (payment_terms IN ('due_on_receipt', 'net_7', 'net_15', 'net_30', 'net_60', 'net_90')),
  billing_address text,
  notes text NOT NULL DEFAULT '',
  currency text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX customers_org_id ON customers (organization_id, id);
CREATE INDEX customers_list ON customers (organization_id, created_at, id);
CREATE INDEX customers_name ON customers (organization_id, lower(display_name));
CREATE INDEX customers_email ON customers (organization_id, lower(email));

CREATE TABLE tax_rates (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  name text NOT NULL,
  rate numeric(9, 4) NOT NULL CHECK (rate >= 0 AND rate <= 100),
  liability_account_id uuid NOT NULL,
  description text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  FOREIGN KEY (organization_id, liability_account_id) REFERENCES accounts (organization_id, id)
);
CREATE UNIQUE INDEX tax_rates_org_id ON tax_rates (organization_id, id);
CREATE INDEX tax_rates_list ON tax_rates (organization_id, created_at, id);

CREATE TABLE tax_groups (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX tax_groups_org_id ON tax_groups (organization_id, id);
CREATE INDEX tax_groups_list ON tax_groups (organization_id, created_at, id);

CREATE TABLE tax_group_rates (
  organization_id uuid NOT NULL,
  tax_group_id uuid NOT NULL,
  tax_rate_id uuid NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (tax_group_id, tax_rate_id),
  FOREIGN KEY (organization_id, tax_group_id) REFERENCES tax_groups (organization_id, id),
  FOREIGN KEY (organization_id, tax_rate_id) REFERENCES tax_rates (organization_id, id)
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  number text NOT NULL,
  customer_id uuid NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'sent', 'paid', 'void')),
  issue_date date NOT NULL,
  due_date date NOT NULL,
  currency text NOT NULL,
  memo text NOT NULL DEFAULT '',
  subtotal numeric(20, 4) NOT NULL,
  tax_total numeric(20, 4) NOT NULL,
  total numeric(20, 4) NOT NULL,
  amount_paid numeric(20, 4) NOT NULL DEFAULT 0,
  journal_entry_id uuid REFERENCES journal_entries (id),
  void_entry_id uuid REFERENCES journal_entries (id),
  sent_at timestamptz,
  voided_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (organization_id, number),
  FOREIGN KEY (organization_id, customer_id) REFERENCES customers (organization_id, id),
  CHECK (amount_paid >= 0 AND amount_paid <= total),
  CHECK (total = subtotal + tax_total)
);
CREATE UNIQUE INDEX invoices_org_id ON invoices (organization_id, id);
CREATE INDEX invoices_list ON invoices (organization_id, created_at, id);
CREATE INDEX invoices_status ON invoices (organization_id, status, created_at, id);
CREATE INDEX invoices_customer ON invoices (organization_id, customer_id, status);
CREATE INDEX invoices_issue_date ON invoices (organization_id, issue_date);

CREATE TABLE invoice_lines (
  organization_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
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
  PRIMARY KEY (invoice_id, line_no),
  FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id),
  FOREIGN KEY (organization_id, income_account_id) REFERENCES accounts (organization_id, id),
  FOREIGN KEY (organization_id, tax_rate_id) REFERENCES tax_rates (organization_id, id),
  CHECK (is_taxable = (tax_rate_id IS NOT NULL))
);

CREATE TABLE payments_received (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  number text NOT NULL,
  customer_id uuid NOT NULL,
  payment_date date NOT NULL,
  amount numeric(20, 4) NOT NULL CHECK (amount > 0),
  unapplied_amount numeric(20, 4) NOT NULL CHECK (unapplied_amount >= 0),
  method text NOT NULL,
  reference text NOT NULL DEFAULT '',
  memo text NOT NULL DEFAULT '',
  currency text NOT NULL,
  deposit_account_id uuid NOT NULL,
  journal_entry_id uuid REFERENCES journal_entries (id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (organization_id, number),
  FOREIGN KEY (organization_id, customer_id) REFERENCES customers (organization_id, id),
  FOREIGN KEY (organization_id, deposit_account_id) REFERENCES accounts (organization_id, id)
);
CREATE UNIQUE INDEX payments_received_org_id ON payments_received (organization_id, id);
CREATE INDEX payments_received_list ON payments_received (organization_id, created_at, id);
CREATE INDEX payments_received_customer ON payments_received (organization_id, customer_id);

CREATE TABLE payment_applications (
  organization_id uuid NOT NULL,
  payment_id uuid NOT NULL,
  line_no integer NOT NULL,
  invoice_id uuid NOT NULL,
  amount numeric(20, 4) NOT NULL CHECK (amount > 0),
  applied_date date NOT NULL,
  PRIMARY KEY (payment_id, line_no),
  FOREIGN KEY (organization_id, payment_id) REFERENCES payments_received (organization_id, id),
  FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id)
);
CREATE INDEX payment_applications_invoice ON payment_applications (organization_id, invoice_id);

CREATE TABLE invoice_emails (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  invoice_id uuid NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('recorded', 'queued', 'sent', 'failed')),
  message_id text,
  error text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  FOREIGN KEY (organization_id, invoice_id) REFERENCES invoices (organization_id, id)
);
CREATE INDEX invoice_emails_list ON invoice_emails (organization_id, invoice_id, created_at, id);

CREATE TABLE bank_connections (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  institution_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'failed', 'disconnected')),
  requested_by uuid NOT NULL REFERENCES users (id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX bank_connections_list ON bank_connections (organization_id, created_at, id);
