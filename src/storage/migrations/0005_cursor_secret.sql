-- D66: list and change-feed cursors are signed (HMAC-SHA256), so the service accepts only cursors it
-- issued, each on the list that issued it. Every API process on this database signs with the same
-- secret (D3), so it lives here, made once at random (gen_random_uuid draws from the server's strong
-- random source: 244 random bits). It is not per organization: a cursor also names its organization,
-- and that is checked after the signature. Under Citus this is a reference table.
CREATE TABLE service_secrets (
  name text PRIMARY KEY,
  secret text NOT NULL
);

INSERT INTO service_secrets (name, secret)
VALUES ('cursor', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
