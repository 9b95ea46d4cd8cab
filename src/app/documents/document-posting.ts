// What a document posts from (D25, D54, D60): its stored lines, each with its tax rate's account, and
// the counter account of its side (Accounts Receivable for a sale, Accounts Payable for a purchase,
// by role, D65), checked for their use (D84) in one read. The domain lays out the entry
// (documentPostingLines); each kind says which account its line posts to and under which rule.
import { type DocumentPostingLine, SIDES, type Side } from '../../domain/document.ts';
import { parseMoney } from '../../domain/money.ts';
import { SALES_LINES, type SalesDocument, type SalesLineRow } from '../../storage/stores/sales-lines.ts';
import * as tax from '../../storage/stores/tax.ts';
import type { WriteScope } from '../changes.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import { ACCOUNT_USES, type AccountReference, assertAccountUses } from './documents.ts';

/** A stored line as it posts: the columns every kind's line table has, with its tax per rate (D90). */
export interface PostedLineRow {
  line_no: number;
  description: string;
  amount: string;
  tax_amount: string;
  tax_rate_id: string | null;
  tax_group_id: string | null;
  tax_rate_ids: string[];
  tax_amounts: string[];
  tracking_options: string[];
}

/** The account a line posts to, as a reference under the line's path (`lines/N`) with its use. */
export type LineAccount<Line> = (line: Line, path: string) => AccountReference;

/**
 * D84 at posting: the accounts the lines post to, and their tax rates' accounts (every component rate
 * of a group, D90, refused on the line's `tax_group`), are checked for their use again (a setting may
 * have changed since the draft was written). Answers the counter account and the lines as the domain
 * posts them: each line's tax per rate as priced, to the rate's account.
 */
export async function postingInput<Line extends PostedLineRow>(
  scope: WriteScope,
  side: Side,
  lines: Line[],
  accountOf: LineAccount<Line>,
): Promise<{ counter: string; lines: DocumentPostingLine[] }> {
  const organizationId = scope.actor.organization.id;
  const rateIds = lines.flatMap((line) => line.tax_rate_ids);
  const rates = rateIds.length === 0 ? [] : await tax.findRates(scope.tx, organizationId, rateIds);
  const taxAccountOf = new Map(rates.map((rate) => [rate.id, rate.liability_account_id]));
  const taxesOf = (line: Line) =>
    line.tax_rate_ids.map((rateId, index) => ({
      accountId: taxAccountOf.get(rateId)!,
      amount: parseMoney(line.tax_amounts[index]!),
    }));
  const references = lines.map((line) => accountOf(line, `lines/${line.line_no - 1}`));
  await assertAccountUses(
    scope.tx,
    organizationId,
    lines.flatMap((line, index) => {
      const path = `lines/${line.line_no - 1}/${line.tax_group_id ? 'tax_group' : 'tax_rate'}`;
      const taxAccounts = [...new Set(taxesOf(line).map((tax) => tax.accountId))];
      return [references[index]!, ...taxAccounts.map((id) => ({ id, path, rule: ACCOUNT_USES.taxAccount }))];
    }),
  );
  return {
    counter: await systemAccountId(scope.tx, organizationId, SIDES[side].counter),
    lines: lines.map((line, index) => ({
      accountId: references[index]!.id,
      description: line.description,
      amount: parseMoney(line.amount),
      taxes: taxesOf(line),
      trackingOptionIds: line.tracking_options,
    })),
  };
}

/** A line that names an item, with the path of the line (`lines/N`) a refusal names. */
export interface SoldItemLine {
  itemId: string;
  quantity: bigint;
  path: string;
}

/** A sales document's posting: each line credits (or, mirrored, debits) its income account. */
export async function salesPostingInput(
  scope: WriteScope,
  kind: SalesDocument,
  documentId: string,
): Promise<{ counter: string; lines: DocumentPostingLine[]; items: SoldItemLine[] }> {
  const stored: SalesLineRow<never>[] =
    (await SALES_LINES[kind].linesOf(scope.tx, scope.actor.organization.id, [documentId])).get(documentId) ??
    [];
  const input = await postingInput(scope, 'sale', stored, (line, path) => ({
    id: line.income_account_id,
    path: `${path}/income_account`,
    rule: ACCOUNT_USES.income,
  }));
  return {
    ...input,
    // D48: the lines that name an item, for the stock an inventory item gives up (D49).
    items: stored.flatMap((line) =>
      line.item_id
        ? [{ itemId: line.item_id, quantity: parseMoney(line.quantity), path: `lines/${line.line_no - 1}` }]
        : [],
    ),
  };
}
