// The lines editor of every document priced by the invoice rules (D8): a sale (an invoice, a credit
// note: D60) or a purchase (a bill, D54): item, description, account, quantity, unit price (a bill's
// unit cost), tax (a rate or a tax group, D90) and tracking, with totals computed before saving by
// the server's own rules (D45). DocumentPage's editor uses it for every kind; `purpose` (the kind's
// side) says which accounts a line takes and how an item fills it (D48).
import { Box, Button, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useActiveItems } from '../../api/hooks/useActiveItems.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { useTaxGroups } from '../../api/hooks/useTaxGroups.ts';
import { taxRateLabel, useTaxRates } from '../../api/hooks/useTaxRates.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { DescriptionCell, RemoveLineCell } from '../../ui/LineCells.tsx';
import { Money, MoneyCell } from '../../ui/Money.tsx';
import { formatMoney, invoiceTotals, lineAmount, trimZeros } from '../../ui/money.ts';
import { Picker, usePickerCheck } from '../../ui/Picker.tsx';
import { type Keyed, useEditableLines } from '../../ui/useEditableLines.ts';
import { TrackingCell, useShowsTracking } from '../settings/TrackingPicker.tsx';
import { useTrackingNames } from '../settings/useTrackingChoices.ts';
import type { Books } from '../shell/books.tsx';

export type EditorLine = Keyed<LineFields>;
interface LineFields {
  /** D48: the item the line sells (invoices only); picking one fills the line from it. */
  item: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  income_account: string | null;
  tax_rate: string | null;
  /** D90: the tax group the line is taxed at instead of a rate (never both). */
  tax_group: string | null;
  tracking_options: string[];
}

/** A line as the API returns it on an invoice or a credit note. */
export interface StoredLine {
  item?: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  income_account: string;
  tax_rate: string | null;
  tax_group?: string | null;
  tracking_options: string[];
}

/**
 * The Tax column's one value for a rate or a group: a rate's id as it is, a group's prefixed, so the
 * one picker offers both (D90).
 */
const GROUP_PREFIX = 'group:';
const taxValue = (line: Pick<EditorLine, 'tax_rate' | 'tax_group'>) =>
  line.tax_group ? `${GROUP_PREFIX}${line.tax_group}` : line.tax_rate;
const taxOf = (value: string | null): Pick<EditorLine, 'tax_rate' | 'tax_group'> =>
  value?.startsWith(GROUP_PREFIX)
    ? { tax_rate: null, tax_group: value.slice(GROUP_PREFIX.length) }
    : { tax_rate: value, tax_group: null };

const blankLine = (): LineFields => ({
  item: null,
  description: '',
  quantity: '1',
  unit_price: '',
  income_account: null,
  tax_rate: null,
  tax_group: null,
  tracking_options: [],
});

/** A sales line credits an income account; a purchase line debits an expense or asset account (D54). */
export type LinePurpose = 'sales' | 'purchase';
/** Asset detail types a bill line may not name itself: money, receivables and stock (bought by item). */
const NOT_A_PURCHASE = new Set([
  'bank',
  'cash',
  'undeposited_funds',
  'credit_card',
  'accounts_receivable',
  'inventory',
]);

/** While the rates load: one empty list, so the totals' memo is not made again on every render. */
const NO_RATES: never[] = [];
const NO_GROUPS: never[] = [];

/** The editor's lines (from a saved draft, or one blank line), their totals, and the request body. */
export function useLines(books: Books, stored: StoredLine[] | undefined, purpose: LinePurpose = 'sales') {
  const accounts = useAllAccounts();
  const taxRates = useTaxRates();
  const taxGroups = useTaxGroups();
  /** The document's pickers (its customer or vendor too): typed text not picked holds the save (issue 21). */
  const pickers = usePickerCheck();
  const defaultIncome =
    purpose === 'sales' ? (accounts.data?.find((account) => account.number === '4100')?.id ?? null) : null;
  const editable = useEditableLines<LineFields>(
    () =>
      stored
        ? stored.map((line) => ({
            item: line.item ?? null,
            description: line.description,
            quantity: trimZeros(line.quantity),
            unit_price: trimZeros(line.unit_price),
            income_account: line.income_account,
            tax_rate: line.tax_rate,
            tax_group: line.tax_group ?? null,
            tracking_options: line.tracking_options,
          }))
        : [blankLine()],
    blankLine,
  );
  const { lines } = editable;
  const rates = taxRates.data?.results ?? NO_RATES;
  const groups = taxGroups.data?.results ?? NO_GROUPS;
  const totals = useMemo(() => {
    // A rate not (yet) loaded reads as "?", which no amount parses: no total rather than a wrong one.
    const percentOf = (rateId: string) => rates.find((rate) => rate.id === rateId)?.rate ?? '?';
    const percentsOf = (line: LineFields): string[] => {
      if (line.tax_rate) return [percentOf(line.tax_rate)];
      if (!line.tax_group) return [];
      const group = groups.find((candidate) => candidate.id === line.tax_group);
      return group ? group.tax_rates.map(percentOf) : ['?'];
    };
    return invoiceTotals(
      lines.map((line) => ({
        quantity: line.quantity,
        unitPrice: line.unit_price,
        taxPercents: percentsOf(line),
      })),
      books.currency,
    );
  }, [lines, rates, groups, books.currency]);
  /** The Tax column's choices: the rates, then the groups, each under its heading and so labelled. */
  const taxOptions = [
    {
      group: 'Tax rates',
      items: rates.map((rate) => ({ value: rate.id, label: taxRateLabel(rate) })),
    },
    {
      group: 'Tax groups',
      items: groups.map((group) => ({
        value: `${GROUP_PREFIX}${group.id}`,
        label: `${group.name} (group, ${trimZeros(group.combined_rate)}%)`,
      })),
    },
  ].filter((section) => section.items.length > 0);
  const takes = (account: { type: string; detail_type: string }) =>
    purpose === 'sales'
      ? account.type === 'income'
      : account.type === 'expense' || (account.type === 'asset' && !NOT_A_PURCHASE.has(account.detail_type));
  const incomeOptions = (accounts.data ?? [])
    .filter((account) => takes(account) && account.is_active)
    .map((account) => ({ value: account.id, label: `${account.number} ${account.name}` }));
  const accountLabel = (id: string) => {
    const account = accounts.data?.find((candidate) => candidate.id === id);
    return account ? `${account.number} ${account.name}` : '';
  };
  /** A bill's lines (D54): the price is the unit cost; an inventory item's line takes its asset account. */
  const purchaseBody = () =>
    lines.map((line) => ({
      ...(line.item ? { item: line.item } : {}),
      description: line.description,
      quantity: line.quantity.trim(),
      unit_cost: line.unit_price.trim(),
      ...(line.income_account ? { account: line.income_account } : {}),
      // null says "no tax" (an item's rate is not taken); a group is sent instead of a rate (D90).
      ...(line.tax_group ? { tax_group: line.tax_group } : { tax_rate: line.tax_rate }),
      ...(line.tracking_options.length > 0 ? { tracking_options: line.tracking_options } : {}),
    }));
  const body = () =>
    lines.map((line) => ({
      ...(line.item ? { item: line.item } : {}),
      description: line.description,
      quantity: line.quantity.trim(),
      unit_price: line.unit_price.trim(),
      income_account: line.income_account ?? defaultIncome ?? '',
      is_taxable: line.tax_rate !== null || line.tax_group !== null,
      ...(line.tax_rate ? { tax_rate: line.tax_rate } : {}),
      ...(line.tax_group ? { tax_group: line.tax_group } : {}),
      ...(line.tracking_options.length > 0 ? { tracking_options: line.tracking_options } : {}),
    }));
  return {
    ...editable,
    totals,
    taxOptions,
    incomeOptions,
    defaultIncome,
    body,
    purchaseBody,
    purpose,
    accountLabel,
    pickers,
  };
}

export type LinesEditor = ReturnType<typeof useLines>;

/** The grid, "Add a line", the totals and the lines' refusal; `fields` are the API's field errors. */
export function LinesGrid({
  books,
  editor,
  fields,
  withItems = false,
}: {
  books: Books;
  editor: LinesEditor;
  fields: Record<string, string[]>;
  /** An "Item" column (invoices, D48; credit notes do not name items). */
  withItems?: boolean;
}) {
  const { lines, update, totals, taxOptions, incomeOptions, defaultIncome, purpose, accountLabel, pickers } =
    editor;
  const items = useActiveItems(withItems);
  const purchase = purpose === 'purchase';
  const stockItem = (line: EditorLine) =>
    purchase && items.data?.find((item) => item.id === line.item)?.type === 'inventory';
  const pickItem = (line: EditorLine, id: string | null) => {
    const item = items.data?.find((candidate) => candidate.id === id);
    if (!item) return update(line.key, { item: null });
    const account = purchase ? (item.inventory_asset_account ?? item.expense_account) : item.income_account;
    update(line.key, {
      item: item.id,
      description: line.description || item.description || item.name,
      // purchase_cost is absent for sales (no inventory:read), who enter no bills anyway.
      unit_price: trimZeros((purchase ? item.purchase_cost : item.sale_price) ?? ''),
      income_account: account ?? line.income_account,
      ...(item.tax_rate ? { tax_rate: item.tax_rate, tax_group: null } : {}),
    });
  };
  const priceName = purchase ? 'Unit cost' : 'Unit price';
  const showTracking = useShowsTracking(lines);
  const lineError = (index: number, name: string) => fields[`lines/${index}/${name}`]?.join('; ');
  return (
    <>
      {/* Issue 21: at 1366 px with the navigation shown the page is about 1100 px wide; the columns
          fit it (items and tracking on) without sideways scrolling. A phone scrolls inside the grid. */}
      <Table.ScrollContainer
        minWidth={800 + (showTracking ? 130 : 0) + (withItems ? 150 : 0)}
        scrollAreaProps={{ viewportProps: { 'data-testid': 'lines-grid-scroll' } as object }}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              {withItems ? <Table.Th w={150}>Item</Table.Th> : null}
              <Table.Th miw={160}>Description</Table.Th>
              <Table.Th w={180}>Account</Table.Th>
              <Table.Th w={80}>Quantity</Table.Th>
              <Table.Th w={110}>{priceName}</Table.Th>
              <Table.Th w={140}>Tax</Table.Th>
              {showTracking ? <Table.Th w={130}>Tracking</Table.Th> : null}
              <Table.Th w={110} ta="right">
                Amount
              </Table.Th>
              <Table.Th w={REMOVE_COLUMN_PX}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const amount = lineAmount(line.quantity, line.unit_price, books.currency);
              const n = index + 1;
              return (
                <Table.Tr key={line.key}>
                  {withItems ? (
                    <Table.Td>
                      <Picker
                        noun="an item"
                        check={pickers}
                        aria-label={`Item of line ${n}`}
                        placeholder="None"
                        clearable
                        data={(items.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
                        value={line.item}
                        onChange={(value) => pickItem(line, value)}
                        error={lineError(index, 'item')}
                      />
                    </Table.Td>
                  ) : null}
                  <DescriptionCell
                    n={n}
                    value={line.description}
                    onChange={(description) => update(line.key, { description })}
                    error={lineError(index, 'description')}
                  />
                  <Table.Td>
                    <Picker
                      noun="an account"
                      check={pickers}
                      aria-label={`Account of line ${n}`}
                      placeholder={purchase ? 'Choose an account' : undefined}
                      data={
                        stockItem(line) && line.income_account
                          ? [{ value: line.income_account, label: accountLabel(line.income_account) }]
                          : incomeOptions
                      }
                      disabled={stockItem(line)}
                      value={line.income_account ?? defaultIncome}
                      onChange={(value) => update(line.key, { income_account: value })}
                      error={lineError(index, purchase ? 'account' : 'income_account')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Quantity of line ${n}`}
                      inputMode="decimal"
                      value={line.quantity}
                      onChange={(e) => update(line.key, { quantity: e.currentTarget.value })}
                      error={lineError(index, 'quantity')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <AmountInput
                      aria-label={`${priceName} of line ${n}`}
                      currency={books.currency}
                      value={line.unit_price}
                      onChange={(e) => update(line.key, { unit_price: e.currentTarget.value })}
                      error={lineError(index, purchase ? 'unit_cost' : 'unit_price')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Picker
                      noun="a tax rate or group"
                      check={pickers}
                      aria-label={`Tax rate of line ${n}`}
                      placeholder="No tax"
                      clearable
                      data={taxOptions}
                      value={taxValue(line)}
                      onChange={(value) => update(line.key, taxOf(value))}
                      error={lineError(index, 'tax_rate') ?? lineError(index, 'tax_group')}
                    />
                  </Table.Td>
                  {showTracking ? (
                    <TrackingCell
                      n={n}
                      value={line.tracking_options}
                      onChange={(tracking_options) => update(line.key, { tracking_options })}
                      error={lineError(index, 'tracking_options')}
                    />
                  ) : null}
                  <Table.Td ta="right">
                    {amount === null ? '' : <Money amount={formatMoney(amount)} currency={books.currency} />}
                  </Table.Td>
                  <RemoveLineCell
                    n={n}
                    disabled={lines.length <= 1}
                    onRemove={() => editor.remove(line.key)}
                  />
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" align="flex-start">
        <Button size="xs" variant="subtle" onClick={editor.add}>
          Add a line
        </Button>
        {totals ? (
          <DocumentTotals
            subtotal={formatMoney(totals.subtotal)}
            tax={formatMoney(totals.taxTotal)}
            total={formatMoney(totals.total)}
            currency={books.currency}
            inset={REMOVE_COLUMN_PX + CELL_PADDING_PX}
          />
        ) : (
          <Text size="sm" c="red.9" data-testid="document-totals">
            Enter a quantity and a unit price on every line to see the total.
          </Text>
        )}
      </Group>
      {fields.lines ? (
        <Text c="red.9" size="sm">
          {fields.lines.join('; ')}
        </Text>
      ) : null}
      {pickers.reason ? (
        <Text c="red.9" size="sm" role="status">
          {pickers.reason}
        </Text>
      ) : null}
    </>
  );
}

/** Mantine's table cell padding (its default horizontal spacing, xs) and the editor's remove column. */
const CELL_PADDING_PX = 10;
// The remove column: its 28 px button and the padding either side.
const REMOVE_COLUMN_PX = 48;

/**
 * Subtotal, tax and total under the lines (issue 21), right-aligned so the figures end where the
 * Amount column's do: `inset` is what lies right of that column's text (its padding, the editor's
 * remove column).
 */
export function DocumentTotals({
  subtotal,
  tax,
  total,
  currency,
  inset = CELL_PADDING_PX,
}: {
  subtotal: string;
  tax: string;
  total: string;
  currency: string;
  inset?: number;
}) {
  return (
    <Box
      data-testid="document-totals"
      style={{
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        justifyContent: 'end',
        columnGap: 24,
        rowGap: 2,
        textAlign: 'right',
        paddingRight: inset,
        marginLeft: 'auto',
      }}
    >
      <Text size="sm">Subtotal</Text>
      <Money amount={subtotal} currency={currency} />
      <Text size="sm">Tax</Text>
      <Money amount={tax} currency={currency} />
      <Text fw={700}>Total</Text>
      <Money amount={total} currency={currency} strong />
    </Box>
  );
}

/** A saved document's lines, read only (tracking options named under the description). */
export function LinesTable({
  lines,
  currency,
  priceLabel = 'Unit price',
}: {
  lines: (StoredLine & { line_no: number; tax_amount: string; amount: string })[];
  currency: string;
  priceLabel?: string;
}) {
  const trackingNames = useTrackingNames();
  return (
    // A read-only table has nothing to focus: its scrolling area takes the focus itself, so a phone's
    // keyboard user can scroll it (axe: scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={560}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Lines' } }}
    >
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">{priceLabel}</Table.Th>
            <Table.Th ta="right">Tax</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.line_no}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {line.description}
                {line.tracking_options.length > 0 ? (
                  <Text size="xs" c="dimmed">
                    {trackingNames(line.tracking_options)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{trimZeros(line.quantity)}</Table.Td>
              <MoneyCell amount={line.unit_price} currency={currency} />
              <MoneyCell amount={line.tax_amount} currency={currency} />
              <MoneyCell amount={line.amount} currency={currency} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
