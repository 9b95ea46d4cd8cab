-- D90: a document line may carry a tax group instead of a tax rate. The line names the group
-- (tax_group_id, never together with tax_rate_id), and every taxed line keeps its tax per rate in a
-- child table (<lines>_taxes: one row per component rate, in the group's order; one row for a line
-- with a single rate), which is what the document posts per rate's account, what its view answers as
-- `taxes` and what the tax summary (D91) reads. The line's tax_amount stays: the sum of its rows.
--
-- Every key carries organization_id (D79). The child tables are created without foreign keys and
-- keyed below: on a Citus cluster whose books are already distributed, a new table must be
-- distributed (co-located) before it may reference them; on PostgreSQL, PGlite and a Citus cluster
-- being set up (everything still local) the runner's distribution comes later (src/storage/citus.ts).
-- One constraint per ALTER TABLE: Citus refuses ADD CONSTRAINT beside other subcommands on a
-- distributed table.

ALTER TABLE invoice_lines ADD COLUMN tax_group_id uuid;
ALTER TABLE credit_note_lines ADD COLUMN tax_group_id uuid;
ALTER TABLE bill_lines ADD COLUMN tax_group_id uuid;
ALTER TABLE vendor_credit_lines ADD COLUMN tax_group_id uuid;

ALTER TABLE invoice_lines
  ADD CONSTRAINT invoice_lines_tax_group FOREIGN KEY (organization_id, tax_group_id)
    REFERENCES tax_groups (organization_id, id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE invoice_lines
  ADD CONSTRAINT invoice_lines_one_tax CHECK (tax_rate_id IS NULL OR tax_group_id IS NULL);
ALTER TABLE credit_note_lines
  ADD CONSTRAINT credit_note_lines_tax_group FOREIGN KEY (organization_id, tax_group_id)
    REFERENCES tax_groups (organization_id, id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE credit_note_lines
  ADD CONSTRAINT credit_note_lines_one_tax CHECK (tax_rate_id IS NULL OR tax_group_id IS NULL);
ALTER TABLE bill_lines
  ADD CONSTRAINT bill_lines_tax_group FOREIGN KEY (organization_id, tax_group_id)
    REFERENCES tax_groups (organization_id, id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE bill_lines
  ADD CONSTRAINT bill_lines_one_tax CHECK (tax_rate_id IS NULL OR tax_group_id IS NULL);
ALTER TABLE vendor_credit_lines
  ADD CONSTRAINT vendor_credit_lines_tax_group FOREIGN KEY (organization_id, tax_group_id)
    REFERENCES tax_groups (organization_id, id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE vendor_credit_lines
  ADD CONSTRAINT vendor_credit_lines_one_tax CHECK (tax_rate_id IS NULL OR tax_group_id IS NULL);

-- A sales line is taxable when it names a rate or a group (the old check, unnamed in 0002 and 0011,
-- said a rate only).
DO $$
DECLARE
  check_row record;
BEGIN
  FOR check_row IN
    SELECT c.conrelid::regclass AS tbl, c.conname AS name
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
     WHERE c.contype = 'c' AND t.relnamespace = current_schema()::regnamespace
       AND t.relname IN ('invoice_lines', 'credit_note_lines')
       AND pg_get_constraintdef(c.oid) LIKE '%is_taxable%'
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', check_row.tbl, check_row.name);
  END LOOP;
END $$;
ALTER TABLE invoice_lines ADD CONSTRAINT invoice_lines_taxable
  CHECK (is_taxable = (tax_rate_id IS NOT NULL OR tax_group_id IS NOT NULL));
ALTER TABLE credit_note_lines ADD CONSTRAINT credit_note_lines_taxable
  CHECK (is_taxable = (tax_rate_id IS NOT NULL OR tax_group_id IS NOT NULL));

CREATE TABLE invoice_line_taxes (
  organization_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
  line_no integer NOT NULL,
  position integer NOT NULL CHECK (position > 0),
  tax_rate_id uuid NOT NULL,
  amount numeric(20, 4) NOT NULL,
  PRIMARY KEY (organization_id, invoice_id, line_no, position)
);
CREATE TABLE credit_note_line_taxes (LIKE invoice_line_taxes INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
ALTER TABLE credit_note_line_taxes RENAME COLUMN invoice_id TO credit_note_id;
ALTER TABLE credit_note_line_taxes ADD PRIMARY KEY (organization_id, credit_note_id, line_no, position);
CREATE TABLE bill_line_taxes (LIKE invoice_line_taxes INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
ALTER TABLE bill_line_taxes RENAME COLUMN invoice_id TO bill_id;
ALTER TABLE bill_line_taxes ADD PRIMARY KEY (organization_id, bill_id, line_no, position);
CREATE TABLE vendor_credit_line_taxes (LIKE invoice_line_taxes INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
ALTER TABLE vendor_credit_line_taxes RENAME COLUMN invoice_id TO vendor_credit_id;
ALTER TABLE vendor_credit_line_taxes ADD PRIMARY KEY (organization_id, vendor_credit_id, line_no, position);

-- On a cluster whose books are distributed already: the new tables join them before they are keyed.
DO $$
DECLARE
  child text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    IF EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = 'invoice_lines'::regclass) THEN
      FOREACH child IN ARRAY ARRAY['invoice_line_taxes', 'credit_note_line_taxes', 'bill_line_taxes',
                                   'vendor_credit_line_taxes'] LOOP
        EXECUTE format('SELECT create_distributed_table(%L, %L, colocate_with => %L)',
                       child, 'organization_id', 'organizations');
      END LOOP;
    END IF;
  END IF;
END $$;

ALTER TABLE invoice_line_taxes
  ADD CONSTRAINT invoice_line_taxes_line FOREIGN KEY (organization_id, invoice_id, line_no)
    REFERENCES invoice_lines (organization_id, invoice_id, line_no) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE invoice_line_taxes
  ADD CONSTRAINT invoice_line_taxes_rate FOREIGN KEY (organization_id, tax_rate_id)
    REFERENCES tax_rates (organization_id, id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE credit_note_line_taxes
  ADD CONSTRAINT credit_note_line_taxes_line FOREIGN KEY (organization_id, credit_note_id, line_no)
    REFERENCES credit_note_lines (organization_id, credit_note_id, line_no) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE credit_note_line_taxes
  ADD CONSTRAINT credit_note_line_taxes_rate FOREIGN KEY (organization_id, tax_rate_id)
    REFERENCES tax_rates (organization_id, id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE bill_line_taxes
  ADD CONSTRAINT bill_line_taxes_line FOREIGN KEY (organization_id, bill_id, line_no)
    REFERENCES bill_lines (organization_id, bill_id, line_no) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE bill_line_taxes
  ADD CONSTRAINT bill_line_taxes_rate FOREIGN KEY (organization_id, tax_rate_id)
    REFERENCES tax_rates (organization_id, id) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE vendor_credit_line_taxes
  ADD CONSTRAINT vendor_credit_line_taxes_line FOREIGN KEY (organization_id, vendor_credit_id, line_no)
    REFERENCES vendor_credit_lines (organization_id, vendor_credit_id, line_no) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE vendor_credit_line_taxes
  ADD CONSTRAINT vendor_credit_line_taxes_rate FOREIGN KEY (organization_id, tax_rate_id)
    REFERENCES tax_rates (organization_id, id) DEFERRABLE INITIALLY DEFERRED;

-- Lines written before: a line with a rate has that rate's tax as its one row.
INSERT INTO invoice_line_taxes (organization_id, invoice_id, line_no, position, tax_rate_id, amount)
SELECT organization_id, invoice_id, line_no, 1, tax_rate_id, tax_amount
  FROM invoice_lines WHERE tax_rate_id IS NOT NULL;
INSERT INTO credit_note_line_taxes (organization_id, credit_note_id, line_no, position, tax_rate_id, amount)
SELECT organization_id, credit_note_id, line_no, 1, tax_rate_id, tax_amount
  FROM credit_note_lines WHERE tax_rate_id IS NOT NULL;
INSERT INTO bill_line_taxes (organization_id, bill_id, line_no, position, tax_rate_id, amount)
SELECT organization_id, bill_id, line_no, 1, tax_rate_id, tax_amount
  FROM bill_lines WHERE tax_rate_id IS NOT NULL;
INSERT INTO vendor_credit_line_taxes (organization_id, vendor_credit_id, line_no, position, tax_rate_id, amount)
SELECT organization_id, vendor_credit_id, line_no, 1, tax_rate_id, tax_amount
  FROM vendor_credit_lines WHERE tax_rate_id IS NOT NULL;
