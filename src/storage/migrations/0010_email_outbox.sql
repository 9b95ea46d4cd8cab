-- Invoice emails become an outbox (D62). A row is written with the invoice's send, in its transaction;
-- the worker of any Folio process claims a due `queued` row (FOR UPDATE SKIP LOCKED, one short
-- transaction that counts the attempt and leases the row until claimed_until), talks SMTP with no
-- transaction open, then records `sent` (message_id, sent_at) or the error and the next attempt.
-- While leased, next_attempt_at is the lease's end: a process that dies mid-send leaves the row due
-- again once the lease runs out, so a claim needs one indexed condition.
ALTER TABLE invoice_emails RENAME COLUMN error TO last_error;
ALTER TABLE invoice_emails
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN next_attempt_at timestamptz,
  ADD COLUMN claimed_until timestamptz,
  ADD COLUMN sent_at timestamptz;

-- Rows of the delivery-after-commit era: a `queued` row (no SMTP configured, or a process that died
-- before delivering) is due now; `sent` and `failed` rows had their one attempt right after creation.
UPDATE invoice_emails SET next_attempt_at = created_at WHERE status = 'queued';
UPDATE invoice_emails SET attempts = 1 WHERE status IN ('sent', 'failed');
UPDATE invoice_emails SET sent_at = created_at WHERE status = 'sent';

ALTER TABLE invoice_emails
  ADD CONSTRAINT invoice_emails_queued_is_scheduled CHECK ((status = 'queued') = (next_attempt_at IS NOT NULL));

-- The worker's one question: which queued messages are due, oldest due first.
CREATE INDEX invoice_emails_due ON invoice_emails (next_attempt_at) WHERE status = 'queued';
