// Inventory adjustments (D52): a count that found more or fewer units than the books hold, stock
// brought in as an opening balance, a write-off. Posted at once (201, ADJ-000001, gapless): an
// increase debits the item's asset account and credits `account` with quantity × unit_cost; a
// decrease debits `account` and credits the asset at the moving average (D50), refused with
// insufficient_inventory when the item would go below zero on its date or later (D51). Immutable:
// a correction is another adjustment. The entry, the movement, the number and the change record
// commit together.
import { randomUUID } from 'node:crypto';
import { todayIn } from '../../domain/dates.ts';
import { fieldError } from '../../domain/errors.ts';
import { valueIn } from '../../domain/inventory.ts';
import type { JournalLine } from '../../domain/journal.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { AdjustmentRow } from '../../storage/stores/inventory-adjustments.ts';
import * as adjustments from '../../storage/stores/inventory-adjustments.ts';
import type { WriteScope } from '../changes.ts';
import { ACCOUNT_USES, assertAccountUses, assertDocumentDate } from '../documents/documents.ts';
import { postLedgerEntry } from '../ledger/journal-entries.ts';
import { allocateNumber } from '../numbering.ts';
import { listOf } from '../pagination.ts';
import { readById } from '../reads.ts';
import { StockBook } from './stock.ts';

export const ADJUSTMENT_ENTITY = 'inventory_adjustment';

export function describeAdjustment(row: AdjustmentRow) {
  return {
    id: row.id,
    number: row.number,
    item: row.item_id,
    item_name: row.item_name,
    date: row.adjustment_date,
    quantity: formatMoney(parseMoney(row.quantity)),
    unit_cost: formatMoney(parseMoney(row.unit_cost)),
    value: formatMoney(parseMoney(row.value)),
    account: row.account_id,
    memo: row.memo,
    journal_entry: row.journal_entry_id,
    version: row.version,
    created_at: row.created_at,
  };
}

export const readAdjustment = readById(adjustments.find, 'inventory adjustment', describeAdjustment);

export const listAdjustments = listOf(
  adjustments.page,
  (filters: { item?: string }) => filters.item ?? null,
  (_db, _organizationId, rows) => rows.map(describeAdjustment),
);

export interface CreateAdjustmentCommand {
  item: string;
  date?: string;
  quantity: string;
  unit_cost?: string;
  account: string;
  memo?: string;
}

export async function createAdjustment(scope: WriteScope, command: CreateAdjustmentCommand) {
  const organization = scope.actor.organization;
  const date = command.date ?? todayIn(organization.timezone);
  assertDocumentDate(organization, date, 'date');
  const quantity = parseMoney(command.quantity);
  if (quantity === 0n)
    throw fieldError('quantity', 'must not be zero: positive adds stock, negative removes it');
  const increase = quantity > 0n;
  if (increase && command.unit_cost === undefined)
    throw fieldError('unit_cost', 'is required when stock is added (the cost of the units)');
  if (!increase && command.unit_cost !== undefined)
    throw fieldError(
      'unit_cost',
      'must be omitted when stock is removed: it leaves at the average cost (D50)',
    );
  const unitCost = parseMoney(command.unit_cost ?? '0');
  if (unitCost < 0n) throw fieldError('unit_cost', 'must not be negative', 'invalid_money');

  const stock = await StockBook.lock(scope, [command.item]);
  const item = stock.item(command.item);
  if (!item) throw fieldError('item', 'no such item in these books');
  if (item.type !== 'inventory') throw fieldError('item', 'only an inventory item holds stock');
  const asset = item.inventory_asset_account_id as string;
  // D84: the offset is never an account documents keep (another item's stock included), and the
  // item's own asset account is checked for its use again, as every posting does.
  await assertAccountUses(scope.tx, organization.id, [
    { id: command.account, path: 'account', rule: ACCOUNT_USES.adjustmentOffset },
    { id: asset, path: 'item', rule: ACCOUNT_USES.inventoryAsset },
  ]);
  const account = { id: command.account };

  const id = randomUUID();
  const source = { type: 'inventory_adjustment', id };
  let value: bigint;
  let recordedUnitCost = unitCost;
  if (increase) {
    value = valueIn(quantity, unitCost);
    await stock.moveIn({ itemId: item.id, date, quantity, unitCost, value, source });
  } else {
    await stock.assertAvailable(date, new Map([[item.id, -quantity]]));
    const out = await stock.moveOut({ itemId: item.id, date, quantity: -quantity, source });
    value = -out.cost;
    recordedUnitCost = out.unitCost;
  }
  const number = await allocateNumber(scope.tx, organization.id, 'inventory_adjustment');
  const memo = command.memo ?? '';
  const about = `${number} ${item.name}${memo ? `: ${memo}` : ''}`;
  const amount = increase ? value : -value;
  const [debit, credit] = increase ? [asset, account.id] : [account.id, asset];
  const lines: JournalLine[] = [
    { accountId: debit, debit: amount, credit: 0n, description: about, trackingOptionIds: [] },
    { accountId: credit, debit: 0n, credit: amount, description: about, trackingOptionIds: [] },
  ];
  // Units found at no cost (or removed when they carried none) move stock but post no entry.
  const entry =
    amount === 0n
      ? null
      : await postLedgerEntry(scope, {
          txnDate: date,
          memo: `Inventory adjustment ${about}`,
          lines,
          sourceType: 'inventory_adjustment',
          sourceId: id,
        });
  await adjustments.insert(scope.tx, organization.id, {
    id,
    number,
    itemId: item.id,
    date,
    quantity: formatMoney(quantity),
    unitCost: formatMoney(recordedUnitCost),
    value: formatMoney(value),
    accountId: account.id,
    memo,
    journalEntryId: entry?.id ?? null,
  });
  scope.changed(ADJUSTMENT_ENTITY, id, 'created', 1);
  return readAdjustment(scope.tx, scope.actor, id);
}
