// Spending a customer's credit on their open invoices: a payment's unapplied amount (D61) or a
// credit note's remaining credit (D60). One amount per open invoice, the rest shown as it is typed
// (exact, with the shared money rules), and the API's refusal in words.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { api, data } from '../../api/client.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { formatAmount, parseMoney, readAmount } from '../../ui/money.ts';
import type { Books } from '../shell/books.tsx';

export interface Application {
  invoice_id: string;
  amount: string;
}

export function ApplyToInvoices({
  books,
  customer,
  available,
  intro,
  apply,
  onDone,
}: {
  books: Books;
  customer: string;
  /** The credit there is to spend (a decimal string of the API). */
  available: string;
  intro: ReactNode;
  apply: (applications: Application[]) => Promise<void>;
  onDone: () => void;
}) {
  const [applied, setApplied] = useState<Record<string, string>>({});
  const open = useQuery({
    queryKey: ['invoices', 'open-of', customer],
    queryFn: async () =>
      data(await api.GET('/api/v1/invoices', { params: { query: { customer, status: 'sent' } } })),
  });
  const applications = Object.entries(applied).filter(([, value]) => value.trim() !== '');
  const sum = applications.reduce<bigint | null>((total, [, value]) => {
    const units = readAmount(value);
    return total === null || units === null ? null : total + units;
  }, 0n);
  const rest = sum === null ? null : parseMoney(available) - sum;
  const send = useMutation({
    mutationFn: () =>
      apply(applications.map(([invoiceId, value]) => ({ invoice_id: invoiceId, amount: value.trim() }))),
    onSuccess: onDone,
  });
  const invoices = open.data?.results ?? [];
  return (
    <Stack gap="sm">
      <ErrorNotice error={send.error} />
      <Text size="sm">{intro}</Text>
      {open.isSuccess && invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          This customer has no open invoice to apply it to.
        </Text>
      ) : null}
      {invoices.map((invoice) => (
        <TextInput
          key={invoice.id}
          label={`Apply to ${invoice.number} (due ${formatAmount(invoice.balance_due, books.currency)})`}
          inputMode="decimal"
          value={applied[invoice.id] ?? ''}
          onChange={(e) => setApplied({ ...applied, [invoice.id]: e.currentTarget.value })}
        />
      ))}
      <Text size="sm" role="status" c={rest !== null && rest < 0n ? 'red.9' : undefined}>
        {rest === null
          ? 'Enter amounts as numbers.'
          : rest < 0n
            ? 'The applications exceed the credit there is.'
            : `Left unapplied: ${formatAmount(rest, books.currency)}`}
      </Text>
      <Group justify="flex-end">
        <Button
          onClick={() => send.mutate()}
          loading={send.isPending}
          disabled={applications.length === 0 || rest === null || rest < 0n}
        >
          Apply credit
        </Button>
      </Group>
    </Stack>
  );
}
