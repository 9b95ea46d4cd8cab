// Tax summary (D91): per tax rate, what the period's invoices, credit notes and bills taxed and the tax
// they posted, beside the movement of the accounts tax rates post to. The documents' tax is exactly
// what they posted to those accounts, so the totals' net equals the accounts' movement unless
// something else moved them (a manual entry, paying the tax to the authority): that difference is
// `other_movement`, shown rather than hidden.
import { formatMoney, parseMoney } from '../../domain/money.ts';
import * as reports from '../../storage/stores/reports.ts';
import type { Actor, Deps } from '../context.ts';
import { dateRange, generatedAt } from './report-params.ts';

const FIGURES = ['taxable_sales', 'tax_collected', 'taxable_purchases', 'tax_paid', 'net'] as const;
type Figure = (typeof FIGURES)[number];

export async function taxSummary(deps: Deps, actor: Actor, query: { from?: string; to?: string }) {
  const { from, to } = dateRange(actor, query);
  const organizationId = actor.organization.id;
  const rows = await reports.taxRateSummary(deps.db, organizationId, from, to);
  const accounts = await reports.taxAccountMovements(deps.db, organizationId, from, to);
  const totals: Record<Figure, bigint> = {
    taxable_sales: 0n,
    tax_collected: 0n,
    taxable_purchases: 0n,
    tax_paid: 0n,
    net: 0n,
  };
  const rates = rows.map((row) => {
    const figures: Record<Figure, bigint> = {
      taxable_sales: parseMoney(row.taxable_sales),
      tax_collected: parseMoney(row.tax_collected),
      taxable_purchases: parseMoney(row.taxable_purchases),
      tax_paid: parseMoney(row.tax_paid),
      net: parseMoney(row.tax_collected) - parseMoney(row.tax_paid),
    };
    for (const figure of FIGURES) totals[figure] += figures[figure];
    return {
      tax_rate: row.tax_rate_id,
      name: row.name,
      rate: row.rate,
      account: row.account_id,
      account_number: row.account_number,
      ...formatted(figures),
    };
  });
  const movement = accounts.reduce((sum, account) => sum + parseMoney(account.movement), 0n);
  return {
    from,
    to,
    currency: actor.organization.currency,
    generated_at: generatedAt(),
    rates,
    totals: formatted(totals),
    tax_accounts: accounts.map((account) => ({
      account: account.account_id,
      account_number: account.number,
      account_name: account.name,
      movement: formatMoney(parseMoney(account.movement)),
    })),
    tax_accounts_movement: formatMoney(movement),
    other_movement: formatMoney(movement - totals.net),
  };
}

function formatted(figures: Record<Figure, bigint>): Record<Figure, string> {
  return {
    taxable_sales: formatMoney(figures.taxable_sales),
    tax_collected: formatMoney(figures.tax_collected),
    taxable_purchases: formatMoney(figures.taxable_purchases),
    tax_paid: formatMoney(figures.tax_paid),
    net: formatMoney(figures.net),
  };
}
