// Saved CSV mappings (D71): CRUD. The shape rules (an amount column, or a debit and a credit column)
// are the CSV reader's, so a mapping that saves is one the import accepts.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../storage/db.ts';
import type { MappingFields, MappingRow } from '../../storage/stores/bank-statement-mappings.ts';
import * as mappings from '../../storage/stores/bank-statement-mappings.ts';
import type { WriteScope } from '../changes.ts';
import { listAll, readById } from '../reads.ts';
import { lockerOf, versionedDelete, versionedUpdate } from '../versions.ts';
import { recordStamps } from '../views.ts';
import { assertMappingShape, type CsvMapping, type DateFormat, type Delimiter } from './formats/csv.ts';

/** A saved mapping: a name and the CSV reader's mapping. */
export interface MappingInput extends CsvMapping {
  name: string;
}

function describeMapping(row: MappingRow) {
  return {
    id: row.id,
    name: row.name,
    date_column: row.date_column,
    amount_column: row.amount_column,
    debit_column: row.debit_column,
    credit_column: row.credit_column,
    description_column: row.description_column,
    payee_column: row.payee_column,
    reference_column: row.reference_column,
    date_format: row.date_format as DateFormat,
    decimal_separator: row.decimal_separator as '.' | ',',
    delimiter: row.delimiter as Delimiter | null,
    ...recordStamps(row),
  };
}
export type MappingView = ReturnType<typeof describeMapping>;

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

function fieldsOf(input: MappingInput): MappingFields {
  const fields: MappingFields = {
    name: input.name.trim(),
    date_column: input.date_column.trim(),
    amount_column: blankToNull(input.amount_column),
    debit_column: blankToNull(input.debit_column),
    credit_column: blankToNull(input.credit_column),
    description_column: blankToNull(input.description_column),
    payee_column: blankToNull(input.payee_column),
    reference_column: blankToNull(input.reference_column),
    date_format: input.date_format,
    decimal_separator: input.decimal_separator ?? '.',
    delimiter: input.delimiter ?? null,
  };
  assertMappingShape(fields as Parameters<typeof assertMappingShape>[0], '');
  return fields;
}

export const readMapping = readById(mappings.find, 'bank statement mapping', describeMapping);

/** A saved mapping by id, for an import (`mapping=`): 400 on `query/mapping` when there is none. */
export function findMapping(db: Queryable, organizationId: string, id: string) {
  return mappings.find(db, organizationId, id);
}

export const listMappings = listAll(mappings.page, describeMapping);

export async function createMapping(scope: WriteScope, input: MappingInput): Promise<MappingView> {
  const organizationId = scope.actor.organization.id;
  const id = randomUUID();
  await mappings.insert(scope.tx, organizationId, id, fieldsOf(input));
  return readMapping(scope.tx, scope.actor, id);
}

const lockMapping = lockerOf(mappings.lock, 'bank statement mapping');

/** PATCH: sparse; null clears an optional column; the result must still be a whole mapping. */
export const updateMapping = versionedUpdate(
  lockMapping,
  async (scope, row, patch: Partial<MappingInput>, version): Promise<MappingView> => {
    const { version: _version, ...given } = patch as Partial<MappingInput> & { version?: number };
    const merged = { ...describeMapping(row), ...given } as MappingInput;
    await mappings.update(scope.tx, scope.actor.organization.id, row.id, fieldsOf(merged), version);
    return readMapping(scope.tx, scope.actor, row.id);
  },
);

export const deleteMapping = versionedDelete(lockMapping, mappings.remove);
