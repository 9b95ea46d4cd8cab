// POST /bank-statements (D71, D72): a statement file imported whole or not at all. The file is read
// and checked before anything is written (a bad line refuses the file, naming the line); then, in the
// write's one transaction, the statement row and its new lines go in with one INSERT ... ON CONFLICT
// DO NOTHING on (organization, account, bank_reference), so lines already imported (by an earlier
// or overlapping file, or by a concurrent request) are skipped and counted.
import { createHash, randomUUID } from 'node:crypto';
import { fieldError } from '../../domain/errors.ts';
import { formatMoney, type Money } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import { isUuid } from '../../storage/sql.ts';
import { MAPPING_COLUMNS } from '../../storage/stores/bank-statement-mappings.ts';
import type { BankStatementRow } from '../../storage/stores/bank-transactions.ts';
import * as bank from '../../storage/stores/bank-transactions.ts';
import type { WriteScope } from '../changes.ts';
import type { Organization } from '../context.ts';
import { listByAccount, readById } from '../reads.ts';
import { assertBankAccount } from './bank-accounts.ts';
import { assertMinorUnits, insertBankLines } from './bank-transactions.ts';
import type { CsvMapping, DateFormat, Delimiter } from './formats/csv.ts';
import { type ParsedStatement, readStatement, type StatementMediaType } from './formats/index.ts';
import { findMapping } from './statement-mappings.ts';

/** Statement files may be this large (D71); other bodies keep the service's 1 MiB. */
export const STATEMENT_BYTES_MAX = 5 * 1024 * 1024;

function describeStatement(row: BankStatementRow) {
  return {
    id: row.id,
    account: row.account_id,
    format: row.format as ParsedStatement['format'],
    file_sha256: row.file_sha256,
    period_start: row.period_start,
    period_end: row.period_end,
    opening_balance: row.opening_balance,
    closing_balance: row.closing_balance,
    lines_imported: row.lines_imported,
    lines_skipped: row.lines_skipped,
    version: row.version,
    created_at: row.created_at,
  };
}
export type BankStatementView = ReturnType<typeof describeStatement>;

export const readStatementRecord = readById(bank.findStatement, 'bank statement', describeStatement);

export const listStatements = listByAccount(bank.statementPage, describeStatement);

/** The query of an import: the bank account, and for CSV a saved mapping or its fields. */
export interface ImportQuery extends Partial<CsvMapping> {
  account: string;
  mapping?: string;
}

/** The fields of a mapping the query may spell out: a saved mapping's columns but its name. */
const MAPPING_FIELDS = MAPPING_COLUMNS.filter((column) => column !== 'name');

/** A CSV import's mapping: the saved one `mapping=` names, or the one the query spells out. */
async function csvMapping(db: Queryable, organizationId: string, query: ImportQuery): Promise<CsvMapping> {
  if (query.mapping !== undefined) {
    const saved = isUuid(query.mapping) ? await findMapping(db, organizationId, query.mapping) : undefined;
    if (!saved) throw fieldError('query/mapping', 'no such saved mapping in these books');
    return {
      ...saved,
      date_format: saved.date_format as DateFormat,
      decimal_separator: saved.decimal_separator as '.' | ',',
      delimiter: saved.delimiter as Delimiter | null,
    };
  }
  if (!MAPPING_FIELDS.some((field) => query[field] !== undefined)) {
    throw fieldError(
      'query/mapping',
      'a CSV file needs mapping={id} or the mapping fields (date_column, amount_column, date_format...)',
    );
  }
  return { ...query, date_column: query.date_column ?? '', date_format: query.date_format as DateFormat };
}

/** Refusals of the statement as a whole and of each line, before anything is written. */
function assertImportable(organization: Organization, statement: ParsedStatement) {
  if (statement.currency !== null && statement.currency !== organization.currency) {
    throw fieldError(
      'currency',
      `the statement is in ${statement.currency}; these books keep ${organization.currency}`,
    );
  }
  for (const [index, line] of statement.lines.entries()) {
    assertMinorUnits(organization, line.amount, `lines/${index}/amount`, 'validation_error');
  }
}

const money = (amount: Money | null) => (amount === null ? null : formatMoney(amount));

export interface ImportCommand {
  query: ImportQuery;
  mediaType: StatementMediaType;
  file: Buffer;
}

export async function importStatement(scope: WriteScope, command: ImportCommand): Promise<BankStatementView> {
  const organization = scope.actor.organization;
  const { query } = command;
  await assertBankAccount(scope.tx, organization.id, query.account, 'query/account');
  const csv =
    command.mediaType === 'text/csv'
      ? {
          mapping: await csvMapping(scope.tx, organization.id, query),
          prefix: query.mapping ? 'mapping/' : 'query/',
        }
      : null;
  const statement = readStatement(command.file, command.mediaType, csv);
  assertImportable(organization, statement);
  const id = randomUUID();
  await bank.insertStatement(scope.tx, {
    organizationId: organization.id,
    id,
    accountId: query.account,
    format: statement.format,
    fileSha256: createHash('sha256').update(command.file).digest('hex'),
    periodStart: statement.periodStart,
    periodEnd: statement.periodEnd,
    openingBalance: money(statement.openingBalance),
    closingBalance: money(statement.closingBalance),
  });
  const inserted = await insertBankLines(scope, query.account, id, statement.lines);
  await bank.setStatementCounts(scope.tx, organization.id, id, {
    imported: inserted.length,
    skipped: statement.lines.length - inserted.length,
  });
  return readStatementRecord(scope.tx, scope.actor, id);
}
