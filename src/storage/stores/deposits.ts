// The deposits store (D88): deposits with their bank account's name and the payments each took.
// Every function takes the handle first; amounts come back as NUMERIC text.
import type { DepositStatus } from '../../domain/deposit.ts';
import type { Queryable } from '../db.ts';
import { filteredList } from '../keyset.ts';
import { insertRowsSql, SqlParams } from '../rows.ts';
import { childrenOf, findAndLock, isoTimestamp } from '../sql.ts';
import { insertNumbered, type MovementVoid, markVoidSql } from './money-movements.ts';

export interface DepositRow {
  id: string;
  number: string;
  deposit_date: string;
  deposit_account_id: string;
  deposit_account_name: string;
  amount: string;
  memo: string;
  currency: string;
  journal_entry_id: string;
  status: DepositStatus;
  void_entry_id: string | null;
  voided_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface DepositPaymentRow {
  deposit_id: string;
  line_no: number;
  payment_id: string;
  payment_number: string;
  customer_id: string;
  customer_name: string;
  payment_date: string;
  amount: string;
}

const DEPOSIT_SELECT = `SELECT d.id, d.number, d.deposit_date::text AS deposit_date, d.deposit_account_id,
  a.name AS deposit_account_name, d.amount::text AS amount, d.memo, d.currency, d.journal_entry_id, d.status,
  d.void_entry_id, ${isoTimestamp('d.voided_at')} AS voided_at, d.version,
  ${isoTimestamp('d.created_at')} AS created_at, ${isoTimestamp('d.updated_at')} AS updated_at
  FROM deposits d JOIN accounts a ON a.organization_id = d.organization_id AND a.id = d.deposit_account_id`;

/** One deposit, or undefined; `lock` takes it FOR UPDATE until commit (not its account). */
export const { find, lock } = findAndLock<DepositRow>(DEPOSIT_SELECT, 'd');

export interface DepositFilters {
  status: DepositStatus | null;
  accountId: string | null;
  dateFrom: string | null;
  dateTo: string | null;
}

/** One keyset page of the deposits that pass the filters (D31). */
export const page = filteredList<DepositRow, DepositFilters>({
  select: DEPOSIT_SELECT,
  where: `d.organization_id = $1
      AND ($2::text IS NULL OR d.status = $2) AND ($3::uuid IS NULL OR d.deposit_account_id = $3)
      AND ($4::date IS NULL OR d.deposit_date >= $4) AND ($5::date IS NULL OR d.deposit_date <= $5)`,
  params: (filters) => [filters.status, filters.accountId, filters.dateFrom, filters.dateTo],
  alias: 'd',
});

/** The payments of each deposit, in line order, with their number, customer and date. */
export const paymentsOf = childrenOf<DepositPaymentRow, 'deposit_id'>(
  `SELECT dp.deposit_id, dp.line_no, dp.payment_id, p.number AS payment_number, p.customer_id,
          c.display_name AS customer_name, p.payment_date::text AS payment_date, dp.amount::text AS amount
     FROM deposit_payments dp
     JOIN payments_received p ON p.organization_id = dp.organization_id AND p.id = dp.payment_id
     JOIN customers c ON c.organization_id = p.organization_id AND c.id = p.customer_id
    WHERE dp.organization_id = $1 AND dp.deposit_id = ANY($2::uuid[])
    ORDER BY dp.deposit_id, dp.line_no`,
  'deposit_id',
);

export interface NewDeposit {
  id: string;
  organizationId: string;
  depositDate: string;
  depositAccountId: string;
  amount: string;
  memo: string;
  currency: string;
  journalEntryId: string;
  /** In the request's order (line_no from 1): each payment and its amount. */
  payments: { paymentId: string; amount: string }[];
}

/**
 * ONE statement: takes the next DEP number (the counter is locked from here to commit: gapless, D21),
 * inserts the deposit and its payment lines. Answers the number.
 */
export async function insertWithPayments(tx: Queryable, deposit: NewDeposit): Promise<string> {
  const written = await insertNumbered<{ number: string }>(tx, {
    table: 'deposits',
    sequence: 'deposit',
    organizationId: deposit.organizationId,
    id: deposit.id,
    values: {
      deposit_date: deposit.depositDate,
      deposit_account_id: deposit.depositAccountId,
      amount: deposit.amount,
      memo: deposit.memo,
      currency: deposit.currency,
      journal_entry_id: deposit.journalEntryId,
    },
    returning: 'id, number',
    children: (params, row) => ({
      lines: insertRowsSql(params, {
        table: 'deposit_payments',
        fixed: { organization_id: row.organization, deposit_id: row.id },
        ordinalColumn: 'line_no',
        columns: [
          { name: 'payment_id', type: 'uuid', values: deposit.payments.map((p) => p.paymentId) },
          { name: 'amount', type: 'numeric', values: deposit.payments.map((p) => p.amount) },
        ],
      }),
    }),
  });
  return written.number;
}

/** Voids a deposit the caller locked: it points at the entry reversing its own. Its lines stay. */
export async function markVoid(tx: Queryable, deposit: MovementVoid): Promise<void> {
  const params = new SqlParams();
  const row = { organization: params.add(deposit.organizationId), id: params.add(deposit.id) };
  await tx.query(markVoidSql(params, 'deposits', row, deposit), params.values);
}
