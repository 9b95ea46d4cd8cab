-- Foundation: organizations, people, credentials, ledger, change feed, idempotency.
-- Every table carries organization_id (D3) except the global identity tables (users, sessions).

CREATE TABLE organizations (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('live', 'sandbox')),
  live_organization_id uuid REFERENCES organizations (id),
  currency text NOT NULL,
  timezone text NOT NULL DEFAULT 'UTC',
  books_closed_through date,
  seats integer NOT NULL DEFAULT 5 CHECK (seats >= 1),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((mode = 'sandbox') = (live_organization_id IS NOT NULL))
);
CREATE UNIQUE INDEX organizations_one_sandbox ON organizations (live_organization_id);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email ON users (lower(email));

-- Memberships of live organizations; a sandbox takes its members and roles from its live books.
CREATE TABLE memberships (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  user_id uuid NOT NULL REFERENCES users (id),
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'accountant', 'sales', 'viewer')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id);

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('accountant', 'sales', 'viewer')),
  created_by uuid NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_used_at timestamptz,
  first_used_at timestamptz,
  rotated_from uuid REFERENCES api_keys (id),
  replaced_by uuid REFERENCES api_keys (id),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX api_keys_list ON api_keys (organization_id, created_at, id);

-- Gapless per-organization counters (D21) and the change-feed position (D32).
CREATE TABLE sequences (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  name text NOT NULL,
  next_value bigint NOT NULL DEFAULT 1,
  PRIMARY KEY (organization_id, name)
);

CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  number text NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('asset', 'liability', 'equity', 'income', 'expense')),
  detail_type text NOT NULL,
  currency text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  is_system boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (organization_id, number)
);
CREATE INDEX accounts_list ON accounts (organization_id, created_at, id);
CREATE UNIQUE INDEX accounts_org_id ON accounts (organization_id, id);

-- Posted amounts summed per account and day: a balance is a sum over the days with activity, never
-- over journal lines. (The stripe column, once spreading a hot account over several rows, was
-- dropped by 0007_drop_balance_stripe.sql.)
CREATE TABLE account_balances (
  organization_id uuid NOT NULL,
  account_id uuid NOT NULL,
  day date NOT NULL,
  stripe smallint NOT NULL,
  debit numeric(20, 4) NOT NULL DEFAULT 0,
  credit numeric(20, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, account_id, day, stripe),
  FOREIGN KEY (organization_id, account_id) REFERENCES accounts (organization_id, id)
);
CREATE INDEX account_balances_by_day ON account_balances (organization_id, day);

CREATE TABLE journal_entries (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  entry_number text,
  txn_date date NOT NULL,
  memo text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('draft', 'posted')),
  source_type text NOT NULL DEFAULT 'manual',
  source_id uuid,
  reverses_entry_id uuid REFERENCES journal_entries (id),
  reversed_by_entry_id uuid REFERENCES journal_entries (id),
  currency text NOT NULL,
  total_debit numeric(20, 4) NOT NULL,
  total_credit numeric(20, 4) NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  posted_at timestamptz,
  UNIQUE (organization_id, entry_number),
  CHECK (status = 'draft' OR (entry_number IS NOT NULL AND total_debit = total_credit))
);
CREATE INDEX journal_entries_list ON journal_entries (organization_id, created_at, id);
CREATE INDEX journal_entries_source ON journal_entries (organization_id, source_type, source_id, created_at, id);

CREATE TABLE journal_lines (
  organization_id uuid NOT NULL,
  journal_entry_id uuid NOT NULL REFERENCES journal_entries (id),
  line_no integer NOT NULL,
  account_id uuid NOT NULL,
  description text NOT NULL DEFAULT '',
  debit numeric(20, 4) NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit numeric(20, 4) NOT NULL DEFAULT 0 CHECK (credit >= 0),
  tracking_options uuid[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (journal_entry_id, line_no),
  FOREIGN KEY (organization_id, account_id) REFERENCES accounts (organization_id, id),
  CHECK ((debit = 0) <> (credit = 0))
);
CREATE INDEX journal_lines_account ON journal_lines (organization_id, account_id);

-- The ledger is append-only: a posted entry and its lines are never updated or deleted,
-- except for the link to the entry that reverses it.
CREATE FUNCTION refuse_posted_entry_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'posted' THEN RAISE EXCEPTION 'posted journal entries are immutable' USING ERRCODE = 'P0001'; END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'posted' AND (
       NEW.status IS DISTINCT FROM OLD.status OR NEW.txn_date IS DISTINCT FROM OLD.txn_date
       OR NEW.total_debit IS DISTINCT FROM OLD.total_debit OR NEW.total_credit IS DISTINCT FROM OLD.total_credit
       OR NEW.entry_number IS DISTINCT FROM OLD.entry_number OR NEW.memo IS DISTINCT FROM OLD.memo) THEN
    RAISE EXCEPTION 'posted journal entries are immutable' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_posted_entry_change();

CREATE FUNCTION refuse_posted_line_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM journal_entries WHERE id = OLD.journal_entry_id AND status = 'posted') THEN
    RAISE EXCEPTION 'lines of posted journal entries are immutable' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION refuse_posted_line_change();

-- The change feed (D32). seq comes from the organization's 'change' counter, taken as the last
-- statement of the writing transaction and held until commit, so seq order is commit order.
CREATE TABLE changes (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  seq bigint NOT NULL,
  entity_type text NOT NULL,
  entity_id uuid NOT NULL,
  operation text NOT NULL CHECK (operation IN ('created', 'updated', 'deleted')),
  entity_version integer NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, seq)
);
CREATE INDEX changes_by_type ON changes (organization_id, entity_type, seq);

-- Idempotency records (D35), scoped to organization and credential.
CREATE TABLE idempotency_keys (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  credential_id uuid NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  response_status integer,
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, credential_id, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (created_at);

-- Tracking categories and their options (D28); lines reference options by id.
CREATE TABLE tracking_categories (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  name text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX tracking_categories_list ON tracking_categories (organization_id, created_at, id);
CREATE UNIQUE INDEX tracking_categories_org_id ON tracking_categories (organization_id, id);

CREATE TABLE tracking_options (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL,
  category_id uuid NOT NULL,
  name text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  FOREIGN KEY (organization_id, category_id) REFERENCES tracking_categories (organization_id, id)
);
CREATE INDEX tracking_options_list ON tracking_options (organization_id, created_at, id);
CREATE INDEX tracking_options_category ON tracking_options (organization_id, category_id);
