// Payments received (spec "Payment received", D25, D33): one transaction locks every applied invoice
// (in id order, so two payments never deadlock), checks each application against the balance due at
// that moment, posts the payment's own entry (never touching the invoice's), and moves the invoices.
import { randomUUID } from 'node:crypto';
import { type AccountType, CASH_DETAIL_TYPES, isCashAccount } from '../../domain/chart.ts';
import { isCalendarDate } from '../../domain/dates.ts';
import { DomainError, fieldError, invalidState, notFound } from '../../domain/errors.ts';
import { balanceDue, type InvoiceStatus } from '../../domain/invoice.ts';
import {
  currencyDecimals,
  formatMoney,
  isWholeMinorUnits,
  type Money,
  parseMoney,
  sumMoney,
} from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { INVOICE_ENTITY } from '../invoices/invoice-store.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import { postLedgerEntry } from '../ledger/journal-entries.ts';
import { isoTimestamp, isUuid } from '../ledger/sql.ts';
import { allocateNumberSql } from '../numbering.ts';
import { assertOpenPeriodDate } from '../organizations/organizations.ts';
import { keysetClause, PAGE_SIZE, type PageCursor, toPage } from '../pagination.ts';

export const PAYMENT_ENTITY = 'payment_received';
export const PAYMENT_METHODS = ['ach', 'check', 'card', 'cash', 'wire', 'other'] as const;
export const APPLICATIONS_MAX = 100;

export interface ApplicationCommand {
  invoice_id: string;
  amount: string;
}

export interface CreatePaymentCommand {
  customer: string;
  payment_date: string;
  amount: string;
  method: (typeof PAYMENT_METHODS)[number];
  reference?: string;
  deposit_to_account?: string;
  applications?: ApplicationCommand[];
  memo?: string;
  currency?: string;
}

interface PaymentRow {
  id: string;
  number: string;
  customer_id: string;
  customer_name: string;
  payment_date: string;
  amount: string;
  unapplied_amount: string;
  method: string;
  reference: string;
  memo: string;
  currency: string;
  deposit_account_id: string;
  journal_entry_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

interface ApplicationRow {
  payment_id: string;
  line_no: number;
  invoice_id: string;
  invoice_number: string;
  amount: string;
  applied_date: string;
}

const PAYMENT_COLUMNS = `p.id, p.number, p.customer_id, c.display_name AS customer_name,
  p.payment_date::text AS payment_date, p.amount::text AS amount, p.unapplied_amount::text AS unapplied_amount,
  p.method, p.reference, p.memo, p.currency, p.deposit_account_id, p.journal_entry_id, p.version,
  ${isoTimestamp('p.created_at')} AS created_at, ${isoTimestamp('p.updated_at')} AS updated_at`;
const PAYMENT_FROM = `FROM payments_received p
  JOIN customers c ON c.organization_id = p.organization_id AND c.id = p.customer_id`;

async function applicationsOf(db: Queryable, organizationId: string, paymentIds: string[]) {
  const rows = await db.query<ApplicationRow>(
    `SELECT a.payment_id, a.line_no, a.invoice_id, i.number AS invoice_number, a.amount::text AS amount,
            a.applied_date::text AS applied_date
       FROM payment_applications a
       JOIN invoices i ON i.organization_id = a.organization_id AND i.id = a.invoice_id
      WHERE a.organization_id = $1 AND a.payment_id = ANY($2::uuid[])
      ORDER BY a.payment_id, a.line_no`,
    [organizationId, paymentIds],
  );
  const byPayment = new Map<string, ApplicationRow[]>();
  for (const row of rows) {
    const list = byPayment.get(row.payment_id) ?? [];
    list.push(row);
    byPayment.set(row.payment_id, list);
  }
  return byPayment;
}

function describePayment(row: PaymentRow, applications: ApplicationRow[]) {
  return {
    id: row.id,
    number: row.number,
    customer: row.customer_id,
    customer_name: row.customer_name,
    payment_date: row.payment_date,
    amount: row.amount,
    method: row.method,
    reference: row.reference,
    memo: row.memo,
    deposit_to_account: row.deposit_account_id,
    unapplied_amount: row.unapplied_amount,
    applications: applications.map((application) => ({
      invoice_id: application.invoice_id,
      invoice_number: application.invoice_number,
      amount: application.amount,
      applied_date: application.applied_date,
    })),
    currency: row.currency,
    journal_entry: row.journal_entry_id,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
export type PaymentView = ReturnType<typeof describePayment>;

export async function readPayment(db: Queryable, actor: Actor, id: string): Promise<PaymentView> {
  const organizationId = actor.organization.id;
  const [row] = isUuid(id)
    ? await db.query<PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} ${PAYMENT_FROM} WHERE p.organization_id = $1 AND p.id = $2`,
        [organizationId, id],
      )
    : [];
  if (!row) throw notFound('payment');
  const applications = await applicationsOf(db, organizationId, [id]);
  return describePayment(row, applications.get(id) ?? []);
}

export async function listPayments(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: { customer?: string },
) {
  const organizationId = actor.organization.id;
  if (filters.customer !== undefined && !isUuid(filters.customer)) {
    throw fieldError('query/customer', 'must be a customer id (UUID)');
  }
  const keyset = keysetClause(cursor, 3, 'p');
  const rows = await deps.db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} ${PAYMENT_FROM}
      WHERE p.organization_id = $1 AND ($2::uuid IS NULL OR p.customer_id = $2) AND ${keyset.condition}
      ORDER BY ${keyset.order} LIMIT ${PAGE_SIZE + 1}`,
    [organizationId, filters.customer ?? null, ...keyset.params],
  );
  const page = toPage(organizationId, rows, cursor);
  const applications = await applicationsOf(
    deps.db,
    organizationId,
    page.rows.map((row) => row.id),
  );
  return { ...page, rows: page.rows.map((row) => describePayment(row, applications.get(row.id) ?? [])) };
}

/** D64: a payment's amounts are whole minor units of the currency (USD cents, JPY yen). */
function parsePaymentAmount(text: string, path: string, currency: string): Money {
  const amount = parseMoney(text);
  const decimals = currencyDecimals(currency);
  if (!isWholeMinorUnits(amount, decimals)) {
    throw fieldError(
      path,
      `has more than ${decimals} decimals, the minor unit of ${currency}`,
      'invalid_money',
    );
  }
  return amount;
}

/** Request-shape rules that need no database: positive amounts, no invoice twice, no over-application. */
function parseApplications(
  command: CreatePaymentCommand,
  currency: string,
): {
  amount: Money;
  applications: { invoiceId: string; amount: Money }[];
} {
  const amount = parsePaymentAmount(command.amount, 'amount', currency);
  if (amount < 0n) throw fieldError('amount', 'must not be negative', 'invalid_money');
  if (amount === 0n) throw fieldError('amount', 'must be greater than zero');
  const seen = new Set<string>();
  const applications = (command.applications ?? []).map((application, index) => {
    const path = `applications/${index}`;
    if (!isUuid(application.invoice_id))
      throw fieldError(`${path}/invoice_id`, 'must be an invoice id (UUID)');
    const id = application.invoice_id.toLowerCase();
    if (seen.has(id)) throw fieldError(`${path}/invoice_id`, 'the same invoice appears twice; apply it once');
    seen.add(id);
    const applied = parsePaymentAmount(application.amount, `${path}/amount`, currency);
    if (applied < 0n) throw fieldError(`${path}/amount`, 'must not be negative', 'invalid_money');
    if (applied === 0n) throw fieldError(`${path}/amount`, 'must be greater than zero');
    return { invoiceId: id, amount: applied };
  });
  const applied = sumMoney(
    applications.map((application) => application.amount),
    'applications',
  );
  if (applied > amount) {
    throw new DomainError('validation_error', 'the applications add up to more than the payment amount', {
      fields: {
        applications: [`add up to ${formatMoney(applied)}, more than the amount ${formatMoney(amount)}`],
      },
    });
  }
  return { amount, applications };
}

async function depositAccount(scope: WriteScope, id: string | undefined): Promise<string> {
  const organizationId = scope.actor.organization.id;
  if (id === undefined) return systemAccountId(scope.tx, organizationId, 'undepositedFunds');
  const [row] = isUuid(id)
    ? await scope.tx.query<{ type: AccountType; detail_type: string; is_active: boolean }>(
        'SELECT type, detail_type, is_active FROM accounts WHERE organization_id = $1 AND id = $2',
        [organizationId, id],
      )
    : [];
  if (!row) throw fieldError('deposit_to_account', 'no such account in these books');
  // D64: money received moves through cash; Accounts Receivable or income would make credit from nothing.
  if (!isCashAccount(row.type, row.detail_type)) {
    throw fieldError(
      'deposit_to_account',
      `must be a bank, cash, undeposited funds or credit card account (detail type ${CASH_DETAIL_TYPES.join(', ')})`,
    );
  }
  if (!row.is_active) throw fieldError('deposit_to_account', 'the account is inactive');
  return id;
}

interface LockedInvoice {
  id: string;
  number: string;
  customer_id: string;
  status: InvoiceStatus;
  total: string;
  amount_paid: string;
  version: number;
}

/** POST /payments-received: 201 with the payment; its entry, applications and invoice moves commit together. */
export async function createPayment(scope: WriteScope, command: CreatePaymentCommand): Promise<PaymentView> {
  const organization = scope.actor.organization;
  if (command.currency !== undefined && command.currency !== organization.currency) {
    throw fieldError('currency', `these books keep ${organization.currency} only`);
  }
  const { amount, applications } = parseApplications(command, organization.currency);
  if (!isCalendarDate(command.payment_date))
    throw fieldError('payment_date', 'must be a calendar date YYYY-MM-DD');
  assertOpenPeriodDate(organization, command.payment_date, 'payment_date');
  const [customer] = isUuid(command.customer)
    ? await scope.tx.query<{ id: string; is_active: boolean; display_name: string }>(
        'SELECT id, is_active, display_name FROM customers WHERE organization_id = $1 AND id = $2',
        [organization.id, command.customer],
      )
    : [];
  if (!customer) throw fieldError('customer', 'no such customer in these books');
  if (!customer.is_active) throw fieldError('customer', 'the customer is inactive');
  const depositTo = await depositAccount(scope, command.deposit_to_account);

  // Lock the applied invoices in id order: concurrent payments queue here, and each one then sees
  // the balance the previous one left (READ COMMITTED re-reads a row after waiting for its lock).
  const locked = await scope.tx.query<LockedInvoice>(
    `SELECT id, number, customer_id, status, total::text AS total, amount_paid::text AS amount_paid, version
       FROM invoices WHERE organization_id = $1 AND id = ANY($2::uuid[])
      ORDER BY id FOR UPDATE`,
    [organization.id, applications.map((application) => application.invoiceId)],
  );
  const invoiceById = new Map(locked.map((row) => [row.id, row]));
  applications.forEach((application, index) => {
    const invoice = invoiceById.get(application.invoiceId);
    const path = `applications/${index}/invoice_id`;
    if (!invoice) throw fieldError(path, 'no such invoice in these books');
    if (invoice.customer_id !== customer.id)
      throw fieldError(path, 'the invoice belongs to another customer');
  });
  applications.forEach((application, index) => {
    const invoice = invoiceById.get(application.invoiceId)!;
    if (invoice.status === 'draft' || invoice.status === 'void') {
      throw invalidState(
        `invoice ${invoice.number} is ${invoice.status}; a payment applies to a sent invoice`,
        {
          invoice_id: invoice.id,
          status: invoice.status,
          fields: { [`applications/${index}/invoice_id`]: [`invoice is ${invoice.status}`] },
        },
      );
    }
    const due = balanceDue(parseMoney(invoice.total), parseMoney(invoice.amount_paid), invoice.status);
    if (application.amount > due) {
      throw new DomainError(
        'application_exceeds_balance',
        `${formatMoney(application.amount)} is more than the ${formatMoney(due)} still due on invoice ${invoice.number}`,
        {
          invoice_id: invoice.id,
          balance_due: formatMoney(due),
          amount: formatMoney(application.amount),
          fields: { [`applications/${index}/amount`]: [`exceeds the balance due ${formatMoney(due)}`] },
        },
      );
    }
  });

  const receivable = await systemAccountId(scope.tx, organization.id, 'accountsReceivable');
  const id = randomUUID();
  const unapplied = amount - sumMoney(applications.map((application) => application.amount));
  // D33: each applied invoice's amount_paid, balance and status move, and so does its version.
  const moved = applications.map((application) => {
    const invoice = invoiceById.get(application.invoiceId)!;
    const paid = parseMoney(invoice.amount_paid) + application.amount;
    const status: InvoiceStatus = paid === parseMoney(invoice.total) ? 'paid' : 'sent';
    return { id: invoice.id, paid: formatMoney(paid), status, version: invoice.version + 1 };
  });

  // The payment's own entry first (D25): it takes the JE counter, which every posting of the
  // organization queues for. Only then the PMT counter, which this payment therefore takes while no
  // other payment can hold it: a payment never sits on the PMT number while it waits for the JE
  // counter, so payments queue once, like sends. (Its memo names the customer, not the PMT number,
  // which does not exist yet; the entry links to the payment by source_type/source_id.)
  const entry = await postLedgerEntry(scope, {
    txnDate: command.payment_date,
    memo: `Payment from ${customer.display_name}${command.reference ? ` (${command.reference})` : ''}`,
    lines: [
      { accountId: depositTo, debit: amount, credit: 0n, description: '', trackingOptionIds: [] },
      { accountId: receivable, debit: 0n, credit: amount, description: '', trackingOptionIds: [] },
    ],
    sourceType: 'payment_received',
    sourceId: id,
  });

  // The PMT counter is locked from this statement to commit (gapless numbers, D21), so the number,
  // the payment, its applications and the invoices it moves are one statement, and the response is
  // built from what was written rather than read back.
  const numbered = allocateNumberSql('payment_received', '$2');
  const [written] = await scope.tx.query<Omit<PaymentRow, 'customer_name'>>(
    `WITH ${numbered.cte},
     payment AS (
       INSERT INTO payments_received (id, organization_id, number, customer_id, payment_date, amount, unapplied_amount,
          method, reference, memo, currency, deposit_account_id, journal_entry_id)
       SELECT $1, $2, ${numbered.value}, $3, $4, $5, $6, $7, $8, $9, $10, $11, $18 FROM ${numbered.name}
       RETURNING id, number, customer_id, payment_date::text AS payment_date, amount::text AS amount,
         unapplied_amount::text AS unapplied_amount, method, reference, memo, currency, deposit_account_id,
         journal_entry_id, version,
         ${isoTimestamp('created_at')} AS created_at, ${isoTimestamp('updated_at')} AS updated_at),
     applied AS (
       INSERT INTO payment_applications (organization_id, payment_id, line_no, invoice_id, amount, applied_date)
       SELECT $2, payment.id, a.ordinal, a.invoice_id, a.amount, $4
         FROM payment, unnest($12::uuid[], $13::numeric[]) WITH ORDINALITY AS a(invoice_id, amount, ordinal)),
     moved AS (
       UPDATE invoices i SET amount_paid = m.paid, status = m.status, version = m.version,
              updated_at = clock_timestamp()
         FROM unnest($14::uuid[], $15::numeric[], $16::text[], $17::int[]) AS m(id, paid, status, version)
        WHERE i.organization_id = $2 AND i.id = m.id)
     SELECT * FROM payment`,
    [
      id,
      organization.id,
      customer.id,
      command.payment_date,
      formatMoney(amount),
      formatMoney(unapplied),
      command.method,
      command.reference ?? '',
      command.memo ?? '',
      organization.currency,
      depositTo,
      applications.map((application) => application.invoiceId),
      applications.map((application) => formatMoney(application.amount)),
      moved.map((invoice) => invoice.id),
      moved.map((invoice) => invoice.paid),
      moved.map((invoice) => invoice.status),
      moved.map((invoice) => invoice.version),
      entry.id,
    ],
  );
  if (!written) throw new Error(`organization ${organization.id} has no payment_received sequence`);
  for (const invoice of moved) scope.changed(INVOICE_ENTITY, invoice.id, 'updated', invoice.version);
  scope.changed(PAYMENT_ENTITY, id, 'created', 1);
  return describePayment(
    { ...written, customer_name: customer.display_name },
    applications.map((application, index) => ({
      payment_id: id,
      line_no: index + 1,
      invoice_id: application.invoiceId,
      invoice_number: invoiceById.get(application.invoiceId)!.number,
      amount: formatMoney(application.amount),
      applied_date: command.payment_date,
    })),
  );
}
