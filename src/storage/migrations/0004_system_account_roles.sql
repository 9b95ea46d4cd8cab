-- D65: the accounts the service posts to by itself carry a role and are found by it, never by
-- number. Renumbering or renaming one keeps it the one posted to; the unique index keeps a second
-- account from taking the role. The roles match src/domain/chart.ts (SYSTEM_ROLES, SEEDED_CHART).
ALTER TABLE accounts ADD COLUMN system_role text;

-- Existing books: the seeded account with the seeded number takes the role. (Both updates only
-- fill roles no account of the organization holds yet, so running them again changes nothing.)
UPDATE accounts SET system_role = r.role
  FROM (VALUES ('1000', 'bank'),
               ('1010', 'undeposited_funds'),
               ('1100', 'accounts_receivable'),
               ('1200', 'inventory'),
               ('2000', 'accounts_payable'),
               ('2200', 'sales_tax_payable'),
               ('3200', 'retained_earnings'),
               ('5000', 'cost_of_goods_sold'))
    AS r(number, role)
 WHERE accounts.is_system AND accounts.system_role IS NULL AND accounts.number = r.number
   AND NOT EXISTS (SELECT 1 FROM accounts o
                    WHERE o.organization_id = accounts.organization_id AND o.system_role = r.role);

-- A seeded account renumbered before this migration: the one seeded account of that detail type
-- whose organization has no account with the role yet (when exactly one such account exists). Each
-- role's seeded account has the detail type of the role's own name.
UPDATE accounts SET system_role = r.role
  FROM unnest(ARRAY['bank', 'undeposited_funds', 'accounts_receivable', 'inventory', 'accounts_payable',
                    'sales_tax_payable', 'retained_earnings', 'cost_of_goods_sold']) AS r(role)
 WHERE accounts.is_system AND accounts.system_role IS NULL AND accounts.detail_type = r.role
   AND NOT EXISTS (SELECT 1 FROM accounts o
                    WHERE o.organization_id = accounts.organization_id AND o.system_role = r.role)
   AND (SELECT count(*) FROM accounts c
         WHERE c.organization_id = accounts.organization_id AND c.is_system AND c.system_role IS NULL
           AND c.detail_type = r.role) = 1;

CREATE UNIQUE INDEX accounts_system_role ON accounts (organization_id, system_role)
  WHERE system_role IS NOT NULL;
