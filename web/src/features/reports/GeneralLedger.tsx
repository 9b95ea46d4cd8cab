// General ledger of one account: 50 lines a page by the API's cursor (each page carries its own
// opening and closing balance, so no page re-reads the ones before it), an optional tracking option,
// and the whole range as the API's CSV.
import { Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, data } from '../../api/client.ts';
import { useAllAccounts } from '../../api/hooks/useAllAccounts.ts';
import { firstOfMonth, formatDate, today } from '../../ui/dates.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { cursorOf } from '../../ui/forms.ts';
import { parseMoney } from '../../ui/money.ts';
import { Pager } from '../../ui/Pager.tsx';
import type { Books } from '../shell/books.tsx';
import { DateInput, money, ReportTable, type Row } from './ReportTable.tsx';
import { TrackingFilter } from './TrackingFilter.tsx';

/** A line is a debit or a credit: the other side stays empty, as in a ledger book. */
const blankIfZero = (amount: string, currency: string) =>
  parseMoney(amount) === 0n ? '' : money(amount, currency);

export function GeneralLedger({ books }: { books: Books }) {
  const accounts = useAllAccounts();
  const [filters, setFilters] = useState({
    account: null as string | null,
    from: firstOfMonth(today()),
    to: today(),
    tracking: null as string | null,
  });
  // A cursor belongs to one account, range and option (the API refuses it otherwise): a new filter
  // starts again at the first page.
  const [cursor, setCursor] = useState<string | undefined>();
  const change = (next: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setCursor(undefined);
  };
  const { account, from, to, tracking } = filters;
  const query = { account: account ?? '', from, to, ...(tracking ? { tracking_option: tracking } : {}) };
  const report = useQuery({
    queryKey: ['reports', 'gl', query, cursor],
    enabled: Boolean(account),
    placeholderData: (previous) => previous,
    queryFn: async () =>
      data(
        await api.GET('/api/v1/reports/general-ledger', {
          params: { query: { ...query, ...(cursor ? { cursor } : {}) } },
        }),
      ),
  });
  const c = books.currency;
  const r = account ? report.data : undefined;
  // Between pages the balances are carried: the first page opens the range, the last closes it.
  const rows: Row[] = r
    ? [
        {
          cells: [
            '',
            '',
            r.previous ? 'Brought forward' : 'Opening balance',
            '',
            '',
            money(r.opening_balance, c),
          ],
        },
        ...r.lines.map((line) => ({
          cells: [
            formatDate(line.txn_date),
            line.entry_number,
            line.description || line.memo,
            blankIfZero(line.debit, c),
            blankIfZero(line.credit, c),
            money(line.balance, c),
          ],
        })),
        {
          strong: true,
          cells: [
            '',
            '',
            r.next ? 'Carried forward' : 'Closing balance',
            '',
            '',
            money(r.closing_balance, c),
          ],
        },
      ]
    : [];
  return (
    <Stack>
      <Group gap="sm" wrap="wrap" align="end">
        <Select
          label="Account"
          searchable
          placeholder="Choose an account"
          data={(accounts.data ?? []).map((a) => ({ value: a.id, label: `${a.number} ${a.name}` }))}
          value={account}
          onChange={(value) => change({ account: value })}
          w={{ base: '100%', xs: 280 }}
        />
        <DateInput label="From" value={from} onChange={(value) => change({ from: value })} />
        <DateInput label="To" value={to} onChange={(value) => change({ to: value })} />
        <TrackingFilter value={tracking} onChange={(value) => change({ tracking: value })} />
      </Group>
      <ErrorNotice error={report.error} />
      {r ? (
        <ReportTable
          name={`general-ledger-${r.account_number}-${from}-${to}`}
          headers={['Date', 'Entry', 'Description', 'Debit', 'Credit', 'Balance']}
          rows={rows}
          numeric={3}
          csv={() =>
            api.GET('/api/v1/reports/general-ledger', {
              params: { query: { ...query, format: 'csv' } },
              parseAs: 'blob',
            })
          }
          footer={<Pager previous={cursorOf(r.previous)} next={cursorOf(r.next)} onPage={setCursor} />}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Choose an account to see its entries.
        </Text>
      )}
    </Stack>
  );
}
