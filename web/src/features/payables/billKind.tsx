// The bill (D54) as a document kind: a purchase from a vendor. "Open" posts it (Dr the lines and tax,
// Cr Accounts Payable) and brings an inventory item's stock in; an open bill is paid from the bill
// payments screen, or voided while nothing is paid on it.
import { Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { RequestOf } from '../../api/client.ts';
import { postAction } from '../../api/queries/actions.ts';
import { type Bill, type BillRow, billReads } from '../../api/queries/bills.ts';
import { vendorBillPaymentsQuery } from '../../api/queries/payments.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/dates.ts';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { finalizing, listReads, writes } from '../documents/calls.ts';
import { column, dueColumns } from '../documents/columns.tsx';
import { type DocumentKind, dateField, memoField } from '../documents/kind.ts';
import { PurchaseSummary } from '../documents/PartySummary.tsx';
import { purchaseBody, purchaseLines, vendorReferenceField } from '../documents/purchases.ts';
import { PURCHASE } from '../documents/sides.ts';
import type { Books } from '../shell/books.tsx';

export const billKind: DocumentKind<Bill, BillRow, RequestOf<'/api/v1/bills', 'post'>> = {
  side: PURCHASE,
  noun: 'bill',
  plural: 'Bills',
  path: '/bills',
  written: 'bills',
  list: {
    statuses: ['draft', 'open', 'paid', 'void'],
    search: 'Number, reference or vendor',
    byParty: { title: (name) => `Bills from ${name}`, partyName: (bill) => bill.vendor_name },
    ...listReads(billReads, { party: 'vendor', dated: 'bill_date' }),
    sorts: ['number', 'vendor', 'bill_date', 'due_date', 'total', 'balance_due'],
    overdue: true,
    dateRange: 'Bill date',
    columns: dueColumns(
      '/bills',
      column.text('Vendor', (bill) => bill.vendor_name, 240, 'vendor'),
      column.text('Reference', (bill) => bill.vendor_reference),
      column.date('Bill date', (bill) => bill.bill_date, 'bill_date'),
    ),
    minWidth: 720,
    empty: {
      none: 'No bills yet. Enter the bills your vendors send you to know what you owe.',
      filtered: 'No bill matches these filters.',
    },
  },
  one: billReads.one,
  lines: purchaseLines,
  editor: {
    fields: [
      vendorReferenceField('Their invoice number'),
      dateField('bill_date', 'Bill date', (bill) => bill.bill_date),
      {
        name: 'due_date',
        label: 'Due date',
        type: 'date',
        initial: '',
        from: (bill) => bill.due_date,
        description: "Empty: from the vendor's terms",
        optional: true,
      },
      memoField(),
    ],
    withItems: true,
    partyOf: (bill) => bill.vendor,
    body: (draft) => {
      const { bill_date, due_date } = draft.values;
      return { ...purchaseBody(draft), bill_date: bill_date ?? '', ...(due_date ? { due_date } : {}) };
    },
    ...writes('/api/v1/bills'),
    finalize: finalizing(
      'Open',
      '/api/v1/bills/{id}/open',
      'Open posts the bill to the ledger as owed to the vendor; you can pay it after.',
    ),
    saved: (bill, opened) =>
      opened ? `Bill ${bill.number} opened and posted.` : `Draft bill ${bill.number} saved.`,
    // D23 for bills: a draft is voided with no ledger effect; its number stays used (numbers are gapless).
    removeDraft: {
      label: 'Void draft',
      title: (bill) => `Void draft bill ${bill.number}?`,
      confirm: (bill) => `Void ${bill.number}`,
      text: (bill) => [
        `The draft is marked void and kept on file; it never reached the books, so nothing you owe changes. Its number ${bill.number} stays used so the numbering has no gap. Unsaved changes on this page are lost.`,
      ],
      run: voidBill,
      done: (bill) => `Draft bill ${bill.number} voided.`,
      after: 'stay',
    },
  },
  view: {
    summary: (bill) => (
      <PurchaseSummary
        doc={bill}
        dates={`${formatDate(bill.bill_date)}, due ${formatDate(bill.due_date)}${bill.days_overdue > 0 ? ` (${bill.days_overdue} days overdue)` : ''}`}
      />
    ),
    figures: (bill) => [
      { label: 'Total', amount: bill.total },
      { label: 'Paid', amount: bill.amount_paid },
      // D87: what vendor credits took off, once any did.
      parseMoney(bill.amount_credited) > 0n ? { label: 'Credited', amount: bill.amount_credited } : null,
      { label: 'Balance due', amount: bill.balance_due },
    ],
    priceLabel: 'Unit cost',
    useExtras: useBillExtras,
    Sections: BillPayments,
    void: {
      allowed: (bill) => bill.status === 'open' && parseMoney(bill.amount_paid) === 0n,
      text: (bill) => [
        `A reversing entry dated today (or the bill date, if that is later) takes the bill out of the books: you no longer owe ${bill.vendor_name} its ${formatAmount(bill.total, bill.currency)}, and any stocked items it bought leave stock again at their cost (refused if that would leave an item below zero).`,
        'The bill stays on file marked void and its number stays used. A void cannot be undone.',
      ],
      path: '/api/v1/bills/{id}/void',
    },
  },
};

function voidBill(bill: Bill) {
  return postAction('/api/v1/bills/{id}/void', bill);
}

/** "Pay bill" on an open bill: the bill payments screen with its balance offered in full. */
function useBillExtras(bill: Bill, books: Books) {
  const navigate = useNavigate();
  return {
    buttons:
      books.can.writeBooks && bill.status === 'open' ? (
        <Button onClick={() => navigate(`/bill-payments?pay=${bill.id}`)}>Pay bill</Button>
      ) : null,
  };
}

/** The payments applied to the bill, from its vendor's bill payments. */
function BillPayments({ doc: bill }: { doc: Bill; books: Books }) {
  const payments = useQuery(vendorBillPaymentsQuery(bill.vendor));
  const paidBy = (payments.data?.results ?? []).flatMap((payment) =>
    payment.applications
      .filter((application) => application.bill_id === bill.id)
      .map((application) => ({ payment, amount: application.amount })),
  );
  return (
    <>
      <Text fw={600}>Payments</Text>
      {paidBy.length === 0 ? (
        <Text size="sm" c="dimmed">
          {bill.status === 'open' ? 'Nothing paid yet.' : 'No payment applied.'}
        </Text>
      ) : (
        <DataTable
          rows={paidBy}
          rowKey={({ payment }) => payment.id}
          minWidth={300}
          columns={[
            {
              header: 'Payment',
              cell: ({ payment }) => (
                <Anchor component={Link} to={`/bill-payments/${payment.id}`}>
                  {payment.number}
                </Anchor>
              ),
            },
            { header: 'Date', cell: ({ payment }) => formatDate(payment.payment_date) },
            {
              header: 'Amount',
              align: 'right',
              cell: ({ amount }) => <Money amount={amount} currency={bill.currency} />,
            },
          ]}
        />
      )}
    </>
  );
}
