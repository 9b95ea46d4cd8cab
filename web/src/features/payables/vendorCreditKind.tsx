// The vendor credit (D87) as a document kind: the purchase side's credit note, a vendor's credit for
// goods sent back or a price taken back, priced like a bill. "Issue" numbers it (VC-) and posts the
// mirror of a bill's entry; an issued credit is applied to the vendor's open bills; a draft is deleted
// (it has no number yet). Void is offered on every issued credit: one with credit applied is refused by
// the API, and its dialog says so before and in the API's words after.
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { api, data, type RequestOf } from '../../api/client.ts';
import { postAction } from '../../api/queries/actions.ts';
import {
  type VendorCredit,
  type VendorCreditRow,
  type VendorCreditSort,
  type VendorCreditStatus,
  vendorCreditQuery,
  vendorCreditsQuery,
} from '../../api/queries/vendorCredits.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/dates.ts';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { useApplyCredit } from '../documents/ApplyCredit.tsx';
import { column } from '../documents/columns.tsx';
import { byId, type DocumentKind, dateField, memoField } from '../documents/kind.ts';
import { PURCHASE } from '../documents/sides.ts';
import type { Books } from '../shell/books.tsx';

export const vendorCreditKind: DocumentKind<
  VendorCredit,
  VendorCreditRow,
  RequestOf<'/api/v1/vendor-credits', 'post'>
> = {
  side: PURCHASE,
  noun: 'vendor credit',
  plural: 'Vendor credits',
  path: '/vendor-credits',
  written: 'vendor-credits',
  list: {
    statuses: ['draft', 'issued', 'void'],
    byParty: { title: (name) => `Credits from ${name}`, partyName: (credit) => credit.vendor_name },
    query: ({ status, party, cursor, sort }) =>
      vendorCreditsQuery({
        status: status as VendorCreditStatus,
        vendor: party,
        cursor,
        sort: sort as VendorCreditSort,
      }),
    sorts: ['number', 'vendor', 'credit_date', 'total'],
    columns: [
      column.number('/vendor-credits'),
      column.text('Vendor', (credit) => credit.vendor_name, 240, 'vendor'),
      column.date('Date', (credit) => credit.credit_date, 'credit_date'),
      column.status(),
      column.money('Total', (credit) => credit.total, 'total'),
      column.money('Remaining credit', (credit) => credit.remaining_credit),
    ],
    minWidth: 640,
    empty: {
      none: 'No vendor credits yet. A vendor credit records what a vendor takes off (a return, a discount after the fact) and applies to their open bills.',
      filtered: 'No vendor credit matches these filters.',
    },
  },
  one: vendorCreditQuery,
  lines: (credit) =>
    credit.lines.map((line) => ({ ...line, unit_price: line.unit_cost, income_account: line.account })),
  editor: {
    fields: [
      {
        name: 'vendor_reference',
        label: 'Vendor reference',
        type: 'text',
        initial: '',
        from: (credit) => credit.vendor_reference,
        placeholder: 'Their credit memo number',
        w: { base: '100%', xs: 200 },
      },
      dateField('credit_date', 'Credit date', (credit) => credit.credit_date),
      memoField('Why the vendor gives credit'),
    ],
    // The API takes non-inventory and service items; an inventory item's line is refused in words.
    withItems: true,
    partyOf: (credit) => credit.vendor,
    body: ({ party, values, lines }) => ({
      vendor: party,
      vendor_reference: values.vendor_reference ?? '',
      credit_date: values.credit_date ?? '',
      memo: values.memo ?? '',
      lines: lines.purchaseBody(),
    }),
    create: async (body) => data(await api.POST('/api/v1/vendor-credits', { body })),
    update: async (id, body) => data(await api.PATCH('/api/v1/vendor-credits/{id}', { ...byId(id), body })),
    finalize: {
      label: 'Issue',
      description:
        'Issue numbers the vendor credit and posts it to the ledger; you can apply it to bills after.',
      run: (saved) => postAction('/api/v1/vendor-credits/{id}/issue', saved),
    },
    saved: (credit, issued) =>
      issued ? `Vendor credit ${credit.number} issued.` : 'Draft vendor credit saved.',
    removeDraft: {
      label: 'Delete draft',
      title: (credit) => `Delete the draft vendor credit from ${credit.vendor_name}?`,
      confirm: () => 'Delete draft',
      text: () => [
        'The draft and its lines are deleted for good. It was never issued, so nothing in the books changes and no vendor credit number is used.',
      ],
      run: async (credit) => data(await api.DELETE('/api/v1/vendor-credits/{id}', byId(credit.id))),
      done: () => 'Draft vendor credit deleted.',
      after: 'list',
    },
  },
  view: {
    summary: (credit) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Anchor component={Link} to={`/vendors/${credit.vendor}`}>
          {credit.vendor_name}
        </Anchor>
        {credit.vendor_reference ? ` · ref. ${credit.vendor_reference}` : ''} ·{' '}
        {formatDate(credit.credit_date)}
        {credit.memo ? ` · ${credit.memo}` : ''}
      </Text>
    ),
    figures: (credit) => [
      { label: 'Total', amount: credit.total },
      { label: 'Applied', amount: credit.amount_applied },
      { label: 'Remaining credit', amount: credit.remaining_credit },
    ],
    priceLabel: 'Unit cost',
    useExtras: useVendorCreditExtras,
    Sections: AppliedTo,
    void: {
      allowed: (credit) => credit.status === 'issued',
      text: (credit) =>
        parseMoney(credit.amount_applied) > 0n
          ? [
              `${formatAmount(credit.amount_applied, credit.currency)} of this credit is applied to bills of ${credit.vendor_name}. A vendor credit is voided only while none of it is applied, so Folio will refuse this void; the applications stay on the bills.`,
            ]
          : [
              `A reversing entry dated today (or the credit date, if that is later) takes the credit out of the books: you owe ${credit.vendor_name} its ${formatAmount(credit.total, credit.currency)} again. The credit stays on file marked void and its number stays used. A void cannot be undone.`,
            ],
      path: '/api/v1/vendor-credits/{id}/void',
      done: (credit) => `Vendor credit ${credit.number} voided; its entry is reversed.`,
    },
  },
};

/** "Apply credit" while the credit has some left: an amount per open bill of its vendor. */
function useVendorCreditExtras(credit: VendorCredit, books: Books, refresh: () => void) {
  return useApplyCredit({
    side: PURCHASE,
    books,
    refresh,
    credit: {
      number: credit.number,
      party: credit.vendor,
      partyName: credit.vendor_name,
      remaining: credit.status === 'issued' ? credit.remaining_credit : '0',
    },
    apply: async (applications) => {
      const body = {
        applications: applications.map(({ id, amount }) => ({ bill_id: id, amount })),
        version: credit.version,
      };
      data(await api.POST('/api/v1/vendor-credits/{id}/apply', { ...byId(credit.id), body }));
    },
  });
}

/** The bills the credit went to. */
function AppliedTo({ doc: credit }: { doc: VendorCredit; books: Books }) {
  return (
    <>
      <Text fw={600}>Applied to</Text>
      {credit.applications.length === 0 ? (
        <Text size="sm" c="dimmed">
          {credit.status === 'issued' ? 'Not applied to a bill yet.' : 'Nothing was applied.'}
        </Text>
      ) : (
        <DataTable
          rows={credit.applications}
          rowKey={(a) => `${a.bill_id}-${a.applied_date}-${a.amount}`}
          minWidth={360}
          columns={[
            {
              header: 'Bill',
              cell: (a) => (
                <Anchor component={Link} to={`/bills/${a.bill_id}`}>
                  {a.bill_number}
                </Anchor>
              ),
            },
            { header: 'Date', cell: (a) => formatDate(a.applied_date) },
            {
              header: 'Amount',
              align: 'right',
              cell: (a) => <Money amount={a.amount} currency={credit.currency} />,
            },
          ]}
        />
      )}
    </>
  );
}
