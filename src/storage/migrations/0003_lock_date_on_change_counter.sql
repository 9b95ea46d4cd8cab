-- The books' lock date (D22), copied onto the organization's change counter row. Period close and
-- reopen write both copies in one transaction, under that row's lock. A posting's last statement
-- updates the same row (it takes the change counter, D32) and reads the lock date from it in
-- RETURNING: PostgreSQL re-reads a row it had to wait for, so the statement sees a close that
-- committed while it waited, without a separate re-check round trip under the lock.
-- organizations.books_closed_through stays the copy everything else reads.
ALTER TABLE sequences ADD COLUMN books_closed_through date;

UPDATE sequences s SET books_closed_through = o.books_closed_through
  FROM organizations o
 WHERE s.organization_id = o.id AND s.name = 'change';
