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

/** One rate's tax on a line, and the account that rate posts to. */
export interface PostingTax {
  /** The tax rate's account (liability on a sale, where purchase tax is kept on a purchase). */
  accountId: string;
  amount: Money;
}

/**
 * A priced line as it posts: the account its amount goes to, and its tax per rate with each rate's
 * account (none untaxed, one for a tax rate, one per component rate of a tax group, D90).
 */
export interface DocumentPostingLine {
  accountId: string;
  description: string;
  amount: Money;
  taxes: PostingTax[];
  trackingOptionIds: string[];
}

/**
 * D25, D54, D60, D90: each line's account takes its amount and each tax account the tax (summed per
 * account, over every rate of every line, a group's component rates included) in the side's column
 * (the other one when mirrored); the counter account takes the total in the other column.
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
  for (const tax of lines.flatMap((line) => line.taxes)) {
    if (tax.amount === 0n) continue;
    taxByAccount.set(tax.accountId, (taxByAccount.get(tax.accountId) ?? 0n) + tax.amount);
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

/**
 * The step that posts a draft (an invoice's send, a bill's open, a credit's issue): only a draft takes
 * it; `verb` is how the refusal names the step ("sent", "opened", "issued").
 */
export function assertPostableDraft(
  kind: Pick<DocumentKind, 'noun'>,
  document: DocumentState,
  verb: string,
): void {
  if (document.status === 'draft') return;
  throw invalidState(`${named(kind, document)} is ${document.status}; only a draft can be ${verb}`, {
    status: document.status,
  });
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

// ---- credit documents: a sale or purchase given back (a credit note, a vendor credit) ---------------
//
//   draft --issue--> issued --apply...--> issued (remaining credit falls)
//   draft --DELETE--> gone (a draft has no number, so nothing is skipped)
//   issued, nothing applied --void--> void (reversing entry)

/** The statuses of every credit document. */
export const CREDIT_STATUSES = ['draft', 'issued', 'void'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/** Documents one apply request may name. */
export const CREDIT_APPLICATIONS_MAX = 100;

/**
 * A sale or purchase given back: its side's entry mirrored; only a draft is changed or deleted; a void
 * reverses an issued one with nothing applied to `appliedTo` (a draft is deleted instead).
 */
export function creditKind(side: Side, noun: string, appliedTo: string): DocumentKind<CreditStatus> {
  return {
    side,
    noun,
    entry: 'mirrored',
    edit: { verbs: 'changed or deleted', advice: 'void it instead' },
    void: {
      draft: 'refuse',
      posted: 'issued',
      blockers: [
        {
          field: 'amount_applied',
          reason: (applied) =>
            `${formatMoney(applied)} of it is applied to ${appliedTo}; an applied ${noun} cannot be voided`,
        },
      ],
      otherwise: (status) => `it is ${status}; only an issued ${noun} can be voided`,
    },
  };
}

export function assertIssuable(kind: Pick<DocumentKind, 'noun'>, credit: DocumentState<CreditStatus>): void {
  assertPostableDraft(kind, credit, 'issued');
}

export function assertApplicable(
  kind: Pick<DocumentKind, 'noun'>,
  credit: DocumentState<CreditStatus>,
): void {
  if (credit.status === 'issued') return;
  throw invalidState(
    `${named(kind, credit)} is ${credit.status}; only an issued ${kind.noun} can be applied`,
    { status: credit.status },
  );
}

/** Credit still to apply. */
export function remainingCredit(total: Money, amountApplied: Money, status: CreditStatus): Money {
  return status === 'issued' ? total - amountApplied : 0n;
}

/** Refuses applications that add up to more than the document's remaining credit. */
export function assertWithinCredit(
  kind: Pick<DocumentKind, 'noun'>,
  credit: DocumentState<CreditStatus> & { remaining: Money },
  applied: Money,
): void {
  if (applied <= credit.remaining) return;
  throw new DomainError(
    'application_exceeds_balance',
    `the applications add up to ${formatMoney(applied)}, more than the ${formatMoney(credit.remaining)} left on ${named(kind, credit)}`,
    {
      remaining_credit: formatMoney(credit.remaining),
      amount: formatMoney(applied),
      fields: { applications: [`exceed the remaining credit ${formatMoney(credit.remaining)}`] },
    },
  );
}

// ---- settled documents: a sale or purchase that payments and credits settle (an invoice, a bill) ----
//
//   draft --post (send, open)--> posted --payments, credits--> paid
//   draft --void--> void (no ledger effect)     posted, nothing paid or credited --void--> void (reversing entry)
//
// Only a draft is edited; paid and void are final.

/** What one settled kind says in its own words; the rest of its rules are every settled kind's. */
export interface SettledKindTerms<Status extends string> {
  side: Side;
  noun: string;
  /** The status its posting gives it (an invoice is sent, a bill open): the one a void reverses. */
  posted: Status;
  /** What to do instead of editing it once it is past draft. */
  editAdvice: string;
  /** Why money applied to it blocks its void: a payment (checked first), then a credit. */
  voidBlockedBy: { payment: string; credit: string };
}

/**
 * A settled kind's row of the document model: its side's entry; only a draft is edited; a draft is
 * voided with no ledger effect, a posted one is reversed while nothing is paid or credited.
 */
export function settledKind<Status extends string>(terms: SettledKindTerms<Status>): DocumentKind<Status> {
  return {
    side: terms.side,
    noun: terms.noun,
    entry: 'as_side',
    edit: { verbs: 'edited', advice: terms.editAdvice },
    void: {
      draft: 'void',
      posted: terms.posted,
      blockers: [
        { field: 'amount_paid', reason: () => terms.voidBlockedBy.payment },
        { field: 'amount_credited', reason: () => terms.voidBlockedBy.credit },
      ],
      otherwise: (status) => `it is ${status}`,
    },
  };
}

/** A document money is applied to (an invoice, a bill): what is settled on it so far. */
export interface SettledDocument<Status extends string> {
  id: string;
  number: string;
  status: Status;
  total: Money;
  amountPaid: Money;
  amountCredited: Money;
}

/**
 * What payments and credits applied to a settled document (an invoice, a bill) still leave open:
 * nothing once it is void; never below zero by construction.
 */
export function settledBalanceDue<Status extends string>(
  total: Money,
  amountPaid: Money,
  status: Status,
  amountCredited: Money = 0n,
): Money {
  return status === 'void' ? 0n : total - amountPaid - amountCredited;
}

/** How a kind of settled document takes money: while open or settled (sent or paid; open or paid). */
export interface SettlementRule<Status extends string> {
  noun: string;
  open: Status;
  settled: Status;
  /** What a refusal says takes money ("a payment", "credit") and what it applies to ("a sent invoice"). */
  appliesTo: string;
}

/**
 * D24: days past due of a document still open for money (a sent invoice, an open bill) on `today`,
 * else 0; never negative.
 */
export function daysOverdueOf<Status extends string>(
  rule: Pick<SettlementRule<Status>, 'open'>,
  status: Status,
  dueDate: string,
  today: string,
): number {
  if (status !== rule.open || today <= dueDate) return 0;
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
}

/**
 * What applying `amount` (application `index` of the request) makes of a document: only a status that
 * takes money does (else invalid_state), never more than its balance due (else
 * application_exceeds_balance); it is settled once payments and credits cover the total.
 */
export function applySettlement<Status extends string>(
  rule: SettlementRule<Status>,
  document: SettledDocument<Status>,
  amount: Money,
  index: number,
  by: 'amountPaid' | 'amountCredited',
  what: string,
): { amountPaid: Money; amountCredited: Money; status: Status } {
  const idField = `applications/${index}/${rule.noun}_id`;
  if (document.status !== rule.open && document.status !== rule.settled) {
    throw invalidState(
      `${rule.noun} ${document.number} is ${document.status}; ${what} applies to ${rule.appliesTo}`,
      {
        [`${rule.noun}_id`]: document.id,
        status: document.status,
        fields: { [idField]: [`${rule.noun} is ${document.status}`] },
      },
    );
  }
  const due = document.total - document.amountPaid - document.amountCredited;
  if (amount > due) {
    throw new DomainError(
      'application_exceeds_balance',
      `${formatMoney(amount)} is more than the ${formatMoney(due)} still due on ${rule.noun} ${document.number}`,
      {
        [`${rule.noun}_id`]: document.id,
        balance_due: formatMoney(due),
        amount: formatMoney(amount),
        fields: { [`applications/${index}/amount`]: [`exceeds the balance due ${formatMoney(due)}`] },
      },
    );
  }
  const next = { amountPaid: document.amountPaid, amountCredited: document.amountCredited };
  next[by] += amount;
  const settled = next.amountPaid + next.amountCredited === document.total;
  return { ...next, status: settled ? rule.settled : rule.open };
}

/** A document as a settlement step takes it: what credit took off it may be absent (none). */
export type Settling<Status extends string> = Omit<SettledDocument<Status>, 'amountCredited'> & {
  amountCredited?: Money;
};

/**
 * The step of one kind of money (`by`: a payment's amountPaid, a credit's amountCredited) onto one kind
 * of document (`rule`): applySettlement, answering that amount and the status.
 */
export function settlementStep<Status extends string, By extends 'amountPaid' | 'amountCredited'>(
  rule: SettlementRule<Status>,
  by: By,
  what: string,
) {
  return (document: Settling<Status>, amount: Money, index: number) => {
    const settled = { ...document, amountCredited: document.amountCredited ?? 0n };
    const next = applySettlement(rule, settled, amount, index, by, what);
    return { [by]: next[by], status: next.status } as Record<By, Money> & { status: Status };
  };
}

/**
 * The undoing of a payment's step on its void: a document a void payment had paid `removed` of has
 * that much less paid and is open again, since something is due. It was open or settled (a payment
 * applies to nothing else) and had been paid at least that much: invariants, not refusals.
 */
export function paymentTakeOff<Status extends string>(rule: SettlementRule<Status>) {
  return (
    document: { number: string; status: Status; amountPaid: Money },
    removed: Money,
  ): { amountPaid: Money; status: Status } => {
    if (document.status !== rule.open && document.status !== rule.settled)
      throw new Error(`${rule.noun} ${document.number} is ${document.status} but has a payment applied`);
    if (removed <= 0n || removed > document.amountPaid)
      throw new Error(
        `${rule.noun} ${document.number} was paid ${formatMoney(document.amountPaid)}, less than ${formatMoney(removed)}`,
      );
    return { amountPaid: document.amountPaid - removed, status: rule.open };
  };
}
