// Vendor credits (D87), the purchase side's credit note, as one more kind of the document layer: drafts
// (documents/drafts.ts) priced like a bill's lines (an inventory item refused until returns of stock),
// reads (documents/document-reads.ts), and issue, apply and void as a credit document
// (documents/credit-documents.ts): issue posts a bill's entry mirrored (debit Accounts Payable with the
// total, credit each line's account and the tax) and takes the next VC number; apply moves remaining
// credit onto open bills of the vendor; void reverses an issued credit with nothing applied.
import { applyBillCredit } from '../../domain/bill.ts';
import { VENDOR_CREDIT_SORT_KEYS } from '../../domain/list-order.ts';
import { VENDOR_CREDIT } from '../../domain/vendor-credit.ts';
import type { Queryable } from '../../storage/db.ts';
import type { NewBillLine, PayableBillRow } from '../../storage/stores/bills.ts';
import * as items from '../../storage/stores/items.ts';
import type { VendorCreditRow } from '../../storage/stores/vendor-credits.ts';
import * as vendorCredits from '../../storage/stores/vendor-credits.ts';
import type { WriteScope } from '../changes.ts';
import { VENDOR } from '../contacts/vendors.ts';
import type { Actor, Deps } from '../context.ts';
import { type CreditKind, creditUseCases, describeCredit } from '../documents/credit-documents.ts';
import { type CreditListQuery, creditListing } from '../documents/credit-lists.ts';
import { postingInput } from '../documents/document-posting.ts';
import { documentReads } from '../documents/document-reads.ts';
import { type DraftKind, draftUseCases } from '../documents/drafts.ts';
import { BILL_TARGET, settling } from '../documents/money-movements.ts';
import type { PageCursor } from '../pagination.ts';
import {
  assertNoStock,
  type BillLineCommand,
  billLineAccount,
  priceBillLines,
} from '../payables/bill-lines.ts';
import { describePurchaseLine } from '../payables/read-bills.ts';

export const VENDOR_CREDIT_ENTITY = 'vendor_credit';
const { documents } = vendorCredits;
const LINES = { noun: VENDOR_CREDIT.noun, inventory: 'refused' } as const;

// ---- reads -------------------------------------------------------------------------------------------

type Children = {
  lines: vendorCredits.VendorCreditLineRow[];
  applications: vendorCredits.VendorCreditApplicationRow[];
};

function describeVendorCredit(row: VendorCreditRow, [children]: Children[]) {
  const { lines, applications } = children ?? { lines: [], applications: [] };
  const { vendor_id: vendor, vendor_name, vendor_reference, credit_date } = row;
  return {
    ...describeCredit(row),
    vendor,
    vendor_name,
    vendor_reference,
    credit_date,
    lines: lines.map(describePurchaseLine),
    applications: applications.map(({ vendor_credit_id, line_no, ...application }) => application),
  };
}
export type VendorCreditView = ReturnType<typeof describeVendorCredit>;

/**
 * A credit's two kinds of child rows, lines and applications, for several credits in two queries: as
 * the one entry of each credit's list of children, the shape the document reads take.
 */
async function childrenOf(db: Queryable, organizationId: string, ids: string[]) {
  const lines = await documents.linesOf(db, organizationId, ids);
  const applications = await vendorCredits.applications.applicationsOf(db, organizationId, ids);
  return new Map(
    ids.map((id): [string, Children[]] => [
      id,
      [{ lines: lines.get(id) ?? [], applications: applications.get(id) ?? [] }],
    ]),
  );
}

export type VendorCreditFilters = CreditListQuery<'vendor'>;

const VENDOR_CREDIT_LIST = creditListing({
  store: vendorCredits,
  sortKeys: VENDOR_CREDIT_SORT_KEYS,
  party: 'vendor',
});

const reads = documentReads({
  what: VENDOR_CREDIT.noun,
  find: documents.find,
  rowsOf: childrenOf,
  page: VENDOR_CREDIT_LIST.page,
  describe: describeVendorCredit,
});

/** GET /vendor-credits/{id}. */
export const readVendorCredit: (db: Queryable, actor: Actor, id: string) => Promise<VendorCreditView> =
  reads.read;

/** GET /vendor-credits: D31 paging, filtered by status and vendor. */
export function listVendorCredits(
  deps: Deps,
  actor: Actor,
  cursor: PageCursor | undefined,
  filters: VendorCreditFilters,
) {
  return reads.list(deps, actor, cursor, filters);
}

/** GET /vendor-credits/totals: how many credits the list's filters match, their totals and remaining credit summed. */
export const vendorCreditTotals = VENDOR_CREDIT_LIST.totals;

// ---- drafts ------------------------------------------------------------------------------------------

export interface CreateVendorCreditCommand {
  vendor: string;
  vendor_reference?: string;
  credit_date?: string;
  lines: BillLineCommand[];
  memo?: string;
  currency?: string;
}
export type UpdateVendorCreditCommand = Partial<CreateVendorCreditCommand>;

/** Vendor credits as drafts: no number until issue, dated `credit_date`, priced like a bill (D8). */
const VENDOR_CREDIT_DRAFTS: DraftKind<
  'credit_date',
  'vendor',
  BillLineCommand,
  NewBillLine,
  VendorCreditRow,
  UpdateVendorCreditCommand,
  vendorCredits.DraftFields,
  VendorCreditView
> = {
  rules: VENDOR_CREDIT,
  store: documents,
  sequence: null,
  entity: VENDOR_CREDIT_ENTITY,
  counterparty: VENDOR,
  contactField: 'vendor',
  dateField: 'credit_date',
  read: readVendorCredit,
  hooks: {
    priceLines: (scope, lines) => priceBillLines(scope, lines, LINES),
    header: (vendor, creditDate, command, row) => ({
      vendorId: vendor.id,
      vendorReference: command.vendor_reference ?? row?.vendor_reference ?? '',
      creditDate,
    }),
  },
};

/** POST (a draft: no number, no entry), PATCH (sparse; `lines` replaces every line), DELETE (a draft). */
export const {
  create: createVendorCredit,
  update: updateVendorCredit,
  remove: deleteVendorCredit,
} = draftUseCases(VENDOR_CREDIT_DRAFTS);

// ---- issue, apply, void ------------------------------------------------------------------------------

/**
 * D84 and D87 at issue: the lines' accounts are purchase accounts, and no line's item has become an
 * inventory item since the draft (that would take stock back, which waits for returns).
 */
async function posting(scope: WriteScope, row: VendorCreditRow) {
  const organizationId = scope.actor.organization.id;
  const lines = (await documents.linesOf(scope.tx, organizationId, [row.id])).get(row.id) ?? [];
  const named = lines.flatMap((line) => (line.item_id ? [line.item_id] : []));
  const byId = new Map(
    (await items.findMany(scope.tx, organizationId, named)).map((item) => [item.id, item]),
  );
  for (const line of lines)
    if (line.item_id) assertNoStock(LINES, byId.get(line.item_id), `lines/${line.line_no - 1}/item`);
  return postingInput(scope, VENDOR_CREDIT.side, lines, billLineAccount(new Set()));
}

const VENDOR_CREDIT_CREDIT: CreditKind<VendorCreditRow, PayableBillRow, 'bill_id', VendorCreditView> = {
  rules: VENDOR_CREDIT,
  name: VENDOR_CREDIT_ENTITY,
  store: { ...documents, ...vendorCredits.applications },
  target: BILL_TARGET,
  read: readVendorCredit,
  hooks: {
    dateOf: (credit) => credit.credit_date,
    counterpartyOf: (credit) => credit.vendor_id,
    memo: (credit) =>
      `Vendor credit from ${credit.vendor_name}${credit.vendor_reference ? ` (${credit.vendor_reference})` : ''}`,
    posting,
    credit: (bill, amount, index) => applyBillCredit(settling(bill), amount, index),
  },
};

/** POST /vendor-credits/{id}/issue, /apply and /void. */
export const {
  issue: issueVendorCredit,
  apply: applyVendorCredit,
  void: voidVendorCredit,
} = creditUseCases(VENDOR_CREDIT_CREDIT);
