// Pure rules of a journal entry: every line one-sided and positive, debits equal credits.
import { DomainError, fieldError } from './errors.ts';
import { formatMoney, type Money, parseMoney, sumMoney } from './money.ts';

export const MAX_LINES_PER_ENTRY = 500;

export interface JournalLineInput {
  account: string;
  debit?: string;
  credit?: string;
  description?: string;
  tracking_options?: string[];
}

export interface JournalLine {
  accountId: string;
  debit: Money;
  credit: Money;
  description: string;
  trackingOptionIds: string[];
}

/** Validates request lines (already schema-checked as money strings) and returns exact lines. */
export function buildJournalLines(lines: JournalLineInput[], pathPrefix = 'lines'): JournalLine[] {
  if (lines.length < 2) throw fieldError(pathPrefix, 'an entry needs at least two lines');
  if (lines.length > MAX_LINES_PER_ENTRY) {
    throw fieldError(pathPrefix, `an entry has at most ${MAX_LINES_PER_ENTRY} lines`);
  }
  return lines.map((line, index) => {
    const path = `${pathPrefix}/${index}`;
    const hasDebit = line.debit !== undefined && line.debit !== null;
    const hasCredit = line.credit !== undefined && line.credit !== null;
    if (hasDebit === hasCredit) throw fieldError(path, 'give exactly one of debit or credit');
    const side = hasDebit ? 'debit' : 'credit';
    const amount = parseMoney((hasDebit ? line.debit : line.credit) as string);
    if (amount < 0n) throw fieldError(`${path}/${side}`, 'must not be negative', 'invalid_money');
    if (amount === 0n) throw fieldError(`${path}/${side}`, 'must be greater than zero');
    return {
      accountId: line.account,
      debit: hasDebit ? amount : 0n,
      credit: hasCredit ? amount : 0n,
      description: line.description ?? '',
      trackingOptionIds: line.tracking_options ?? [],
    };
  });
}

export interface EntryTotals {
  totalDebit: Money;
  totalCredit: Money;
}

/** An entry's totals; a total past NUMERIC(20,4) is invalid_money on `field` (D66). */
export function entryTotals(lines: JournalLine[], field = 'lines'): EntryTotals {
  return {
    totalDebit: sumMoney(
      lines.map((line) => line.debit),
      field,
    ),
    totalCredit: sumMoney(
      lines.map((line) => line.credit),
      field,
    ),
  };
}

/** Refuses an entry whose debits and credits differ (400 unbalanced_entry). */
export function assertBalanced(lines: JournalLine[]): EntryTotals {
  const totals = entryTotals(lines);
  if (totals.totalDebit !== totals.totalCredit) {
    throw new DomainError('unbalanced_entry', 'debits and credits are not equal', {
      total_debit: formatMoney(totals.totalDebit),
      total_credit: formatMoney(totals.totalCredit),
      difference: formatMoney(totals.totalDebit - totals.totalCredit),
    });
  }
  return totals;
}

/** The lines of an entry that undoes `lines`: every debit becomes a credit and back. */
export function reversedLines(lines: JournalLine[]): JournalLine[] {
  return lines.map((line) => ({ ...line, debit: line.credit, credit: line.debit }));
}

/** Net movement per account, for the balance summary. Sorted by account id to lock rows in one order. */
export function netByAccount(lines: JournalLine[]): { accountId: string; debit: Money; credit: Money }[] {
  const byAccount = new Map<string, { debit: Money; credit: Money }>();
  for (const line of lines) {
    const current = byAccount.get(line.accountId) ?? { debit: 0n, credit: 0n };
    current.debit += line.debit;
    current.credit += line.credit;
    byAccount.set(line.accountId, current);
  }
  return [...byAccount.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([accountId, totals]) => ({ accountId, ...totals }));
}
