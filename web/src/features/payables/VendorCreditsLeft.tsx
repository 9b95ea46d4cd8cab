// A vendor's page section (D87): the credit they have given that is not applied to a bill yet (the
// vendor's balance already counts it), each issued credit with what is left, and the way to the rest,
// as a customer's page shows their unapplied credit.
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Vendor } from '../../api/queries/contacts.ts';
import { issuedVendorCreditsQuery } from '../../api/queries/vendorCredits.ts';
import { formatDate } from '../../ui/dates.ts';
import { Money } from '../../ui/Money.tsx';
import { formatMoney, parseMoney } from '../../ui/money.ts';
import { Section } from '../../ui/Page.tsx';
import { ReadTable } from '../../ui/PagedTable.tsx';

export function VendorCreditsLeft({ vendor }: { vendor: Vendor }) {
  const issued = useQuery(issuedVendorCreditsQuery(vendor.id));
  const left = (issued.data ?? []).filter((credit) => parseMoney(credit.remaining_credit) > 0n);
  const total = left.reduce((sum, credit) => sum + parseMoney(credit.remaining_credit), 0n);
  return (
    <Section
      title="Vendor credits"
      action={
        <Anchor component={Link} to={`/vendor-credits?vendor=${vendor.id}`} size="sm">
          Every credit from {vendor.display_name}
        </Anchor>
      }
    >
      {left.length > 0 ? (
        <Text size="sm">
          Credit left to apply: <Money amount={formatMoney(total)} currency={vendor.currency} strong />{' '}
          (already taken off the balance above).
        </Text>
      ) : null}
      <ReadTable
        read={issued}
        empty="No credit left to apply from this vendor."
        rows={left}
        rowKey={(credit) => credit.id}
        minWidth={300}
        striped={false}
        columns={[
          {
            header: 'Number',
            nowrap: true,
            cell: (credit) => (
              <Anchor component={Link} to={`/vendor-credits/${credit.id}`}>
                {credit.number}
              </Anchor>
            ),
          },
          { header: 'Date', nowrap: true, cell: (credit) => formatDate(credit.credit_date) },
          {
            header: 'Remaining credit',
            align: 'right',
            cell: (credit) => <Money amount={credit.remaining_credit} currency={credit.currency} />,
          },
        ]}
      />
    </Section>
  );
}
