// What a sales document posts from (D25, D60): its stored lines, each with the liability account of
// its tax rate, and the Accounts Receivable account (by its role, D65). An invoice posts them as
// they are; a credit note posts their mirror (src/domain/credit-note.ts).
import type { PostingLine } from '../../domain/invoice.ts';
import { parseMoney } from '../../domain/money.ts';
import { type SalesDocument, salesLinesOf } from '../../storage/stores/sales-lines.ts';
import * as tax from '../../storage/stores/tax.ts';
import type { WriteScope } from '../changes.ts';
import { systemAccountId } from '../ledger/accounts.ts';

const linesOf = { invoice: salesLinesOf('invoice'), credit_note: salesLinesOf('credit_note') };

export async function salesPostingInput(
  scope: WriteScope,
  kind: SalesDocument,
  documentId: string,
): Promise<{ receivable: string; lines: PostingLine[]; items: { itemId: string; quantity: bigint }[] }> {
  const organizationId = scope.actor.organization.id;
  const lines = (await linesOf[kind](scope.tx, organizationId, [documentId])).get(documentId) ?? [];
  const rates = await tax.findRates(
    scope.tx,
    organizationId,
    lines.flatMap((line) => (line.tax_rate_id ? [line.tax_rate_id] : [])),
  );
  const liabilityOf = new Map(rates.map((rate) => [rate.id, rate.liability_account_id]));
  const receivable = await systemAccountId(scope.tx, organizationId, 'accountsReceivable');
  return {
    receivable,
    // D48: the lines that name an item, for the stock an inventory item gives up (D49).
    items: lines.flatMap((line) =>
      line.item_id ? [{ itemId: line.item_id, quantity: parseMoney(line.quantity) }] : [],
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
