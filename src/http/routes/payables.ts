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
import { contactRoutes } from '../contact-routes.ts';
import { documentRoutes } from '../document-routes.ts';
import { namedRoutes } from '../named-routes.ts';
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

export function registerPayablesRoutes(app: FastifyInstance, deps: Deps) {
  contactRoutes(
    app,
    deps,
    { noun: 'vendor', area: 'payables', schema: Vendor },
    {
      list: { querystring: VendorListQuery, page: PageVendor, list: listVendors },
      read: (actor, id) => readVendor(deps, actor, id),
      create: {
        description:
          'Honours Idempotency-Key. payment_terms defaults to net_30 and sets the due date of its bills.',
        body: VendorCreate,
        create: createVendor,
      },
      update: { body: VendorUpdate, update: updateVendor },
      deactivate: deactivateVendor,
    },
  );

  const bills = documentRoutes(app, deps, { noun: 'bill', area: 'payables', schema: Bill });
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
    summary: 'Open a draft bill: posts it and receives its stock',
    description:
      "Posts dated the bill date: debit each line's account (an inventory item's asset account) and each tax rate's account, credit Accounts Payable with the total. Inventory items' units come in at the line's cost before tax (D49).",
    act: openBill,
  });
  bills.act('void', {
    summary: 'Void a bill (a draft, or an open bill with nothing paid)',
    description:
      'An open bill is reversed, dated today (or its bill date if later), and its stock leaves again at its original cost: 400 insufficient_inventory when that would take an item below zero on any day from then on (D51). A bill with a payment applied: 409 invalid_state (void the payment first).',
    act: voidBill,
  });

  const payments = namedRoutes(app, deps, { noun: 'bill payment', area: 'payables', schema: BillPayment });
  payments.list({ querystring: BillPaymentListQuery, page: PageBillPayment, list: listBillPayments });
  payments.read((actor, id) => readBillPayment(deps.db, actor, id));
  payments.create({
    summary: 'Pay bills of a vendor',
    description:
      'Posts debit Accounts Payable, credit paid_from_account (bank, cash or credit card) with the amount; the applications add up to the amount. More than a bill’s balance: 409 application_exceeds_balance; a draft or void bill: 409 invalid_state. Honours Idempotency-Key.',
    body: BillPaymentCreate,
    create: createBillPayment,
  });
  payments.act('void', {
    description:
      "Posts the reversal of the payment's entry dated on its payment_date (409 period_closed in a closed period), removes its applications and reopens the bills it paid. Already void: 409 invalid_state.",
    act: voidBillPayment,
  });
}
