// The payments store (spec "Payment received", D21, D25, D33): payments with their customer's name,
// their applications to invoices, and the one statement that writes a payment. Every function takes
// the handle first and plain values; amounts come back as NUMERIC text.
import type { InvoiceStatus } from '../../domain/invoice.ts';
import type { PaymentReceivedSortKey } from '../../domain/list-order.ts';
import type { PaymentStatus } from '../../domain/payment.ts';
import type { Queryable } from '../db.ts';
import { SqlParams } from '../rows.ts';
import { CUSTOMERS } from './document-store.ts';
import {
  type MovementRow,
  movePaidSql,
  type NewPaymentRow,
  type PaidMove,
  type PaymentListFilters,
  type PaymentTables,
  paymentStoreOf,
} from './money-movements.ts';

export type { MovementRow } from './money-movements.ts';

export interface PaymentRow extends MovementRow {
  customer_id: string;
  customer_name: string;
  unapplied_amount: string;
  deposit_account_id: string;
  /** D88: the live deposit that took the payment to the bank, or null. */
  deposit_id: string | null;
}

export interface ApplicationRow {
  payment_id: string;
  line_no: number;
  invoice_id: string;
  invoice_number: string;
  amount: string;
  applied_date: string;
}

/** Payments received: from customers, applied to invoices, later too (D61), into a cash account. */
const TABLES: PaymentTables<'customer'> = {
  table: 'payments_received',
  sequence: 'payment_received',
  counterparty: CUSTOMERS,
  ownColumns: (alias) =>
    `${alias}unapplied_amount::text AS unapplied_amount, ${alias}deposit_account_id, ${alias}deposit_id`,
  applications: {
    table: 'payment_applications',
    parent: 'payment_id',
    target: { table: 'invoices', column: 'invoice_id', what: 'invoice' },
  },
  appliedLater: true,
  voidResets: ['unapplied_amount = 0'],
};

export interface PaymentFilters extends PaymentListFilters {
  /**
   * D88: with the Undeposited Funds account's id, only posted payments into it that no deposit took
   * (what a deposit may take); null: every payment.
   */
  undepositedFundsId: string | null;
}

/**
 * One payment, or undefined (a malformed id is a payment that does not exist); `lock` takes it FOR
 * UPDATE until commit (not its customer). One keyset page (PAGE_SIZE + 1 rows at most) of those that
 * pass the filters, in D31's order or a sort's. The applications of each, in line order, with the
 * number of the invoice each pays. `markVoid`: ONE statement voiding a payment the caller locked
 * (D61): deletes its applications, moves the invoices they paid back, and marks it void with no
 * unapplied amount and the entry reversing its own.
 */
const store = paymentStoreOf<
  PaymentRow,
  ApplicationRow,
  'payment_id',
  PaymentReceivedSortKey,
  InvoiceStatus,
  PaymentFilters
>(TABLES, {
  where: `
      AND ($4::uuid IS NULL OR (p.deposit_account_id = $4 AND p.status = 'posted' AND p.deposit_id IS NULL))`,
  params: (filters) => [filters.undepositedFundsId],
});
export const { find, lock, page, applicationsOf, markVoid } = store;

/** A payment as a deposit takes it (D88), with the number of the deposit it is in, if any. */
export interface DepositablePaymentRow {
  id: string;
  number: string;
  status: PaymentStatus;
  payment_date: string;
  amount: string;
  deposit_account_id: string;
  deposit_id: string | null;
  deposit_number: string | null;
  customer_name: string;
  version: number;
}

/**
 * The payments `ids` of these books locked FOR UPDATE in id order (two deposits naming the same
 * payments queue, and the second reads the deposit the first wrote), with what a deposit checks.
 */
export function lockForDeposit(
  tx: Queryable,
  organizationId: string,
  ids: string[],
): Promise<DepositablePaymentRow[]> {
  return tx.query<DepositablePaymentRow>(
    `SELECT p.id, p.number, p.status, p.payment_date::text AS payment_date, p.amount::text AS amount, p.deposit_account_id, p.deposit_id,
            d.number AS deposit_number, c.display_name AS customer_name, p.version
       FROM payments_received p
       JOIN customers c ON c.organization_id = p.organization_id AND c.id = p.customer_id
       LEFT JOIN deposits d ON d.organization_id = p.organization_id AND d.id = p.deposit_id
      WHERE p.organization_id = $1 AND p.id = ANY($2::uuid[])
      ORDER BY p.id FOR UPDATE OF p`,
    [organizationId, ids],
  );
}

/** The number of a deposit (for a refusal naming it), or null. */
export async function depositNumber(
  db: Queryable,
  organizationId: string,
  id: string,
): Promise<string | null> {
  const [row] = await db.query<{ number: string }>(
    'SELECT number FROM deposits WHERE organization_id = $1 AND id = $2',
    [organizationId, id],
  );
  return row?.number ?? null;
}

/**
 * Puts locked payments into a deposit, or takes them out of it (`depositId` null), each at its new
 * version (D88: the payment's `deposit` changed).
 */
export async function setDeposit(
  tx: Queryable,
  organizationId: string,
  depositId: string | null,
  moves: { id: string; version: number }[],
): Promise<void> {
  await tx.query(
    `UPDATE payments_received p SET deposit_id = $2::uuid, version = m.version, updated_at = statement_timestamp()
       FROM unnest($3::uuid[], $4::int[]) AS m(id, version)
      WHERE p.organization_id = $1 AND p.id = m.id`,
    [organizationId, depositId, moves.map((m) => m.id), moves.map((m) => m.version)],
  );
}

/** A payment to write; amounts as NUMERIC text. Applied in the order given, dated the payment date. */
export interface NewPayment extends NewPaymentRow {
  unappliedAmount: string;
  depositAccountId: string;
}

/**
 * ONE statement: takes the next PMT number (the counter is locked from here to commit, gapless
 * numbers D21), inserts the payment and its applications, and moves the applied invoices (D33).
 * Answers the payment's row as written (without the customer's name).
 */
export function insertWithApplications(
  tx: Queryable,
  payment: NewPayment,
): Promise<Omit<PaymentRow, 'customer_name'>> {
  return store.insert(tx, payment, {
    unapplied_amount: payment.unappliedAmount,
    deposit_account_id: payment.depositAccountId,
  });
}

/** What a payment makes of an invoice it is applied to or taken off (D33), with its new version. */
export type InvoiceMove = PaidMove & { status: InvoiceStatus };

/** Applications added to a locked payment later (D61), numbered after its existing ones. */
export interface LaterApplications {
  organizationId: string;
  paymentId: string;
  appliedDate: string;
  applications: { invoiceId: string; amount: string }[];
  unappliedAmount: string;
  version: number;
  invoiceMoves: InvoiceMove[];
}

/**
 * ONE statement on a payment the caller locked: inserts the new applications after its last line
 * (the lock keeps that number ours), lowers its unapplied amount, bumps its version, and moves the
 * applied invoices (locked by the caller too).
 */
export async function addApplications(tx: Queryable, later: LaterApplications): Promise<void> {
  const params = new SqlParams();
  const organization = params.add(later.organizationId);
  const payment = params.add(later.paymentId);
  await tx.query(
    `WITH applied AS (
       INSERT INTO payment_applications (organization_id, payment_id, line_no, invoice_id, amount, applied_date)
       SELECT ${organization}::uuid, ${payment}::uuid,
              (SELECT COALESCE(max(line_no), 0) FROM payment_applications
                WHERE organization_id = ${organization} AND payment_id = ${payment}) + r.ordinal,
              r.invoice_id, r.amount, ${params.add(later.appliedDate)}::date
         FROM unnest(${params.add(later.applications.map((a) => a.invoiceId))}::uuid[],
                     ${params.add(later.applications.map((a) => a.amount))}::numeric[])
           WITH ORDINALITY AS r(invoice_id, amount, ordinal)),
     moved AS (${movePaidSql(TABLES, params, organization, later.invoiceMoves)})
     UPDATE payments_received SET unapplied_amount = ${params.add(later.unappliedAmount)}::numeric,
            version = ${params.add(later.version)}::int, updated_at = statement_timestamp()
      WHERE organization_id = ${organization} AND id = ${payment}`,
    params.values,
  );
}
