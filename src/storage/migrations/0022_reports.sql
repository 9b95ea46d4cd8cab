-- Customer statements are emailed through the invoice email outbox (D92): a row names either an
-- invoice (as before) or a customer and the statement's type and dates, fixed when it was asked for,
-- so the worker renders the statement the person asked for even if it runs later. One outbox, one
-- worker, one claim query; the row says which document to attach.
ALTER TABLE invoice_emails ALTER COLUMN invoice_id DROP NOT NULL;
ALTER TABLE invoice_emails
  ADD COLUMN customer_id uuid,
  ADD COLUMN statement_type text CHECK (statement_type IN ('outstanding', 'activity')),
  ADD COLUMN statement_from date,
  ADD COLUMN statement_to date,
  ADD CONSTRAINT invoice_emails_customer FOREIGN KEY (organization_id, customer_id)
    REFERENCES customers (organization_id, id),
  ADD CONSTRAINT invoice_emails_one_document CHECK (
    (invoice_id IS NOT NULL AND customer_id IS NULL AND statement_type IS NULL
      AND statement_from IS NULL AND statement_to IS NULL)
    OR (invoice_id IS NULL AND customer_id IS NOT NULL AND statement_type IS NOT NULL
      AND statement_to IS NOT NULL AND (statement_type = 'activity') = (statement_from IS NOT NULL)));

CREATE INDEX invoice_emails_statements ON invoice_emails (organization_id, customer_id, created_at, id)
  WHERE customer_id IS NOT NULL;
