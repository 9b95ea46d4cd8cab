-- D94: links sent by email. A password reset and a member invitation each carry a one-time token
-- that is stored only as its SHA-256 (as sessions and API keys are); the messages go through an
-- outbox of their own, delivered by the same worker as invoice emails (D62).

-- Password resets belong to a user, like sessions: global identity rows without books.
CREATE TABLE password_resets (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  -- Set when the link is used, or when a newer request or a completed reset makes it void.
  used_at timestamptz
);
CREATE INDEX password_resets_of_user ON password_resets (user_id) WHERE used_at IS NULL;

-- Invitations to live books (a sandbox shares its live books' members). Seats are counted when one
-- is accepted, not while it is pending.
CREATE TABLE invitations (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'accountant', 'sales', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  invited_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by uuid REFERENCES users (id),
  revoked_at timestamptz,
  CHECK ((accepted_at IS NULL) = (accepted_by IS NULL)),
  CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);
-- One open invitation per address and books: a new one replaces (revokes) the open one.
CREATE UNIQUE INDEX invitations_open_per_email ON invitations (organization_id, lower(email))
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
CREATE INDEX invitations_list ON invitations (organization_id, created_at DESC, id);

-- The outbox of these messages. `body` holds `{{link}}` where the link goes; the link itself (it
-- carries the token) is kept only while the message waits to be delivered, and cleared once it is
-- sent or given up: a database read afterwards finds no usable token. Without SMTP the link is
-- logged for the operator instead and the row says `logged`.
CREATE TABLE auth_emails (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('password_reset', 'invitation')),
  -- The inviting books; none for a password reset.
  organization_id uuid REFERENCES organizations (id),
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  link text,
  link_expires_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'logged')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz,
  claimed_until timestamptz,
  message_id text,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT auth_emails_queued_is_scheduled CHECK ((status = 'queued') = (next_attempt_at IS NOT NULL)),
  CONSTRAINT auth_emails_link_only_while_queued CHECK (status = 'queued' OR link IS NULL)
);
CREATE INDEX auth_emails_due ON auth_emails (next_attempt_at) WHERE status = 'queued';
