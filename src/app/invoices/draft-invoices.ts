// Draft invoices (spec "Invoice", D20-D23): create with a gapless or client number, sparse PATCH of
// drafts, through the draft lifecycle every numbered document shares (documents/drafts.ts); the line
// pricing credit notes share too. Totals are always computed; the due date follows the invoice's
// terms (sent, kept, or the customer's, D20) unless a due date is sent (issue 21).
import { fieldError } from '../../domain/errors.ts';
import { dueDateOf, INVOICE, type PaymentTerms } from '../../domain/invoice.ts';
import { parseMoney } from '../../domain/money.ts';
import type { InvoiceRow } from '../../storage/stores/invoices.ts';
import * as invoices from '../../storage/stores/invoices.ts';
import type { WriteScope } from '../changes.ts';
import { CUSTOMER } from '../contacts/customers.ts';
import { accountOfType, activeAccountCheck } from '../documents/documents.ts';
import { type DraftContact, type DraftKind, draftUseCases } from '../documents/drafts.ts';
import { type PricingLine, priceDocumentLines } from '../documents/line-pricing.ts';
import { assertOneTaxChoice } from '../documents/line-taxes.ts';
import { type ItemLineCommand, withItemDefaults } from './item-lines.ts';
import { INVOICE_ENTITY, type InvoiceView, readInvoice } from './read-invoices.ts';

/** A priced line's fields (a credit note's line as sent; an invoice line once its item's defaults are in). */
export interface InvoiceLineCommand {
  description?: string;
  quantity: string;
  unit_price: string;
  income_account: string;
  is_taxable?: boolean;
  tax_rate?: string | null;
  /** D90: a tax group instead of a tax rate. */
  tax_group?: string | null;
  tracking_options?: string[];
  /** D48: the item the line names (invoices only, after withItemDefaults). */
  item?: string | null;
}

export interface CreateInvoiceCommand {
  customer: string;
  lines: ItemLineCommand[];
  issue_date?: string;
  /** Issue 21: the terms the due date follows (default the customer's), or the due date itself. */
  payment_terms?: PaymentTerms;
  due_date?: string;
  reference?: string;
  number?: string;
  memo?: string;
  currency?: string;
}

export type UpdateInvoiceCommand = Partial<Omit<CreateInvoiceCommand, 'number'>>;

/** Priced lines ready to store, and the invoice's totals (D8). */
export interface PricedInvoice {
  lines: invoices.NewInvoiceLine[];
  subtotal: string;
  taxTotal: string;
  total: string;
}

/**
 * Request-shape rules of a line that need no database: a tax rate or a tax group (not both, D90) iff
 * taxable, price not negative.
 */
function assertLineShape(line: InvoiceLineCommand, index: number) {
  const taxable = line.is_taxable === true;
  assertOneTaxChoice({ taxRate: line.tax_rate, taxGroup: line.tax_group }, index);
  const hasRate = line.tax_rate !== undefined && line.tax_rate !== null;
  const hasGroup = line.tax_group !== undefined && line.tax_group !== null;
  if (taxable && !hasRate && !hasGroup)
    throw fieldError(`lines/${index}/tax_rate`, 'is required on a taxable line (or send tax_group)');
  for (const [field, named] of [
    ['tax_rate', hasRate],
    ['tax_group', hasGroup],
  ] as const) {
    if (!taxable && named)
      throw fieldError(
        `lines/${index}/${field}`,
        'must be omitted on a non-taxable line (or set is_taxable)',
      );
  }
  if (parseMoney(line.unit_price) < 0n) {
    throw fieldError(`lines/${index}/unit_price`, 'must not be negative', 'invalid_money');
  }
}

/** Every line names an active income account of these books (D84). */
async function assertIncomeAccounts(scope: WriteScope, lines: InvoiceLineCommand[]) {
  const checkAccount = await activeAccountCheck(
    scope.tx,
    scope.actor.organization.id,
    lines.map((line) => line.income_account),
    accountOfType('income'),
  );
  lines.forEach((line, index) => {
    checkAccount(line.income_account, `lines/${index}/income_account`);
  });
}

/** A sales line as pricing takes it: no tax choice or tracking sent is none. */
function pricingLine(line: InvoiceLineCommand): PricingLine {
  return {
    quantity: line.quantity,
    unitPrice: line.unit_price,
    taxRate: line.tax_rate ?? null,
    taxGroup: line.tax_group ?? null,
    trackingOptionIds: line.tracking_options ?? [],
  };
}

/**
 * Checks every line's shape and income account, then prices the invoice (D8), its tax rates or
 * groups active rates of these books (D90) and its tracking options existing (D28). Credit notes
 * (D60) price their lines with it too.
 */
export async function priceLines(
  scope: WriteScope,
  lines: InvoiceLineCommand[],
  document = 'invoice',
): Promise<PricedInvoice> {
  lines.forEach(assertLineShape);
  await assertIncomeAccounts(scope, lines);
  const priced = await priceDocumentLines(scope, lines.map(pricingLine), {
    noun: document,
    priceField: 'unit_price',
  });
  return {
    ...priced,
    lines: priced.lines.map((pricedLine, index) => {
      const line = lines[index]!;
      return {
        ...pricedLine,
        description: line.description ?? '',
        incomeAccountId: line.income_account,
        itemId: line.item ?? null,
      };
    }),
  };
}

/**
 * Issue 21: the terms are those sent, else the draft's own (a new customer's on a change of customer),
 * else the customer's; the due date follows them unless one is sent (dueDateOf: it wins, and the
 * terms stay only if they give that date). A custom due date is kept through later changes.
 */
function invoiceDue(
  customer: DraftContact,
  issueDate: string,
  command: Partial<CreateInvoiceCommand>,
  row: InvoiceRow | undefined,
) {
  const own = row && row.customer_id === customer.id ? row.payment_terms : customer.payment_terms;
  return dueDateOf({
    documentDate: issueDate,
    dateField: 'issue_date',
    terms: command.payment_terms ?? own,
    sent: command.due_date,
    kept: row?.due_date,
  });
}

/** Invoices as drafts: numbered INV (or the client's number), dated `issue_date`, due by their terms or as sent. */
const INVOICE_DRAFTS: DraftKind<
  'issue_date',
  'customer',
  ItemLineCommand,
  invoices.NewInvoiceLine,
  InvoiceRow,
  Partial<CreateInvoiceCommand>,
  invoices.DraftFields,
  InvoiceView
> = {
  rules: INVOICE,
  store: invoices,
  sequence: 'invoice',
  entity: INVOICE_ENTITY,
  counterparty: CUSTOMER,
  contactField: 'customer',
  dateField: 'issue_date',
  read: readInvoice,
  hooks: {
    priceLines: async (scope, lines) => priceLines(scope, await withItemDefaults(scope, lines)),
    // A due date before the issue date is refused before the lines are read, as on a bill.
    beforeLines: (customer, issueDate, command, row) => void invoiceDue(customer, issueDate, command, row),
    header: (customer, issueDate, command, row) => {
      const due = invoiceDue(customer, issueDate, command, row);
      return {
        customerId: customer.id,
        issueDate,
        dueDate: due.dueDate,
        paymentTerms: due.terms ?? '',
        reference: command.reference ?? row?.reference ?? '',
      };
    },
  },
};

/** POST (a draft with its number, due date and totals) and PATCH (sparse; `lines` replaces every line). */
export const { create: createInvoice, update: updateInvoice } = draftUseCases(INVOICE_DRAFTS);
