// "Record it" (D74, POST /bank-transactions/{id}/create): a bank line nothing in the books matches is
// recorded from the line itself and matched at once. Money out: a spend (an expense, tax included in
// the amount), a bill payment of a vendor's open bills, or a transfer to another bank account; money
// in: a receipt, a customer's payment (applied to open invoices, the rest left as their credit) or a
// transfer. The amount is always the bank line's; what is applied is shown against it as it is typed.
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data, type RequestOf } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { useActiveCustomers } from '../../api/hooks/useActiveCustomers.ts';
import { useActiveVendors } from '../../api/hooks/useActiveVendors.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { useTaxRateOptions } from '../../api/hooks/useTaxRates.ts';
import { invalidateBanking } from '../../api/queries/banking.ts';
import { openBillsQuery } from '../../api/queries/bills.ts';
import { openInvoicesQuery } from '../../api/queries/invoices.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { formatAmount, parseMoney, readAmount } from '../../ui/money.ts';
import { notify } from '../../ui/notify.ts';
import { Picker, usePickerCheck } from '../../ui/Picker.tsx';
import { StackedForm } from '../../ui/StackedForm.tsx';
import { type BankLineDialogProps, BankLineHeading } from './BankAccountScreen.tsx';
import { accountLabel, isBankAccount, isOtherSide } from './bankAccounts.ts';

type Create = RequestOf<'/api/v1/bank-transactions/{id}/create', 'post'>;
type Kind = Create['kind'];

const KIND_LABEL: Record<Kind, string> = {
  spend: 'Spend',
  receive: 'Receive',
  payment: 'Customer payment',
  bill_payment: 'Bill payment',
  transfer: 'Transfer',
};

export function RecordLine({ line, currency, onDone }: BankLineDialogProps) {
  const queryClient = useQueryClient();
  const moneyIn = !line.amount.startsWith('-');
  const kinds: Kind[] = moneyIn ? ['receive', 'payment', 'transfer'] : ['spend', 'bill_payment', 'transfer'];
  const [kind, setKind] = useState<Kind>(kinds[0]!);
  const [account, setAccount] = useState<string | null>(null);
  const [taxRate, setTaxRate] = useState<string | null>(null);
  const [memo, setMemo] = useState(line.description || line.payee || '');
  const pickers = usePickerCheck();
  const [party, setParty] = useState<string | null>(null);
  const [applied, setApplied] = useState<Record<string, string>>({});
  const accounts = useAllAccounts();
  const taxRateOptions = useTaxRateOptions();
  const customers = useActiveCustomers();
  const vendors = useActiveVendors();
  const invoices = useQuery({
    ...openInvoicesQuery(party ?? ''),
    enabled: kind === 'payment' && Boolean(party),
  });
  const bills = useQuery({
    ...openBillsQuery(party ?? ''),
    enabled: kind === 'bill_payment' && Boolean(party),
  });
  const all = accounts.data ?? [];
  const others = all
    .filter((a) => a.is_active && isOtherSide(a))
    .sort((a, b) => {
      // The likely side first: expenses for money out, income for money in.
      const first = moneyIn ? 'income' : 'expense';
      return Number(b.type === first) - Number(a.type === first);
    });
  const banks = all.filter((a) => isBankAccount(a) && a.id !== line.account);
  const documents =
    kind === 'payment'
      ? (invoices.data?.results ?? []).map((i) => ({ id: i.id, number: i.number, due: i.balance_due }))
      : (bills.data?.results ?? []).map((b) => ({ id: b.id, number: b.number, due: b.balance_due }));
  const entries = Object.entries(applied).filter(([, value]) => value.trim() !== '');
  const appliedSum = entries.reduce<bigint | null>((sum, [, value]) => {
    const units = readAmount(value);
    return sum === null || units === null ? null : sum + units;
  }, 0n);
  const absolute = parseMoney(line.amount.replace(/^-/, ''));
  const create = useMutation({
    mutationFn: async () => {
      const body: Create =
        kind === 'spend' || kind === 'receive'
          ? {
              kind,
              account: account ?? '',
              ...(taxRate ? { tax_rate: taxRate } : {}),
              ...(memo.trim() ? { memo: memo.trim() } : {}),
            }
          : kind === 'transfer'
            ? { kind, account: account ?? '', ...(memo.trim() ? { memo: memo.trim() } : {}) }
            : kind === 'payment'
              ? {
                  kind,
                  customer: party ?? '',
                  applications: entries.map(([id, amount]) => ({ invoice_id: id, amount: amount.trim() })),
                }
              : {
                  kind,
                  vendor: party ?? '',
                  applications: entries.map(([id, amount]) => ({ bill_id: id, amount: amount.trim() })),
                };
      return data(
        await api.POST('/api/v1/bank-transactions/{id}/create', { params: { path: { id: line.id } }, body }),
      );
    },
    onSuccess: (created) => {
      notify({
        color: 'teal',
        message: `Recorded as ${created.document_number ?? created.entry_number} and matched.`,
      });
      invalidateBanking(queryClient);
      onDone();
    },
  });
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const switchKind = (next: Kind) => {
    setKind(next);
    setAccount(null);
    setParty(null);
    setApplied({});
    create.reset();
  };
  const rest = appliedSum === null ? null : absolute - appliedSum;
  const ready =
    kind === 'payment' || kind === 'bill_payment'
      ? Boolean(party) &&
        appliedSum !== null &&
        (kind === 'payment' ? rest !== null && rest >= 0n : rest === 0n)
      : Boolean(account);
  return (
    <StackedForm onSubmit={() => ready && create.mutate()}>
      <BankLineHeading line={line} currency={currency} />
      <ErrorNotice error={create.error} />
      <SegmentedControl
        aria-label="Record as"
        value={kind}
        onChange={(value) => switchKind(value as Kind)}
        data={kinds.map((value) => ({ value, label: KIND_LABEL[value] }))}
        fullWidth
      />
      {kind === 'spend' || kind === 'receive' ? (
        <>
          <Picker
            noun="an account"
            check={pickers}
            label={kind === 'spend' ? 'Expense account' : 'Income account'}
            required
            data={others.map((a) => ({ value: a.id, label: accountLabel(a) }))}
            value={account}
            onChange={setAccount}
            error={fields.account?.join('; ')}
            data-autofocus
          />
          <Picker
            noun="a tax rate"
            check={pickers}
            label="Tax included"
            placeholder="No tax"
            clearable
            data={taxRateOptions}
            value={taxRate}
            onChange={setTaxRate}
            error={fields.tax_rate?.join('; ')}
          />
        </>
      ) : null}
      {kind === 'transfer' ? (
        <Select
          label={moneyIn ? 'From bank account' : 'To bank account'}
          required
          data={banks.map((a) => ({ value: a.id, label: accountLabel(a) }))}
          value={account}
          onChange={setAccount}
          error={fields.account?.join('; ')}
        />
      ) : null}
      {kind === 'payment' || kind === 'bill_payment' ? (
        <Picker
          noun={kind === 'payment' ? 'a customer' : 'a vendor'}
          check={pickers}
          label={kind === 'payment' ? 'Customer' : 'Vendor'}
          required
          data={
            kind === 'payment'
              ? (customers.data ?? []).map((c) => ({ value: c.id, label: c.display_name }))
              : (vendors.data ?? []).map((v) => ({ value: v.id, label: v.display_name }))
          }
          value={party}
          onChange={(value) => {
            setParty(value);
            setApplied({});
          }}
          error={(fields.customer ?? fields.vendor)?.join('; ')}
        />
      ) : null}
      {(kind === 'payment' || kind === 'bill_payment') && party ? (
        <Stack gap={6}>
          {documents.length === 0 ? (
            <Text size="sm" c="dimmed">
              {kind === 'payment'
                ? 'This customer has no open invoice: the whole payment stays as their credit.'
                : 'This vendor has no open bill.'}
            </Text>
          ) : null}
          {documents.map((document, index) => (
            <TextInput
              key={document.id}
              label={`Apply to ${document.number} (due ${formatAmount(document.due, currency)})`}
              inputMode="decimal"
              value={applied[document.id] ?? ''}
              onChange={(event) => setApplied({ ...applied, [document.id]: event.currentTarget.value })}
              error={fields[`applications/${index}/amount`]?.join('; ')}
            />
          ))}
          <Text size="sm" role="status">
            {appliedSum === null
              ? 'An amount typed is not a number.'
              : kind === 'payment'
                ? `Applied ${formatAmount(appliedSum, currency)} of ${formatAmount(absolute, currency)}; ${formatAmount(rest ?? 0n, currency)} left as the customer's credit.`
                : `Applied ${formatAmount(appliedSum, currency)} of ${formatAmount(absolute, currency)}; ${formatAmount(rest ?? 0n, currency)} still to apply.`}
          </Text>
        </Stack>
      ) : null}
      {kind !== 'payment' && kind !== 'bill_payment' ? (
        <TextInput
          label="Memo"
          value={memo}
          onChange={(event) => setMemo(event.currentTarget.value)}
          maxLength={2000}
        />
      ) : null}
      <Group justify="flex-end">
        <Button type="submit" loading={create.isPending} disabled={!ready || pickers.reason !== null}>
          Record and match
        </Button>
      </Group>
    </StackedForm>
  );
}
