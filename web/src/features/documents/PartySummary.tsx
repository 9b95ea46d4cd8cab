// The line under a document's title: its party, a link to their page, then its facts.
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SideDescriptor } from './sides.ts';

/** `facts` are said after the party, " · " before each; an empty one (no reference, no memo) is left out. */
export function PartySummary({
  side,
  party,
  name,
  facts,
}: {
  side: SideDescriptor;
  party: string;
  name: string;
  facts: (string | null | false)[];
}) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Anchor component={Link} to={`${side.partiesPath}/${party}`}>
        {name}
      </Anchor>
      {facts.filter(Boolean).map((fact) => ` · ${fact}`)}
    </Text>
  );
}
