import { Table, Text } from '@mantine/core';
import { formatAmount } from './money.ts';

/** An amount as the API sent it (a decimal string), formatted with the books' currency (D45). */
export function Money({ amount, currency, strong }: { amount: string; currency: string; strong?: boolean }) {
  const negative = amount.startsWith('-');
  return (
    <Text
      component="span"
      size="sm"
      fw={strong ? 600 : undefined}
      c={negative ? 'red.9' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {formatAmount(amount, currency)}
    </Text>
  );
}

/** A table cell holding an amount, right-aligned as figures are. */
export function MoneyCell(props: { amount: string; currency: string; strong?: boolean }) {
  return (
    <Table.Td ta="right">
      <Money {...props} />
    </Table.Td>
  );
}
