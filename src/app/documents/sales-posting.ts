// What a sales document posts from (D25, D60): its stored lines, each with the liability account of
// its tax rate, and the Accounts Receivable account (by its role, D65). An invoice posts them as
// they are; a credit note posts their mirror (src/domain/credit-note.ts).
import type { PostingLine } from '../../domain/invoice.ts';
import { parseMoney } from '../../domain/money.ts';
import { type SalesDocument, salesLinesOf } from '../../storage/stores/sales-lines.ts';
import * as tax from '../../storage/stores/tax.ts';
import type { WriteScope } from '../changes.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import { ACCOUNT_USES, assertAccountUses } from './documents.ts';

const linesOf = { invoice: salesLinesOf('invoice'), credit_note: salesLinesOf('credit_note') };

/** A line that names an item, with the path of the line (`lines/N`) a refusal names. */
export interface SoldItemLine {
  itemId: string;
  quantity: bigint;
  path: string;
}

export async function salesPostingInput(
  scope: WriteScope,
  kind: SalesDocument,
  documentId: string,
): Promise<{ receivable: string; lines: PostingLine[]; items: SoldItemLine[] }> {
  const organizationId = scope.actor.organization.id;
  const lines = (await linesOf[kind](scope.tx, organizationId, [documentId])).get(documentId) ?? [];
  const rates = await tax.findRates(
    scope.tx,
    organizationId,
    lines.flatMap((line) => (line.tax_rate_id ? [line.tax_rate_id] : [])),
  );
  const liabilityOf = new Map(rates.map((rate) => [rate.id, rate.liability_account_id]));
  const receivable = await systemAccountId(scope.tx, organizationId, 'accountsReceivable');
  // D84 at posting: the accounts the lines post to are checked for their use again (a setting may
  // have changed since the draft was written).
  await assertAccountUses(
    scope.tx,
    organizationId,
    lines.flatMap((line) => {
      const path = `lines/${line.line_no - 1}`;
      const income = {
        id: line.income_account_id,
        path: `${path}/income_account`,
        rule: ACCOUNT_USES.income,
      };
      const taxAccount = line.tax_rate_id ? liabilityOf.get(line.tax_rate_id) : undefined;
      return taxAccount
        ? [income, { id: taxAccount, path: `${path}/tax_rate`, rule: ACCOUNT_USES.taxAccount }]
        : [income];
    }),
  );
  return {
    receivable,
    // D48: the lines that name an item, for the stock an inventory item gives up (D49).
    items: lines.flatMap((line) =>
      line.item_id
        ? [{ itemId: line.item_id, quantity: parseMoney(line.quantity), path: `lines/${line.line_no - 1}` }]
        : [],
    ),
    lines: lines.map((line) => ({
      incomeAccountId: line.income_account_id,
      description: line.description,
      amount: parseMoney(line.amount),
      taxAmount: parseMoney(line.tax_amount),
      taxAccountId: line.tax_rate_id ? (liabilityOf.get(line.tax_rate_id) ?? null) : null,
      trackingOptionIds: line.tracking_options,
    })),
  };
}
