-- Items and stock (D47-D52): what a business sells or buys, and for inventory items the stock it
-- holds. Stock moves only through posting documents (inventory adjustments here; sales and bills
-- join them), one stock_movements row per move, written in the same transaction as the document's
-- journal entry. An item's quantity_on_hand and inventory_value are the running sums of its
-- movements, kept on the item row (locked by every mover) so a sale reads them in one row; `folio
-- check` proves they equal the sums.

CREATE TABLE items (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  sku text,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('service', 'non_inventory', 'inventory')),
  description text NOT NULL DEFAULT '',
  sale_price numeric(20, 4) NOT NULL DEFAULT 0 CHECK (sale_price >= 0),
  purchase_cost numeric(20, 4) NOT NULL DEFAULT 0 CHECK (purchase_cost >= 0),
  income_account_id uuid,
  expense_account_id uuid,
  inventory_asset_account_id uuid,
  tax_rate_id uuid,
  quantity_on_hand numeric(20, 4) NOT NULL DEFAULT 0 CHECK (quantity_on_hand >= 0),
  inventory_value numeric(20, 4) NOT NULL DEFAULT 0 CHECK (inventory_value >= 0),
  is_active boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  FOREIGN KEY (organization_id, income_account_id) REFERENCES accounts (organization_id, id),
  FOREIGN KEY (organization_id, expense_account_id) REFERENCES accounts (organization_id, id),
  FOREIGN KEY (organization_id, inventory_asset_account_id) REFERENCES accounts (organization_id, id),
  FOREIGN KEY (organization_id, tax_rate_id) REFERENCES tax_rates (organization_id, id),
  -- Only an inventory item holds stock, and it always has the asset account the stock is valued in.
  CHECK ((type = 'inventory') = (inventory_asset_account_id IS NOT NULL)),
  CHECK (type = 'inventory' OR (quantity_on_hand = 0 AND inventory_value = 0)),
  -- No stock, no value: the last units sold take exactly what remained (D50).
  CHECK (quantity_on_hand > 0 OR inventory_value = 0)
);
CREATE UNIQUE INDEX items_org_id ON items (organization_id, id);
CREATE UNIQUE INDEX items_sku ON items (organization_id, lower(sku)) WHERE sku IS NOT NULL;
CREATE INDEX items_list ON items (organization_id, created_at, id);

-- One row per move of stock, signed (in positive, out negative), with the item's totals after it.
CREATE TABLE stock_movements (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL,
  item_id uuid NOT NULL,
  movement_date date NOT NULL,
  quantity numeric(20, 4) NOT NULL CHECK (quantity <> 0),
  unit_cost numeric(20, 4) NOT NULL CHECK (unit_cost >= 0),
  value numeric(20, 4) NOT NULL,
  quantity_after numeric(20, 4) NOT NULL CHECK (quantity_after >= 0),
  value_after numeric(20, 4) NOT NULL CHECK (value_after >= 0),
  source_type text NOT NULL,
  source_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  FOREIGN KEY (organization_id, item_id) REFERENCES items (organization_id, id),
  CHECK (sign(value) = 0 OR sign(value) = sign(quantity))
);
-- The item's movements in posting order (its list, D31), and by date (what is on hand on a day).
CREATE INDEX stock_movements_item ON stock_movements (organization_id, item_id, created_at, id);
CREATE INDEX stock_movements_item_date ON stock_movements (organization_id, item_id, movement_date);
CREATE INDEX stock_movements_source ON stock_movements (organization_id, source_id);

-- D52: numbered, posted at once, immutable (a correction is another adjustment).
CREATE TABLE inventory_adjustments (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  number text NOT NULL,
  item_id uuid NOT NULL,
  adjustment_date date NOT NULL,
  quantity numeric(20, 4) NOT NULL CHECK (quantity <> 0),
  unit_cost numeric(20, 4) NOT NULL CHECK (unit_cost >= 0),
  value numeric(20, 4) NOT NULL,
  account_id uuid NOT NULL,
  memo text NOT NULL DEFAULT '',
  -- null when the adjustment carried no value (units found at no cost): nothing to post
  journal_entry_id uuid REFERENCES journal_entries (id),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (organization_id, number),
  FOREIGN KEY (organization_id, item_id) REFERENCES items (organization_id, id),
  FOREIGN KEY (organization_id, account_id) REFERENCES accounts (organization_id, id)
);
CREATE INDEX inventory_adjustments_list ON inventory_adjustments (organization_id, created_at, id);

-- The ADJ counter of every existing set of books (new ones get it with their other counters).
INSERT INTO sequences (organization_id, name)
SELECT id, 'inventory_adjustment' FROM organizations
ON CONFLICT (organization_id, name) DO NOTHING;

-- D48: a sales line may name an item (its defaults were taken when the line was priced; an inventory
-- item's stock leaves when the invoice is sent). Credit note lines share the shape and never name one.
ALTER TABLE invoice_lines ADD COLUMN item_id uuid;
ALTER TABLE invoice_lines ADD CONSTRAINT invoice_lines_item
  FOREIGN KEY (organization_id, item_id) REFERENCES items (organization_id, id);
ALTER TABLE credit_note_lines ADD COLUMN item_id uuid;
ALTER TABLE credit_note_lines ADD CONSTRAINT credit_note_lines_no_item CHECK (item_id IS NULL);
