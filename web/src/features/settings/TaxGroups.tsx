// More, Tax rates: tax groups, which combine 1 to 10 distinct rates (a state rate plus a county
// rate) under one name, with their combined rate. Created and deactivated here; lines still name
// one rate (docs/receivables.md).
import { Button, Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api, data } from '../../api/client.ts';
import { useRecordAction } from '../../api/hooks/useRecordAction.ts';
import { taxRateLabel } from '../../api/hooks/useTaxRates.ts';
import { taxGroupsQuery } from '../../api/queries/taxes.ts';
import { MutationForm } from '../../ui/MutationForm.tsx';
import { trimZeros } from '../../ui/money.ts';
import { Section } from '../../ui/Page.tsx';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { Books } from '../shell/books.tsx';
import { DeactivatableTable } from './DeactivatableTable.tsx';

type Rate = { id: string; name: string; rate: string; is_active: boolean };

function NewTaxGroup({ rates, onDone }: { rates: Rate[]; onDone: () => void }) {
  const form = useForm({ initialValues: { name: '', description: '', tax_rates: [] as string[] } });
  const create = useFormMutation(form, {
    save: async (values) =>
      data(
        await api.POST('/api/v1/tax-groups', {
          body: {
            name: values.name.trim(),
            description: values.description.trim(),
            tax_rates: values.tax_rates,
          },
        }),
      ),
    written: 'tax-groups',
    notice: (group) => `${group.name} (${trimZeros(group.combined_rate)}%) created.`,
    onSaved: onDone,
  });
  return (
    <MutationForm form={form} mutation={create} submit="Create tax group">
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <TextInput label="Description" {...form.getInputProps('description')} />
      <Checkbox.Group
        label="Tax rates"
        description="The rates it combines, 1 to 10"
        required
        {...form.getInputProps('tax_rates')}
      >
        <Stack gap={6} mt={6}>
          {rates
            .filter((rate) => rate.is_active)
            .map((rate) => (
              <Checkbox key={rate.id} value={rate.id} label={taxRateLabel(rate)} />
            ))}
        </Stack>
      </Checkbox.Group>
    </MutationForm>
  );
}

export function TaxGroups({ books, rates }: { books: Books; rates: Rate[] }) {
  const [creating, dialog] = useDisclosure(false);
  const groups = useQuery(taxGroupsQuery());
  const deactivate = useRecordAction('/api/v1/tax-groups/{id}/deactivate', 'tax-groups');
  const names = new Map(rates.map((rate) => [rate.id, rate.name]));
  const canWrite = books.can.writeBooks;
  return (
    <Section
      title="Tax groups"
      action={
        canWrite ? (
          <Button size="xs" variant="default" onClick={dialog.open} disabled={rates.length === 0}>
            New tax group
          </Button>
        ) : null
      }
    >
      <DeactivatableTable
        read={groups}
        deactivate={canWrite ? deactivate : null}
        empty="No tax groups. A group combines rates charged together (a state and a county rate) under one name."
        columns={[
          {
            header: 'Rates',
            breaks: true,
            cell: (group) => group.tax_rates.map((id) => names.get(id) ?? id).join(' + '),
          },
          { header: 'Combined', align: 'right', cell: (group) => `${trimZeros(group.combined_rate)}%` },
        ]}
      />
      <Modal opened={creating} onClose={dialog.close} title="New tax group">
        <NewTaxGroup rates={rates} onDone={dialog.close} />
      </Modal>
    </Section>
  );
}
