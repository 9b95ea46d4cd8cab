import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Money } from './Money.tsx';

export interface Figure {
  label: string;
  /** An amount of the API (a decimal string), or anything else to show as it is (a count). */
  amount?: string;
  value?: ReactNode;
}

/** A document's or a contact's headline figures, as cards: one column on a phone. */
export function Figures({ figures, currency }: { figures: readonly (Figure | null)[]; currency: string }) {
  const shown = figures.filter((figure): figure is Figure => figure !== null);
  return (
    <SimpleGrid cols={{ base: 1, xs: shown.length }}>
      {shown.map((figure) => (
        <Card withBorder key={figure.label}>
          <Text size="sm" c="dimmed">
            {figure.label}
          </Text>
          {figure.amount !== undefined ? (
            <Money amount={figure.amount} currency={currency} strong />
          ) : (
            figure.value
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
