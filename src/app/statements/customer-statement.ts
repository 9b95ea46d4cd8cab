// Customer statements (D92): what a customer owes, as a bookkeeper sends it to them.
// - outstanding: the invoices still open and the credit not yet applied at the end of `to`, with
//   the same rules as AR aging (one store query each, src/storage/stores/reports.ts), so its balance
//   is the customer's row of the aging on that date;
// - activity: the balance before `from`, each entry of the customer's invoices, payments and credit
//   notes (voids included) dated in [from, to] with its effect on Accounts Receivable and a running
//   balance, and the closing balance: the customer's receivable balance at the end of `to`.
// Both read the ledger's receivable lines or the documents' applications, never a stored balance.
import { SYSTEM_ROLES } from '../../domain/chart.ts';
import { daysBetween, isCalendarDate, todayIn } from '../../domain/dates.ts';
import { fieldError, notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import * as accounts from '../../storage/stores/accounts.ts';
import * as customers from '../../storage/stores/customers.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor } from '../context.ts';
import { generatedAt } from '../reports/report-params.ts';

export const STATEMENT_TYPES = ['outstanding', 'activity'] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

export interface StatementQuery {
  type?: StatementType;
  from?: string;
  to?: string;
}

/** Who reads a statement: the books (a person's request, or the outbox worker rendering one). */
export type StatementReader = { organization: Pick<Actor['organization'], 'id' | 'timezone' | 'currency'> };

/**
 * The statement's dates: `to` defaults to today (the books' time zone); an activity statement's
 * `from` to the first of `to`'s month and not after `to`; an outstanding one is as of `to` and takes
 * no `from`. Refusals name `<prefix>/<field>`: `query/from` on a GET, `from` in an email's body.
 */
export function statementParams(reader: StatementReader, query: StatementQuery, prefix = 'query/') {
  const type = query.type ?? 'outstanding';
  const to = dateOf(query.to, `${prefix}to`, todayIn(reader.organization.timezone));
  if (type === 'outstanding') {
    if (query.from !== undefined) {
      throw fieldError(
        `${prefix}from`,
        'an outstanding statement is as of `to`; only type=activity takes from',
      );
    }
    return { type, from: null, to };
  }
  const from = dateOf(query.from, `${prefix}from`, `${to.slice(0, 8)}01`);
  if (from > to) throw fieldError(`${prefix}from`, 'must not be after `to`');
  return { type, from, to };
}

/** A date where `field` names it (`query/to`, `to`), or its fallback. */
function dateOf(value: string | undefined, field: string, fallback: string): string {
  const date = value ?? fallback;
  if (!isCalendarDate(date)) throw fieldError(field, 'must be a date YYYY-MM-DD');
  return date;
}

const DESCRIPTIONS: Record<string, (number: string) => string> = {
  invoice: (number) => `Invoice ${number}`,
  invoice_void: (number) => `Invoice ${number} voided`,
  payment_received: (number) => `Payment ${number}`,
  payment_void: (number) => `Payment ${number} voided`,
  credit_note: (number) => `Credit note ${number}`,
  credit_note_void: (number) => `Credit note ${number} voided`,
};

export async function customerStatement(
  db: Queryable,
  reader: StatementReader,
  customerId: string,
  query: StatementQuery,
) {
  const organizationId = reader.organization.id;
  const customer = await customers.find(db, organizationId, customerId);
  if (!customer) throw notFound('customer');
  const params = statementParams(reader, query);
  const heading = {
    customer: customer.id,
    customer_name: customer.display_name,
    customer_email: customer.email ?? null,
    type: params.type,
    from: params.from,
    to: params.to,
    currency: reader.organization.currency,
    generated_at: generatedAt(),
  };
  const outstanding =
    params.from === null ? await outstandingOf(db, organizationId, customer.id, params.to) : null;
  const activity =
    params.from === null ? null : await activityOf(db, organizationId, customer.id, params.from, params.to);
  const balance = outstanding?.balance ?? activity?.closing_balance ?? '0.0000';
  return { ...heading, outstanding, activity, balance };
}

async function outstandingOf(db: Queryable, organizationId: string, customerId: string, asOf: string) {
  const invoices = await reports.openInvoices(db, organizationId, asOf, customerId);
  const credits = await reports.unappliedCreditDocuments(db, organizationId, customerId, asOf);
  const invoicesTotal = invoices.reduce((sum, row) => sum + parseMoney(row.open), 0n);
  const creditsTotal = credits.reduce((sum, row) => sum + parseMoney(row.unapplied), 0n);
  return {
    invoices: invoices.map((row) => ({
      invoice: row.invoice_id,
      number: row.number,
      issue_date: row.issue_date,
      due_date: row.due_date,
      total: formatMoney(parseMoney(row.total)),
      open: formatMoney(parseMoney(row.open)),
      days_overdue: Math.max(0, daysBetween(row.due_date, asOf)),
    })),
    credits: credits.map((row) => ({
      kind: row.kind,
      document: row.document_id,
      number: row.number,
      date: row.date,
      amount: formatMoney(parseMoney(row.amount)),
      unapplied: formatMoney(parseMoney(row.unapplied)),
    })),
    invoices_total: formatMoney(invoicesTotal),
    credits_total: formatMoney(creditsTotal),
    balance: formatMoney(invoicesTotal - creditsTotal),
  };
}

async function activityOf(
  db: Queryable,
  organizationId: string,
  customerId: string,
  from: string,
  to: string,
) {
  const receivable = await accounts.findByRole(db, organizationId, SYSTEM_ROLES.accountsReceivable);
  if (!receivable) throw new Error('the books have no Accounts Receivable account');
  const opening = parseMoney(
    await reports.customerBalanceBefore(db, organizationId, customerId, receivable, from),
  );
  const rows = await reports.customerMovements(db, organizationId, customerId, receivable, from, to);
  let balance = opening;
  const lines = rows.map((row) => {
    const amount = parseMoney(row.amount);
    balance += amount;
    return {
      date: row.txn_date,
      entry_number: row.entry_number,
      kind: row.kind,
      entry_type: row.source_type,
      document: row.document_id,
      number: row.number,
      description: (DESCRIPTIONS[row.source_type] ?? ((number: string) => number))(row.number),
      amount: formatMoney(amount),
      balance: formatMoney(balance),
    };
  });
  return { opening_balance: formatMoney(opening), lines, closing_balance: formatMoney(balance) };
}
