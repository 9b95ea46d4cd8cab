// The payments store (spec "Payment received", D21, D25, D33): payments with their customer's name,
// their applications to invoices, and the one statement that writes a payment. Every function takes
// the handle first and plain values; amounts come back as NUMERIC text.
import type { InvoiceStatus } from '../../domain/invoice.ts';
import type { PaymentReceivedSortKey } from '../../domain/list-order.ts';
import type { PaymentStatus } from '../../domain/payment.ts';
import type { Queryable } from '../db.ts';
import { filteredList, type SortColumn } from '../keyset.ts';
import { insertRowsSql, SqlParams } from '../rows.ts';
import { childrenOf, findAndLock, isoTimestamp } from '../sql.ts';
import { settleSql } from './document-store.ts';
import { numberCte } from './sequences.ts';

/** The columns every money movement's row has (payments received, bill payments). */
export interface MovementRow {
  id: string;
  number: string;
  payment_date: string;
  amount: string;
  method: string;
  reference: string;
  memo: string;
  currency: string;
  journal_entry_id: string | null;
  /** D61: 'posted', or 'void' once its entry is reversed (then void_entry_id and voided_at are set). */
  status: PaymentStatus;
  void_entry_id: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

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

/** The payment's own columns, as its INSERT returns them and as a read selects them. */
const paymentColumns = (alias: string) => {
  const column = (name: string) => `${alias}${name}`;
  return `${column('id')}, ${column('number')}, ${column('customer_id')}, ${column('payment_date')}::text AS payment_date,
  ${column('amount')}::text AS amount, ${column('unapplied_amount')}::text AS unapplied_amount, ${column('method')},
  ${column('reference')}, ${column('memo')}, ${column('currency')}, ${column('deposit_account_id')},
  ${column('journal_entry_id')}, ${column('status')}, ${column('void_entry_id')},
  ${isoTimestamp(column('voided_at'))} AS voided_at, ${column('deposit_id')}, ${column('version')},
  ${isoTimestamp(column('created_at'))} AS created_at, ${isoTimestamp(column('updated_at'))} AS updated_at`;
};

const PAYMENT_SELECT = `SELECT ${paymentColumns('p.')}, c.display_name AS customer_name
  FROM payments_received p
  JOIN customers c ON c.organization_id = p.organization_id AND c.id = p.customer_id`;

/** One payment, or undefined (a malformed id is a payment that does not exist); `lock` takes it FOR
 * UPDATE until commit (not its customer). */
export const { find, lock } = findAndLock<PaymentRow>(PAYMENT_SELECT, 'p');

export interface PaymentFilters {
  customerId: string | null;
  /**
   * D88: with the Undeposited Funds account's id, only posted payments into it that no deposit took
   * (what a deposit may take); null: every payment.
   */
  undepositedFundsId: string | null;
  /** A LIKE pattern (already escaped) matched against the lower-case number, reference and customer name. */
  searchPattern: string | null;
}

/**
 * The keys `?sort=` takes (issue 21), each with an index of migration 0029 but the customer's name
 * (a join, as on the invoices).
 */
const SORTS: Record<PaymentReceivedSortKey, SortColumn> = {
  number: { expression: 'p.number', type: 'text' },
  payment_date: { expression: 'p.payment_date', type: 'date' },
  customer: { expression: 'c.display_name', type: 'text' },
  amount: { expression: 'p.amount', type: 'numeric' },
};

/** One keyset page (PAGE_SIZE + 1 rows at most) of the payments that pass the filters, in D31's order or a sort's. */
export const page = filteredList<PaymentRow, PaymentFilters, PaymentReceivedSortKey>({
  select: PAYMENT_SELECT,
  where: `p.organization_id = $1 AND ($2::uuid IS NULL OR p.customer_id = $2)
      AND ($3::uuid IS NULL OR (p.deposit_account_id = $3 AND p.status = 'posted' AND p.deposit_id IS NULL))
      AND ($4::text IS NULL OR lower(p.number) LIKE $4 OR lower(p.reference) LIKE $4
           OR lower(c.display_name) LIKE $4)`,
  params: (filters) => [filters.customerId, filters.undepositedFundsId, filters.searchPattern],
  alias: 'p',
  sorts: SORTS,
});

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

/** The applications of each payment, in line order, with the number of the invoice each pays. */
export const applicationsOf = childrenOf<ApplicationRow, 'payment_id'>(
  `SELECT a.payment_id, a.line_no, a.invoice_id, i.number AS invoice_number, a.amount::text AS amount,
            a.applied_date::text AS applied_date
       FROM payment_applications a
       JOIN invoices i ON i.organization_id = a.organization_id AND i.id = a.invoice_id
      WHERE a.organization_id = $1 AND a.payment_id = ANY($2::uuid[])
      ORDER BY a.payment_id, a.line_no`,
  'payment_id',
);

/** A payment to write; amounts as NUMERIC text. */
export interface NewPayment {
  id: string;
  organizationId: string;
  customerId: string;
  paymentDate: string;
  amount: string;
  unappliedAmount: string;
  method: string;
  reference: string;
  memo: string;
  currency: string;
  depositAccountId: string;
  journalEntryId: string;
  /** Applied in this order (line_no from 1), dated the payment date. */
  applications: { invoiceId: string; amount: string }[];
  /** What the payment makes of each applied invoice (D33), with its new version. */
  invoiceMoves: { id: string; amountPaid: string; status: InvoiceStatus; version: number }[];
}

/**
 * ONE statement: takes the next PMT number (the counter is locked from here to commit, gapless
 * numbers D21), inserts the payment and its applications, and moves the applied invoices. Answers the
 * payment's row as written (without the customer's name), or undefined when the organization has no
 * payment sequence.
 */
export async function insertWithApplications(
  tx: Queryable,
  payment: NewPayment,
): Promise<Omit<PaymentRow, 'customer_name'> | undefined> {
  const params = new SqlParams();
  const organization = params.add(payment.organizationId);
  const paymentDate = params.add(payment.paymentDate);
  const numbered = await numberCte(
    tx,
    'payment_received',
    { id: payment.organizationId, param: organization },
    params,
  );
  const id = params.add(payment.id);
  const values = [
    id,
    organization,
    numbered.value,
    params.add(payment.customerId),
    paymentDate,
    params.add(payment.amount),
    params.add(payment.unappliedAmount),
    params.add(payment.method),
    params.add(payment.reference),
    params.add(payment.memo),
    params.add(payment.currency),
    params.add(payment.depositAccountId),
    params.add(payment.journalEntryId),
  ];
  const applied = insertRowsSql(params, {
    table: 'payment_applications',
    fixed: { organization_id: organization, payment_id: id, applied_date: paymentDate },
    ordinalColumn: 'line_no',
    columns: [
      { name: 'invoice_id', type: 'uuid', values: payment.applications.map((a) => a.invoiceId) },
      { name: 'amount', type: 'numeric', values: payment.applications.map((a) => a.amount) },
    ],
  });
  const [written] = await tx.query<Omit<PaymentRow, 'customer_name'>>(
    `WITH ${numbered.cte},
     payment AS (
       INSERT INTO payments_received (id, organization_id, number, customer_id, payment_date, amount, unapplied_amount,
          method, reference, memo, currency, deposit_account_id, journal_entry_id)
       SELECT ${values.join(', ')} FROM ${numbered.name}
       RETURNING ${paymentColumns('')}),
     applied AS (${applied}),
     moved AS (${moveInvoicesSql(params, organization, payment.invoiceMoves)})
     SELECT * FROM payment`,
    params.values,
  );
  return written;
}

/** What a payment makes of an invoice it is applied to or taken off (D33), with its new version. */
export interface InvoiceMove {
  id: string;
  amountPaid: string;
  status: InvoiceStatus;
  version: number;
}

const PAID = { table: 'invoices', column: 'amount_paid' } as const;

/** The CTE body that moves invoices: amount_paid, status and version, one row per move. */
function moveInvoicesSql(params: SqlParams, organization: string, moves: InvoiceMove[]): string {
  return settleSql(params, organization, PAID, moves, (m) => m.amountPaid);
}

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
     moved AS (${moveInvoicesSql(params, organization, later.invoiceMoves)})
     UPDATE payments_received SET unapplied_amount = ${params.add(later.unappliedAmount)}::numeric,
            version = ${params.add(later.version)}::int, updated_at = statement_timestamp()
      WHERE organization_id = ${organization} AND id = ${payment}`,
    params.values,
  );
}

/**
 * ONE statement voiding a payment the caller locked (D61): deletes its applications, moves the
 * invoices they paid back, and marks it void with no unapplied amount and the entry reversing its own.
 */
export async function markVoid(
  tx: Queryable,
  payment: {
    organizationId: string;
    id: string;
    voidEntryId: string;
    version: number;
    invoiceMoves: InvoiceMove[];
  },
): Promise<void> {
  const params = new SqlParams();
  const organization = params.add(payment.organizationId);
  const id = params.add(payment.id);
  await tx.query(
    `WITH removed AS (
       DELETE FROM payment_applications WHERE organization_id = ${organization} AND payment_id = ${id}),
     moved AS (${moveInvoicesSql(params, organization, payment.invoiceMoves)})
     UPDATE payments_received SET status = 'void', unapplied_amount = 0,
            void_entry_id = ${params.add(payment.voidEntryId)}::uuid, voided_at = statement_timestamp(),
            version = ${params.add(payment.version)}::int, updated_at = statement_timestamp()
      WHERE organization_id = ${organization} AND id = ${id}`,
    params.values,
  );
}
