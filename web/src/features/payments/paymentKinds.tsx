// The two kinds of payment: received from a customer (D61, D64: into Undeposited Funds unless a bank
// or cash account is chosen, D88) and paid to a vendor (D55: from a bank, cash or card account).
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { api, data } from '../../api/client.ts';
import { postAction } from '../../api/queries/actions.ts';
import {
  type BillPayment,
  billPaymentQuery,
  billPaymentsQuery,
  type PaymentReceived,
  paymentQuery,
  paymentsQuery,
} from '../../api/queries/payments.ts';
import { formatDate } from '../../ui/dates.ts';
import { Money } from '../../ui/Money.tsx';
import { formatAmount, parseMoney } from '../../ui/money.ts';
import { column } from '../documents/columns.tsx';
import { byId } from '../documents/kind.ts';
import { PURCHASE, SALE } from '../documents/sides.ts';
import type { PaymentKind } from './paymentKind.ts';

export const paymentReceivedKind: PaymentKind<PaymentReceived> = {
  side: SALE,
  noun: 'Payment',
  plural: 'Payments',
  path: '/payments',
  one: paymentQuery,
  newLabel: 'Record payment',
  written: 'payments',
  amount: 'typed',
  account: {
    label: 'Deposit to',
    description:
      'Undeposited Funds until you take it to the bank (Deposits); or straight into a bank or cash account.',
    field: 'deposit_to_account',
    detailTypes: ['undeposited_funds', 'bank', 'cash'],
    preferred: 'undeposited_funds',
    required: false,
  },
  apply: { header: 'Apply', label: (number) => `Apply to ${number}` },
  noneOpen: 'This customer has no open invoice: the whole payment becomes their credit.',
  recordAction: 'record the payment',
  record: async ({ party, account, applications, reference, ...rest }) =>
    data(
      await api.POST('/api/v1/payments-received', {
        body: {
          ...rest,
          customer: party,
          ...(reference ? { reference } : {}),
          ...(account ? { deposit_to_account: account } : {}),
          applications: applications.map(({ id, amount }) => ({ invoice_id: id, amount })),
        },
      }),
    ),
  list: {
    query: paymentsQuery,
    search: 'Number, reference or customer',
    sorts: ['number', 'customer', 'payment_date', 'amount'],
    columns: [
      column.number('/payments'),
      column.text('Customer', (payment) => payment.customer_name, undefined, 'customer'),
      column.text('Reference', (payment) => payment.reference, 160),
      column.date('Date', (payment) => payment.payment_date, 'payment_date'),
      {
        header: 'Applied to',
        cell: (p) => p.applications.map((a) => a.invoice_number).join(', '),
      },
      column.money('Amount', (payment) => payment.amount, 'amount'),
      column.money('Unapplied', (payment) => payment.unapplied_amount),
      {
        ...column.status(),
        cell: (payment) => (
          <>
            {column.status().cell(payment, 0)}
            {payment.deposit ? (
              <Text size="xs" c="dimmed">
                deposited
              </Text>
            ) : null}
          </>
        ),
      },
    ],
    minWidth: 960,
    empty: 'No payments received yet.',
  },
  view: {
    party: (payment) => ({ id: payment.customer, name: payment.customer_name }),
    accountLabel: 'Deposited to',
    account: (payment) => payment.deposit_to_account,
    applied: {
      header: 'Invoices paid',
      path: '/invoices',
      rows: (payment) =>
        payment.applications.map((application) => ({
          id: application.invoice_id,
          number: application.invoice_number,
          amount: application.amount,
          date: application.applied_date,
        })),
    },
    figures: (payment) => [
      { label: 'Amount', amount: payment.amount },
      { label: 'Unapplied (customer credit)', amount: payment.unapplied_amount },
    ],
    note: (payment) =>
      payment.deposit ? (
        <Text size="sm">
          Taken to the bank in a deposit (
          <Anchor component={Link} to="/deposits">
            Deposits
          </Anchor>
          ): void the deposit first to void this payment.
        </Text>
      ) : null,
  },
  void: {
    // D88: a deposited payment is voided after its deposit (Deposits).
    allowed: (payment) => !payment.deposit,
    title: (payment) => `Void payment ${payment.number}?`,
    confirm: (payment) => `Void ${payment.number}`,
    text: (payment) => {
      const paid = payment.applications.map((a) => a.invoice_number).join(', ');
      const reopened =
        payment.applications.length > 1
          ? `The invoices it paid (${paid}) are open again for what it paid on them.`
          : paid
            ? `The invoice it paid, ${paid}, is open again for what it paid on it.`
            : 'It paid no invoice.';
      const credit =
        parseMoney(payment.unapplied_amount) > 0n
          ? ` Its unapplied credit of ${formatAmount(payment.unapplied_amount, payment.currency)} goes too.`
          : '';
      return [
        `A reversing entry dated the payment's own date, ${formatDate(payment.payment_date)}, takes the ${formatAmount(payment.amount, payment.currency)} from ${payment.customer_name} out of the books, as if it never came in.`,
        `${reopened}${credit} The payment stays on file marked void; a void cannot be undone.`,
      ];
    },
    run: (payment) => postAction('/api/v1/payments-received/{id}/void', payment),
    done: (payment) => `Payment ${payment.number} voided; the invoices it paid are open again.`,
  },
  credit: {
    remaining: (payment) => payment.unapplied_amount,
    partyOf: (payment) => payment.customer,
    intro: (payment) => (
      <>
        {payment.customer_name} has{' '}
        <Money amount={payment.unapplied_amount} currency={payment.currency} strong /> unapplied from{' '}
        {payment.number}.
      </>
    ),
    apply: async (payment, applications) => {
      data(
        await api.POST('/api/v1/payments-received/{id}/apply', {
          ...byId(payment.id),
          body: {
            applications: applications.map(({ id, amount }) => ({ invoice_id: id, amount })),
            version: payment.version,
          },
        }),
      );
    },
  },
};

export const billPaymentKind: PaymentKind<BillPayment> = {
  side: PURCHASE,
  noun: 'Bill payment',
  plural: 'Bill payments',
  path: '/bill-payments',
  one: billPaymentQuery,
  newLabel: 'Pay bills',
  written: 'bill-payments',
  amount: 'applied',
  account: {
    label: 'Paid from account',
    field: 'paid_from_account',
    detailTypes: ['bank', 'cash', 'credit_card'],
    required: true,
  },
  apply: { header: 'Pay', label: (number) => `Pay on ${number}` },
  noneOpen: 'This vendor has no open bill to pay.',
  recordAction: 'record the bill payment',
  record: async ({ party, account, applications, reference, ...rest }) =>
    data(
      await api.POST('/api/v1/bill-payments', {
        body: {
          ...rest,
          vendor: party,
          ...(reference ? { reference } : {}),
          paid_from_account: account ?? '',
          applications: applications.map(({ id, amount }) => ({ bill_id: id, amount })),
        },
      }),
    ),
  list: {
    query: billPaymentsQuery,
    search: 'Number, reference or vendor',
    sorts: ['number', 'vendor', 'payment_date', 'amount'],
    columns: [
      column.number('/bill-payments'),
      column.text('Vendor', (payment) => payment.vendor_name, undefined, 'vendor'),
      column.text('Reference', (payment) => payment.reference, 160),
      column.date('Date', (payment) => payment.payment_date, 'payment_date'),
      {
        header: 'Bills paid',
        cell: (p) => p.applications.map((a) => a.bill_number).join(', '),
      },
      column.money('Amount', (payment) => payment.amount, 'amount'),
      column.status(),
    ],
    minWidth: 860,
    empty: 'No bill payments yet.',
  },
  view: {
    party: (payment) => ({ id: payment.vendor, name: payment.vendor_name }),
    accountLabel: 'Paid from',
    account: (payment) => payment.paid_from_account,
    applied: {
      header: 'Bills paid',
      path: '/bills',
      rows: (payment) =>
        payment.applications.map((application) => ({
          id: application.bill_id,
          number: application.bill_number,
          amount: application.amount,
        })),
    },
    figures: (payment) => [{ label: 'Amount', amount: payment.amount }],
  },
  void: {
    allowed: () => true,
    title: (payment) => `Void bill payment ${payment.number}?`,
    confirm: (payment) => `Void ${payment.number}`,
    text: (payment) => {
      const numbers = payment.applications.map((a) => a.bill_number);
      const reopened =
        numbers.length === 1
          ? `The bill it paid, ${numbers[0]}, is open and owed again.`
          : `The bills it paid (${numbers.join(', ')}) are open and owed again.`;
      return [
        `A reversing entry dated the payment's own date, ${formatDate(payment.payment_date)}, puts the ${formatAmount(payment.amount, payment.currency)} paid to ${payment.vendor_name} out of the books, as if it was never paid. ${reopened} The payment stays on file marked void; a void cannot be undone.`,
      ];
    },
    run: (payment) => postAction('/api/v1/bill-payments/{id}/void', payment),
    done: (payment) => `Payment ${payment.number} voided; the bills it paid are open again.`,
  },
};
