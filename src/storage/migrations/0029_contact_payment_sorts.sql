-- Issue 21, lists: customers and vendors sorted by name, payments received and bill payments by
-- number, date and amount (`?sort=`), each order a keyset over (key, created_at, id) that an index
-- reads in either direction. The name is lower(display_name), written as the store writes it so the
-- planner matches it. A payment's customer or vendor name sorts after its join (no index on the
-- payment can hold another table's column). Every index leads with organization_id, the
-- distribution column (D79).

CREATE INDEX customers_sort_name ON customers (organization_id, (lower(display_name)), created_at, id);
CREATE INDEX vendors_sort_name ON vendors (organization_id, (lower(display_name)), created_at, id);

CREATE INDEX payments_received_sort_number ON payments_received (organization_id, number, created_at, id);
CREATE INDEX payments_received_sort_payment_date ON payments_received (organization_id, payment_date, created_at, id);
CREATE INDEX payments_received_sort_amount ON payments_received (organization_id, amount, created_at, id);

CREATE INDEX bill_payments_sort_number ON bill_payments (organization_id, number, created_at, id);
CREATE INDEX bill_payments_sort_payment_date ON bill_payments (organization_id, payment_date, created_at, id);
CREATE INDEX bill_payments_sort_amount ON bill_payments (organization_id, amount, created_at, id);
