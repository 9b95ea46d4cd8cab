// Saved CSV mappings (D71): which header holds what in a bank's CSV export.
import type { Queryable } from '../db.ts';
import { wholeCollection } from '../keyset.ts';
import { isoTimestamp } from '../sql.ts';

export interface MappingFields {
  name: string;
  date_column: string;
  amount_column: string | null;
  debit_column: string | null;
  credit_column: string | null;
  description_column: string | null;
  payee_column: string | null;
  reference_column: string | null;
  date_format: string;
  decimal_separator: string;
  delimiter: string | null;
}

export interface MappingRow extends MappingFields {
  id: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export const MAPPING_COLUMNS = [
  'name',
  'date_column',
  'amount_column',
  'debit_column',
  'credit_column',
  'description_column',
  'payee_column',
  'reference_column',
  'date_format',
  'decimal_separator',
  'delimiter',
] as const satisfies readonly (keyof MappingFields)[];

const SELECT = `SELECT id, ${MAPPING_COLUMNS.join(', ')}, version, ${isoTimestamp('created_at')} AS created_at,
  ${isoTimestamp('updated_at')} AS updated_at FROM bank_statement_mappings`;

export const { find, lock, page } = wholeCollection<MappingRow>(SELECT);

export async function insert(tx: Queryable, organizationId: string, id: string, fields: MappingFields) {
  await tx.query(
    `INSERT INTO bank_statement_mappings (organization_id, id, ${MAPPING_COLUMNS.join(', ')})
     VALUES ($1, $2, ${MAPPING_COLUMNS.map((_, index) => `$${index + 3}`).join(', ')})`,
    [organizationId, id, ...MAPPING_COLUMNS.map((column) => fields[column])],
  );
}

/** Writes every field of a mapping the caller locked, at `version`. */
export async function update(
  tx: Queryable,
  organizationId: string,
  id: string,
  fields: MappingFields,
  version: number,
) {
  await tx.query(
    `UPDATE bank_statement_mappings
        SET ${MAPPING_COLUMNS.map((column, index) => `${column} = $${index + 3}`).join(', ')},
            version = $${MAPPING_COLUMNS.length + 3}, updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, id, ...MAPPING_COLUMNS.map((column) => fields[column]), version],
  );
}

export async function remove(tx: Queryable, organizationId: string, id: string) {
  await tx.query('DELETE FROM bank_statement_mappings WHERE organization_id = $1 AND id = $2', [
    organizationId,
    id,
  ]);
}
