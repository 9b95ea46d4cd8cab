// Published: vendor credits (D87), the purchase side's credit note: drafts priced like bills, issue
// (posts the mirror of a bill), apply (to open bills of the vendor), void (an issued credit with nothing
// applied), delete (drafts). Roles as bills (payables:read, payables:write).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import {
  applyVendorCredit,
  createVendorCredit,
  deleteVendorCredit,
  issueVendorCredit,
  listVendorCredits,
  readVendorCredit,
  updateVendorCredit,
  vendorCreditTotals,
  voidVendorCredit,
} from '../../app/vendor-credits/vendor-credits.ts';
import { documentRoutes } from '../document-routes.ts';
import { CreditListTotals } from '../schemas/common.ts';
import {
  PageVendorCredit,
  VendorCredit,
  VendorCreditApply,
  VendorCreditCreate,
  VendorCreditListQuery,
  VendorCreditTotalsQuery,
  VendorCreditUpdate,
} from '../schemas/vendor-credits.ts';

export function registerVendorCreditRoutes(app: FastifyInstance, deps: Deps) {
  const credits = documentRoutes(app, deps, {
    noun: 'vendor credit',
    area: 'payables',
    schema: VendorCredit,
  });
  credits.list({ querystring: VendorCreditListQuery, page: PageVendorCredit, list: listVendorCredits });
  credits.totals(VendorCreditTotalsQuery, vendorCreditTotals, {
    response: CreditListTotals,
    second: 'their remaining credit',
  });
  credits.read((actor, id) => readVendorCredit(deps.db, actor, id));
  credits.create({
    summary: 'Enter a draft vendor credit',
    description:
      'Lines are priced like a bill’s; an inventory item on a line is 400 (returns of stock come later). A draft has no number (VC- numbers are taken at issue) and no ledger entry. Honours Idempotency-Key.',
    body: VendorCreditCreate,
    create: createVendorCredit,
  });
  credits.update({ body: VendorCreditUpdate, update: updateVendorCredit });
  credits.remove({
    summary: 'Delete a draft vendor credit; an issued or void one answers 409 immutable_entry',
    remove: deleteVendorCredit,
  });
  credits.act('issue', {
    summary:
      "Issue a draft: numbers it and posts debit Accounts Payable with the total, credit each line's account and the tax (the mirror of a bill)",
    act: issueVendorCredit,
  });
  credits.actWith('apply', {
    summary: 'Apply remaining credit to open bills of the vendor (reduces their balance_due)',
    description:
      'More than the remaining credit, or more than a bill’s balance due: 409 application_exceeds_balance. Another vendor’s bill or an unknown one: 400 validation_error; a draft or void bill: 409 invalid_state. No ledger entry (Accounts Payable was debited at issue).',
    body: VendorCreditApply,
    act: applyVendorCredit,
  });
  credits.act('void', {
    summary: 'Void an issued vendor credit with nothing applied: posts the reversal of its entry',
    act: voidVendorCredit,
  });
}
