// Published: vendors, bills and bill payments (D53-D55).
import type { FastifyInstance } from 'fastify';
import {
  createVendor,
  deactivateVendor,
  listVendors,
  readVendor,
  updateVendor,
} from '../../app/contacts/vendors.ts';
import type { Deps } from '../../app/context.ts';
import {
  createBillPayment,
  listBillPayments,
  readBillPayment,
  voidBillPayment,
} from '../../app/payables/bill-payments.ts';
import { createBill, updateBill } from '../../app/payables/draft-bills.ts';
import { openBill, voidBill } from '../../app/payables/open-bill.ts';
import { billTotals, listBills, readBill } from '../../app/payables/read-bills.ts';
import { documentRoutes } from '../document-routes.ts';
import { resourceRoutes } from '../resource-routes.ts';
import {
  Bill,
  BillCreate,
  BillListQuery,
  BillPayment,
  BillPaymentCreate,
  BillPaymentListQuery,
  BillTotalsQuery,
  BillUpdate,
  PageBill,
  PageBillPayment,
  PageVendor,
  Vendor,
  VendorCreate,
  VendorListQuery,
  VendorUpdate,
} from '../schemas/payables.ts';

const PAYABLES = { read: 'payables:read', write: 'payables:write' } as const;

export function registerPayablesRoutes(app: FastifyInstance, deps: Deps) {
  const vendors = resourceRoutes(app, deps, {
    ...PAYABLES,
    tag: 'vendors',
    url: '/api/v1/vendors',
    schema: Vendor,
  });
  vendors.list({
    operationId: 'listVendors',
    summary: 'List vendors',
    querystring: VendorListQuery,
    page: PageVendor,
    list: listVendors,
  });
  vendors.read({
    operationId: 'readVendor',
    summary: 'Read a vendor',
    read: (actor, id) => readVendor(deps, actor, id),
  });
  vendors.create({
    operationId: 'createVendor',
    summary: 'Create a vendor',
    description:
      'Honours Idempotency-Key. payment_terms defaults to net_30 and sets the due date of its bills.',
    body: VendorCreate,
    create: createVendor,
  });
  vendors.update({
    operationId: 'updateVendor',
    summary: 'Update a vendor (sparse); is_active false deactivates',
    description:
      'Send only the fields to change; null clears an optional field. Send `version` to detect a stale write.',
    body: VendorUpdate,
    update: updateVendor,
  });
  vendors.act('deactivate', {
    operationId: 'deactivateVendor',
    summary: 'Deactivate a vendor',
    description: 'Same as PATCH with is_active false. Deactivating an inactive vendor changes nothing.',
    act: deactivateVendor,
  });

  const bills = documentRoutes(app, deps, { ...PAYABLES, noun: 'bill', schema: Bill });
  bills.list({ querystring: BillListQuery, page: PageBill, list: listBills });
  bills.totals(BillTotalsQuery, billTotals);
  bills.read((actor, id) => readBill(deps.db, actor, id));
  bills.create({
    summary: 'Enter a draft bill',
    description:
      'Numbered BILL-000001 at once (gapless). Totals and the due date are computed by the server. No ledger entry and no stock until it is opened.',
    body: BillCreate,
    create: createBill,
  });
  bills.update({ body: BillUpdate, update: updateBill });
  bills.act('open', {
    operationId: 'openBill',
    summary: 'Open a draft bill: posts it and receives its stock',
    description:
      "Posts dated the bill date: debit each line's account (an inventory item's asset account) and each tax rate's account, credit Accounts Payable with the total. Inventory items' units come in at the line's cost before tax (D49).",
    act: openBill,
  });
  bills.act('void', {
    operationId: 'voidBill',
    summary: 'Void a bill (a draft, or an open bill with nothing paid)',
    description:
      'An open bill is reversed, dated today (or its bill date if later), and its stock leaves again at its original cost: 400 insufficient_inventory when that would take an item below zero on any day from then on (D51). A bill with a payment applied: 409 invalid_state (void the payment first).',
    act: voidBill,
  });

  const payments = resourceRoutes(app, deps, {
    ...PAYABLES,
    tag: 'bill payments',
    url: '/api/v1/bill-payments',
    schema: BillPayment,
  });
  payments.list({
    operationId: 'listBillPayments',
    summary: 'List bill payments',
    querystring: BillPaymentListQuery,
    page: PageBillPayment,
    list: listBillPayments,
  });
  payments.read({
    operationId: 'readBillPayment',
    summary: 'Read a bill payment',
    read: (actor, id) => readBillPayment(deps.db, actor, id),
  });
  payments.create({
    operationId: 'createBillPayment',
    summary: 'Pay bills of a vendor',
    description:
      'Posts debit Accounts Payable, credit paid_from_account (bank, cash or credit card) with the amount; the applications add up to the amount. More than a bill’s balance: 409 application_exceeds_balance; a draft or void bill: 409 invalid_state. Honours Idempotency-Key.',
    body: BillPaymentCreate,
    create: createBillPayment,
  });
  payments.act('void', {
    operationId: 'voidBillPayment',
    summary: 'Void a bill payment',
    description:
      "Posts the reversal of the payment's entry dated on its payment_date (409 period_closed in a closed period), removes its applications and reopens the bills it paid. Already void: 409 invalid_state.",
    act: voidBillPayment,
  });
}
