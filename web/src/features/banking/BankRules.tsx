// Bank rules (D75): in priority order, each saying which lines it takes (a bank account or all, money
// in, out or either, all or any of its conditions) and what it proposes (a spend, receipt or transfer
// to an account, tax included, a memo). A rule only suggests: a line is recorded when its suggestion
// is accepted on the account's page. New and Edit share one form; Delete asks first (D82).
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api, type RequestOf } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { useTaxRateOptions } from '../../api/hooks/useTaxRates.ts';
import { saveRecord } from '../../api/queries/actions.ts';
import { type BankRule, invalidateBanking, rulesQuery } from '../../api/queries/banking.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { notify } from '../../ui/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { StackedForm } from '../../ui/StackedForm.tsx';
import { useBooks } from '../shell/books.tsx';
import { accountLabel, isBankAccount, isOtherSide } from './bankAccounts.ts';

type RuleBody = RequestOf<'/api/v1/bank-rules', 'post'>;
type Condition = RuleBody['conditions'][number];
type ActionKind = RuleBody['action']['kind'];

const FIELDS: { value: Condition['field']; label: string }[] = [
  { value: 'description', label: 'Description' },
  { value: 'payee', label: 'Payee' },
  { value: 'reference', label: 'Reference' },
  { value: 'amount', label: 'Amount' },
];
const TEXT_OPERATORS: { value: Condition['operator']; label: string }[] = [
  { value: 'contains', label: 'contains' },
  { value: 'equals', label: 'equals' },
  { value: 'starts_with', label: 'starts with' },
];
const AMOUNT_OPERATORS: { value: Condition['operator']; label: string }[] = [
  { value: 'equals', label: 'equals' },
  { value: 'gt', label: 'more than' },
  { value: 'lt', label: 'less than' },
];
const OPERATOR_WORDS: Record<string, string> = {
  contains: 'contains',
  equals: 'is',
  starts_with: 'starts with',
  gt: 'is more than',
  lt: 'is less than',
};
/** Which bank lines a rule looks at. */
const DIRECTIONS = [
  { value: 'out', label: 'Money out' },
  { value: 'in', label: 'Money in' },
  { value: 'any', label: 'Money in or out' },
];
/** What a rule records a matching line as. */
const ACTION_KINDS: { value: ActionKind; label: string }[] = [
  { value: 'spend', label: 'Spend' },
  { value: 'receive', label: 'Receive' },
  { value: 'transfer', label: 'Transfer' },
];
const ACTION_WORDS: Record<ActionKind, string> = {
  spend: 'Spend to',
  receive: 'Receive to',
  transfer: 'Transfer with',
};

function RuleForm({
  rule,
  nextPriority,
  onDone,
}: {
  rule?: BankRule;
  nextPriority: number;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const accounts = useAllAccounts();
  const taxRateOptions = useTaxRateOptions();
  const [name, setName] = useState(rule?.name ?? '');
  const [priority, setPriority] = useState<number>(rule?.priority ?? nextPriority);
  const [bank, setBank] = useState<string | null>(rule?.account ?? null);
  const [direction, setDirection] = useState<string>(rule?.direction ?? 'out');
  const [match, setMatch] = useState<string>(rule?.match ?? 'all');
  const [conditions, setConditions] = useState<Condition[]>(
    rule?.conditions ?? [{ field: 'description', operator: 'contains', value: '' }],
  );
  const [kind, setKind] = useState<ActionKind>(rule?.action.kind ?? 'spend');
  const [account, setAccount] = useState<string | null>(rule?.action.account ?? null);
  const [taxRate, setTaxRate] = useState<string | null>(rule?.action.tax_rate ?? null);
  const [memo, setMemo] = useState(rule?.action.memo ?? '');
  const all = (accounts.data ?? []).filter((a) => a.is_active);
  const banks = all.filter(isBankAccount);
  const targets = kind === 'transfer' ? banks : all.filter(isOtherSide);
  const save = useMutation({
    mutationFn: async () => {
      const body: RuleBody = {
        name: name.trim(),
        priority,
        account: bank,
        direction: direction as RuleBody['direction'],
        match: match as RuleBody['match'],
        conditions: conditions.map((c) => ({ ...c, value: c.value.trim() })),
        action: {
          kind,
          account: account ?? '',
          tax_rate: kind === 'transfer' ? null : taxRate,
          // Not edited here, but kept: PATCH replaces the action whole.
          tracking_options: rule?.action.tracking_options ?? [],
          memo: memo.trim() ? memo.trim() : null,
        },
      };
      return saveRecord('/api/v1/bank-rules', rule, body);
    },
    onSuccess: (saved) => {
      notify({ color: 'teal', message: `Rule ${saved.name} saved.` });
      invalidateBanking(queryClient);
      onDone();
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const setCondition = (index: number, change: Partial<Condition>) =>
    setConditions(conditions.map((c, i) => (i === index ? { ...c, ...change } : c)));
  return (
    <StackedForm onSubmit={() => save.mutate()}>
      <ErrorNotice error={save.error} />
      <Group grow wrap="wrap" align="flex-start">
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={200}
          error={fields.name?.join('; ')}
          data-autofocus
        />
        <NumberInput
          label="Priority"
          description="Lower applies first"
          min={0}
          allowDecimal={false}
          value={priority}
          onChange={(value) => setPriority(typeof value === 'number' ? value : Number(value) || 0)}
          error={fields.priority?.join('; ')}
        />
      </Group>
      <Group grow wrap="wrap" align="flex-start">
        <Select
          label="Bank account"
          placeholder="Every bank account"
          clearable
          data={banks.map((a) => ({ value: a.id, label: accountLabel(a) }))}
          value={bank}
          onChange={setBank}
          error={fields.account?.join('; ')}
        />
        <Select
          label="Lines"
          data={DIRECTIONS}
          value={direction}
          onChange={(value) => value && setDirection(value)}
          allowDeselect={false}
        />
        <Select
          label="Conditions"
          data={[
            { value: 'all', label: 'All must hold' },
            { value: 'any', label: 'Any one holds' },
          ]}
          value={match}
          onChange={(value) => value && setMatch(value)}
          allowDeselect={false}
        />
      </Group>
      {conditions.map((condition, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions are edited in place, by position
        <Group key={index} gap="xs" wrap="wrap" align="flex-end">
          <Select
            label={`Condition ${index + 1}`}
            data={FIELDS}
            value={condition.field}
            onChange={(value) =>
              value &&
              setCondition(index, {
                field: value as Condition['field'],
                operator: value === 'amount' ? 'equals' : 'contains',
              })
            }
            allowDeselect={false}
            w={140}
          />
          <Select
            aria-label={`Condition ${index + 1} test`}
            data={condition.field === 'amount' ? AMOUNT_OPERATORS : TEXT_OPERATORS}
            value={condition.operator}
            onChange={(value) => value && setCondition(index, { operator: value as Condition['operator'] })}
            allowDeselect={false}
            w={140}
          />
          <TextInput
            aria-label={`Condition ${index + 1} value`}
            required
            value={condition.value}
            onChange={(event) => setCondition(index, { value: event.currentTarget.value })}
            inputMode={condition.field === 'amount' ? 'decimal' : undefined}
            error={(fields[`conditions/${index}/value`] ?? fields[`conditions/${index}`])?.join('; ')}
            style={{ flex: 1, minWidth: 160 }}
          />
          {conditions.length > 1 ? (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove condition ${index + 1}`}
              onClick={() => setConditions(conditions.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            setConditions([...conditions, { field: 'description', operator: 'contains', value: '' }])
          }
        >
          Add a condition
        </Button>
      </Group>
      <Group grow wrap="wrap" align="flex-start">
        <Select
          label="Record as"
          data={ACTION_KINDS}
          value={kind}
          onChange={(value) => {
            if (!value) return;
            setKind(value as ActionKind);
            setAccount(null);
          }}
          allowDeselect={false}
        />
        <Select
          label={kind === 'transfer' ? 'Other bank account' : 'Account'}
          required
          searchable
          data={targets.map((a) => ({ value: a.id, label: accountLabel(a) }))}
          value={account}
          onChange={setAccount}
          error={fields['action/account']?.join('; ')}
        />
      </Group>
      <Group grow wrap="wrap" align="flex-start">
        {kind !== 'transfer' ? (
          <Select
            label="Tax included"
            placeholder="No tax"
            clearable
            data={taxRateOptions}
            value={taxRate}
            onChange={setTaxRate}
            error={fields['action/tax_rate']?.join('; ')}
          />
        ) : null}
        <TextInput
          label="Memo"
          value={memo}
          onChange={(event) => setMemo(event.currentTarget.value)}
          maxLength={2000}
        />
      </Group>
      <Group justify="flex-end">
        <Button type="submit" loading={save.isPending}>
          Save rule
        </Button>
      </Group>
    </StackedForm>
  );
}

export default function BankRules() {
  const books = useBooks();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 48em)');
  const rules = useQuery(rulesQuery());
  const accounts = useAllAccounts();
  const [editing, setEditing] = useState<BankRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BankRule | null>(null);
  const remove = useMutation({
    mutationFn: async (rule: BankRule) => {
      await api.DELETE('/api/v1/bank-rules/{id}', { params: { path: { id: rule.id } } });
      return rule;
    },
    onSuccess: (rule) => {
      notify({ message: `Rule ${rule.name} deleted.` });
      setDeleting(null);
      invalidateBanking(queryClient);
    },
  });
  if (!books) return null;
  const list = rules.data ?? [];
  const nameOf = (id: string | null) => {
    const account = accounts.data?.find((a) => a.id === id);
    return account ? accountLabel(account) : 'an account';
  };
  const canWrite = books.can.writeBanking;
  return (
    <Page title="Bank rules" create={canWrite && { label: 'New rule', onClick: () => setEditing('new') }}>
      <Text size="sm" c="dimmed">
        <Anchor component={Link} to="/banking" size="sm">
          Banking
        </Anchor>
        . A rule suggests how to record the bank lines it takes; the first rule that takes a line (lowest
        priority) wins, and nothing is posted until the suggestion is accepted.
      </Text>
      <ErrorNotice error={rules.error} />
      {rules.isSuccess && list.length === 0 ? (
        <Text size="sm">
          No rules yet. A rule saves retyping the same account for the same payee every month.
        </Text>
      ) : null}
      {list.map((rule) => (
        <Card key={rule.id} withBorder padding="sm" component="article" aria-label={`Rule ${rule.name}`}>
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {rule.priority}. {rule.name}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {rule.direction === 'in' ? 'Money in' : rule.direction === 'out' ? 'Money out' : 'Any line'}{' '}
                on {rule.account ? nameOf(rule.account) : 'every bank account'} where{' '}
                {rule.conditions
                  .map((c) => `${c.field} ${OPERATOR_WORDS[c.operator] ?? c.operator} "${c.value}"`)
                  .join(rule.match === 'all' ? ' and ' : ' or ')}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {ACTION_WORDS[rule.action.kind]} {nameOf(rule.action.account)}
                {rule.action.memo ? ` · ${rule.action.memo}` : ''}
              </Text>
            </div>
            {canWrite ? (
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setEditing(rule)}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    remove.reset();
                    setDeleting(rule);
                  }}
                >
                  Delete
                </Button>
              </Group>
            ) : null}
          </Group>
        </Card>
      ))}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New rule' : `Edit rule ${editing?.name ?? ''}`}
        size="xl"
        fullScreen={Boolean(phone)}
      >
        {editing !== null ? (
          <RuleForm
            rule={editing === 'new' ? undefined : editing}
            nextPriority={list.reduce((max, r) => Math.max(max, r.priority + 1), 0)}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete rule ${deleting?.name ?? ''}?`}
        confirm="Delete rule"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        error={remove.error}
      >
        <Text size="sm">
          The rule {deleting?.name} stops suggesting how to record bank lines. What it already recorded stays
          in the books.
        </Text>
      </ConfirmDialog>
    </Page>
  );
}
