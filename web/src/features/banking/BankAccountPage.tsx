// One bank account's lines (D73, D74): the lines to match, each with its suggestions (a ledger line
// of the same amount matched in one click), "Find and match" for several ledger lines, and exclude;
// the matched lines (with the entries they matched, and unmatch) and the excluded ones (include).
// Unmatch and exclude ask first (D82). Every line is a card, so the amount shows on a phone too.
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import type { Account } from '../../api/queries/accounts.ts';
import {
  type BankTransaction,
  journalEntryQuery,
  type LineStatus,
  latestStatementQuery,
  type Suggestion,
  suggestionsQuery,
  transactionsQuery,
  unmatchedCountQuery,
} from '../../api/queries/banking.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { Money } from '../../ui/Money.tsx';
import { formatAmount } from '../../ui/money.ts';
import { Page } from '../../ui/Page.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { type Books, useBooks } from '../shell/books.tsx';
import { NoBankAccount } from './BankAccountScreen.tsx';
import { accountLabel, bankSignBalance, kindLabel, useBankAccounts } from './bankAccounts.ts';
import { FindAndMatch } from './FindAndMatch.tsx';
import { RecordLine } from './RecordLine.tsx';
import {
  useAcceptSuggestion,
  useAcceptSuggestions,
  useLineAction,
  useMatchLine,
} from './useBankLineActions.ts';

const TABS: { value: LineStatus; label: string }[] = [
  { value: 'unmatched', label: 'To match' },
  { value: 'matched', label: 'Matched' },
  { value: 'excluded', label: 'Excluded' },
];

/** How a bank line is named in buttons and dialogs: its words, amount and day. */
export function lineName(line: BankTransaction, currency: string): string {
  const words = line.description || line.payee || line.bank_reference;
  return `${words}, ${formatAmount(line.amount, currency)} on ${formatDate(line.date)}`;
}

function reasonText(suggestion: Suggestion): string {
  return suggestion.reasons
    .map((reason) => {
      if (reason.reason === 'amount_equal') return 'same amount';
      if (reason.reason === 'date_within_days')
        return reason.days === 0 ? 'same day' : `${reason.days} day${reason.days === 1 ? '' : 's'} apart`;
      if (reason.reason === 'reference_found') return `the line names ${reason.reference}`;
      return `rule ${reason.rule_name ?? ''}`.trim();
    })
    .join(', ');
}

function LedgerSuggestion({
  suggestion,
  line,
  canWrite,
  first,
}: {
  suggestion: Suggestion;
  line: BankTransaction;
  canWrite: boolean;
  first: boolean;
}) {
  const entry = useQuery({
    ...journalEntryQuery(suggestion.journal_entry ?? ''),
    enabled: Boolean(suggestion.journal_entry),
  });
  const match = useMatchLine();
  const memo =
    entry.data?.memo || entry.data?.lines.find((l) => l.id === suggestion.journal_line)?.description;
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {first ? (
            <Badge size="xs" variant="dot" color="teal" mr={6}>
              Best match
            </Badge>
          ) : null}
          <Anchor component={Link} to={`/journal/${suggestion.journal_entry}`} size="sm">
            {suggestion.number}
          </Anchor>
          {suggestion.date ? ` · ${formatDate(suggestion.date)}` : ''}
          {memo ? ` · ${memo}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {reasonText(suggestion)}
        </Text>
        <ErrorNotice error={match.error} />
      </div>
      {canWrite && suggestion.journal_line ? (
        <Button
          size="xs"
          variant={first ? 'filled' : 'light'}
          loading={match.isPending}
          onClick={() => match.mutate({ line, journalLines: [suggestion.journal_line as string] })}
          aria-label={`Match to ${suggestion.number}`}
        >
          Match
        </Button>
      ) : null}
    </Group>
  );
}

const RULE_KIND: Record<string, string> = {
  spend: 'a spend to',
  receive: 'money received to',
  transfer: 'a transfer with',
};

/** What the first matching bank rule proposes (D75): accepted in one click, posted and matched at once. */
function RuleSuggestion({ line, books }: { line: BankTransaction; books: Books }) {
  const accounts = useAllAccounts();
  const accept = useAcceptSuggestion();
  const suggestion = line.suggestion;
  if (!suggestion) return null;
  const account = accounts.data?.find((a) => a.id === suggestion.account);
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Badge size="xs" variant="dot" color="teal" mr={6}>
            Rule
          </Badge>
          {suggestion.rule_name}: record as {RULE_KIND[suggestion.kind] ?? suggestion.kind}{' '}
          {account ? accountLabel(account) : 'its account'}
          {suggestion.memo ? ` · ${suggestion.memo}` : ''}
        </Text>
        <ErrorNotice error={accept.error} />
      </div>
      {books.can.writeBanking ? (
        <Button
          size="xs"
          loading={accept.isPending}
          onClick={() => accept.mutate(line)}
          aria-label={`Accept rule ${suggestion.rule_name}`}
        >
          Accept
        </Button>
      ) : null}
    </Group>
  );
}

function Suggestions({ line, books }: { line: BankTransaction; books: Books }) {
  const suggestions = useQuery(suggestionsQuery(line.id));
  if (suggestions.isPending) return <Skeleton height={18} />;
  if (suggestions.error) return <ErrorNotice error={suggestions.error} />;
  const all = suggestions.data ?? [];
  const ledger = all.filter((s) => s.kind === 'journal_line').slice(0, 3);
  const documents = all.filter((s) => s.kind === 'invoice' || s.kind === 'bill').slice(0, 3);
  if (ledger.length === 0 && documents.length === 0 && !line.suggestion)
    return (
      <Text size="xs" c="dimmed">
        Nothing in the books has this amount near this day. Find and match, or record it.
      </Text>
    );
  return (
    <Stack gap={6}>
      <RuleSuggestion line={line} books={books} />
      {ledger.map((suggestion, index) => (
        <LedgerSuggestion
          key={suggestion.journal_line}
          suggestion={suggestion}
          line={line}
          canWrite={books.can.writeBanking}
          first={index === 0}
        />
      ))}
      {documents.map((suggestion) => (
        <Text size="sm" key={suggestion.document}>
          Open {suggestion.kind}{' '}
          <Anchor
            component={Link}
            to={`/${suggestion.kind === 'invoice' ? 'invoices' : 'bills'}/${suggestion.document}`}
          >
            {suggestion.number}
          </Anchor>{' '}
          has this balance due ({reasonText(suggestion)}).
        </Text>
      ))}
    </Stack>
  );
}

function MatchedEntry({ entryId, amount, currency }: { entryId: string; amount: string; currency: string }) {
  const entry = useQuery(journalEntryQuery(entryId));
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        <Anchor component={Link} to={`/journal/${entryId}`} size="sm">
          {entry.data?.entry_number ?? 'Journal entry'}
        </Anchor>
        {entry.data
          ? ` · ${formatDate(entry.data.txn_date)}${entry.data.memo ? ` · ${entry.data.memo}` : ''}`
          : ''}
      </Text>
      <Money amount={amount} currency={currency} />
    </Group>
  );
}

function LineCard({
  line,
  books,
  currency,
  onFind,
  onRecord,
  onConfirm,
  onInclude,
  including,
}: {
  line: BankTransaction;
  books: Books;
  currency: string;
  onFind: (line: BankTransaction) => void;
  onRecord: (line: BankTransaction) => void;
  onConfirm: (line: BankTransaction, action: 'unmatch' | 'exclude') => void;
  onInclude: (line: BankTransaction) => void;
  including: boolean;
}) {
  const canWrite = books.can.writeBanking;
  const words = line.description || line.payee || 'No description';
  return (
    <Card withBorder padding="sm" component="article" aria-label={lineName(line, currency)}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {words}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {formatDate(line.date)}
              {line.payee && line.payee !== words && !words.includes(line.payee) ? ` · ${line.payee}` : ''}
              {` · ref ${line.bank_reference}`}
            </Text>
          </div>
          <Stack gap={2} align="flex-end">
            <Money amount={line.amount} currency={currency} strong />
            {line.reconciliation ? (
              <Badge size="xs" variant="dot" color="teal">
                reconciled
              </Badge>
            ) : null}
          </Stack>
        </Group>
        {line.status === 'unmatched' ? <Suggestions line={line} books={books} /> : null}
        {line.status === 'matched'
          ? line.matched.map((m) => (
              <MatchedEntry
                key={m.journal_line}
                entryId={m.journal_entry}
                amount={m.amount}
                currency={currency}
              />
            ))
          : null}
        {canWrite ? (
          <Group gap="xs">
            {line.status === 'unmatched' ? (
              <>
                <Button size="xs" variant="default" onClick={() => onFind(line)}>
                  Find and match
                </Button>
                <Button size="xs" variant="default" onClick={() => onRecord(line)}>
                  Record it
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => onConfirm(line, 'exclude')}>
                  Exclude
                </Button>
              </>
            ) : null}
            {line.status === 'matched' && !line.reconciliation ? (
              <Button size="xs" variant="subtle" color="red" onClick={() => onConfirm(line, 'unmatch')}>
                Unmatch
              </Button>
            ) : null}
            {line.status === 'excluded' ? (
              <Button size="xs" variant="default" loading={including} onClick={() => onInclude(line)}>
                Include
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function Summary({ account, currency }: { account: Account; currency: string }) {
  const statement = useQuery(latestStatementQuery(account.id));
  return (
    <Group gap="xl" wrap="wrap">
      <div>
        <Text size="xs" c="dimmed">
          Ledger balance
        </Text>
        <Money amount={bankSignBalance(account)} currency={currency} strong />
      </div>
      <div>
        <Text size="xs" c="dimmed">
          Statement balance
        </Text>
        {statement.data?.closing_balance ? (
          <Text size="sm">
            <Money amount={statement.data.closing_balance} currency={currency} strong />{' '}
            <Text span size="xs" c="dimmed">
              {statement.data.period_end ? `on ${formatDate(statement.data.period_end)}` : ''}
            </Text>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No statement yet
          </Text>
        )}
      </div>
    </Group>
  );
}

function Lines({ account, books, status }: { account: Account; books: Books; status: LineStatus }) {
  const currency = account.currency || books.currency;
  const phone = useMediaQuery('(max-width: 48em)');
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 300);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [finding, setFinding] = useState<BankTransaction | null>(null);
  const [recording, setRecording] = useState<BankTransaction | null>(null);
  const acceptAll = useAcceptSuggestions();
  const [confirming, setConfirming] = useState<{
    line: BankTransaction;
    action: 'unmatch' | 'exclude';
  } | null>(null);
  const list = useQuery({
    ...transactionsQuery(account.id, status, searched, cursor),
    placeholderData: keepPreviousData,
  });
  const unmatch = useLineAction('unmatch', () => setConfirming(null));
  const exclude = useLineAction('exclude', () => setConfirming(null));
  const include = useLineAction('include');
  const acting = confirming?.action === 'unmatch' ? unmatch : exclude;
  const rows = list.data?.results ?? [];
  const empty: Record<LineStatus, string> = {
    unmatched: searched
      ? 'No line to match has those words.'
      : 'Every line is matched or excluded. Import a newer statement to go on.',
    matched: searched ? 'No matched line has those words.' : 'No line is matched yet.',
    excluded: searched ? 'No excluded line has those words.' : 'No line is excluded.',
  };
  return (
    <Stack gap="sm">
      <TextInput
        label="Search"
        placeholder="Description, payee or reference"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setCursor(undefined);
        }}
        maw={420}
      />
      <ErrorNotice error={list.error ?? include.error ?? acceptAll.error} />
      {status === 'unmatched' && books.can.writeBanking && rows.some((line) => line.suggestion) ? (
        <Group>
          <Button
            size="xs"
            variant="light"
            loading={acceptAll.isPending}
            onClick={() => acceptAll.mutate(rows.filter((line) => line.suggestion).map((line) => line.id))}
          >
            Accept every rule suggestion on this page ({rows.filter((line) => line.suggestion).length})
          </Button>
        </Group>
      ) : null}
      {list.isPending ? <Skeleton height={120} /> : null}
      {list.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty[status]}
        </Text>
      ) : null}
      {rows.map((line) => (
        <LineCard
          key={line.id}
          line={line}
          books={books}
          currency={currency}
          onFind={setFinding}
          onRecord={setRecording}
          onConfirm={(l, action) => {
            unmatch.reset();
            exclude.reset();
            setConfirming({ line: l, action });
          }}
          onInclude={(l) => include.mutate(l)}
          including={include.isPending && include.variables?.id === line.id}
        />
      ))}
      <Pager
        previous={cursorOf(list.data?.previous)}
        next={cursorOf(list.data?.next)}
        onPage={(page) => setCursor(page)}
      />
      <Modal
        opened={finding !== null}
        onClose={() => setFinding(null)}
        title="Find and match"
        size="xl"
        fullScreen={Boolean(phone)}
      >
        {finding ? <FindAndMatch line={finding} currency={currency} onDone={() => setFinding(null)} /> : null}
      </Modal>
      <Modal
        opened={recording !== null}
        onClose={() => setRecording(null)}
        title="Record it"
        size="lg"
        fullScreen={Boolean(phone)}
      >
        {recording ? (
          <RecordLine line={recording} currency={currency} onDone={() => setRecording(null)} />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming
            ? `${confirming.action === 'unmatch' ? 'Unmatch' : 'Exclude'} ${confirming.line.description || confirming.line.payee || 'this line'}?`
            : ''
        }
        confirm={confirming?.action === 'unmatch' ? 'Unmatch' : 'Exclude'}
        onConfirm={() => confirming && acting.mutate(confirming.line)}
        onClose={() => setConfirming(null)}
        loading={acting.isPending}
        error={acting.error}
      >
        {confirming ? (
          <Text size="sm">
            {confirming.action === 'unmatch'
              ? `The bank line ${lineName(confirming.line, currency)} goes back to the lines to match. The ledger lines it matched stay in the books, free to match again; nothing is posted or reversed.`
              : `The bank line ${lineName(confirming.line, currency)} leaves the lines to match: use this for a line that is not money of these books (a duplicate, a transfer between your own accounts already recorded). It can be included again later.`}
          </Text>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}

export default function BankAccountPage() {
  const { id = '' } = useParams();
  const books = useBooks();
  const accounts = useBankAccounts();
  const [params, setParams] = useSearchParams();
  const unmatched = useQuery(unmatchedCountQuery(id));
  const tab = (TABS.find((t) => t.value === params.get('tab'))?.value ?? 'unmatched') as LineStatus;
  if (!books) return null;
  const account = accounts.data?.find((a) => a.id === id);
  if (accounts.isPending) return <Skeleton height={240} />;
  if (!account) return <NoBankAccount error={accounts.error} />;
  const currency = account.currency || books.currency;
  const count = unmatched.data ? `${unmatched.data.count}${unmatched.data.more ? '+' : ''}` : '';
  return (
    <Page
      title={accountLabel(account)}
      actions={
        <>
          <Button component={Link} to={`/banking/${account.id}/reconcile`} size="sm" variant="default">
            Reconcile
          </Button>
          {books.can.writeBanking ? (
            <Button component={Link} to={`/banking/${account.id}/import`} size="sm">
              Import statement
            </Button>
          ) : null}
        </>
      }
    >
      <Text size="sm" c="dimmed">
        <Anchor component={Link} to="/banking" size="sm">
          Banking
        </Anchor>{' '}
        · {kindLabel(account)}
      </Text>
      <Summary account={account} currency={currency} />
      <Tabs
        value={tab}
        onChange={(value) =>
          value && setParams(value === 'unmatched' ? {} : { tab: value }, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
              {t.value === 'unmatched' && count ? ` (${count})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            <Lines account={account} books={books} status={t.value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}
