import { api, data, type RequestOf } from '../../api/client.ts';
import {
  type VendorCredit,
  type VendorCreditRow,
  vendorCreditReads,
} from '../../api/queries/vendorCredits.ts';
import { formatDate } from '../../ui/dates.ts';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { finalizing, listReads, writes } from '../documents/calls.ts';
import { column, creditColumns } from '../documents/columns.tsx';
import { creditView, deleteCreditDraft } from '../documents/credits.tsx';
import { byId, type DocumentKind, dateField, memoField } from '../documents/kind.ts';
import { PurchaseSummary } from '../documents/PartySummary.tsx';
import { purchaseBody, purchaseLines, vendorReferenceField } from '../documents/purchases.ts';
import { PURCHASE } from '../documents/sides.ts';

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
    ...listReads(vendorCreditReads, { party: 'vendor' }),
    sorts: ['number', 'vendor', 'credit_date', 'total'],
    columns: creditColumns(
      '/vendor-credits',
      column.text('Vendor', (credit) => credit.vendor_name, 240, 'vendor'),
      column.date('Date', (credit) => credit.credit_date, 'credit_date'),
    ),
    minWidth: 640,
    empty: {
      none: 'No vendor credits yet. A vendor credit records what a vendor takes off (a return, a discount after the fact) and applies to their open bills.',
      filtered: 'No vendor credit matches these filters.',
    },
  },
  one: vendorCreditReads.one,
  lines: purchaseLines,
  editor: {
    fields: [
      vendorReferenceField('Their credit memo number'),
      dateField('credit_date', 'Credit date', (credit) => credit.credit_date),
      memoField('Why the vendor gives credit'),
    ],
    // The API takes non-inventory and service items; an inventory item's line is refused in words.
    withItems: true,
    partyOf: (credit) => credit.vendor,
    body: (draft) => ({ ...purchaseBody(draft), credit_date: draft.values.credit_date ?? '' }),
    ...writes('/api/v1/vendor-credits'),
    finalize: finalizing(
      'Issue',
      '/api/v1/vendor-credits/{id}/issue',
      'Issue numbers the vendor credit and posts it to the ledger; you can apply it to bills after.',
    ),
    saved: (credit, issued) =>
      issued ? `Vendor credit ${credit.number} issued.` : 'Draft vendor credit saved.',
    removeDraft: deleteCreditDraft<VendorCredit>(
      'vendor credit',
      (credit) => `from ${credit.vendor_name}`,
      async (credit) => data(await api.DELETE('/api/v1/vendor-credits/{id}', byId(credit.id))),
    ),
  },
  view: {
    summary: (credit) => <PurchaseSummary doc={credit} dates={formatDate(credit.credit_date)} />,
    figures: (credit) => [
      { label: 'Total', amount: credit.total },
      { label: 'Applied', amount: credit.amount_applied },
      { label: 'Remaining credit', amount: credit.remaining_credit },
    ],
    priceLabel: 'Unit cost',
    ...creditView<VendorCredit>(PURCHASE, {
      party: (credit) => ({ id: credit.vendor, name: credit.vendor_name }),
      applied: (credit) =>
        credit.applications.map((a) => ({ ...a, documentId: a.bill_id, documentNumber: a.bill_number })),
      apply: async (credit, applications) => {
        const body = {
          applications: applications.map(({ id, amount }) => ({ bill_id: id, amount })),
          version: credit.version,
        };
        data(await api.POST('/api/v1/vendor-credits/{id}/apply', { ...byId(credit.id), body }));
      },
    }),
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
