// Bill payments (D55): money paid to a vendor, applied in full to its open bills. One transaction locks
// every applied bill (in id order, so two payments never deadlock and each sees the balance the other
// left), checks each application against the balance due at that moment, posts the payment's own entry
// (debit Accounts Payable, credit the account paid from) and moves the bills. Void reverses it all.
import { randomUUID } from 'node:crypto';
import { applyBillPayment, takeBillPaymentOff } from '../../domain/bill.ts';
import { DomainError, fieldError } from '../../domain/errors.ts';
import { formatMoney, type Money, parseMoney, sumMoney } from '../../domain/money.ts';
import { assertPaymentPosted } from '../../domain/payment.ts';
import type { Queryable } from '../../storage/db.ts';
import { isUuid } from '../../storage/sql.ts';
import type { BillApplicationRow, BillPaymentRow } from '../../storage/stores/bill-payments.ts';
import * as billPayments from '../../storage/stores/bill-payments.ts';
import * as bills from '../../storage/stores/bills.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import {
  assertActiveAccount,
  assertBooksCurrency,
  assertDocumentDate,
  CASH_ACCOUNT,
  lockDocument,
  readDocument,
} from '../documents/documents.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import { postLedgerEntry, reverseDocumentEntry } from '../ledger/journal-entries.ts';
import { assertOpenPeriodDate } from '../organizations/organizations.ts';
import { type PageCursor, toPage } from '../pagination.ts';
import { type PAYMENT_METHODS, parsePaymentAmount } from '../payments/payments-received.ts';
import { BILL_ENTITY } from './read-bills.ts';
import { activeVendor, vendorFilter } from './vendors.ts';

export const BILL_PAYMENT_ENTITY = 'bill_payment';
export const BILL_APPLICATIONS_MAX = 100;

export interface CreateBillPaymentCommand {
  vendor: string;
  payment_date: string;
  amount: string;
  method: (typeof PAYMENT_METHODS)[number];
  reference?: string;
  memo?: string;
  paid_from_account: string;
  applications: { bill_id: string; amount: string }[];
  currency?: string;
}

function describeBillPayment(row: BillPaymentRow, applications: BillApplicationRow[]) {
  return {
    id: row.id,
    number: row.number,
    vendor: row.vendor_id,
    vendor_name: row.vendor_name,
    payment_date: row.payment_date,
    amount: row.amount,
    method: row.method,
    reference: row.reference,
    memo: row.memo,
    paid_from_account: row.paid_from_account_id,
    applications: applications.map((application) => ({
      bill_id: application.bill_id,
      bill_number: application.bill_number,
      amount: application.amount,
    })),
    currency: row.currency,
    journal_entry: row.journal_entry_id,
    status: row.status,
    void_entry: row.void_entry_id,
    voided_at: row.voided_at,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type BillPaymentView = ReturnType<typeof describeBillPayment>;

export async function readBillPayment(db: Queryable, actor: Actor, id: string): Promise<BillPaymentView> {
  const { row, rows } = await readDocument(db, actor.organization.id, id, 'bill payment', {
    find: billPayments.find,
    rowsOf: billPayments.applicationsOf,
  });
  return describeBillPayment(row, rows);
}

export async function listBillPayments(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: { vendor?: string },
) {
  const organizationId = actor.organization.id;
  const rows = await billPayments.page(deps.db, organizationId, vendorFilter(filters.vendor), cursor);
  const page = toPage(organizationId, rows, cursor);
  const applications = await billPayments.applicationsOf(
    deps.db,
    organizationId,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => describeBillPayment(row, applications.get(row.id) ?? [])) };
}

interface Application {
  billId: string;
  amount: Money;
}

/** Request-shape rules: a positive amount, each bill once, positive applications adding up to it (D55). */
function parseApplications(command: CreateBillPaymentCommand, currency: string) {
  const amount = parsePaymentAmount(command.amount, 'amount', currency);
  if (amount <= 0n)
    throw fieldError('amount', 'must be greater than zero', amount < 0n ? 'invalid_money' : undefined);
  const seen = new Set<string>();
  const applications: Application[] = command.applications.map((application, index) => {
    const path = `applications/${index}`;
    if (!isUuid(application.bill_id)) throw fieldError(`${path}/bill_id`, 'must be a bill id (UUID)');
    const billId = application.bill_id.toLowerCase();
    if (seen.has(billId)) throw fieldError(`${path}/bill_id`, 'the same bill appears twice; apply it once');
    seen.add(billId);
    const applied = parsePaymentAmount(application.amount, `${path}/amount`, currency);
    if (applied <= 0n)
      throw fieldError(
        `${path}/amount`,
        'must be greater than zero',
        applied < 0n ? 'invalid_money' : undefined,
      );
    return { billId, amount: applied };
  });
  const applied = sumMoney(
    applications.map((a) => a.amount),
    'applications',
  );
  if (applied !== amount) {
    throw new DomainError('validation_error', 'the applications must add up to the payment amount', {
      fields: { applications: [`add up to ${formatMoney(applied)}, not the amount ${formatMoney(amount)}`] },
    });
  }
  return { amount, applications };
}

/** Locks the applied bills in id order and asks the domain what each application makes of its bill. */
async function moveBills(scope: WriteScope, vendorId: string, applications: Application[]) {
  const byId = new Map(
    (
      await bills.lockPayable(
        scope.tx,
        scope.actor.organization.id,
        applications.map((a) => a.billId),
      )
    ).map((row) => [row.id, row]),
  );
  return applications.map((application, index) => {
    const bill = byId.get(application.billId);
    const path = `applications/${index}/bill_id`;
    if (!bill) throw fieldError(path, 'no such bill in these books');
    if (bill.vendor_id !== vendorId) throw fieldError(path, 'the bill belongs to another vendor');
    const next = applyBillPayment(
      { ...bill, total: parseMoney(bill.total), amountPaid: parseMoney(bill.amount_paid) },
      application.amount,
      index,
    );
    return {
      id: bill.id,
      number: bill.number,
      amountPaid: formatMoney(next.amountPaid),
      status: next.status,
      version: bill.version + 1,
    };
  });
}

/** POST /bill-payments: 201 with the payment; its entry, applications and bill moves commit together. */
export async function createBillPayment(
  scope: WriteScope,
  command: CreateBillPaymentCommand,
): Promise<BillPaymentView> {
  const organization = scope.actor.organization;
  assertBooksCurrency(organization, command.currency);
  const { amount, applications } = parseApplications(command, organization.currency);
  assertDocumentDate(organization, command.payment_date, 'payment_date');
  const vendor = await activeVendor(scope.tx, organization.id, command.vendor);
  await assertActiveAccount(
    scope.tx,
    organization.id,
    command.paid_from_account,
    'paid_from_account',
    CASH_ACCOUNT,
  );
  const moved = await moveBills(scope, vendor.id, applications);
  const payable = await systemAccountId(scope.tx, organization.id, 'accountsPayable');
  const id = randomUUID();
  const reference = command.reference ? ` (${command.reference})` : '';
  // The entry first (the JE counter), then the BPMT counter: as payments received, so a payment never
  // holds its number while it waits for the journal's.
  const entry = await postLedgerEntry(scope, {
    txnDate: command.payment_date,
    memo: `Payment to ${vendor.display_name}${reference}`,
    lines: [
      { accountId: payable, debit: amount, credit: 0n, description: '', trackingOptionIds: [] },
      {
        accountId: command.paid_from_account,
        debit: 0n,
        credit: amount,
        description: '',
        trackingOptionIds: [],
      },
    ],
    sourceType: 'bill_payment',
    sourceId: id,
  });
  await billPayments.insertWithApplications(scope.tx, {
    id,
    organizationId: organization.id,
    vendorId: vendor.id,
    paymentDate: command.payment_date,
    amount: formatMoney(amount),
    method: command.method,
    reference: command.reference ?? '',
    memo: command.memo ?? '',
    currency: organization.currency,
    paidFromAccountId: command.paid_from_account,
    journalEntryId: entry.id,
    applications: applications.map((a) => ({ billId: a.billId, amount: formatMoney(a.amount) })),
  });
  await bills.moveBills(scope.tx, organization.id, moved);
  for (const bill of moved) scope.changed(BILL_ENTITY, bill.id, 'updated', bill.version);
  scope.changed(BILL_PAYMENT_ENTITY, id, 'created', 1);
  return readBillPayment(scope.tx, scope.actor, id);
}

/**
 * POST /bill-payments/{id}/void: the payment's entry is reversed on its own date (refused in a closed
 * period), its applications are removed and the bills it paid are open again. The payment is locked
 * first, then its bills in id order, then the entry (as every posting does).
 */
export async function voidBillPayment(
  scope: WriteScope,
  id: string,
  expectedVersion?: number,
): Promise<BillPaymentView> {
  const organization = scope.actor.organization;
  const row = await lockDocument(
    () => billPayments.lock(scope.tx, organization.id, id),
    'bill payment',
    expectedVersion,
    (payment) => assertPaymentPosted(payment, 'voided'),
  );
  assertOpenPeriodDate(organization, row.payment_date, 'payment_date');
  const applications = (await billPayments.applicationsOf(scope.tx, organization.id, [id])).get(id) ?? [];
  const removed = new Map<string, Money>();
  for (const a of applications) removed.set(a.bill_id, (removed.get(a.bill_id) ?? 0n) + parseMoney(a.amount));
  const locked = await bills.lockPayable(scope.tx, organization.id, [...removed.keys()]);
  const moved = locked.map((bill) => {
    const next = takeBillPaymentOff(
      { number: bill.number, status: bill.status, amountPaid: parseMoney(bill.amount_paid) },
      removed.get(bill.id)!,
    );
    return {
      id: bill.id,
      amountPaid: formatMoney(next.amountPaid),
      status: next.status,
      version: bill.version + 1,
    };
  });
  const voidEntryId = await reverseDocumentEntry(scope, row.journal_entry_id, {
    txnDate: row.payment_date,
    memo: `Void of bill payment ${row.number}`,
    sourceType: 'bill_payment_void',
    sourceId: id,
  });
  const version = row.version + 1;
  await billPayments.markVoid(scope.tx, { organizationId: organization.id, id, voidEntryId, version });
  await bills.moveBills(scope.tx, organization.id, moved);
  for (const bill of moved) scope.changed(BILL_ENTITY, bill.id, 'updated', bill.version);
  scope.changed(BILL_PAYMENT_ENTITY, id, 'updated', version);
  return readBillPayment(scope.tx, scope.actor, id);
}
