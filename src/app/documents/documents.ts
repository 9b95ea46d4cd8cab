// The document kit: what every posted document (invoice, payment received, and bills next) checks
// before it writes, in one place instead of one copy per document. Pure checks take the organization;
// checks that read take the handle first. The SQL shapes they share live in storage: the rows insert
// and grouping by parent (src/storage/rows.ts), the stored idempotent response
// (src/storage/stores/idempotency.ts storeResponse, written by runWrite).
import { ACCOUNT_USES, type AccountRule } from '../../domain/account-use.ts';
import { isCalendarDate } from '../../domain/dates.ts';
import { fieldError, notFound } from '../../domain/errors.ts';
import type { Queryable } from '../../storage/db.ts';
import * as accounts from '../../storage/stores/accounts.ts';
import * as invoices from '../../storage/stores/invoices.ts';
import type { Organization } from '../context.ts';
import { assertOpenPeriodDate } from '../organizations/organizations.ts';
import { assertVersion } from '../versions.ts';

/** A document is kept in the books' currency only (`currency` absent means that one). */
export function assertBooksCurrency(
  organization: Organization,
  currency: string | undefined,
  path = 'currency',
) {
  if (currency !== undefined && currency !== organization.currency) {
    throw fieldError(path, `these books keep ${organization.currency} only`);
  }
}

/** A document's date: a calendar date YYYY-MM-DD outside every closed period. */
export function assertDocumentDate(organization: Organization, date: string, path: string) {
  if (!isCalendarDate(date)) throw fieldError(path, 'must be a calendar date YYYY-MM-DD');
  assertOpenPeriodDate(organization, date, path);
}

// D84: which accounts a field accepts lives in one place (src/domain/account-use.ts).
export { ACCOUNT_USES, type AccountRule, accountOfType } from '../../domain/account-use.ts';
/** D64: money received moves through cash; Accounts Receivable or income would make credit from nothing. */
export const CASH_ACCOUNT = ACCOUNT_USES.cash;

/**
 * Reads the accounts `ids` of these books once and answers the check of one reference: it names an
 * active account that `rule` accepts. Refusals name `path`: no such account, then the rule, then
 * inactive. A document with many lines reads once and checks each line in its order.
 */
export async function activeAccountCheck(
  db: Queryable,
  organizationId: string,
  ids: string[],
  rule: AccountRule,
): Promise<(id: string, path: string) => void> {
  const byId = await accountsById(db, organizationId, ids);
  return (id, path) => checkReference(byId, { id, path, rule });
}

/**
 * Reads the accounts `ids` of these books once and answers the check of any reference among them,
 * each with its own use: for a request whose fields name accounts of several uses (a bank line's
 * spend account and its transfer's bank account, D74).
 */
export async function accountReferenceCheck(
  db: Queryable,
  organizationId: string,
  ids: string[],
): Promise<(reference: AccountReference) => void> {
  const byId = await accountsById(db, organizationId, ids);
  return (reference) => checkReference(byId, reference);
}

async function accountsById(db: Queryable, organizationId: string, ids: string[]) {
  const found = ids.length === 0 ? [] : await accounts.findMany(db, organizationId, ids);
  return new Map(found.map((account) => [account.id, account]));
}

/** No such account, then the use's rule, then inactive: the order every refusal names them in. */
function checkReference(
  byId: Map<string, accounts.AccountSummary>,
  { id, path, rule }: AccountReference,
): void {
  const account = byId.get(id);
  if (!account) throw fieldError(path, 'no such account in these books');
  if (!rule.accepts(account)) throw fieldError(path, rule.requirement);
  if (!account.is_active) throw fieldError(path, 'the account is inactive');
}

/** One reference: `id` names an active account of these books that `rule` accepts. */
export async function assertActiveAccount(
  db: Queryable,
  organizationId: string,
  id: string,
  path: string,
  rule: AccountRule,
): Promise<void> {
  (await activeAccountCheck(db, organizationId, [id], rule))(id, path);
}

/** One account reference a posting depends on: the account, the field that named it, its use. */
export interface AccountReference {
  id: string;
  path: string;
  rule: AccountRule;
}

/**
 * D84, at posting: every account the document's entry will touch is checked again for its use, in one
 * read, so a setting that changed since the draft (an account's detail type, an item's type, a tax
 * rate's account) cannot post where the books would disagree with their documents.
 */
export async function assertAccountUses(
  db: Queryable,
  organizationId: string,
  references: AccountReference[],
): Promise<void> {
  const byId = await accountsById(
    db,
    organizationId,
    references.map((ref) => ref.id),
  );
  for (const reference of references) checkReference(byId, reference);
}

/**
 * Locks a document for a change: `load` reads it FOR UPDATE; a missing one is not_found (`what`
 * names it); `assertState` (a domain rule, e.g. only a draft is edited) runs before the writer's
 * version is checked.
 */
export async function lockDocument<Row extends { version: number }>(
  load: () => Promise<Row | undefined>,
  what: string,
  expectedVersion: number | undefined,
  assertState: (row: Row) => void = () => {},
): Promise<Row> {
  const row = await load();
  if (!row) throw notFound(what);
  assertState(row);
  assertVersion(expectedVersion, row.version);
  return row;
}

/** A document store's two reads: the document by id, and the rows (lines, applications) of several. */
export interface DocumentReads<Row, Child> {
  find(db: Queryable, organizationId: string, id: string): Promise<Row | undefined>;
  rowsOf(db: Queryable, organizationId: string, ids: string[]): Promise<Map<string, Child[]>>;
}

/** One document with its rows in their order, or not_found naming `what`. */
export async function readDocument<Row, Child>(
  db: Queryable,
  organizationId: string,
  id: string,
  what: string,
  reads: DocumentReads<Row, Child>,
): Promise<{ row: Row; rows: Child[] }> {
  const row = await reads.find(db, organizationId, id);
  if (!row) throw notFound(what);
  const rows = await reads.rowsOf(db, organizationId, [id]);
  return { row, rows: rows.get(id) ?? [] };
}

/**
 * The invoices an application list names (a payment's or a credit note's, D33, D60), locked in id
 * order and answered in the list's order: each must be in these books and of `customerId`, else 400
 * on `applications/N/invoice_id`. What an application may do to its invoice is the caller's rule.
 */
export async function lockCustomerInvoices(
  tx: Queryable,
  organizationId: string,
  customerId: string,
  invoiceIds: string[],
): Promise<invoices.PayableRow[]> {
  const byId = new Map(
    (await invoices.lockPayable(tx, organizationId, invoiceIds)).map((row) => [row.id, row]),
  );
  return invoiceIds.map((invoiceId, index) => {
    const invoice = byId.get(invoiceId);
    const path = `applications/${index}/invoice_id`;
    if (!invoice) throw fieldError(path, 'no such invoice in these books');
    if (invoice.customer_id !== customerId) throw fieldError(path, 'the invoice belongs to another customer');
    return invoice;
  });
}
