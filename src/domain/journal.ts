// Pure rules of a journal entry: every line one-sided and positive, debits equal credits; what a
// line's account and tracking options must be; when an entry may be edited, posted or reversed.
import { DOCUMENT_KEPT_ROLES } from './chart.ts';
import { DomainError, fieldError, invalidState } from './errors.ts';
import { formatMoney, type Money, parseMoney, sumMoney } from './money.ts';

export const LINES_PER_ENTRY_MAX = 500;
/** D59: entries in one batch, and lines across them (one statement writes them all). */
export const BATCH_ENTRIES_MAX = 1000;
export const BATCH_LINES_MAX = 20_000;

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
  if (lines.length > LINES_PER_ENTRY_MAX) {
    throw fieldError(pathPrefix, `an entry has at most ${LINES_PER_ENTRY_MAX} lines`);
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

/**
 * Refuses an entry whose debits and credits differ (400 unbalanced_entry). `linesPath` names the
 * entry's lines when the entry is one of several (a batch, D59: `entries/17/lines`): the refusal
 * then points at it.
 */
export function assertBalanced(lines: JournalLine[], linesPath?: string): EntryTotals {
  const totals = entryTotals(lines, linesPath);
  if (totals.totalDebit !== totals.totalCredit) {
    const message = 'debits and credits are not equal';
    throw new DomainError('unbalanced_entry', linesPath ? `${linesPath}: ${message}` : message, {
      total_debit: formatMoney(totals.totalDebit),
      total_credit: formatMoney(totals.totalCredit),
      difference: formatMoney(totals.totalDebit - totals.totalCredit),
      ...(linesPath ? { fields: { [linesPath]: [message] } } : {}),
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

/** What the rules below need to know of an entry. */
export interface EntryState {
  status: 'draft' | 'posted';
  entryNumber: string | null;
  reversedByEntryId: string | null;
}

/** A posted entry is never changed (409 immutable_entry): mistakes are fixed by reversal. */
export function assertEditable(entry: EntryState): void {
  if (entry.status !== 'posted') return;
  throw new DomainError(
    'immutable_entry',
    `entry ${entry.entryNumber} is posted; post a reversal or a correcting entry`,
    { entry_number: entry.entryNumber },
  );
}

/** Only a draft is posted. */
export function assertPostable(entry: EntryState): void {
  if (entry.status === 'posted')
    throw invalidState(`entry ${entry.entryNumber} is already posted`, { status: entry.status });
}

/** Only a posted entry is reversed (D27). */
export function assertReversible(entry: EntryState): void {
  if (entry.status !== 'posted') {
    throw invalidState('only a posted entry can be reversed; edit or delete the draft', {
      status: entry.status,
    });
  }
  assertNotReversed(entry);
}

/** An entry is reversed at most once. */
export function assertNotReversed(entry: EntryState): void {
  if (entry.reversedByEntryId) {
    throw invalidState(`entry ${entry.entryNumber} is already reversed`, {
      reversed_by_entry: entry.reversedByEntryId,
    });
  }
}

/** A reversal is dated on or after the entry it reverses. */
export function assertReversalDate(reversalDate: string, originalDate: string): void {
  if (reversalDate < originalDate)
    throw fieldError('txn_date', 'a reversal cannot be dated before the entry it reverses');
}

export function reversalMemo(entryNumber: string | null, memo: string): string {
  return `Reversal of ${entryNumber}${memo ? `: ${memo}` : ''}`;
}

/**
 * Entries a person posts (and reverses) through /journal-entries, and entries a person posts from a
 * bank line (D74 spend, receive, transfer: `bank_transaction`, with the bank transaction as source
 * id), which no document owns: they are reversed through /journal-entries once unmatched.
 */
export const MANUAL_SOURCE_TYPES = ['manual', 'reversal', 'bank_transaction'] as const;

/** What D63's refusal says of an entry a document posted: the document, and what to do instead. */
interface DocumentSourceText {
  label: string;
  action: string;
}

/**
 * A document's entry and the entry voiding it (`voidSource`): the document is voided instead of its
 * entry reversed, and a void is final (`anew`: what to do instead, "issue a new invoice").
 */
function voidable<S extends string, V extends string>(
  source: S,
  voidSource: V,
  label: string,
  anew: string,
): Record<S | V, DocumentSourceText> {
  return {
    [source]: { label, action: `void the ${label} instead` },
    [voidSource]: { label: `the void of ${label}`, action: `a void is final; ${anew} instead` },
  } as Record<S | V, DocumentSourceText>;
}

/**
 * D63: entries a document posts, with the document that owns each and the action that changes it.
 * Such an entry changes only through its document: a reversal of it is refused. A source type not
 * listed here and not manual is refused too (the rule is general).
 */
export const DOCUMENT_SOURCES = {
  ...voidable('invoice', 'invoice_void', 'invoice', 'issue a new invoice'),
  ...voidable('payment_received', 'payment_void', 'payment', 'record a new payment'),
  ...voidable('credit_note', 'credit_note_void', 'credit note', 'issue a new credit note'),
  ...voidable('bill', 'bill_void', 'bill', 'enter a new bill'),
  ...voidable('bill_payment', 'bill_payment_void', 'bill payment', 'record a new bill payment'),
  ...voidable('vendor_credit', 'vendor_credit_void', 'vendor credit', 'issue a new vendor credit'),
  ...voidable('deposit', 'deposit_void', 'deposit', 'make a new deposit'),
  inventory_adjustment: {
    label: 'inventory adjustment',
    action: 'an adjustment is final; record an opposite adjustment instead',
  },
} satisfies Record<string, DocumentSourceText>;

export type DocumentSource = keyof typeof DOCUMENT_SOURCES;

/** Every source_type an entry may carry (the list filter accepts these only). */
export const SOURCE_TYPES = [...MANUAL_SOURCE_TYPES, ...(Object.keys(DOCUMENT_SOURCES) as DocumentSource[])];

/** The source_type of an entry: the journal's own (MANUAL_SOURCE_TYPES) or a document's (DOCUMENT_SOURCES). */
export type SourceType = (typeof SOURCE_TYPES)[number];

/** A document source whose void posts `<source>_void` (an invoice, a bill, a credit, a deposit...). */
export type VoidableSource = {
  [S in SourceType]: `${S}_void` extends SourceType ? S : never;
}[SourceType];

/**
 * `type` as a VoidableSource, for a kind that names its entries by its noun (an invoice, a bill);
 * throws, where the kind is declared (at load), if the journal does not list it with its void.
 */
export function voidableSource(type: string): VoidableSource {
  if (!(type in DOCUMENT_SOURCES && `${type}_void` in DOCUMENT_SOURCES)) {
    throw new Error(`the journal lists no source type ${type} with its void`);
  }
  return type as VoidableSource;
}

export function isManualSource(sourceType: string): boolean {
  return (MANUAL_SOURCE_TYPES as readonly string[]).includes(sourceType);
}

/**
 * D63: the refusal of a change to an entry a document posted; it names the document
 * (`documentNumber`, when found) and the action that changes the entry instead.
 */
export function documentEntryRefusal(
  entry: { entryNumber: string | null; sourceType: string; sourceId: string | null },
  documentNumber: string | null,
): DomainError {
  const source = DOCUMENT_SOURCES[entry.sourceType as keyof typeof DOCUMENT_SOURCES];
  let document = entry.sourceType;
  if (source && entry.sourceId) document = `${source.label}${documentNumber ? ` ${documentNumber}` : ''}`;
  const action = source?.action ?? 'change it through its document';
  return invalidState(`entry ${entry.entryNumber} was posted by ${document}; ${action}`, {
    source_type: entry.sourceType,
    source_id: entry.sourceId,
    document_number: documentNumber,
  });
}

/** What a line's account must be: active, and not one that only documents move. */
export interface LineAccountState {
  number: string;
  isActive: boolean;
  systemRole: string | null;
  detailType: string;
}

/**
 * Refuses a line on an inactive account, or on an account documents keep (Accounts Receivable moves
 * only with invoices and payments, Accounts Payable with bills and bill payments; DOCUMENT_KEPT_ROLES
 * says why; an inventory account only with stock). `path` is the line's account field.
 */
export function assertLineAccount(account: LineAccountState, path: string): void {
  if (!account.isActive) throw fieldError(path, 'the account is inactive');
  // D84, D86: an inventory account's balance is the value of the stock held in it; only stock moves it.
  if (account.detailType === 'inventory')
    throw fieldError(
      path,
      `account ${account.number} is an inventory account, kept by the items' stock; record an inventory adjustment or a bill instead of a journal line`,
    );
  if (account.systemRole === null || !DOCUMENT_KEPT_ROLES.has(account.systemRole)) return;
  throw fieldError(
    path,
    account.systemRole === 'accounts_payable'
      ? `account ${account.number} is kept by bills and bill payments; record the bill, bill payment or void instead of a journal line`
      : `account ${account.number} is kept by invoices and payments; record the invoice, payment or void instead of a journal line`,
  );
}

/**
 * D28: every tracking option a line names exists and is active (`categoryOf` holds those, with their
 * category), and a line names at most one option per category.
 */
export function assertTrackingChoices(
  lines: Pick<JournalLine, 'trackingOptionIds'>[],
  categoryOf: ReadonlyMap<string, string>,
  pathPrefix: string,
): void {
  lines.forEach((line, index) => {
    assertTrackingOptionList(line.trackingOptionIds, categoryOf, `${pathPrefix}/${index}/tracking_options`);
  });
}

/** D28 for one list of tracking options (`path` is its field, `tracking_options`). */
export function assertTrackingOptionList(
  optionIds: readonly string[],
  categoryOf: ReadonlyMap<string, string>,
  path: string,
): void {
  const seen = new Set<string>();
  optionIds.forEach((optionId, optionIndex) => {
    const category = categoryOf.get(optionId);
    const optionPath = `${path}/${optionIndex}`;
    if (!category) throw fieldError(optionPath, 'no such active tracking option in these books');
    if (seen.has(category)) throw fieldError(optionPath, 'at most one option per tracking category');
    seen.add(category);
  });
}
