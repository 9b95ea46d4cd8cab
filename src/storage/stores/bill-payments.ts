// The bill payments store (D55): payments to vendors with their vendor's name and their applications
// to bills. Every function takes the handle first; amounts come back as NUMERIC text.
import type { BillPaymentSortKey } from '../../domain/list-order.ts';
import type { Queryable } from '../db.ts';
import { filteredList, type SortColumn } from '../keyset.ts';
import { insertRowsSql, SqlParams } from '../rows.ts';
import { childrenOf, findAndLock, isoTimestamp } from '../sql.ts';
import type { MovementRow } from './payments.ts';
import { numberCte } from './sequences.ts';

export interface BillPaymentRow extends MovementRow {
  vendor_id: string;
  vendor_name: string;
  paid_from_account_id: string;
  journal_entry_id: string;
}

export interface BillApplicationRow {
  bill_payment_id: string;
  line_no: number;
  bill_id: string;
  bill_number: string;
  amount: string;
}

const BILL_PAYMENT_SELECT = `SELECT p.id, p.number, p.vendor_id, v.display_name AS vendor_name,
  p.payment_date::text AS payment_date, p.amount::text AS amount, p.method, p.reference, p.memo, p.currency,
  p.paid_from_account_id, p.journal_entry_id, p.status, p.void_entry_id, ${isoTimestamp('p.voided_at')} AS voided_at,
  p.version, ${isoTimestamp('p.created_at')} AS created_at, ${isoTimestamp('p.updated_at')} AS updated_at
  FROM bill_payments p JOIN vendors v ON v.organization_id = p.organization_id AND v.id = p.vendor_id`;

/** One bill payment, or undefined; `lock` takes it FOR UPDATE until commit (not its vendor). */
export const { find, lock } = findAndLock<BillPaymentRow>(BILL_PAYMENT_SELECT, 'p');

export interface BillPaymentFilters {
  vendorId: string | null;
  /** A LIKE pattern (already escaped) matched against the lower-case number, reference and vendor name. */
  searchPattern: string | null;
}

/**
 * The keys `?sort=` takes (issue 21), each with an index of migration 0029 but the vendor's name (a
 * join, as on the bills).
 */
const SORTS: Record<BillPaymentSortKey, SortColumn> = {
  number: { expression: 'p.number', type: 'text' },
  payment_date: { expression: 'p.payment_date', type: 'date' },
  vendor: { expression: 'v.display_name', type: 'text' },
  amount: { expression: 'p.amount', type: 'numeric' },
};

/**
 * One keyset page of the bill payments that pass the filters (one vendor's when `vendorId` is set),
 * in D31's order or a sort's.
 */
export const page = filteredList<BillPaymentRow, BillPaymentFilters, BillPaymentSortKey>({
  select: BILL_PAYMENT_SELECT,
  where: `p.organization_id = $1 AND ($2::uuid IS NULL OR p.vendor_id = $2)
      AND ($3::text IS NULL OR lower(p.number) LIKE $3 OR lower(p.reference) LIKE $3
           OR lower(v.display_name) LIKE $3)`,
  params: (filters) => [filters.vendorId, filters.searchPattern],
  alias: 'p',
  sorts: SORTS,
});

/** The applications of each payment, in line order, with the number of the bill each pays. */
export const applicationsOf = childrenOf<BillApplicationRow, 'bill_payment_id'>(
  `SELECT a.bill_payment_id, a.line_no, a.bill_id, b.number AS bill_number, a.amount::text AS amount
     FROM bill_payment_applications a
     JOIN bills b ON b.organization_id = a.organization_id AND b.id = a.bill_id
    WHERE a.organization_id = $1 AND a.bill_payment_id = ANY($2::uuid[])
    ORDER BY a.bill_payment_id, a.line_no`,
  'bill_payment_id',
);

export interface NewBillPayment {
  id: string;
  organizationId: string;
  vendorId: string;
  paymentDate: string;
  amount: string;
  method: string;
  reference: string;
  memo: string;
  currency: string;
  paidFromAccountId: string;
  journalEntryId: string;
  applications: { billId: string; amount: string }[];
}

/**
 * ONE statement: takes the next BPMT number (the counter is locked from here to commit: gapless,
 * D21), inserts the payment and its applications. Answers the number.
 */
export async function insertWithApplications(tx: Queryable, payment: NewBillPayment): Promise<string> {
  const params = new SqlParams();
  const organization = params.add(payment.organizationId);
  const numbered = await numberCte(
    tx,
    'bill_payment',
    { id: payment.organizationId, param: organization },
    params,
  );
  const id = params.add(payment.id);
  const values = [
    id,
    organization,
    numbered.value,
    params.add(payment.vendorId),
    params.add(payment.paymentDate),
    params.add(payment.amount),
    params.add(payment.method),
    params.add(payment.reference),
    params.add(payment.memo),
    params.add(payment.currency),
    params.add(payment.paidFromAccountId),
    params.add(payment.journalEntryId),
  ];
  const applied = insertRowsSql(params, {
    table: 'bill_payment_applications',
    fixed: { organization_id: organization, bill_payment_id: id },
    ordinalColumn: 'line_no',
    columns: [
      { name: 'bill_id', type: 'uuid', values: payment.applications.map((a) => a.billId) },
      { name: 'amount', type: 'numeric', values: payment.applications.map((a) => a.amount) },
    ],
  });
  const [written] = await tx.query<{ number: string }>(
    `WITH ${numbered.cte},
     payment AS (
       INSERT INTO bill_payments (id, organization_id, number, vendor_id, payment_date, amount, method, reference,
          memo, currency, paid_from_account_id, journal_entry_id)
       SELECT ${values.join(', ')} FROM ${numbered.name}
       RETURNING id, number),
     applied AS (${applied})
     SELECT number FROM payment`,
    params.values,
  );
  if (!written) throw new Error(`organization ${payment.organizationId} has no bill_payment sequence`);
  return written.number;
}

/** Voids a payment the caller locked: its applications go, it points at the entry reversing its own. */
export async function markVoid(
  tx: Queryable,
  payment: { organizationId: string; id: string; voidEntryId: string; version: number },
): Promise<void> {
  await tx.query(
    `WITH removed AS (
       DELETE FROM bill_payment_applications WHERE organization_id = $1 AND bill_payment_id = $2)
     UPDATE bill_payments SET status = 'void', void_entry_id = $3, voided_at = statement_timestamp(), version = $4,
            updated_at = statement_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [payment.organizationId, payment.id, payment.voidEntryId, payment.version],
  );
}
