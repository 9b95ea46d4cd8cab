// What the schemas of priced documents share beyond common.ts: a list's query with its totals row's,
// and the balance of a document that is paid and credited (an invoice, a bill).
import { type TProperties, Type } from '@sinclair/typebox';
import { CursorQuery, MoneyOutput, SortQuery } from './common.ts';

/**
 * A document list's query and its totals row's (GET /invoices and GET /invoices/totals): the same
 * filters, the list's with a cursor and a sort order, the totals' without (documentRoutes.totals).
 */
export function listAndTotalsQueries<F extends TProperties, const Key extends string>(
  filters: F,
  sortKeys: readonly Key[],
) {
  return {
    list: Type.Object({ ...CursorQuery, ...filters, sort: SortQuery(sortKeys) }),
    totals: Type.Object(filters),
  };
}

/**
 * What a settled document still owes (D24): paid, credited, the balance due and how late it is.
 * `credited` says what credits it; `overdue` when its days count.
 */
export function balanceFields(notes: { credited: string; overdue: string }) {
  return {
    amount_paid: MoneyOutput(),
    amount_credited: MoneyOutput(notes.credited),
    balance_due: MoneyOutput('total - amount_paid - amount_credited; 0 when void.'),
    days_overdue: Type.Integer({ minimum: 0, description: notes.overdue }),
  };
}
