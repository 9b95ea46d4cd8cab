// "Find and match" (D74): the account's ledger lines over a range of days (the general ledger, 50 a
// page), searched by words or amount, several ticked whose effects on the account (debit minus credit:
// money in positive) must sum to the bank line's amount. The difference still to find is shown as
// lines are ticked, with the shared money rules (D45). A line's id and whether it is already matched
// come from its journal entry (GL lines name the entry and the line number).
import { Button, Checkbox, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { journalEntryQuery, ledgerQuery } from '../../api/queries/banking.ts';
import { DateField } from '../../ui/DateField.tsx';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, formatMoney, parseMoney } from '../../ui/money.ts';
import { Pager } from '../../ui/Pager.tsx';
import { StackedForm } from '../../ui/StackedForm.tsx';
import { type BankLineDialogProps, BankLineHeading } from './BankAccountScreen.tsx';
import { useMatchLine } from './useBankLineActions.ts';

const WINDOW_DAYS = 30;

function shiftDays(date: string, days: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return shifted.toISOString().slice(0, 10);
}

interface Candidate {
  /** The journal line's id, once its entry is read. */
  id: string | null;
  key: string;
  date: string;
  entryNumber: string;
  text: string;
  /** Debit minus credit: the line's effect on the bank account, money in positive. */
  effect: bigint;
  /** Why it cannot be ticked, or null. */
  blocked: string | null;
}

export function FindAndMatch({ line, currency, onDone }: BankLineDialogProps) {
  const [from, setFrom] = useState(shiftDays(line.date, -WINDOW_DAYS));
  const [to, setTo] = useState(shiftDays(line.date, WINDOW_DAYS));
  const [search, setSearch] = useState('');
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  /** A new date range starts the ledger again at its first page. */
  const restartWith = (set: (date: string) => void) => (date: string) => {
    set(date);
    setCursor(undefined);
  };
  const [ticked, setTicked] = useState<Map<string, Candidate>>(new Map());
  const validRange = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const ledger = useQuery({
    ...ledgerQuery(line.account, from, to, cursor),
    enabled: validRange,
    placeholderData: keepPreviousData,
  });
  const rows = ledger.data?.lines ?? [];
  const entryIds = [...new Set(rows.map((row) => row.journal_entry))];
  const entries = useQueries({ queries: entryIds.map((id) => journalEntryQuery(id)) });
  const entryById = new Map(
    entries.flatMap((entry) => (entry.data ? [[entry.data.id, entry.data] as const] : [])),
  );
  const match = useMatchLine(onDone);

  const candidates: Candidate[] = rows.map((row) => {
    const entry = entryById.get(row.journal_entry);
    const journalLine = entry?.lines[row.line_no - 1];
    const effect = parseMoney(row.debit) - parseMoney(row.credit);
    let blocked: string | null = entry ? null : 'Reading…';
    if (journalLine?.bank_transaction && journalLine.bank_transaction !== line.id)
      blocked = 'Already matched';
    else if (entry?.reversed_by_entry) blocked = 'Reversed';
    else if (entry?.reverses_entry) blocked = 'A reversal';
    return {
      id: journalLine?.id ?? null,
      key: `${row.journal_entry}/${row.line_no}`,
      date: row.txn_date,
      entryNumber: row.entry_number,
      text: [row.memo, row.description].filter(Boolean).join(' · '),
      effect,
      blocked,
    };
  });
  const words = search.trim().toLowerCase();
  const shown = words
    ? candidates.filter(
        (candidate) =>
          `${candidate.entryNumber} ${candidate.text}`.toLowerCase().includes(words) ||
          formatMoney(candidate.effect < 0n ? -candidate.effect : candidate.effect).startsWith(
            words.replace(/^-/, ''),
          ),
      )
    : candidates;
  const chosen = [...ticked.values()];
  const total = chosen.reduce((sum, candidate) => sum + candidate.effect, 0n);
  const target = parseMoney(line.amount);
  const difference = target - total;
  const toggle = (candidate: Candidate, on: boolean) => {
    const next = new Map(ticked);
    if (on) next.set(candidate.key, candidate);
    else next.delete(candidate.key);
    setTicked(next);
  };
  const status =
    chosen.length === 0
      ? `Tick ledger lines that add up to ${formatAmount(line.amount, currency)}.`
      : difference === 0n
        ? `${chosen.length} line${chosen.length === 1 ? '' : 's'} ticked: they add up to the bank line. Ready to match.`
        : `${chosen.length} line${chosen.length === 1 ? '' : 's'} ticked, total ${formatAmount(total, currency)}; ${formatAmount(
            difference,
            currency,
          )} ${difference < 0n === target < 0n ? 'still to find' : 'too much'}.`;

  return (
    <StackedForm
      onSubmit={() => {
        const ids = chosen.flatMap((candidate) => (candidate.id ? [candidate.id] : []));
        if (difference === 0n && ids.length === chosen.length) match.mutate({ line, journalLines: ids });
      }}
    >
      <BankLineHeading line={line} currency={currency} />
      <ErrorNotice error={match.error ?? ledger.error} />
      <Group grow wrap="wrap" align="flex-start">
        <DateField
          label="From"
          value={from}
          onChange={restartWith(setFrom)}
          error={validRange ? undefined : 'From must be a date on or before To'}
        />
        <DateField label="To" value={to} onChange={restartWith(setTo)} />
      </Group>
      <TextInput
        label="Search ledger lines"
        description="Entry number, memo, description or amount"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {ledger.isSuccess && shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No ledger lines on this account {words ? 'match that search ' : ''}between {formatDate(from)} and{' '}
          {formatDate(to)}. Widen the dates, or record the line instead.
        </Text>
      ) : null}
      {shown.length > 0 ? (
        <Table.ScrollContainer minWidth={340}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <VisuallyHidden>Tick</VisuallyHidden>
                </Table.Th>
                <Table.Th>Ledger line</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((candidate) => (
                <Table.Tr key={candidate.key}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Tick ${candidate.entryNumber} of ${formatDate(candidate.date)}, ${formatAmount(
                        formatMoney(candidate.effect),
                        currency,
                      )}`}
                      checked={ticked.has(candidate.key)}
                      disabled={candidate.blocked !== null && !ticked.has(candidate.key)}
                      onChange={(event) => toggle(candidate, event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {candidate.entryNumber} · {formatDate(candidate.date)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {candidate.text || '—'}
                      {candidate.blocked ? ` (${candidate.blocked})` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money amount={formatMoney(candidate.effect)} currency={currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Pager
        previous={cursorOf(ledger.data?.previous)}
        next={cursorOf(ledger.data?.next)}
        onPage={(page) => setCursor(page)}
      />
      <Text size="sm" role="status" fw={difference === 0n && chosen.length > 0 ? 600 : undefined}>
        {status}
      </Text>
      <Group justify="flex-end">
        <Button type="submit" loading={match.isPending} disabled={chosen.length === 0 || difference !== 0n}>
          Match {chosen.length || ''} line{chosen.length === 1 ? '' : 's'}
        </Button>
      </Group>
    </StackedForm>
  );
}
