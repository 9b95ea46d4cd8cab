// General ledger: one account's lines, or every account's grouped by account (issue 21), 50 lines a
// page by the API's cursor (each page carries its own opening and closing balances, so no page
// re-reads the ones before it), over a preset period (this month ... last year, the books' fiscal
// year) or custom dates, optionally one tracking option (one account only), and the one account's
// whole range as the API's CSV. The account, period and dates live in the address (?account=&from=
// &to=&period=), so a drill-down from a report is a link, shareable, and Back returns to it. Every
// line's entry number opens the document that posted it.
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { reportCsv, reportQuery } from '../../api/queries/reports.ts';
import { formatDate } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { parseMoney } from '../../ui/money.ts';
import { Pager } from '../../ui/Pager.tsx';
import type { Books } from '../shell/books.tsx';
import { documentNoun, documentPath, ledgerPath } from './links.ts';
import { isPreset, PRESETS, type Preset, presetRange, todayIn } from './presets.ts';
import { DateInput, money, ReportTable, type Row } from './ReportTable.tsx';
import { TrackingFilter } from './TrackingFilter.tsx';

/** A line is a debit or a credit: the other side stays empty, as in a ledger book. */
const blankIfZero = (amount: string, currency: string) =>
  parseMoney(amount) === 0n ? '' : money(amount, currency);

const HEADERS = ['Date', 'Entry', 'Description', 'Debit', 'Credit', 'Balance'];
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

type LedgerLine = {
  txn_date: string;
  entry_number: string;
  journal_entry: string;
  source_type: string;
  source_id: string | null;
  description: string;
  memo: string;
  debit: string;
  credit: string;
  balance: string;
};

/** A ledger line as a row: its entry number links to the document that posted it. */
function lineRow(line: LedgerLine, c: string): Row {
  return {
    cells: [
      formatDate(line.txn_date),
      <Anchor
        key="entry"
        component={Link}
        to={documentPath(line)}
        aria-label={`${line.entry_number}: open the ${documentNoun(line.source_type)}`}
      >
        {line.entry_number}
      </Anchor>,
      line.description || line.memo,
      blankIfZero(line.debit, c),
      blankIfZero(line.credit, c),
      money(line.balance, c),
    ],
  };
}

/**
 * An account's lines between its balances: the opening (brought forward when the account began on an
 * earlier page) and the closing (carried forward when it goes on to the next).
 */
function accountRows(
  account: { opening_balance: string; closing_balance: string },
  lines: LedgerLine[],
  page: { continued: boolean; goesOn: boolean },
  c: string,
): Row[] {
  const balance = (label: string, amount: string) => ['', '', label, '', '', money(amount, c)];
  return [
    { cells: balance(page.continued ? 'Brought forward' : 'Opening balance', account.opening_balance) },
    ...lines.map((line) => lineRow(line, c)),
    {
      strong: true,
      cells: balance(page.goesOn ? 'Carried forward' : 'Closing balance', account.closing_balance),
    },
  ];
}

/** The filters as the address holds them: a preset period wins over dates; none is this month. */
function useLedgerFilters(books: Books) {
  const [params, setParams] = useSearchParams();
  const today = todayIn(books.timezone);
  const asked = params.get('period');
  const from = params.get('from');
  const to = params.get('to');
  const explicit = from !== null && to !== null && DATE_PATTERN.test(from) && DATE_PATTERN.test(to);
  const period: Preset = isPreset(asked) ? asked : explicit ? 'custom' : 'this-month';
  const range =
    period === 'custom' && explicit
      ? { from, to }
      : presetRange(period === 'custom' ? 'this-month' : period, today, books.fiscalYearStartMonth);
  const filters = {
    account: params.get('account'),
    tracking: params.get('tracking_option'),
    period,
    ...range,
  };
  /** A new filter replaces the address's (a new history entry, so Back returns to the last one). */
  const change = (next: Partial<typeof filters>) => {
    const merged = { ...filters, ...next };
    const search = new URLSearchParams();
    if (merged.account) search.set('account', merged.account);
    if (merged.period === 'custom') {
      search.set('from', merged.from);
      search.set('to', merged.to);
    } else search.set('period', merged.period);
    if (merged.tracking && merged.account) search.set('tracking_option', merged.tracking);
    setParams(search);
  };
  return { filters, change };
}

export function GeneralLedger({ books }: { books: Books }) {
  const accounts = useAllAccounts();
  const { filters, change } = useLedgerFilters(books);
  const { account, from, to, tracking, period } = filters;
  // A cursor belongs to one account, range and option (the API refuses it otherwise): a new filter
  // starts again at the first page.
  const [paging, setPaging] = useState<{ key: string; cursor: string | undefined }>({
    key: '',
    cursor: undefined,
  });
  const filterKey = JSON.stringify([account, from, to, tracking]);
  const cursor = paging.key === filterKey ? paging.cursor : undefined;
  const setCursor = (next: string | undefined) => setPaging({ key: filterKey, cursor: next });
  const c = books.currency;

  return (
    <Stack>
      <Group gap="sm" wrap="wrap" align="end">
        <Select
          label="Account"
          searchable
          clearable
          placeholder="All accounts"
          data={(accounts.data ?? []).map((a) => ({ value: a.id, label: `${a.number} ${a.name}` }))}
          value={account}
          onChange={(value) => change({ account: value })}
          w={{ base: '100%', xs: 280 }}
        />
        <Select
          label="Period"
          data={PRESETS.map((preset) => ({ value: preset.value, label: preset.label }))}
          value={period}
          allowDeselect={false}
          onChange={(value) => (isPreset(value) ? change({ period: value }) : undefined)}
          w={160}
        />
        <DateInput
          label="From"
          value={from}
          onChange={(value) => change({ period: 'custom', from: value })}
        />
        <DateInput label="To" value={to} onChange={(value) => change({ period: 'custom', to: value })} />
        {account ? (
          <TrackingFilter value={tracking} onChange={(value) => change({ tracking: value })} />
        ) : null}
      </Group>
      {account ? (
        <OneAccount
          books={books}
          query={{ account, from, to, ...(tracking ? { tracking_option: tracking } : {}) }}
          cursor={cursor}
          onPage={setCursor}
        />
      ) : (
        <EveryAccount from={from} to={to} cursor={cursor} onPage={setCursor} currency={c} />
      )}
    </Stack>
  );
}

function OneAccount({
  books,
  query,
  cursor,
  onPage,
}: {
  books: Books;
  query: { account: string; from: string; to: string; tracking_option?: string };
  cursor: string | undefined;
  onPage: (cursor: string | undefined) => void;
}) {
  const report = useQuery({
    ...reportQuery('/api/v1/reports/general-ledger', { ...query, ...(cursor ? { cursor } : {}) }),
    placeholderData: keepPreviousData,
  });
  const c = books.currency;
  const r = report.data;
  // Between pages the balances are carried: the first page opens the range, the last closes it.
  const rows: Row[] = r ? accountRows(r, r.lines, { continued: !!r.previous, goesOn: !!r.next }, c) : [];
  return (
    <>
      <ErrorNotice error={report.error} />
      {r ? (
        <>
          <Text fw={700}>
            {r.account_number} {r.account_name} · {formatDate(r.from)} – {formatDate(r.to)}
          </Text>
          <ReportTable
            name={`general-ledger-${r.account_number}-${query.from}-${query.to}`}
            headers={HEADERS}
            rows={rows}
            numeric={3}
            csv={() => reportCsv('/api/v1/reports/general-ledger', query)}
            footer={<Pager previous={cursorOf(r.previous)} next={cursorOf(r.next)} onPage={onPage} />}
          />
        </>
      ) : null}
    </>
  );
}

/**
 * Every account's lines, grouped by account: each group opens with its balance (brought forward when
 * the account began on an earlier page) and closes with it (carried forward when it goes on).
 */
function EveryAccount({
  from,
  to,
  cursor,
  onPage,
  currency: c,
}: {
  from: string;
  to: string;
  cursor: string | undefined;
  onPage: (cursor: string | undefined) => void;
  currency: string;
}) {
  const query = { from, to };
  const report = useQuery({
    ...reportQuery('/api/v1/reports/general-ledger/all-accounts', {
      ...query,
      ...(cursor ? { cursor } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const r = report.data;
  const rows: Row[] = [];
  if (r) {
    r.accounts.forEach((listed, index) => {
      const continued = index === 0 && r.previous !== null;
      const goesOn = index === r.accounts.length - 1 && r.next !== null;
      rows.push({
        strong: true,
        cells: [
          '',
          '',
          <Anchor key="account" component={Link} to={ledgerPath({ account: listed.account, from, to })}>
            {listed.account_number} {listed.account_name}
          </Anchor>,
          '',
          '',
          '',
        ],
      });
      const lines = r.lines.filter((l) => l.account === listed.account);
      rows.push(...accountRows(listed, lines, { continued, goesOn }, c));
    });
  }
  return (
    <>
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`general-ledger-all-accounts-${from}-${to}`}
          headers={HEADERS}
          rows={rows}
          numeric={3}
          footer={<Pager previous={cursorOf(r.previous)} next={cursorOf(r.next)} onPage={onPage} />}
        />
      ) : null}
    </>
  );
}
