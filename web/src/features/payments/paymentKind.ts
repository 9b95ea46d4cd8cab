// A kind of payment (received from a customer, D61; paid to a vendor, D55) as one descriptor read by
// PaymentForm and PaymentList: the side, the account the money goes to or comes from, whether the
// amount is typed or the sum of what is applied, and the API's calls.
import type { ReactNode } from 'react';
import type { PaymentFilters, PaymentMethod } from '../../api/queries/payments.ts';
import type { Column } from '../../ui/DataTable.tsx';
import type { Application } from '../documents/ApplyCredit.tsx';
import type { Confirmation, ListPage, QueryOf } from '../documents/kind.ts';
import type { SideDescriptor } from '../documents/sides.ts';

export interface PaymentInput {
  party: string;
  payment_date: string;
  /** A decimal string: typed, or the sum of the applications. */
  amount: string;
  method: PaymentMethod;
  reference: string;
  account: string | null;
  applications: Application[];
}

export interface PostedPayment {
  id: string;
  number: string;
  status: string;
  version: number;
  currency: string;
  payment_date: string;
  amount: string;
  method: string;
  reference: string;
  memo: string;
  journal_entry: string | null;
  void_entry: string | null;
  voided_at: string | null;
}

/** A document a payment was applied to, as its page lists it. */
export interface AppliedDocument {
  id: string;
  number: string;
  amount: string;
  /** When it was applied, where the kind says (a payment received's later applications, D61). */
  date?: string;
}

export interface PaymentKind<Payment extends PostedPayment> {
  side: SideDescriptor;
  /** How a page titles one ("Payment", "Bill payment"), the list's title, and where both are. */
  noun: string;
  plural: string;
  path: '/payments' | '/bill-payments';
  newLabel: string;
  /** The invalidation map's entry a payment of this kind invalidates. */
  written: 'payments' | 'bill-payments';
  /**
   * A payment received has an amount of its own (what is not applied is the customer's credit); a
   * bill payment's amount is the sum of what it pays.
   */
  amount: 'typed' | 'applied';
  account: {
    label: string;
    description?: string;
    /** The API's field, where its refusals are reported. */
    field: string;
    /** The detail types of the accounts offered; the first offered (by number) is the default... */
    detailTypes: readonly string[];
    /** ...unless one of this detail type is there: it comes first (the server's own default, D25). */
    preferred?: string;
    required: boolean;
  };
  /** The open documents' column header and each amount's label ("Apply" / "Apply to INV-1"). */
  apply: { header: string; label: (number: string) => string };
  noneOpen: string;
  /** What a refused record was, heading its notice ("Could not record the payment"). */
  recordAction: string;
  record: (input: PaymentInput) => Promise<{ number: string }>;
  one: (id: string) => QueryOf<Payment>;
  list: {
    query: (filters: PaymentFilters) => QueryOf<ListPage<Payment>>;
    /** The search box's placeholder (issue 21). */
    search: string;
    /** The column keys the API sorts by (`?sort=`, issue 21); their headers sort. */
    sorts: readonly string[];
    columns: Column<Payment>[];
    minWidth: number;
    empty: string;
  };
  /** Its page: the party (a link), the account the money went to or came from, what it paid. */
  view: {
    party: (payment: Payment) => { id: string; name: string };
    accountLabel: string;
    account: (payment: Payment) => string;
    applied: { header: string; path: '/invoices' | '/bills'; rows: (payment: Payment) => AppliedDocument[] };
    figures: (payment: Payment) => { label: string; amount: string }[];
    /** A line under the facts (a deposit that took it to the bank), if any. */
    note?: (payment: Payment) => ReactNode;
  };
  void: Confirmation<Payment> & {
    /** Whether a posted payment is voided from this list (a deposited one is voided after its deposit). */
    allowed: (payment: Payment) => boolean;
    run: (payment: Payment) => Promise<{ number: string }>;
    done: (payment: { number: string }) => string;
  };
  /** What a payment has left to apply, and how it is applied (D61), where the kind has it. */
  credit?: {
    remaining: (payment: Payment) => string;
    intro: (payment: Payment) => ReactNode;
    partyOf: (payment: Payment) => string;
    apply: (payment: Payment, applications: Application[]) => Promise<void>;
  };
}
