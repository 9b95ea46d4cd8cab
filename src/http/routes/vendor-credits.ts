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
import { resourceRoutes } from '../resource-routes.ts';
import { action, actorOf, defineRoute } from '../route.ts';
import { CreditListTotals, IdParams, NoContent } from '../schemas/common.ts';
import {
  PageVendorCredit,
  VendorCredit,
  VendorCreditApply,
  VendorCreditCreate,
  VendorCreditListQuery,
  VendorCreditTotalsQuery,
  VendorCreditUpdate,
} from '../schemas/vendor-credits.ts';

const URL = '/api/v1/vendor-credits';
const PAYABLES = { read: 'payables:read', write: 'payables:write' } as const;

export function registerVendorCreditRoutes(app: FastifyInstance, deps: Deps) {
  const write = {
    tag: 'vendor credits',
    published: true,
    auth: 'organization',
    permission: PAYABLES.write,
  } as const;
  const credits = resourceRoutes(app, deps, {
    ...PAYABLES,
    tag: 'vendor credits',
    url: URL,
    schema: VendorCredit,
  });
  credits.list({
    operationId: 'listVendorCredits',
    summary: 'List vendor credits',
    querystring: VendorCreditListQuery,
    page: PageVendorCredit,
    list: listVendorCredits,
  });
  defineRoute(app, deps, {
    tag: 'vendor credits',
    published: true,
    auth: 'organization',
    method: 'GET',
    url: `${URL}/totals`,
    operationId: 'vendorCreditTotals',
    summary: 'Count and sum the vendor credits the list filters match (every page): a list’s totals row',
    description:
      'Takes the filters of GET /vendor-credits (not cursor or sort) and answers how many vendor credits match, the sum of their totals and of their remaining credit, in the books’ currency.',
    permission: PAYABLES.read,
    querystring: VendorCreditTotalsQuery,
    response: { 200: CreditListTotals },
    handler: (request) => vendorCreditTotals(deps, actorOf(request), request.query),
  });
  credits.read({
    operationId: 'readVendorCredit',
    summary: 'Read a vendor credit',
    read: (actor, id) => readVendorCredit(deps.db, actor, id),
  });
  credits.create({
    operationId: 'createVendorCredit',
    summary: 'Enter a draft vendor credit',
    description:
      'Lines are priced like a bill’s; an inventory item on a line is 400 (returns of stock come later). A draft has no number (VC- numbers are taken at issue) and no ledger entry. Honours Idempotency-Key.',
    body: VendorCreditCreate,
    create: createVendorCredit,
  });
  credits.update({
    operationId: 'updateVendorCredit',
    summary: 'Change a draft vendor credit (sparse; lines replace all lines)',
    body: VendorCreditUpdate,
    update: updateVendorCredit,
  });
  action(app, deps, {
    ...write,
    method: 'DELETE',
    url: `${URL}/:id`,
    operationId: 'deleteVendorCredit',
    summary: 'Delete a draft vendor credit; an issued or void one answers 409 immutable_entry',
    params: IdParams,
    response: { 204: NoContent },
    write: async (scope, request, version) => {
      await deleteVendorCredit(scope, request.params.id, version);
      return null;
    },
  });
  credits.act('issue', {
    operationId: 'issueVendorCredit',
    summary:
      "Issue a draft: numbers it and posts debit Accounts Payable with the total, credit each line's account and the tax (the mirror of a bill)",
    act: issueVendorCredit,
  });
  action(app, deps, {
    ...write,
    method: 'POST',
    url: `${URL}/:id/apply`,
    operationId: 'applyVendorCredit',
    summary: 'Apply remaining credit to open bills of the vendor (reduces their balance_due)',
    description:
      'More than the remaining credit, or more than a bill’s balance due: 409 application_exceeds_balance. Another vendor’s bill or an unknown one: 400 validation_error; a draft or void bill: 409 invalid_state. No ledger entry (Accounts Payable was debited at issue).',
    params: IdParams,
    body: VendorCreditApply,
    response: { 200: VendorCredit },
    write: (scope, request, version) => applyVendorCredit(scope, request.params.id, request.body, version),
  });
  credits.act('void', {
    operationId: 'voidVendorCredit',
    summary: 'Void an issued vendor credit with nothing applied: posts the reversal of its entry',
    act: voidVendorCredit,
  });
}
