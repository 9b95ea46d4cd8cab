// Saved CSV mappings (D71): CRUD. The shape rules (an amount column, or a debit and a credit column)
// are the CSV reader's, so a mapping that saves is one the import accepts.
import { randomUUID } from 'node:crypto';
import { notFound } from '../../domain/errors.ts';
import type { Queryable } from '../../storage/db.ts';
import type { MappingFields, MappingRow } from '../../storage/stores/bank-statement-mappings.ts';
import * as mappings from '../../storage/stores/bank-statement-mappings.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { type PageCursor, toPage } from '../pagination.ts';
import { lockAtVersion } from '../versions.ts';
import { assertMappingShape, type DateFormat, type Delimiter } from './formats/csv.ts';

export interface MappingInput {
  name: string;
  date_column: string;
  amount_column?: string | null;
  debit_column?: string | null;
  credit_column?: string | null;
  description_column?: string | null;
  payee_column?: string | null;
  reference_column?: string | null;
  date_format: DateFormat;
  decimal_separator?: '.' | ',';
  delimiter?: Delimiter | null;
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
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
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

export async function readMapping(db: Queryable, actor: Actor, id: string): Promise<MappingView> {
  const row = await mappings.find(db, actor.organization.id, id);
  if (!row) throw notFound('bank statement mapping');
  return describeMapping(row);
}

/** A saved mapping by id, for an import (`mapping=`): 400 on `query/mapping` when there is none. */
export function findMapping(db: Queryable, organizationId: string, id: string) {
  return mappings.find(db, organizationId, id);
}

export async function listMappings(deps: Deps, actor: Actor, cursor: PageCursor | undefined) {
  const organizationId = actor.organization.id;
  const page = toPage(organizationId, await mappings.page(deps.db, organizationId, cursor), cursor);
  return { ...page, rows: page.rows.map(describeMapping) };
}

export async function createMapping(scope: WriteScope, input: MappingInput): Promise<MappingView> {
  const organizationId = scope.actor.organization.id;
  const id = randomUUID();
  await mappings.insert(scope.tx, organizationId, id, fieldsOf(input));
  return readMapping(scope.tx, scope.actor, id);
}

/** PATCH: sparse; null clears an optional column; the result must still be a whole mapping. */
export async function updateMapping(
  scope: WriteScope,
  id: string,
  patch: Partial<MappingInput>,
  expectedVersion: number | undefined,
): Promise<MappingView> {
  const organizationId = scope.actor.organization.id;
  const row = await lockAtVersion(
    () => mappings.lock(scope.tx, organizationId, id),
    'bank statement mapping',
    expectedVersion,
  );
  const { version: _version, ...given } = patch as Partial<MappingInput> & { version?: number };
  const current = describeMapping(row);
  const merged = { ...current, ...given } as MappingInput;
  await mappings.update(scope.tx, organizationId, row.id, fieldsOf(merged), row.version + 1);
  return readMapping(scope.tx, scope.actor, row.id);
}

export async function deleteMapping(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  const organizationId = scope.actor.organization.id;
  const row = await lockAtVersion(
    () => mappings.lock(scope.tx, organizationId, id),
    'bank statement mapping',
    expectedVersion,
  );
  await mappings.remove(scope.tx, organizationId, row.id);
  return null;
}
