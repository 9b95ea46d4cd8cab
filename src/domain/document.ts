// One document model parameterised by side (sale or purchase): the entry a document posts, who may
// edit it and how a void is carried out, as one table row per kind (INVOICE in invoice.ts, BILL in
// bill.ts, CREDIT_NOTE in credit-note.ts). The rules below read the row; a kind adds a row, not a copy.
import type { SystemAccount } from './chart.ts';
import { DomainError, invalidState } from './errors.ts';
import type { JournalLine } from './journal.ts';
import { formatMoney, type Money, sumMoney } from './money.ts';

/**
 * A sale (receivables: invoices, credit notes) or a purchase (payables: bills), and what its
 * documents post: the counter account the total is owed on (by role, D65) and where its line stands,
 * the column the lines and their tax take, and what a tax line says.
 */
export const SIDES = {
  sale: { counter: 'accountsReceivable', counterAt: 'first', lines: 'credit', taxDescription: 'Sales tax' },
  purchase: {
    counter: 'accountsPayable',
    counterAt: 'last',
    lines: 'debit',
    taxDescription: 'Tax on purchases',
  },
} as const satisfies Record<
  string,
  { counter: SystemAccount; counterAt: 'first' | 'last'; lines: 'debit' | 'credit'; taxDescription: string }
>;
export type Side = keyof typeof SIDES;

/** The money a document has applied to it, or has applied elsewhere, by the field the API names it. */
export type AppliedField = 'amount_paid' | 'amount_credited' | 'amount_applied';

/** One kind of document: its side and the rows of its posting, edit and void rules. */
export interface DocumentKind<Status extends string = string> {
  side: Side;
  /** How messages name it: "invoice", "bill", "credit note". */
  noun: string;
  /** Its entry is its side's (an invoice, a bill), or that entry mirrored (a credit note gives a sale back). */
  entry: 'as_side' | 'mirrored';
  edit: {
    /** What only a draft may have done to it ("edited", "changed or deleted"). */
    verbs: string;
    /** What to do instead, once it is past draft. */
    advice: string;
  };
  void: {
    /** A draft is voided with no ledger effect (its number stays used), or refused (deleted instead). */
    draft: 'void' | 'refuse';
    /** The posted status whose entry a void reverses, when nothing blocks it. */
    posted: Status;
    /** The money that blocks a void of a posted document, in the order checked, each with why. */
    blockers: { field: AppliedField; reason: (amount: Money) => string }[];
    /** Why any other status is refused. */
    otherwise(status: Status): string;
  };
}

/** A priced line as it posts: the account its amount goes to, and its tax rate's account. */
export interface DocumentPostingLine {
  accountId: string;
  description: string;
  amount: Money;
  taxAmount: Money;
  /** The tax rate's account (liability on a sale, where purchase tax is kept on a purchase). */
  taxAccountId: string | null;
  trackingOptionIds: string[];
}

/**
 * D25, D54, D60: each line's account takes its amount and each tax account the tax (summed per
 * account) in the side's column (the other one when mirrored); the counter account takes the total in
 * the other column.
 * Zero lines are left out.
 */
export function documentPostingLines(
  kind: Pick<DocumentKind, 'side' | 'entry'>,
  counterAccountId: string,
  lines: DocumentPostingLine[],
): JournalLine[] {
  const side = SIDES[kind.side];
  const column = kind.entry === 'as_side' ? side.lines : side.lines === 'debit' ? 'credit' : 'debit';
  const entry = (
    side: 'debit' | 'credit',
    accountId: string,
    amount: Money,
    description: string,
    trackingOptionIds: string[],
  ): JournalLine => ({
    accountId,
    debit: side === 'debit' ? amount : 0n,
    credit: side === 'credit' ? amount : 0n,
    description,
    trackingOptionIds,
  });
  const own = lines
    .filter((line) => line.amount !== 0n)
    .map((line) => entry(column, line.accountId, line.amount, line.description, line.trackingOptionIds));
  const taxByAccount = new Map<string, Money>();
  for (const line of lines) {
    if (line.taxAccountId === null || line.taxAmount === 0n) continue;
    taxByAccount.set(line.taxAccountId, (taxByAccount.get(line.taxAccountId) ?? 0n) + line.taxAmount);
  }
  for (const [accountId, tax] of taxByAccount)
    own.push(entry(column, accountId, tax, side.taxDescription, []));
  const total = sumMoney(own.map((line) => line.debit + line.credit));
  const counter = entry(column === 'debit' ? 'credit' : 'debit', counterAccountId, total, '', []);
  return side.counterAt === 'first' ? [counter, ...own] : [...own, counter];
}

/** The facts of a document its state machine decides on. */
export interface DocumentState<Status extends string = string> {
  /** Null on a draft that takes its number later (a credit note). */
  number: string | null;
  status: Status;
}

function named(kind: { noun: string }, document: DocumentState): string {
  return document.number ? `${kind.noun} ${document.number}` : `the ${kind.noun}`;
}

/** PATCH (and DELETE where a kind has it): only a draft; past draft it is in the ledger (immutable_entry). */
export function assertDraftEditable<Status extends string>(
  kind: DocumentKind<Status>,
  document: DocumentState<Status>,
): void {
  if (document.status === 'draft') return;
  throw new DomainError(
    'immutable_entry',
    `${named(kind, document)} is ${document.status}; only drafts can be ${kind.edit.verbs} (${kind.edit.advice})`,
    { status: document.status, number: document.number },
  );
}

/** How a void is carried out: a draft has no ledger effect; a posted document's entry is reversed. */
export type VoidKind = 'draft' | 'reverse_entry';

/** What a void decides on: the state, the money applied by field (absent is none), and the entry. */
export interface VoidFacts<Status extends string = string> extends DocumentState<Status> {
  applied: Partial<Record<AppliedField, Money>>;
  hasEntry: boolean;
}

/**
 * D23: a draft is voided with no ledger effect where the kind allows it; a posted document with
 * nothing applied (and an entry) gets a reversing entry. Anything else is refused with invalid_state,
 * naming the first blocking amount.
 */
export function voidKindOf<Status extends string>(
  kind: DocumentKind<Status>,
  document: VoidFacts<Status>,
): VoidKind {
  const rule = kind.void;
  if (document.status === 'draft' && rule.draft === 'void') return 'draft';
  const amountOf = (field: AppliedField) => document.applied[field] ?? 0n;
  const blocker = rule.blockers.find((candidate) => amountOf(candidate.field) !== 0n);
  if (document.status === rule.posted && !blocker && document.hasEntry) return 'reverse_entry';
  // A posted document with nothing applied but no entry has nothing to reverse: the last reason.
  const posted = blocker ?? rule.blockers.at(-1)!;
  const reason =
    document.status === rule.posted ? posted.reason(amountOf(posted.field)) : rule.otherwise(document.status);
  const first = rule.blockers[0]!.field;
  throw invalidState(`${named(kind, document)} cannot be voided: ${reason}`, {
    status: document.status,
    [first]: formatMoney(amountOf(first)),
  });
}
