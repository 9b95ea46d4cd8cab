// One report's table, with its two actions: "Download CSV" saves the API's own CSV of the same
// report (D57: `?format=csv`, the figures exactly the JSON's strings) and "Print" prints the page.
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/errors.ts';
import { downloadBlob } from '../../ui/download.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { Money } from '../../ui/Money.tsx';

export type Row = { cells: ReactNode[]; strong?: boolean };

export const money = (amount: string, currency: string) => <Money amount={amount} currency={currency} />;

/** An amount, or a blank cell when it is zero (a trial balance's other side). */
export const nonZero = (amount: string, currency: string) =>
  /^-?0(\.0*)?$/.test(amount) ? '' : money(amount, currency);

export function DateInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <TextInput
      label={label}
      type="date"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={180}
    />
  );
}

/** What an openapi-fetch call with `parseAs: 'blob'` answers. */
export type BlobAnswer = { data?: unknown; response: Response };

/** The file name the API gives in Content-Disposition, else `fallback`. */
export function attachmentName(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

export function ReportTable({
  name,
  headers,
  rows,
  numeric,
  csv,
  footer,
  minWidth = 560,
}: {
  name: string;
  headers: string[];
  rows: Row[];
  /** Columns from this index on are amounts (right-aligned). */
  numeric: number;
  /** Asks the API for this report (same parameters) as CSV; without it there is no download. */
  csv?: () => Promise<BlobAnswer>;
  footer?: ReactNode;
  /** Below this width the table scrolls sideways; a narrow report (two columns) fits a phone. */
  minWidth?: number;
}) {
  const download = useMutation({
    mutationFn: async () => {
      if (!csv) return;
      const result = await csv();
      if (!(result.data instanceof Blob)) throw new ApiError(result.response.status, null);
      downloadBlob(attachmentName(result.response, `${name}.csv`), result.data);
    },
  });
  return (
    <Stack gap="xs">
      <Group gap="xs" className="no-print">
        {csv ? (
          <Button size="xs" variant="default" onClick={() => download.mutate()} loading={download.isPending}>
            Download CSV
          </Button>
        ) : null}
        <Button size="xs" variant="default" onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <ErrorNotice error={download.error} />
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to report for these dates.
        </Text>
      ) : (
        // A table wider than a phone scrolls inside its region; the region takes the keyboard focus
        // so it can be scrolled without a pointer (axe: scrollable-region-focusable).
        <Table.ScrollContainer
          minWidth={minWidth}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': name } }}
        >
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {headers.map((header, index) => (
                  <Table.Th key={header} ta={index >= numeric ? 'right' : undefined}>
                    {header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows are rebuilt whole on each answer
                <Table.Tr key={rowIndex} fw={row.strong ? 700 : undefined}>
                  {row.cells.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                    <Table.Td key={index} ta={index >= numeric ? 'right' : undefined}>
                      {cell}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {footer}
    </Stack>
  );
}
