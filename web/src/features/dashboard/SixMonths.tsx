// Income and expenses of the last six months: a bar chart (@mantine/charts, loaded after the
// figures, so the dashboard is usable before it draws) above a table of the exact amounts. The bars
// are heights only: the chart needs numbers, so amounts become floats there and nowhere else; every
// figure a person reads is the API's decimal string (D45), in the table and the tooltip.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Table, Text } from '@mantine/core';
import { Money } from '../../ui/Money.tsx';
import { parseMoney } from '../../ui/money.ts';

export interface MonthFigures {
  label: string;
  income: string;
  expenses: string;
  net: string;
}

export default function SixMonths({ months, currency }: { months: MonthFigures[]; currency: string }) {
  const bars = months.map((month) => ({
    month: month.label,
    Income: Number(month.income),
    Expenses: Number(month.expenses),
  }));
  const exact = new Map(months.map((month) => [month.label, month]));
  // The axis in round figures ("$12K"); exact amounts are in the tooltip and the table.
  const axis = new Intl.NumberFormat(undefined, { style: 'currency', currency, notation: 'compact' });
  const empty = months.every((month) => parseMoney(month.income) === 0n && parseMoney(month.expenses) === 0n);
  return (
    <Stack gap="sm">
      {empty ? (
        <Text size="sm" c="dimmed">
          No income or expenses in these six months yet: the chart draws itself once invoices are sent or
          expenses posted.
        </Text>
      ) : (
        <BarChart
          h={220}
          data={bars}
          dataKey="month"
          series={[
            { name: 'Income', color: 'teal.7' },
            { name: 'Expenses', color: 'red.7' },
          ]}
          withLegend
          tickLine="y"
          valueFormatter={(value) => axis.format(value)}
          tooltipProps={{
            content: ({ label, payload }) => {
              const month = exact.get(String(label));
              if (!month || !payload?.length) return null;
              return (
                <Stack gap={2} p="xs" bg="white" style={{ border: '1px solid #ccc', borderRadius: 4 }}>
                  <strong>{month.label}</strong>
                  <span>
                    Income <Money amount={month.income} currency={currency} />
                  </span>
                  <span>
                    Expenses <Money amount={month.expenses} currency={currency} />
                  </span>
                </Stack>
              );
            },
          }}
          // The table below is what assistive technology reads: the chart is a picture of it, and
          // recharts' keyboard layer (a focusable surface) would sit inside aria-hidden.
          barChartProps={{ accessibilityLayer: false }}
          aria-hidden
        />
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
                <Table.Td ta="right">
                  <Money amount={month.income} currency={currency} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={month.expenses} currency={currency} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money amount={month.net} currency={currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
