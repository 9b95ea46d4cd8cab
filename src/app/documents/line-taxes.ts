// D90: what a priced line is taxed at, for every kind of document (invoices, credit notes, bills,
// vendor credits): nothing, one tax rate, or a tax group's rates in the group's order, never both a
// rate and a group. The kinds' pricing (draft-invoices.ts priceLines, bill-lines.ts priceBillLines)
// ask here which percentages a line takes, price it by the domain's rules (computeInvoice: each rate
// rounded on its own, D8) and store the tax per rate that lineTaxes answers.
import { fieldError } from '../../domain/errors.ts';
import { formatMoney, type Money, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { LineTax } from '../../storage/stores/document-store.ts';
import * as tax from '../../storage/stores/tax.ts';

/** The tax fields of a line as a request (or an item's default) gives them: null or absent is none. */
export interface LineTaxChoice {
  taxRate?: string | null;
  taxGroup?: string | null;
}

/** Line `index` names a tax rate or a tax group, not both: 400 on `lines/N/tax_group`. */
export function assertOneTaxChoice(choice: LineTaxChoice, index: number): void {
  if (choice.taxRate && choice.taxGroup)
    throw fieldError(`lines/${index}/tax_group`, 'send tax_rate or tax_group, not both');
}

/** The rates a line is taxed at, in order, with their percentages at scale 4. */
export interface LineRates {
  rateIds: string[];
  percents: Money[];
}

const UNTAXED: LineRates = { rateIds: [], percents: [] };

/**
 * Each line's rates: its tax rate, or its group's rates, each an active rate of these books (an
 * unknown or inactive rate or group is 400 on the line's field; another organization's is unknown).
 * Reads the rates in one query, and the groups in one more when a line names one.
 */
export async function lineRates(
  db: Queryable,
  organizationId: string,
  choices: LineTaxChoice[],
): Promise<LineRates[]> {
  choices.forEach(assertOneTaxChoice);
  const groupIds = choices.flatMap((choice) => (choice.taxGroup ? [choice.taxGroup] : []));
  const groups = new Map(
    groupIds.length === 0
      ? []
      : (await tax.findLineGroups(db, organizationId, groupIds)).map((group) => [group.id, group]),
  );
  const rateIds = choices.flatMap((choice) => (choice.taxRate ? [choice.taxRate] : []));
  const rates = new Map(
    rateIds.length === 0
      ? []
      : (await tax.findRates(db, organizationId, rateIds)).map((rate) => [rate.id, rate]),
  );
  return choices.map((choice, index) => {
    if (choice.taxRate) {
      const path = `lines/${index}/tax_rate`;
      const rate = rates.get(choice.taxRate);
      if (!rate) throw fieldError(path, 'no such tax rate in these books');
      if (!rate.is_active) throw fieldError(path, 'the tax rate is inactive');
      return { rateIds: [rate.id], percents: [parseMoney(rate.rate)] };
    }
    if (choice.taxGroup) {
      const path = `lines/${index}/tax_group`;
      const group = groups.get(choice.taxGroup);
      if (!group) throw fieldError(path, 'no such tax group in these books');
      if (!group.is_active) throw fieldError(path, 'the tax group is inactive');
      if (group.rates.length === 0) throw fieldError(path, 'the tax group has no tax rates');
      if (group.rates.some((rate) => !rate.is_active))
        throw fieldError(path, 'the tax group includes an inactive tax rate');
      return {
        rateIds: group.rates.map((rate) => rate.id),
        percents: group.rates.map((rate) => parseMoney(rate.rate)),
      };
    }
    return UNTAXED;
  });
}

/** A line's tax per rate as stored: its rates beside the amounts the pricing computed for them. */
export function lineTaxes(rates: LineRates, amounts: Money[]): LineTax[] {
  return rates.rateIds.map((taxRateId, index) => ({ taxRateId, amount: formatMoney(amounts[index]!) }));
}
