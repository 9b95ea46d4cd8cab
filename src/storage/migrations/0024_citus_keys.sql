-- D79: every key of the books carries organization_id, so the books can be distributed by it on
-- Citus (docs/scale-out.md) and every statement of a request routes to one shard group. The same
-- schema on PostgreSQL, PGlite and Citus; the distribution calls themselves are the migration
-- runner's (src/storage/citus.ts), made only where the citus extension is installed.
--
-- Generic on purpose: it rekeys every table of this schema that has a NOT NULL organization_id (the
-- tables of the books; auth_emails' is nullable: a reference table), read from
-- the catalog, so a table added by an earlier migration (whatever its number) is covered without
-- being named here. Idempotent: a key that already leads with organization_id is left alone.
--
--   1. every foreign key between two tables of the books is dropped and re-added, single-column ones
--      as (organization_id, column) -> (organization_id, id), and checked at commit (DEFERRABLE
--      INITIALLY DEFERRED): one statement writes a document, its lines and its entry as
--      data-modifying CTEs, which PostgreSQL checks at the statement's end but Citus runs one after
--      another, lines possibly before their parent; checked at commit, the order does not matter;
--   2. a primary key, unique constraint or unique index without organization_id gets it first;
--   3. unique indexes on (organization_id, id), made for those foreign keys while the primary key was
--      id alone, duplicate the new primary key and are dropped.

-- organizations is distributed by its own id. A sandbox names its live books on another shard, so
-- that link cannot be a foreign key or a global unique index under Citus: sign-up writes both rows
-- in one transaction, and `folio check` keeps watching that every sandbox's live books exist.
ALTER TABLE organizations DROP CONSTRAINT IF EXISTS organizations_live_organization_id_fkey;
DROP INDEX IF EXISTS organizations_one_sandbox;
CREATE INDEX IF NOT EXISTS organizations_live ON organizations (live_organization_id)
  WHERE live_organization_id IS NOT NULL;

-- The outbox of password resets and invitations holds rows of no organization (a reset is a
-- user's): a reference table under Citus, which cannot reference the distributed organizations.
ALTER TABLE auth_emails DROP CONSTRAINT IF EXISTS auth_emails_organization_id_fkey;

-- The lines' immutability trigger reads the entry by (organization_id, id), so on Citus it reads
-- the co-located shard of journal_entries, on the node where the line's shard is. PL/pgSQL: Citus
-- cannot plan a distributed query inside an SQL function with parameters.
DROP TRIGGER journal_lines_immutable ON journal_lines;
DROP FUNCTION journal_entry_is_posted(uuid);
CREATE FUNCTION journal_entry_is_posted(entry_organization_id uuid, entry_id uuid) RETURNS boolean
  LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM journal_entries
                  WHERE organization_id = entry_organization_id AND id = entry_id AND status = 'posted');
END $$;
-- On Citus the trigger fires on the line's shard, and this query is a distributed query run from it,
-- which Citus refuses unless allowed: it reads the co-located shard of the same organization, on the
-- same node, in the same transaction (local execution), so it sees what the statement sees. On
-- PostgreSQL and PGlite the setting is an unused placeholder.
ALTER FUNCTION journal_entry_is_posted(uuid, uuid) SET citus.allow_nested_distributed_execution = on;
CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines FOR EACH ROW
  WHEN (journal_entry_is_posted(OLD.organization_id, OLD.journal_entry_id))
  EXECUTE FUNCTION refuse_immutable_change('lines of posted journal entries are immutable');

DO $$
DECLARE
  fk_row record;
  key_row record;
  index_row record;
  new_def text;
BEGIN
  CREATE TEMPORARY TABLE rekey_foreign_keys (tbl regclass, name text, def text) ON COMMIT DROP;

  -- 1. Foreign keys from a table of the books to another (not to organizations, whose id is the
  -- distribution column itself, nor to users): remembered in their new form, then dropped.
  FOR fk_row IN
    SELECT con.conrelid::regclass AS tbl, con.conname AS name, pg_get_constraintdef(con.oid) AS def,
           EXISTS (SELECT 1 FROM pg_attribute a
                    WHERE a.attrelid = con.conrelid AND a.attnum = ANY (con.conkey)
                      AND a.attname = 'organization_id') AS has_org
      FROM pg_constraint con
      JOIN pg_class rel ON rel.oid = con.conrelid
     WHERE con.contype = 'f'
       AND rel.relnamespace = current_schema()::regnamespace
       AND EXISTS (SELECT 1 FROM pg_attribute a
                    WHERE a.attrelid = con.conrelid AND a.attname = 'organization_id' AND a.attnotnull)
       AND EXISTS (SELECT 1 FROM pg_attribute a
                    WHERE a.attrelid = con.confrelid AND a.attname = 'organization_id' AND a.attnotnull)
  LOOP
    new_def := fk_row.def;
    IF NOT fk_row.has_org THEN
      new_def := regexp_replace(new_def, '^FOREIGN KEY \(', 'FOREIGN KEY (organization_id, ');
      new_def := regexp_replace(new_def, 'REFERENCES ([^(]+)\(', 'REFERENCES \1(organization_id, ');
    END IF;
    IF new_def NOT LIKE '%DEFERRABLE%' THEN
      new_def := new_def || ' DEFERRABLE INITIALLY DEFERRED';
    END IF;
    INSERT INTO rekey_foreign_keys VALUES (fk_row.tbl, fk_row.name, new_def);
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk_row.tbl, fk_row.name);
  END LOOP;

  -- 2. Primary keys and unique constraints without organization_id: the same columns after it.
  FOR key_row IN
    SELECT c.conrelid::regclass AS tbl, c.conname AS name, c.contype AS kind,
           (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY k.ord)
              FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS cols
      FROM pg_constraint c
      JOIN pg_class rel ON rel.oid = c.conrelid
     WHERE c.contype IN ('p', 'u')
       AND rel.relnamespace = current_schema()::regnamespace
       AND EXISTS (SELECT 1 FROM pg_attribute a
                    WHERE a.attrelid = c.conrelid AND a.attname = 'organization_id' AND a.attnotnull)
       AND NOT EXISTS (SELECT 1 FROM pg_attribute a
                        WHERE a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
                          AND a.attname = 'organization_id')
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I, ADD CONSTRAINT %I %s (organization_id, %s)',
                   key_row.tbl, key_row.name, key_row.name,
                   CASE key_row.kind WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END, key_row.cols);
  END LOOP;

  -- Unique indexes that are not constraints (partial or on expressions), likewise.
  FOR index_row IN
    SELECT i.indexrelid::regclass AS name, pg_get_indexdef(i.indexrelid) AS def
      FROM pg_index i
      JOIN pg_class rel ON rel.oid = i.indrelid
     WHERE i.indisunique
       AND rel.relnamespace = current_schema()::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
       AND EXISTS (SELECT 1 FROM pg_attribute a
                    WHERE a.attrelid = i.indrelid AND a.attname = 'organization_id' AND a.attnotnull)
       AND NOT EXISTS (SELECT 1 FROM pg_attribute a
                        WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
                          AND a.attname = 'organization_id')
  LOOP
    EXECUTE format('DROP INDEX %s', index_row.name);
    EXECUTE regexp_replace(index_row.def, ' USING (\w+) \(', ' USING \1 (organization_id, ');
  END LOOP;

  -- 3. Unique indexes on exactly the primary key's columns: the primary key serves them now.
  FOR index_row IN
    SELECT i.indexrelid::regclass AS name
      FROM pg_index i
      JOIN pg_class rel ON rel.oid = i.indrelid
      JOIN pg_index pk ON pk.indrelid = i.indrelid AND pk.indisprimary
     WHERE i.indisunique AND NOT i.indisprimary
       AND rel.relnamespace = current_schema()::regnamespace
       AND i.indpred IS NULL AND i.indexprs IS NULL
       AND i.indkey::int2[] = pk.indkey::int2[]
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype <> 'f')
  LOOP
    EXECUTE format('DROP INDEX %s', index_row.name);
  END LOOP;

  FOR fk_row IN SELECT * FROM rekey_foreign_keys LOOP
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk_row.tbl, fk_row.name, fk_row.def);
  END LOOP;
END $$;

-- The lookups that start a request with nothing but a token (an API key, an invitation link) find
-- the organization here first; the key or invitation itself is then read on its organization's
-- shard. Under Citus this is a reference table (on every node), like users and sessions. (Made after
-- the rekeying above, which would otherwise put organization_id into its key.)
CREATE TABLE token_lookup (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('api_key', 'invitation')),
  organization_id uuid NOT NULL,
  record_id uuid NOT NULL
);
INSERT INTO token_lookup (token_hash, kind, organization_id, record_id)
SELECT token_hash, 'api_key', organization_id, id FROM api_keys;
INSERT INTO token_lookup (token_hash, kind, organization_id, record_id)
SELECT token_hash, 'invitation', organization_id, id FROM invitations;

-- The text forms the stores read timestamps and dates in (storage/sql.ts isoTimestamp), for RETURNING
-- clauses: Citus accepts only IMMUTABLE functions there, and to_char and date_out are STABLE (they
-- follow lc_time and DateStyle, which these fixed numeric patterns do not use).
CREATE FUNCTION iso_timestamp_text(value timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(value AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;
CREATE FUNCTION iso_date_text(value date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(value, 'YYYY-MM-DD')
$$;
