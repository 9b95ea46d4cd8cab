-- Issue 21, sign-up: the country the books are kept in (ISO 3166-1 alpha-2, src/domain/countries.ts
-- says which codes) and the month their fiscal year starts. Books made before this migration have no
-- country (null: never asked) and a fiscal year starting in January, which is what reports assumed.
ALTER TABLE organizations
  ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$'),
  ADD COLUMN fiscal_year_start_month integer NOT NULL DEFAULT 1
    CHECK (fiscal_year_start_month BETWEEN 1 AND 12);
