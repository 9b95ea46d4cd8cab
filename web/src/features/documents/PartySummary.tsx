// The line under a document's title: its party, a link to their page, then its facts.
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PURCHASE, type SideDescriptor } from './sides.ts';

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

/** A purchase document's line (a bill, a vendor credit): the vendor, their reference, its dates, its memo. */
export function PurchaseSummary({
  doc,
  dates,
}: {
  doc: { vendor: string; vendor_name: string; vendor_reference: string; memo: string };
  dates: string;
}) {
  return (
    <PartySummary
      side={PURCHASE}
      party={doc.vendor}
      name={doc.vendor_name}
      facts={[doc.vendor_reference && `ref. ${doc.vendor_reference}`, dates, doc.memo]}
    />
  );
}
