// Recording a payment of either side (a payment received, D61; a bill payment, D55): the party, the
// date, the method, the account, and an amount per open document of the party, with what is left
// (or the total) shown as it is typed, computed with the shared money rules (D45).
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../api/queries/payments.ts';
import { AmountInput } from '../../ui/AmountInput.tsx';
import { ApplyAmount } from '../../ui/ApplyAmount.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';
import { formatMoney, readAmount, sumAmounts, trimZeros } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Picker, usePickerCheck } from '../../ui/Picker.tsx';
import { StackedForm } from '../../ui/StackedForm.tsx';
import { applicationsOf, sumOf } from '../documents/ApplyCredit.tsx';
import { capitalized } from '../documents/kind.ts';
import type { OpenDocument } from '../documents/sides.ts';
import type { Books } from '../shell/books.tsx';
import type { PaymentKind, PostedPayment } from './paymentKind.ts';

/** A payment started from one document ("Record payment" on an invoice, "Pay bill" on a bill). */
export interface PaymentPreset {
  party: string;
  document: string;
  /** Its balance, offered in full. */
  amount: string;
}

export function PaymentForm<Payment extends PostedPayment>({
  kind,
  books,
  preset,
  onDone,
}: {
  kind: PaymentKind<Payment>;
  books: Books;
  preset?: PaymentPreset;
  onDone: () => void;
}) {
  const parties = kind.side.useParties();
  const accounts = useAllAccounts();
  const [party, setParty] = useState<string | null>(preset?.party ?? null);
  const [chosenAccount, setAccount] = useState<string | null>(null);
  const [amount, setAmount] = useState(preset ? trimZeros(preset.amount) : '');
  // "Full" fills the payment's amount with what is applied, until the person types an amount (issue 21).
  const [amountTyped, setAmountTyped] = useState(false);
  const pickers = usePickerCheck();
  const [paymentDate, setPaymentDate] = useState(today());
  const [method, setMethod] = useState<PaymentMethod>('ach');
  const [reference, setReference] = useState('');
  const [applied, setApplied] = useState<Record<string, string>>(
    preset ? { [preset.document]: trimZeros(preset.amount) } : {},
  );
  const open = kind.side.useOpenDocuments(party ?? '');
  const applications = applicationsOf(applied);
  const appliedSum = sumOf(applications);
  const typed = kind.amount === 'typed';
  const total = typed ? readAmount(amount) : appliedSum;
  const rest = total !== null && appliedSum !== null ? total - appliedSum : null;
  const { detailTypes, preferred } = kind.account;
  const places = (accounts.data ?? [])
    .filter((account) => account.is_active && detailTypes.includes(account.detail_type))
    .sort((a, b) => Number(b.detail_type === preferred) - Number(a.detail_type === preferred));
  const account = chosenAccount ?? places[0]?.id ?? null;
  const record = useMutation({
    mutationFn: () =>
      kind.record({
        party: party ?? '',
        payment_date: paymentDate,
        amount: typed ? amount.trim() : total === null ? '' : formatMoney(total),
        method,
        reference,
        account,
        applications,
      }),
    onSuccess: (payment) => {
      notify({ color: 'teal', message: `Payment ${payment.number} recorded.` });
      onDone();
    },
  });
  const fields = record.error instanceof ApiError ? record.error.fields : {};
  const documents = open.data ?? [];
  const accountSelect = (
    <Select
      label={kind.account.label}
      description={kind.account.description}
      required={kind.account.required}
      data={places.map((place) => ({ value: place.id, label: `${place.number} ${place.name}` }))}
      value={account}
      onChange={setAccount}
      allowDeselect={false}
      error={fields[kind.account.field]?.join('; ')}
    />
  );
  const amountInput = (
    <AmountInput
      label="Amount"
      currency={books.currency}
      required
      value={amount}
      onChange={(e) => {
        setAmount(e.currentTarget.value);
        setAmountTyped(e.currentTarget.value.trim() !== '');
      }}
      error={fields.amount?.join('; ')}
    />
  );
  return (
    <StackedForm onSubmit={() => record.mutate()}>
      <ErrorNotice error={record.error} action={kind.recordAction} />
      <Picker
        noun={kind.side.partyNoun}
        check={pickers}
        label={kind.side.partyLabel}
        required
        data={(parties.data ?? []).map((p) => ({ value: p.id, label: p.display_name }))}
        value={party}
        onChange={(value) => {
          setParty(value);
          setApplied({});
        }}
        error={fields[kind.side.party]?.join('; ')}
        data-autofocus
      />
      <Group grow wrap="wrap">
        {typed ? amountInput : accountSelect}
        <DateField
          label="Payment date"
          required
          value={paymentDate}
          onChange={setPaymentDate}
          error={fields.payment_date?.join('; ')}
        />
      </Group>
      <Group grow wrap="wrap">
        <Select
          label="Method"
          data={PAYMENT_METHODS}
          value={method}
          onChange={(value) => value && setMethod(value as PaymentMethod)}
          allowDeselect={false}
        />
        <TextInput
          label="Reference"
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
      </Group>
      {typed ? accountSelect : null}
      {party && open.isSuccess && documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {kind.noneOpen}
        </Text>
      ) : null}
      {documents.length > 0 ? (
        <DataTable<OpenDocument>
          rows={documents}
          rowKey={(document) => document.id}
          minWidth={0}
          striped={false}
          columns={[
            {
              header: capitalized(kind.side.documentNoun),
              cell: (document) => (
                <>
                  {document.number}
                  <Text size="xs" c="dimmed">
                    {document.reference ? `${document.reference} · ` : ''}due {formatDate(document.due_date)}
                  </Text>
                </>
              ),
            },
            {
              header: 'Balance due',
              align: 'right',
              cell: (document) => <Money amount={document.balance_due} currency={books.currency} />,
            },
            {
              header: kind.apply.header,
              w: 200,
              cell: (document, index) => (
                <ApplyAmount
                  label={kind.apply.label(document.number)}
                  fullLabel={`Pay ${document.number} in full`}
                  currency={books.currency}
                  value={applied[document.id] ?? ''}
                  onChange={(text) => setApplied({ ...applied, [document.id]: text })}
                  error={fields[`applications/${index}/amount`]?.join('; ')}
                  onFull={() => {
                    const next = { ...applied, [document.id]: trimZeros(document.balance_due) };
                    setApplied(next);
                    // A typed payment's amount follows what is applied until one is typed, so
                    // "Full" leaves Record payment enabled (issue 21).
                    const sum = sumAmounts(Object.values(next));
                    if (typed && !amountTyped && sum !== null) setAmount(trimZeros(formatMoney(sum)));
                  }}
                />
              ),
            },
          ]}
        />
      ) : null}
      <Text size="sm" role="status" c={rest !== null && rest < 0n ? 'red.9' : undefined}>
        {statusLine(typed, total, rest, books.currency)}
      </Text>
      <Group justify="flex-end">
        <Button
          type="submit"
          loading={record.isPending}
          disabled={
            !party ||
            pickers.reason !== null ||
            (typed ? rest === null || rest < 0n : !account || total === null || total <= 0n)
          }
        >
          Record payment
        </Button>
      </Group>
    </StackedForm>
  );
}

/** What is left unapplied (a typed amount) or the payment's total (the sum of what it pays). */
function statusLine(typed: boolean, total: bigint | null, rest: bigint | null, currency: string): ReactNode {
  if (!typed)
    return total === null ? (
      'Enter amounts as numbers to see the payment’s total.'
    ) : (
      <>
        Payment amount: <Money amount={formatMoney(total)} currency={currency} strong />
      </>
    );
  if (rest === null) return 'Enter amounts as numbers to see what is left unapplied.';
  if (rest < 0n) return `The applications exceed the payment by ${trimZeros(formatMoney(-rest))}.`;
  return (
    <>
      Unapplied (the customer's credit): <Money amount={formatMoney(rest)} currency={currency} strong />
    </>
  );
}
