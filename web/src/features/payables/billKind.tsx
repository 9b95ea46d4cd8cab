// The bill (D54) as a document kind: a purchase from a vendor. "Open" posts it (Dr the lines and tax,
// Cr Accounts Payable) and brings an inventory item's stock in; an open bill is paid from the bill
// payments screen, or voided while nothing is paid on it.
import { Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api, data, type RequestOf } from '../../api/client.ts';
import { postAction } from '../../api/queries/actions.ts';
import {
  type Bill,
  type BillRow,
  type BillSort,
  type BillStatus,
  billQuery,
  billsQuery,
  billTotalsQuery,
} from '../../api/queries/bills.ts';
import { vendorBillPaymentsQuery } from '../../api/queries/payments.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDate } from '../../ui/dates.ts';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { column } from '../documents/columns.tsx';
import {
  byId,
  type DocumentKind,
  dateField,
  memoField,
  purchaseLines,
  vendorReferenceField,
} from '../documents/kind.ts';
import { PurchaseSummary } from '../documents/PartySummary.tsx';
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
    query: ({ status, search, party, cursor, sort, overdue, from, to }) =>
      billsQuery({
        status: status as BillStatus,
        search,
        vendor: party,
        cursor,
        sort: sort as BillSort,
        overdue,
        bill_date_from: from,
        bill_date_to: to,
      }),
    sorts: ['number', 'vendor', 'bill_date', 'due_date', 'total', 'balance_due'],
    overdue: true,
    dateRange: 'Bill date',
    totals: ({ status, search, party, overdue, from, to }) =>
      billTotalsQuery({
        status: status as BillStatus,
        search,
        vendor: party,
        overdue,
        bill_date_from: from,
        bill_date_to: to,
      }),
    columns: [
      column.number('/bills'),
      column.text('Vendor', (bill) => bill.vendor_name, 240, 'vendor'),
      column.text('Reference', (bill) => bill.vendor_reference),
      column.date('Bill date', (bill) => bill.bill_date, 'bill_date'),
      column.due(),
      column.status(),
      column.money('Total', (bill) => bill.total, 'total'),
      column.money('Balance due', (bill) => bill.balance_due, 'balance_due'),
    ],
    minWidth: 720,
    empty: {
      none: 'No bills yet. Enter the bills your vendors send you to know what you owe.',
      filtered: 'No bill matches these filters.',
    },
  },
  one: billQuery,
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
    body: ({ party, values, lines }) => ({
      vendor: party,
      vendor_reference: values.vendor_reference ?? '',
      bill_date: values.bill_date ?? '',
      ...(values.due_date ? { due_date: values.due_date } : {}),
      memo: values.memo ?? '',
      lines: lines.purchaseBody(),
    }),
    create: async (body) => data(await api.POST('/api/v1/bills', { body })),
    update: async (id, body) => data(await api.PATCH('/api/v1/bills/{id}', { ...byId(id), body })),
    finalize: {
      label: 'Open',
      description: 'Open posts the bill to the ledger as owed to the vendor; you can pay it after.',
      run: (saved) => postAction('/api/v1/bills/{id}/open', saved),
    },
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
