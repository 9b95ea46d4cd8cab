// Draft invoices (spec "Invoice", D20-D23): create with a gapless or client number, sparse PATCH of
// drafts. Totals and the due date are always computed here; nothing a client sends replaces them.
import { randomUUID } from 'node:crypto';
import { isCalendarDate, todayIn } from '../../domain/dates.ts';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { computeInvoice, dueDateFor, type PaymentTerms } from '../../domain/invoice.ts';
import { currencyDecimals, formatMoney, type Money, parseMoney } from '../../domain/money.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../storage/db.ts';
import type { WriteScope } from '../changes.ts';
import { assertTrackingOptions } from '../ledger/journal-entries.ts';
import { isUuid } from '../ledger/sql.ts';
import { allocateNumber } from '../numbering.ts';
import { assertOpenPeriodDate } from '../organizations/organizations.ts';
import { assertVersion } from '../versions.ts';
import { findInvoice, INVOICE_ENTITY, type InvoiceView, readInvoice } from './invoice-store.ts';

export interface InvoiceLineCommand {
  description?: string;
  quantity: string;
  unit_price: string;
  income_account: string;
  is_taxable?: boolean;
  tax_rate?: string | null;
  tracking_options?: string[];
}

export interface CreateInvoiceCommand {
  customer: string;
  lines: InvoiceLineCommand[];
  issue_date?: string;
  number?: string;
  memo?: string;
  currency?: string;
}

export interface UpdateInvoiceCommand {
  customer?: string;
  lines?: InvoiceLineCommand[];
  issue_date?: string;
  memo?: string;
  currency?: string;
}

interface CustomerRow {
  id: string;
  payment_terms: PaymentTerms;
  is_active: boolean;
}

/** A line ready to store: amounts computed, references checked. */
interface PricedLine {
  description: string;
  quantity: Money;
  unitPrice: Money;
  amount: Money;
  incomeAccountId: string;
  taxRateId: string | null;
  taxAmount: Money;
  trackingOptionIds: string[];
}

interface PricedInvoice {
  lines: PricedLine[];
  subtotal: Money;
  taxTotal: Money;
  total: Money;
}

async function activeCustomer(scope: WriteScope, id: string): Promise<CustomerRow> {
  const [row] = isUuid(id)
    ? await scope.tx.query<CustomerRow>(
        'SELECT id, payment_terms, is_active FROM customers WHERE organization_id = $1 AND id = $2',
        [scope.actor.organization.id, id],
      )
    : [];
  if (!row) throw fieldError('customer', 'no such customer in these books');
  if (!row.is_active) throw fieldError('customer', 'the customer is inactive');
  return row;
}

function assertIssueDate(scope: WriteScope, date: string) {
  if (!isCalendarDate(date)) throw fieldError('issue_date', 'must be a calendar date YYYY-MM-DD');
  assertOpenPeriodDate(scope.actor.organization, date, 'issue_date');
}

function assertCurrency(scope: WriteScope, currency: string | undefined) {
  if (currency !== undefined && currency !== scope.actor.organization.currency) {
    throw fieldError('currency', `these books keep ${scope.actor.organization.currency} only`);
  }
}

/** Checks every line's shape and references, then prices the invoice (D8). */
async function priceLines(scope: WriteScope, lines: InvoiceLineCommand[]): Promise<PricedInvoice> {
  const organizationId = scope.actor.organization.id;
  lines.forEach((line, index) => {
    const taxable = line.is_taxable === true;
    const hasRate = line.tax_rate !== undefined && line.tax_rate !== null;
    if (taxable && !hasRate) throw fieldError(`lines/${index}/tax_rate`, 'is required on a taxable line');
    if (!taxable && hasRate) {
      throw fieldError(
        `lines/${index}/tax_rate`,
        'must be omitted on a non-taxable line (or set is_taxable)',
      );
    }
    if (parseMoney(line.unit_price) < 0n) {
      throw fieldError(`lines/${index}/unit_price`, 'must not be negative', 'invalid_money');
    }
  });

  const accountIds = [...new Set(lines.map((line) => line.income_account).filter(isUuid))];
  const accounts = await scope.tx.query<{ id: string; type: string; is_active: boolean }>(
    'SELECT id, type, is_active FROM accounts WHERE organization_id = $1 AND id = ANY($2::uuid[])',
    [organizationId, accountIds],
  );
  const accountById = new Map(accounts.map((row) => [row.id, row]));
  const rateIds = [...new Set(lines.map((line) => line.tax_rate ?? '').filter(isUuid))];
  const rates = await scope.tx.query<{ id: string; rate: string; is_active: boolean }>(
    'SELECT id, rate::text AS rate, is_active FROM tax_rates WHERE organization_id = $1 AND id = ANY($2::uuid[])',
    [organizationId, rateIds],
  );
  const rateById = new Map(rates.map((row) => [row.id, row]));

  lines.forEach((line, index) => {
    const account = accountById.get(line.income_account);
    const path = `lines/${index}/income_account`;
    if (!account) throw fieldError(path, 'no such account in these books');
    if (account.type !== 'income') throw fieldError(path, 'must be an income account');
    if (!account.is_active) throw fieldError(path, 'the account is inactive');
    if (line.tax_rate) {
      const rate = rateById.get(line.tax_rate);
      if (!rate) throw fieldError(`lines/${index}/tax_rate`, 'no such tax rate in these books');
      if (!rate.is_active) throw fieldError(`lines/${index}/tax_rate`, 'the tax rate is inactive');
    }
  });
  await assertTrackingOptions(
    scope,
    lines.map((line) => ({ trackingOptionIds: line.tracking_options ?? [] })),
    'lines',
  );

  const totals = computeInvoice(
    lines.map((line) => ({
      quantity: parseMoney(line.quantity),
      unitPrice: parseMoney(line.unit_price),
      taxPercent: line.tax_rate ? parseMoney(rateById.get(line.tax_rate)!.rate) : null,
    })),
    currencyDecimals(scope.actor.organization.currency),
  );
  if (totals.total <= 0n) throw fieldError('lines', 'the invoice total must be greater than zero');
  return {
    subtotal: totals.subtotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
    lines: lines.map((line, index) => ({
      description: line.description ?? '',
      quantity: parseMoney(line.quantity),
      unitPrice: parseMoney(line.unit_price),
      amount: totals.lines[index]!.amount,
      incomeAccountId: line.income_account,
      taxRateId: line.tax_rate ?? null,
      taxAmount: totals.lines[index]!.taxAmount,
      trackingOptionIds: line.tracking_options ?? [],
    })),
  };
}

async function insertLines(scope: WriteScope, invoiceId: string, lines: PricedLine[]) {
  await scope.tx.query(
    `INSERT INTO invoice_lines (organization_id, invoice_id, line_no, description, quantity, unit_price, amount,
        income_account_id, is_taxable, tax_rate_id, tax_amount, tracking_options)
     SELECT $1, $2, l.ordinal, l.description, l.quantity, l.unit_price, l.amount, l.income_account_id,
            l.tax_rate_id IS NOT NULL, l.tax_rate_id, l.tax_amount,
            COALESCE((SELECT array_agg(x::uuid) FROM unnest(string_to_array(NULLIF(l.tracking, ''), ',')) AS x), '{}')
       FROM unnest($3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $7::uuid[], $8::uuid[], $9::numeric[], $10::text[])
            WITH ORDINALITY AS l(description, quantity, unit_price, amount, income_account_id, tax_rate_id, tax_amount, tracking, ordinal)`,
    [
      scope.actor.organization.id,
      invoiceId,
      lines.map((line) => line.description),
      lines.map((line) => formatMoney(line.quantity)),
      lines.map((line) => formatMoney(line.unitPrice)),
      lines.map((line) => formatMoney(line.amount)),
      lines.map((line) => line.incomeAccountId),
      lines.map((line) => line.taxRateId) as string[],
      lines.map((line) => formatMoney(line.taxAmount)),
      lines.map((line) => line.trackingOptionIds.join(',')),
    ],
  );
}

function numberConflict(number: string): DomainError {
  return new DomainError('number_conflict', `invoice number ${number} is taken; nothing was saved`, {
    fields: { number: ['is taken'] },
    number,
  });
}

/**
 * Inserts the invoice row under `number`, or reports that the number is taken. ON CONFLICT waits for
 * a concurrent writer of the same number and then sees its row, so no unique violation escapes here;
 * a 23505 from any other path of the same race still answers number_conflict.
 */
async function insertInvoiceRow(scope: WriteScope, values: (string | null)[]): Promise<boolean> {
  try {
    const inserted = await scope.tx.query(
      `INSERT INTO invoices (id, organization_id, number, customer_id, status, issue_date, due_date, currency, memo,
          subtotal, tax_total, total)
       VALUES ($1, $2, $3, $4, 'draft', $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (organization_id, number) DO NOTHING RETURNING id`,
      values,
    );
    return inserted.length === 1;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw numberConflict(String(values[2]));
    throw error;
  }
}

/** POST /invoices: a draft (no ledger entry) with its number, due date and totals (D21-D22). */
export async function createInvoice(scope: WriteScope, command: CreateInvoiceCommand): Promise<InvoiceView> {
  const organization = scope.actor.organization;
  assertCurrency(scope, command.currency);
  const issueDate = command.issue_date ?? todayIn(organization.timezone);
  assertIssueDate(scope, issueDate);
  const customer = await activeCustomer(scope, command.customer);
  const priced = await priceLines(scope, command.lines);
  const id = randomUUID();
  const values = (number: string) => [
    id,
    organization.id,
    number,
    customer.id,
    issueDate,
    dueDateFor(issueDate, customer.payment_terms),
    organization.currency,
    command.memo ?? '',
    formatMoney(priced.subtotal),
    formatMoney(priced.taxTotal),
    formatMoney(priced.total),
  ];
  if (command.number !== undefined) {
    if (!(await insertInvoiceRow(scope, values(command.number)))) throw numberConflict(command.number);
  } else {
    // A client may earlier have taken the value the sequence gives: that value is used, take the next.
    while (
      !(await insertInvoiceRow(scope, values(await allocateNumber(scope.tx, organization.id, 'invoice'))))
    ) {}
  }
  await insertLines(scope, id, priced.lines);
  scope.changed(INVOICE_ENTITY, id, 'created', 1);
  return readInvoice(scope.tx, scope.actor, id);
}

/** Locks a draft for a change; anything past draft is part of the ledger and answers immutable_entry. */
async function lockDraft(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  const row = await findInvoice(scope.tx, scope.actor.organization.id, id, true);
  if (!row) throw notFound('invoice');
  if (row.status !== 'draft') {
    throw new DomainError(
      'immutable_entry',
      `invoice ${row.number} is ${row.status}; only drafts can be edited (void it, or issue a credit)`,
      { status: row.status, number: row.number },
    );
  }
  assertVersion(expectedVersion, row.version);
  return row;
}

/** PATCH /invoices/{id}: sparse; `lines` replaces every line; totals and due date are recomputed. */
export async function updateInvoice(
  scope: WriteScope,
  id: string,
  patch: UpdateInvoiceCommand,
  expectedVersion?: number,
): Promise<InvoiceView> {
  const organizationId = scope.actor.organization.id;
  const row = await lockDraft(scope, id, expectedVersion);
  assertCurrency(scope, patch.currency);
  const issueDate = patch.issue_date ?? row.issue_date;
  if (patch.issue_date !== undefined) assertIssueDate(scope, issueDate);
  const customer = await activeCustomer(scope, patch.customer ?? row.customer_id);
  let totals = {
    subtotal: parseMoney(row.subtotal),
    taxTotal: parseMoney(row.tax_total),
    total: parseMoney(row.total),
  };
  if (patch.lines !== undefined) {
    const priced = await priceLines(scope, patch.lines);
    totals = priced;
    await scope.tx.query('DELETE FROM invoice_lines WHERE organization_id = $1 AND invoice_id = $2', [
      organizationId,
      id,
    ]);
    await insertLines(scope, id, priced.lines);
  }
  const version = row.version + 1;
  await scope.tx.query(
    `UPDATE invoices SET customer_id = $3, issue_date = $4, due_date = $5, memo = COALESCE($6, memo),
            subtotal = $7, tax_total = $8, total = $9, version = $10, updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [
      organizationId,
      id,
      customer.id,
      issueDate,
      dueDateFor(issueDate, customer.payment_terms),
      patch.memo ?? null,
      formatMoney(totals.subtotal),
      formatMoney(totals.taxTotal),
      formatMoney(totals.total),
      version,
    ],
  );
  scope.changed(INVOICE_ENTITY, id, 'updated', version);
  return readInvoice(scope.tx, scope.actor, id);
}
