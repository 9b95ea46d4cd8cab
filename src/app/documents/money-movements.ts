// Money applied to documents, in one place for every kind that moves it: a payment received onto
// invoices (D33, D61), a bill payment onto bills (D55), a credit note's credit onto invoices (D60).
// Each of them reads as the same steps, and each step is here once:
//
// - the amount rule: whole minor units of the currency (D64), greater than zero;
// - the application list: document ids, each document once, each amount by the amount rule;
// - the lock order: the moving document (payment, note) is locked by its caller first, then the
//   documents it applies to, in id order, so two movements never deadlock and each sees the
//   balances the previous one left;
// - the move step: each applied document must be of the movement's counterparty, and the domain
//   says what the application (or its removal, on a void) makes of it; the step answers the
//   document's next state with its next version, for the caller's store to write.

import type { Settling } from '../../domain/document.ts';
import { DomainError, fieldError } from '../../domain/errors.ts';
import type { SourceType } from '../../domain/journal.ts';
import {
  addMoney,
  currencyDecimals,
  formatMoney,
  isWholeMinorUnits,
  type Money,
  parseMoney,
  sumMoney,
} from '../../domain/money.ts';
import type { EntityType } from '../../domain/roles.ts';
import type { Queryable } from '../../storage/db.ts';
import { isUuid } from '../../storage/sql.ts';
import * as bills from '../../storage/stores/bills.ts';
import type { SettledRow } from '../../storage/stores/document-store.ts';
import * as invoices from '../../storage/stores/invoices.ts';
import type { MovementRow } from '../../storage/stores/payments.ts';
import type { WriteScope } from '../changes.ts';
import { postLedgerEntry, reverseDocumentEntry } from '../ledger/journal-entries.ts';
import { assertOpenPeriodDate } from '../organizations/organizations.ts';
import { recordStamps } from '../views.ts';

export const PAYMENT_METHODS = ['ach', 'check', 'card', 'cash', 'wire', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The fields of a request that records a payment, received or made, beside its counterparty's. */
export interface PaymentCommand {
  payment_date: string;
  amount: string;
  method: PaymentMethod;
  reference?: string;
  memo?: string;
  currency?: string;
}

/**
 * A payment request's rules that need no database: a positive amount (the amount rule), the
 * applications to `target`'s documents, and `assertApplied` (they add up to the amount exactly, or
 * at most to it).
 */
export function parsePayment<Field extends string>(
  command: PaymentCommand & { applications?: ({ amount: string } & Record<Field, string>)[] },
  target: Pick<MoneyTarget<TargetRow, Field>, 'idField' | 'what'>,
  currency: string,
  assertApplied: (applied: Money, amount: Money) => void,
) {
  const amount = parseMovedAmount(command.amount, 'amount', currency);
  const applications = parseApplications(command.applications ?? [], target, currency);
  assertApplied(sumApplications(applications), amount);
  return { amount, applications };
}

/** The memo of a payment's own entry: "Payment from Acme (ref 12)", "Payment to ...". */
export function paymentMemo(direction: 'from' | 'to', counterparty: string, reference: string | undefined) {
  return `Payment ${direction} ${counterparty}${reference ? ` (${reference})` : ''}`;
}

/** What a payment's row stores of its request, the amount parsed, in the books' currency. */
export function storedPayment(command: PaymentCommand, amount: Money, currency: string) {
  return {
    paymentDate: command.payment_date,
    amount: formatMoney(amount),
    method: command.method,
    reference: command.reference ?? '',
    memo: command.memo ?? '',
    currency,
  };
}

/**
 * The amount rule of every movement and of each of its applications: whole minor units of the
 * currency (D64, `invalid_money`), greater than zero (a negative amount `invalid_money`, zero
 * `validation_error`: the codes the published tests pin). Refusals name `path`.
 */
export function parseMovedAmount(text: string, path: string, currency: string): Money {
  const amount = parseMoney(text);
  const decimals = currencyDecimals(currency);
  if (!isWholeMinorUnits(amount, decimals)) {
    throw fieldError(
      path,
      `has more than ${decimals} decimals, the minor unit of ${currency}`,
      'invalid_money',
    );
  }
  if (amount <= 0n)
    throw fieldError(path, 'must be greater than zero', amount < 0n ? 'invalid_money' : 'validation_error');
  return amount;
}

/** One application: the document it applies to and how much. */
export interface Application {
  documentId: string;
  amount: Money;
}

/** A document money is applied to, locked for the move: what every target row carries. */
interface TargetRow {
  id: string;
  number: string;
  version: number;
}

/**
 * What money is applied to: the request field naming it, what refusals call it and its
 * counterparty, and the store read that locks several of them in id order.
 */
export interface MoneyTarget<Row extends TargetRow, Field extends string> {
  idField: Field;
  /** The change feed's entity of the documents. */
  entity: EntityType;
  what: string;
  counterparty: string;
  lock(tx: Queryable, organizationId: string, ids: string[]): Promise<Row[]>;
  counterpartyOf(row: Row): string;
}

/** Payments received and credit notes apply to a customer's invoices. */
export const INVOICE_TARGET: MoneyTarget<invoices.PayableRow, 'invoice_id'> = {
  idField: 'invoice_id',
  entity: 'ar_invoice',
  what: 'invoice',
  counterparty: 'customer',
  lock: invoices.lockPayable,
  counterpartyOf: (row) => row.customer_id,
};

/** Bill payments apply to a vendor's bills. */
export const BILL_TARGET: MoneyTarget<bills.PayableBillRow, 'bill_id'> = {
  idField: 'bill_id',
  entity: 'bill',
  what: 'bill',
  counterparty: 'vendor',
  lock: bills.lockPayable,
  counterpartyOf: (row) => row.vendor_id,
};

/** A locked target row (an invoice's or a bill's columns) as the domain's settlement rule reads it. */
export function settling<Status extends string>(
  row: Omit<SettledRow<Status, never>, 'version'>,
): Settling<Status> {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    total: parseMoney(row.total),
    amountPaid: parseMoney(row.amount_paid),
    amountCredited: parseMoney(row.amount_credited),
  };
}

/**
 * The applications of a request (`applications/<i>/...` in refusals): ids of the target's kind,
 * each document once, each amount by the amount rule.
 */
export function parseApplications<Field extends string>(
  list: ({ amount: string } & Record<Field, string>)[],
  target: Pick<MoneyTarget<TargetRow, Field>, 'idField' | 'what'>,
  currency: string,
): Application[] {
  const seen = new Set<string>();
  return list.map((application, index) => {
    const path = `applications/${index}`;
    const idPath = `${path}/${target.idField}`;
    const given = application[target.idField];
    if (!isUuid(given)) throw fieldError(idPath, `must be ${articled(target.what)} id (UUID)`);
    const documentId = given.toLowerCase();
    if (seen.has(documentId))
      throw fieldError(idPath, `the same ${target.what} appears twice; apply it once`);
    seen.add(documentId);
    return { documentId, amount: parseMovedAmount(application.amount, `${path}/amount`, currency) };
  });
}

function articled(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

export function sumApplications(applications: Application[]): Money {
  return sumMoney(
    applications.map((application) => application.amount),
    'applications',
  );
}

/** The applications may not add up to more than `amount` (a payment received may leave some unapplied). */
export function assertAppliedWithin(applied: Money, amount: Money): void {
  if (applied > amount) {
    throw new DomainError('validation_error', 'the applications add up to more than the payment amount', {
      fields: {
        applications: [`add up to ${formatMoney(applied)}, more than the amount ${formatMoney(amount)}`],
      },
    });
  }
}

/** The applications must add up to `amount` exactly (a bill payment is applied in full, D55). */
export function assertAppliedExactly(applied: Money, amount: Money): void {
  if (applied !== amount) {
    throw new DomainError('validation_error', 'the applications must add up to the payment amount', {
      fields: { applications: [`add up to ${formatMoney(applied)}, not the amount ${formatMoney(amount)}`] },
    });
  }
}

/** A document's next state after a move, with its id, number and next version. */
export type Moved<Next> = Next & { id: string; number: string; version: number };

/**
 * The move step of an application: locks the documents `applications` name (in id order), checks
 * each is in these books and of `counterpartyId` (400 on `applications/<i>/<idField>`), and asks
 * `step` (the domain's rule) what the application makes of each. Answers in the list's order.
 */
export async function applyMoney<Row extends TargetRow, Field extends string, Next>(
  scope: WriteScope,
  target: MoneyTarget<Row, Field>,
  counterpartyId: string,
  applications: Application[],
  step: (row: Row, amount: Money, index: number) => Next,
): Promise<Moved<Next>[]> {
  const ids = applications.map((application) => application.documentId);
  const byId = new Map(
    (await target.lock(scope.tx, scope.actor.organization.id, ids)).map((row) => [row.id, row]),
  );
  return applications.map((application, index) => {
    const row = byId.get(application.documentId);
    const path = `applications/${index}/${target.idField}`;
    if (!row) throw fieldError(path, `no such ${target.what} in these books`);
    if (target.counterpartyOf(row) !== counterpartyId)
      throw fieldError(path, `the ${target.what} belongs to another ${target.counterparty}`);
    return moved(row, step(row, application.amount, index));
  });
}

/**
 * The move step of a void: what the movement had applied to each document (one sum per document,
 * however many times it was applied), locked in id order, and what `step` (the domain's rule)
 * makes of each once that is taken off.
 */
export async function takeMoneyOff<Row extends TargetRow, Field extends string, Next>(
  scope: WriteScope,
  target: MoneyTarget<Row, Field>,
  applied: { documentId: string; amount: string }[],
  step: (row: Row, removed: Money) => Next,
): Promise<Moved<Next>[]> {
  const removed = new Map<string, Money>();
  for (const { documentId, amount } of applied) {
    const sum = removed.get(documentId) ?? 0n;
    removed.set(documentId, addMoney(sum, parseMoney(amount), 'applications'));
  }
  const locked = await target.lock(scope.tx, scope.actor.organization.id, [...removed.keys()]);
  return locked.map((row) => moved(row, step(row, removed.get(row.id)!)));
}

/**
 * The move step of a payment, received or made (D33, D55): applyMoney with `apply`, the domain's
 * rule for one payment on one document (applyPayment, applyBillPayment), over the locked row as the
 * settlement rule reads it; answers the amount paid as stored.
 */
export function movePayment<Status extends string, Row extends SettledRow<Status, never>>(
  scope: WriteScope,
  target: MoneyTarget<Row, string>,
  counterpartyId: string,
  applications: Application[],
  apply: (document: Settling<Status>, amount: Money, index: number) => { amountPaid: Money; status: Status },
) {
  return applyMoney(scope, target, counterpartyId, applications, (document, amount, index) => {
    const next = apply(settling(document), amount, index);
    return { amountPaid: formatMoney(next.amountPaid), status: next.status };
  });
}

/**
 * The void of a payment, received or made (D61, D55), after its own checks: refused in a closed
 * period (its entry is reversed on its own date); what it had applied taken off its documents by
 * `takeOff`, the domain's rule (they are locked after the payment, in id order); then its entry
 * reversed. Answers the documents' moves, the void entry and the payment's next version, for the
 * caller's store to write.
 */
export async function voidPaymentSteps<
  Row extends TargetRow & { status: Status; amount_paid: string },
  Status,
>(
  scope: WriteScope,
  target: MoneyTarget<Row, string>,
  payment: { id: string; number: string; payment_date: string; journal_entry_id: string; version: number },
  what: { noun: string; sourceType: SourceType },
  applied: { documentId: string; amount: string }[],
  takeOff: (
    document: { number: string; status: Status; amountPaid: Money },
    removed: Money,
  ) => { amountPaid: Money; status: Status },
) {
  assertOpenPeriodDate(scope.actor.organization, payment.payment_date, 'payment_date');
  const moved = await takeMoneyOff(scope, target, applied, (document, removed) => {
    const next = takeOff(
      { number: document.number, status: document.status, amountPaid: parseMoney(document.amount_paid) },
      removed,
    );
    return { amountPaid: formatMoney(next.amountPaid), status: next.status };
  });
  const voidEntryId = await reverseDocumentEntry(scope, payment.journal_entry_id, {
    txnDate: payment.payment_date,
    memo: `Void of ${what.noun} ${payment.number}`,
    sourceType: what.sourceType,
    sourceId: payment.id,
  });
  return { moved, voidEntryId, version: payment.version + 1 };
}

function moved<Next>(row: TargetRow, next: Next): Moved<Next> {
  return { ...next, id: row.id, number: row.number, version: row.version + 1 };
}

/**
 * A movement's own entry, when it has one (a payment received, D25; a bill payment, D55): the
 * amount debited to one account and credited to the other, sourced from the movement. Applying a
 * credit note posts nothing (the note's issue did).
 */
export function postMovement(
  scope: WriteScope,
  movement: {
    id: string;
    date: string;
    amount: Money;
    debit: string;
    credit: string;
    memo: string;
    sourceType: SourceType;
  },
) {
  const line = (accountId: string, debit: Money, credit: Money) => ({
    accountId,
    debit,
    credit,
    description: '',
    trackingOptionIds: [],
  });
  return postLedgerEntry(scope, {
    txnDate: movement.date,
    memo: movement.memo,
    lines: [line(movement.debit, movement.amount, 0n), line(movement.credit, 0n, movement.amount)],
    sourceType: movement.sourceType,
    sourceId: movement.id,
  });
}

/** The fields of a money movement's view that every kind has; a kind adds its counterparty and account. */
export function describeMovement<Row extends MovementRow>(row: Row) {
  return {
    id: row.id,
    number: row.number,
    payment_date: row.payment_date,
    amount: row.amount,
    method: row.method as Row['method'],
    reference: row.reference,
    memo: row.memo,
    currency: row.currency,
    journal_entry: row.journal_entry_id as Row['journal_entry_id'],
    status: row.status as Row['status'],
    void_entry: row.void_entry_id,
    voided_at: row.voided_at,
    ...recordStamps(row),
  };
}
