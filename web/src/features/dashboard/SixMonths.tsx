// Income and expenses of the last six months: a bar chart above a table of the exact amounts. The
// chart is a few boxes of our own rather than @mantine/charts: that library brings recharts and d3,
// a 436 KB chunk for twelve rectangles, the largest download of the dashboard. The bars are heights
// only: amounts become floats for their height and nowhere else; every figure a person reads is the
// API's decimal string (D45), in the table and the bars' titles.
import { Group, Stack, Table, Text } from '@mantine/core';
import { MoneyCell } from '../../ui/Money.tsx';
import { parseMoney } from '../../ui/money.ts';
import { axisSteps } from './axis.ts';

export interface MonthFigures {
  label: string;
  income: string;
  expenses: string;
  net: string;
}

const SERIES = [
  { key: 'income', name: 'Income', color: 'var(--mantine-color-teal-7)' },
  { key: 'expenses', name: 'Expenses', color: 'var(--mantine-color-red-7)' },
] as const;

const PLOT_HEIGHT = 190;
/** Bars as boxes in a flex row: they follow the page's width, phone included, with no geometry to redo. */
function Bars({ months, currency }: { months: MonthFigures[]; currency: string }) {
  // Negative totals (a month of refunds) draw as empty bars: the table shows the sign.
  const heights = months.map((month) => SERIES.map((series) => Math.max(0, Number(month[series.key]))));
  const { step, count } = axisSteps(Math.max(...heights.flat()));
  const top = step * count;
  const axis = new Intl.NumberFormat(undefined, { style: 'currency', currency, notation: 'compact' });
  const ticks = Array.from({ length: count + 1 }, (_, tick) => tick / count);
  return (
    <Stack gap={6} aria-hidden className="folio-bar-chart">
      <div style={{ display: 'flex', gap: 8 }}>
        <div style={{ position: 'relative', width: 52, height: PLOT_HEIGHT, flex: 'none' }}>
          {ticks.map((share) => (
            <Text
              key={share}
              size="xs"
              c="dimmed"
              ta="right"
              style={{
                position: 'absolute',
                right: 0,
                bottom: `calc(${share * 100}% - 0.5em)`,
                lineHeight: 1,
              }}
            >
              {axis.format(top * share)}
            </Text>
          ))}
        </div>
        <div style={{ position: 'relative', flex: 1, minWidth: 0 }}>
          {ticks.map((share) => (
            <div
              key={share}
              style={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: `${share * 100}%`,
                borderTop: '1px solid var(--mantine-color-gray-3)',
              }}
            />
          ))}
          <div style={{ position: 'relative', display: 'flex', height: PLOT_HEIGHT }}>
            {months.map((month, index) => (
              <div
                key={month.label}
                style={{ flex: 1, display: 'flex', alignItems: 'flex-end', justifyContent: 'center', gap: 3 }}
              >
                {SERIES.map((series, which) => (
                  <div
                    key={series.key}
                    className="folio-bar"
                    title={`${month.label} ${series.name}: ${month[series.key]}`}
                    style={{
                      width: '32%',
                      maxWidth: 28,
                      height: `${((heights[index]?.[which] ?? 0) / top) * 100}%`,
                      background: series.color,
                      borderRadius: '2px 2px 0 0',
                    }}
                  />
                ))}
              </div>
            ))}
          </div>
          <div style={{ display: 'flex', marginTop: 4 }}>
            {months.map((month) => (
              <Text key={month.label} size="xs" c="dimmed" ta="center" style={{ flex: 1 }}>
                {month.label.split(' ')[0]}
              </Text>
            ))}
          </div>
        </div>
      </div>
      <Group gap="md" justify="center">
        {SERIES.map((series) => (
          <Group key={series.key} gap={6}>
            <span style={{ width: 12, height: 12, borderRadius: 2, background: series.color }} />
            <Text size="sm">{series.name}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}

export default function SixMonths({ months, currency }: { months: MonthFigures[]; currency: string }) {
  const empty = months.every((month) => parseMoney(month.income) === 0n && parseMoney(month.expenses) === 0n);
  return (
    <Stack gap="sm">
      {empty ? (
        <Text size="sm" c="dimmed">
          No income or expenses in these six months yet: the chart draws itself once invoices are sent or
          expenses posted.
        </Text>
      ) : (
        // The table below is what assistive technology reads: the chart is a picture of it.
        <Bars months={months} currency={currency} />
      )}
      <Table.ScrollContainer
        minWidth={360}
        // Figures only, no links: the region itself takes focus so a keyboard can scroll it on a phone.
        scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Income and expenses by month' } }}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th ta="right">Income</Table.Th>
              <Table.Th ta="right">Expenses</Table.Th>
              <Table.Th ta="right">Net income</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((month) => (
              <Table.Tr key={month.label}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{month.label}</Table.Td>
                <MoneyCell amount={month.income} currency={currency} />
                <MoneyCell amount={month.expenses} currency={currency} />
                <MoneyCell amount={month.net} currency={currency} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
