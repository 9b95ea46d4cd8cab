-- Banking (D70-D78, D89): statement imports and the bank transactions they bring, saved CSV
-- mappings, matches of ledger lines to bank transactions, bank rules and reconciliations. Every new
-- table has organization_id leading its primary key, unique constraints and foreign keys (D79), so
-- it distributes by organization with the rest of the books.

-- A ledger line gets an id of its own (D74: the API names the lines a bank transaction matches).
-- The volatile default rewrites the table once here; row triggers (immutability) do not fire on it.
ALTER TABLE journal_lines ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX journal_lines_org_id ON journal_lines (organization_id, id);

-- Saved CSV mappings (D71): which column holds what, and how dates and amounts are written.
CREATE TABLE bank_statement_mappings (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  id uuid NOT NULL,
  name text NOT NULL,
  date_column text NOT NULL,
  amount_column text,
  debit_column text,
  credit_column text,
  description_column text,
  payee_column text,
  reference_column text,
  date_format text NOT NULL CHECK (date_format IN ('YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY')),
  decimal_separator text NOT NULL DEFAULT '.' CHECK (decimal_separator IN ('.', ',')),
  delimiter text CHECK (delimiter IN (',', ';', 'tab', '|')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organization_id, id),
  CHECK ((amount_column IS NOT NULL) <> (debit_column IS NOT NULL AND credit_column IS NOT NULL)),
  CHECK ((debit_column IS NULL) = (credit_column IS NULL))
);
CREATE INDEX bank_statement_mappings_list ON bank_statement_mappings (organization_id, created_at, id);

-- One imported file (D71). Its lines are bank_transactions; lines_skipped were imported before.
CREATE TABLE bank_statements (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  id uuid NOT NULL,
  account_id uuid NOT NULL,
  format text NOT NULL CHECK (format IN ('ofx', 'qfx', 'camt.053', 'csv')),
  file_sha256 text NOT NULL,
  period_start date,
  period_end date,
  opening_balance numeric(20, 4),
  closing_balance numeric(20, 4),
  lines_imported integer NOT NULL CHECK (lines_imported >= 0),
  lines_skipped integer NOT NULL CHECK (lines_skipped >= 0),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, account_id) REFERENCES accounts (organization_id, id)
);
CREATE INDEX bank_statements_list ON bank_statements (organization_id, created_at, id);
CREATE INDEX bank_statements_account ON bank_statements (organization_id, account_id, period_end);

-- A reconciliation (D76): the cleared balance equalled the statement's on statement_date.
CREATE TABLE bank_reconciliations (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  id uuid NOT NULL,
  account_id uuid NOT NULL,
  statement_date date NOT NULL,
  statement_balance numeric(20, 4) NOT NULL,
  cleared_balance numeric(20, 4) NOT NULL CHECK (cleared_balance = statement_balance),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, account_id) REFERENCES accounts (organization_id, id)
);
CREATE INDEX bank_reconciliations_list ON bank_reconciliations (organization_id, created_at, id);
CREATE INDEX bank_reconciliations_account ON bank_reconciliations (organization_id, account_id, statement_date);

-- A line of a bank account (D72, D73): imported from a statement or pushed. Exactly once per
-- bank_reference and account: imports insert ON CONFLICT DO NOTHING on this unique key, so two
-- requests importing the same file at once import each line once.
CREATE TABLE bank_transactions (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  id uuid NOT NULL,
  account_id uuid NOT NULL,
  txn_date date NOT NULL,
  amount numeric(20, 4) NOT NULL,
  description text NOT NULL DEFAULT '',
  payee text,
  bank_reference text NOT NULL CHECK (bank_reference <> ''),
  statement_id uuid,
  status text NOT NULL DEFAULT 'unmatched' CHECK (status IN ('unmatched', 'matched', 'excluded')),
  suggestion jsonb,
  reconciliation_id uuid,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organization_id, id),
  UNIQUE (organization_id, account_id, bank_reference),
  FOREIGN KEY (organization_id, account_id) REFERENCES accounts (organization_id, id),
  FOREIGN KEY (organization_id, statement_id) REFERENCES bank_statements (organization_id, id),
  FOREIGN KEY (organization_id, reconciliation_id) REFERENCES bank_reconciliations (organization_id, id),
  CHECK (reconciliation_id IS NULL OR status = 'matched')
);
CREATE INDEX bank_transactions_list ON bank_transactions (organization_id, created_at, id);
CREATE INDEX bank_transactions_account ON bank_transactions (organization_id, account_id, status, txn_date);

-- A ledger line matched to a bank transaction (D74). The primary key makes a line matched at most
-- once (D78); `amount` is the line's signed effect on the bank account (debit positive).
CREATE TABLE bank_matches (
  organization_id uuid NOT NULL,
  journal_line_id uuid NOT NULL,
  bank_transaction_id uuid NOT NULL,
  journal_entry_id uuid NOT NULL,
  amount numeric(20, 4) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organization_id, journal_line_id),
  FOREIGN KEY (organization_id, journal_line_id) REFERENCES journal_lines (organization_id, id),
  FOREIGN KEY (organization_id, bank_transaction_id) REFERENCES bank_transactions (organization_id, id)
);
CREATE INDEX bank_matches_transaction ON bank_matches (organization_id, bank_transaction_id);
CREATE INDEX bank_matches_entry ON bank_matches (organization_id, journal_entry_id);

-- Bank rules (D75): the first that matches (lowest priority) becomes a transaction's suggestion.
CREATE TABLE bank_rules (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  id uuid NOT NULL,
  name text NOT NULL,
  priority integer NOT NULL,
  account_id uuid,
  direction text NOT NULL CHECK (direction IN ('in', 'out', 'any')),
  match_mode text NOT NULL CHECK (match_mode IN ('all', 'any')),
  conditions jsonb NOT NULL,
  action jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, account_id) REFERENCES accounts (organization_id, id)
);
CREATE INDEX bank_rules_list ON bank_rules (organization_id, created_at, id);
CREATE INDEX bank_rules_priority ON bank_rules (organization_id, priority, created_at);

-- Bank connections become real links (D89): one bank account, where its lines come from.
ALTER TABLE bank_connections ADD COLUMN account_id uuid;
ALTER TABLE bank_connections ADD COLUMN source text CHECK (source IN ('file', 'api'));
ALTER TABLE bank_connections
  ADD CONSTRAINT bank_connections_account FOREIGN KEY (organization_id, account_id)
  REFERENCES accounts (organization_id, id);
