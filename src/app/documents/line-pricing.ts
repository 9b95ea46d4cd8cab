// D8, D28, D90: what pricing a document's lines does once its kind has checked what is its own (an
// invoice line's income account and item defaults, a bill line's item, account and unit cost): each
// line's tax rates are read, its tracking options checked, the lines priced by the domain's rules
// (computeInvoice) and the total refused unless above zero. Invoices and credit notes
// (draft-invoices.ts priceLines) and bills and vendor credits (bill-lines.ts priceBillLines) price here.
import { fieldError } from '../../domain/errors.ts';
import { computeInvoice } from '../../domain/invoice.ts';
import { currencyDecimals, formatMoney, parseMoney } from '../../domain/money.ts';
import type { NewPricedLine } from '../../storage/stores/document-store.ts';
import type { WriteScope } from '../changes.ts';
import { assertTrackingOptions } from '../ledger/journal-entries.ts';
import { lineRates, lineTaxes } from './line-taxes.ts';

/** A line as pricing takes it: its quantity and unit price as sent, its tax choice, its tracking. */
export interface PricingLine {
  quantity: string;
  unitPrice: string;
  taxRate: string | null;
  taxGroup: string | null;
  trackingOptionIds: string[];
}

/** How a kind's refusals name what is priced: the document (`invoice`, `bill`) and the price's field. */
export interface PricingNames {
  noun: string;
  /** Where an amount past NUMERIC(20,4) is refused (D66): `unit_price`, a purchase line's `unit_cost`. */
  priceField: 'unit_price' | 'unit_cost';
}

/** A priced line's stored fields but its kind's own (item, description, account), its price formatted. */
export type PricedLine = Omit<NewPricedLine, 'itemId' | 'description'> & { unitPrice: string };

/** The document's totals and its lines, in their order, ready for the kind to add its own fields. */
export interface PricedLines {
  subtotal: string;
  taxTotal: string;
  total: string;
  lines: PricedLine[];
}

export async function priceDocumentLines(
  scope: WriteScope,
  lines: PricingLine[],
  names: PricingNames,
): Promise<PricedLines> {
  const rates = await lineRates(
    scope.tx,
    scope.actor.organization.id,
    lines.map((line) => ({ taxRate: line.taxRate, taxGroup: line.taxGroup })),
  );
  await assertTrackingOptions(
    scope,
    lines.map((line) => ({ trackingOptionIds: line.trackingOptionIds })),
    'lines',
  );
  const totals = computeInvoice(
    lines.map((line, index) => ({
      quantity: parseMoney(line.quantity),
      unitPrice: parseMoney(line.unitPrice),
      taxPercents: rates[index]!.percents,
    })),
    currencyDecimals(scope.actor.organization.currency),
    names.priceField,
  );
  if (totals.total <= 0n) throw fieldError('lines', `the ${names.noun} total must be greater than zero`);
  return {
    subtotal: formatMoney(totals.subtotal),
    taxTotal: formatMoney(totals.taxTotal),
    total: formatMoney(totals.total),
    lines: lines.map((line, index) => {
      const computed = totals.lines[index]!;
      return {
        quantity: formatMoney(parseMoney(line.quantity)),
        unitPrice: formatMoney(parseMoney(line.unitPrice)),
        amount: formatMoney(computed.amount),
        taxRateId: line.taxRate,
        taxGroupId: line.taxGroup,
        taxAmount: formatMoney(computed.taxAmount),
        taxes: lineTaxes(rates[index]!, computed.taxes),
        trackingOptionIds: line.trackingOptionIds,
      };
    }),
  };
}
