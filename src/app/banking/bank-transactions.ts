// Bank transactions (D72, D73): the lines of a bank account, imported from statements or pushed by
// an integration, exactly once per bank_reference. Reads describe them with their matches.
import { randomUUID } from 'node:crypto';
import { isCalendarDate } from '../../domain/dates.ts';
import { fieldError } from '../../domain/errors.ts';
import {
  currencyDecimals,
  formatMoney,
  isMoneyString,
  isWholeMinorUnits,
  type Money,
  parseMoney,
} from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import { containsPattern } from '../../storage/sql.ts';
import type { BankTransactionRow, MatchRow } from '../../storage/stores/bank-transactions.ts';
import * as bank from '../../storage/stores/bank-transactions.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Organization } from '../context.ts';
import { readDocument } from '../documents/documents.ts';
import { listOf } from '../pagination.ts';
import { accountFilter } from '../reads.ts';
import { recordStamps } from '../views.ts';
import { assertBankAccount } from './bank-accounts.ts';
import { rulesInOrder, type Suggestion, suggestionOf } from './bank-rules.ts';

export const BANK_TRANSACTION_ENTITY = 'bank_transaction';
export const BANK_TRANSACTION_STATUSES = ['unmatched', 'matched', 'excluded'] as const;
export const PUSH_TRANSACTIONS_MAX = 1000;

export type { Suggestion } from './bank-rules.ts';

function describeTransaction(row: BankTransactionRow, matches: MatchRow[], suggestion: Suggestion | null) {
  return {
    id: row.id,
    account: row.account_id,
    date: row.date,
    amount: row.amount,
    description: row.description,
    payee: row.payee,
    bank_reference: row.bank_reference,
    statement: row.statement_id,
    status: row.status,
    matched: matches.map((match) => ({
      journal_line: match.journal_line_id,
      journal_entry: match.journal_entry_id,
      amount: match.amount,
    })),
    suggestion,
    reconciliation: row.reconciliation_id,
    ...recordStamps(row),
  };
}
export type BankTransactionView = ReturnType<typeof describeTransaction>;

export async function readBankTransaction(db: Queryable, actor: Actor, id: string) {
  const { row, rows } = await readDocument(db, actor.organization.id, id, 'bank transaction', {
    find: bank.findTransaction,
    rowsOf: bank.matchesOf,
  });
  const suggestion =
    row.status === 'unmatched' ? suggestionOf(await rulesInOrder(db, actor.organization.id), row) : null;
  return describeTransaction(row, rows, suggestion);
}

/**
 * Several transactions described, in the order of `rows`: their matches in one query, and (when one
 * is unmatched) the rules in one more, each unmatched line's suggestion computed from them (D75).
 */
export async function describeTransactions(
  db: Queryable,
  organizationId: string,
  rows: BankTransactionRow[],
) {
  const matches = await bank.matchesOf(
    db,
    organizationId,
    rows.map((row) => row.id),
  );
  const ordered = rows.some((row) => row.status === 'unmatched')
    ? await rulesInOrder(db, organizationId)
    : [];
  return rows.map((row) => describeTransaction(row, matches.get(row.id) ?? [], suggestionOf(ordered, row)));
}

export interface TransactionListQuery {
  account?: string;
  status?: (typeof BANK_TRANSACTION_STATUSES)[number];
  from?: string;
  to?: string;
  search?: string;
}

/** GET /bank-transactions: oldest first (D73), filtered by account, status, date range and text. */
export const listBankTransactions = listOf(
  bank.transactionPage,
  (query: TransactionListQuery) => ({
    accountId: accountFilter('account', query.account),
    status: query.status ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    searchPattern: containsPattern(query.search),
  }),
  describeTransactions,
);

/** A line as it will be stored: exact amount in the currency's minor unit, a calendar date. */
export interface NewBankLine {
  date: string;
  amount: Money;
  description: string;
  payee: string | null;
  bankReference: string;
}

/** D64's rule for money that moved: an amount in the currency's minor unit (USD cents). */
export function assertMinorUnits(
  organization: Organization,
  amount: Money,
  path: string,
  code: 'invalid_money' | 'validation_error',
) {
  const decimals = currencyDecimals(organization.currency);
  if (!isWholeMinorUnits(amount, decimals)) {
    throw fieldError(path, `has more decimals than ${organization.currency} has (${decimals})`, code);
  }
}

/**
 * Inserts the lines of one bank account, each unless its reference is already imported there (or
 * earlier in the same batch); a change record per line inserted. Answers the ids inserted.
 */
export async function insertBankLines(
  scope: WriteScope,
  accountId: string,
  statementId: string | null,
  lines: NewBankLine[],
): Promise<string[]> {
  const organizationId = scope.actor.organization.id;
  if (lines.length === 0) return [];
  const inserted = await bank.insertNewLines(scope.tx, {
    organizationId,
    accountId,
    statementId,
    // Sorted, so lines stamped in the same microsecond still list in file order (keyset: created_at, id).
    ids: lines.map(() => randomUUID()).sort(),
    dates: lines.map((line) => line.date),
    amounts: lines.map((line) => formatMoney(line.amount)),
    descriptions: lines.map((line) => line.description),
    payees: lines.map((line) => line.payee),
    references: lines.map((line) => line.bankReference),
  });
  for (const id of inserted) scope.changed(BANK_TRANSACTION_ENTITY, id, 'created', 1);
  return inserted;
}

export interface PushCommand {
  account: string;
  transactions: {
    date: string;
    amount: string;
    description?: string;
    payee?: string | null;
    bank_reference: string;
  }[];
}

/**
 * POST /bank-transactions (D72): an integration pushes 1 to 1000 lines; each reference is imported
 * once per account, so a retry (or an overlapping push) skips what is already there. Answers every
 * line of the request, in its order, as stored.
 */
export async function pushBankTransactions(scope: WriteScope, command: PushCommand) {
  const organization = scope.actor.organization;
  await assertBankAccount(scope.tx, organization.id, command.account, 'account');
  const lines = command.transactions.map((line, index): NewBankLine => {
    const path = `transactions/${index}`;
    if (!isCalendarDate(line.date)) throw fieldError(`${path}/date`, 'must be a calendar date YYYY-MM-DD');
    if (!isMoneyString(line.amount))
      throw fieldError(`${path}/amount`, 'must be a decimal string', 'invalid_money');
    const amount = parseMoney(line.amount);
    assertMinorUnits(organization, amount, `${path}/amount`, 'invalid_money');
    const bankReference = line.bank_reference.trim();
    if (bankReference === '') throw fieldError(`${path}/bank_reference`, 'must not be blank');
    return {
      date: line.date,
      amount,
      description: (line.description ?? '').trim(),
      payee: line.payee?.trim() || null,
      bankReference,
    };
  });
  const inserted = await insertBankLines(scope, command.account, null, lines);
  const stored = await bank.withReferences(
    scope.tx,
    organization.id,
    command.account,
    lines.map((line) => line.bankReference),
  );
  const byReference = new Map(stored.map((row) => [row.bank_reference, row]));
  const rows = lines.map((line) => byReference.get(line.bankReference)!);
  return {
    account: command.account,
    lines_imported: inserted.length,
    lines_skipped: lines.length - inserted.length,
    results: await describeTransactions(scope.tx, organization.id, rows),
  };
}
