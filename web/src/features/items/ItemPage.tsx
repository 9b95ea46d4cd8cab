// One item: its defaults, and for an inventory item its stock (on hand, value, average cost), its
// movements in posting order, and "Adjust stock" (D52: a count, opening stock, a write-off), whose
// refusal for want of stock (insufficient_inventory) is shown in words.
import { Anchor, Button, Card, Modal, SimpleGrid, Skeleton, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, data } from '../../api/client.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { itemMovementsQuery, itemQuery } from '../../api/queries/items.ts';
import { formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { MutationForm } from '../../ui/MutationForm.tsx';
import { formatAmount, trimZeros } from '../../ui/money.ts';
import { Page, Section } from '../../ui/Page.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { Picker, usePickerCheck } from '../../ui/Picker.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import { documentPagePath } from '../reports/links.ts';
import { type Books, useBooks } from '../shell/books.tsx';
import { ITEM_TYPES, type Item, ItemForm } from './ItemForm.tsx';

/** What moved the stock, as the movements list names it; a document with a page links to it. */
const SOURCES: Record<string, string> = {
  inventory_adjustment: 'Adjustment',
  invoice: 'Invoice',
  invoice_void: 'Invoice voided',
  bill: 'Bill',
  bill_void: 'Bill voided',
};

export default function ItemPage() {
  const { id = '' } = useParams();
  const books = useBooks();
  const navigate = useNavigate();
  const [editing, edit] = useDisclosure(false);
  const [adjusting, adjust] = useDisclosure(false);
  const item = useQuery(itemQuery(id));
  if (!books) return null;
  if (item.error) return <ErrorNotice error={item.error} />;
  if (!item.data) return <Skeleton height={200} />;
  const it = item.data;
  const stocked = it.type === 'inventory';
  return (
    <Page
      title={it.name}
      actions={
        books.can.writeBooks ? (
          <>
            {stocked ? <Button onClick={adjust.open}>Adjust stock</Button> : null}
            <Button variant="default" onClick={edit.open}>
              Edit
            </Button>
          </>
        ) : null
      }
    >
      <Text size="sm" c="dimmed">
        {ITEM_TYPES.find((t) => t.value === it.type)?.label}
        {it.sku ? ` · SKU ${it.sku}` : ''}
        {it.is_active ? '' : ' · inactive'}
        {it.description ? ` · ${it.description}` : ''}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: stocked ? 4 : 2 }}>
        <Figure label="Sale price">
          <Money amount={it.sale_price} currency={books.currency} strong />
        </Figure>
        {/* Costs are absent for a role without inventory:read (sales): the figures are left out. */}
        {stocked ? (
          <>
            <Figure label="On hand">
              <Text fw={600}>{trimZeros(it.quantity_on_hand)}</Text>
            </Figure>
            {it.inventory_value === undefined ? null : (
              <Figure label="Value">
                <Money amount={it.inventory_value} currency={books.currency} strong />
              </Figure>
            )}
            {it.average_cost === undefined ? null : (
              <Figure label="Average cost">
                <Money amount={it.average_cost} currency={books.currency} strong />
              </Figure>
            )}
          </>
        ) : it.purchase_cost === undefined ? null : (
          <Figure label="Purchase cost">
            <Money amount={it.purchase_cost} currency={books.currency} strong />
          </Figure>
        )}
      </SimpleGrid>
      {stocked && books.can.readJournal ? <Movements books={books} item={it} /> : null}
      <Modal opened={editing} onClose={edit.close} title={`Edit ${it.name}`} size="lg">
        <ItemForm item={it} onSaved={edit.close} onReload={() => navigate(0)} />
      </Modal>
      <Modal opened={adjusting} onClose={adjust.close} title={`Adjust the stock of ${it.name}`}>
        <AdjustStock item={it} currency={books.currency} onDone={adjust.close} />
      </Modal>
    </Page>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Card>
  );
}

function Movements({ books, item }: { books: Books; item: Item }) {
  const [cursor, setCursor] = useState<string | undefined>();
  const movements = useQuery(itemMovementsQuery(item.id, cursor));
  const rows = movements.data?.results ?? [];
  return (
    <Section title="Stock movements">
      <PagedTable
        page={movements}
        empty='No stock has moved yet. "Adjust stock" or an opened bill brings it in; sent invoices take it out.'
        onPage={setCursor}
        rows={rows}
        rowKey={(movement) => movement.id}
        minWidth={640}
        columns={[
          { header: 'Date', nowrap: true, cell: (movement) => formatDate(movement.date) },
          {
            header: 'From',
            cell: (movement) => {
              const name = SOURCES[movement.source_type] ?? movement.source_type.replace(/_/g, ' ');
              const path = documentPagePath(movement.source_type, movement.source_id);
              return path ? (
                <Anchor component={Link} to={path}>
                  {name}
                </Anchor>
              ) : (
                name
              );
            },
          },
          { header: 'Quantity', align: 'right', cell: (movement) => trimZeros(movement.quantity) },
          {
            header: 'Unit cost',
            align: 'right',
            cell: (movement) => <Money amount={movement.unit_cost} currency={books.currency} />,
          },
          {
            header: 'Value',
            align: 'right',
            cell: (movement) => <Money amount={movement.value} currency={books.currency} />,
          },
          { header: 'On hand after', align: 'right', cell: (movement) => trimZeros(movement.quantity_after) },
          {
            header: 'Value after',
            align: 'right',
            cell: (movement) => <Money amount={movement.value_after} currency={books.currency} />,
          },
        ]}
      />
    </Section>
  );
}

function AdjustStock({ item, currency, onDone }: { item: Item; currency: string; onDone: () => void }) {
  const accounts = useAllAccounts();
  const pickers = usePickerCheck();
  const form = useForm({
    initialValues: {
      quantity: '',
      unit_cost: trimZeros(item.purchase_cost ?? ''),
      date: today(),
      account: null as string | null,
      memo: '',
    },
  });
  const adding = !form.values.quantity.trim().startsWith('-');
  const save = useFormMutation(form, {
    save: async (values) =>
      data(
        await api.POST('/api/v1/inventory-adjustments', {
          body: {
            item: item.id,
            quantity: values.quantity.trim(),
            date: values.date,
            account: values.account ?? '',
            memo: values.memo,
            ...(adding ? { unit_cost: values.unit_cost.trim() } : {}),
          },
        }),
      ),
    written: 'inventory-adjustments',
    notice: (adjustment) => `${adjustment.number} posted.`,
    onSaved: onDone,
  });
  return (
    <MutationForm form={form} mutation={save} submit="Post adjustment" disabled={pickers.reason !== null}>
      <TextInput
        label="Quantity"
        description="Positive adds stock, negative removes it"
        inputMode="decimal"
        required
        data-autofocus
        {...form.getInputProps('quantity')}
      />
      {adding ? (
        <TextInput label="Unit cost" inputMode="decimal" required {...form.getInputProps('unit_cost')} />
      ) : (
        <Text size="sm" c="dimmed">
          Removed units leave at the average cost
          {item.average_cost === undefined ? '' : `, ${formatAmount(item.average_cost, currency)} each`}.
        </Text>
      )}
      <TextInput label="Date" type="date" required {...form.getInputProps('date')} />
      <Picker
        noun="an account"
        check={pickers}
        label="Account"
        description={
          adding
            ? 'Credited: opening balance equity, or where the units came from'
            : 'Debited: shrinkage, damage'
        }
        required
        data={(accounts.data ?? [])
          .filter((account) => account.is_active && account.id !== item.inventory_asset_account)
          .map((account) => ({ value: account.id, label: `${account.number} ${account.name}` }))}
        {...form.getInputProps('account')}
      />
      <TextInput label="Memo" {...form.getInputProps('memo')} />
    </MutationForm>
  );
}
