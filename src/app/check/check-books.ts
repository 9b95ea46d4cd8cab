// `folio check` (D69): verifies every invariant of a set of books and names each one broken.
// The SQL lives in src/storage/checks.ts, one set-based statement per invariant; this file runs
// them over the organizations in batches, each batch in one read-only snapshot, and words the rows.
import {
  bankViolations,
  billPaymentViolations,
  billViolations,
  type CheckRow,
  changeRecordViolations,
  creditNoteViolations,
  depositViolations,
  invoiceViolations,
  ledgerViolations,
  lineTaxViolations,
  type NumberedTable,
  numberViolations,
  oneOrganizationStatements,
  organizationsPerStatementMax,
  organizationsToCheck,
  payablesViolations,
  paymentViolations,
  receivablesViolations,
  reconciliationViolations,
  stockAccountViolations,
  stockViolations,
  vendorCreditViolations,
} from '../../storage/checks.ts';
import type { Db, Queryable } from '../../storage/db.ts';
import { allowMultiShard, readOnlySnapshot } from '../../storage/sql.ts';
import { SEQUENCES, type SequenceName } from '../numbering.ts';

export interface Violation {
  organizationId: string;
  invariant: string;
  message: string;
  detail?: Record<string, unknown>;
}

export interface CheckReport {
  organizationsChecked: number;
  violations: Violation[];
}

/** The invariants, by the name a violation carries. */
export const INVARIANTS = [
  'entry_balanced',
  'trial_balance',
  'account_balances',
  'invoice_agrees',
  'payment_agrees',
  'credit_note_agrees',
  'receivables_agree',
  'bill_agrees',
  'bill_payment_agrees',
  'vendor_credit_agrees',
  'payables_agree',
  'deposit_agrees',
  'stock_agrees',
  'stock_accounts_agree',
  'line_taxes_agree',
  'bank_transaction_agrees',
  'bank_reconciliation_agrees',
  'numbers_gapless',
  'change_records',
] as const;
export type Invariant = (typeof INVARIANTS)[number];

/** Where each sequence's numbers are stored; a new sequence fails tsc here until it is checked. */
const NUMBERED: Record<SequenceName, Omit<NumberedTable, 'sequence' | 'prefix'>> = {
  journal_entry: { table: 'journal_entries', column: 'entry_number' },
  invoice: { table: 'invoices', column: 'number' },
  payment_received: { table: 'payments_received', column: 'number' },
  credit_note: { table: 'credit_notes', column: 'number' },
  inventory_adjustment: { table: 'inventory_adjustments', column: 'number' },
  bill: { table: 'bills', column: 'number' },
  bill_payment: { table: 'bill_payments', column: 'number' },
  deposit: { table: 'deposits', column: 'number' },
  vendor_credit: { table: 'vendor_credits', column: 'number' },
};

/**
 * Organizations per batch: small books are checked many at a time (a statement per invariant per
 * batch, not per organization), while each statement's work still grows only with the books read.
 */
const ORGANIZATIONS_PER_BATCH = 50;

async function checkBatch(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  const rows: CheckRow[] = [];
  rows.push(...(await ledgerViolations(db, organizationIds)));
  rows.push(...(await invoiceViolations(db, organizationIds)));
  rows.push(...(await paymentViolations(db, organizationIds)));
  rows.push(...(await creditNoteViolations(db, organizationIds)));
  rows.push(...(await receivablesViolations(db, organizationIds)));
  rows.push(...(await billViolations(db, organizationIds)));
  rows.push(...(await billPaymentViolations(db, organizationIds)));
  rows.push(...(await vendorCreditViolations(db, organizationIds)));
  rows.push(...(await payablesViolations(db, organizationIds)));
  rows.push(...(await depositViolations(db, organizationIds)));
  rows.push(...(await stockViolations(db, organizationIds)));
  rows.push(...(await stockAccountViolations(db, organizationIds)));
  rows.push(...(await lineTaxViolations(db, organizationIds)));
  rows.push(...(await bankViolations(db, organizationIds)));
  rows.push(...(await reconciliationViolations(db, organizationIds)));
  for (const [sequence, place] of Object.entries(NUMBERED)) {
    const prefix = SEQUENCES[sequence as SequenceName];
    rows.push(...(await numberViolations(db, organizationIds, { sequence, prefix, ...place })));
  }
  rows.push(...(await changeRecordViolations(db, organizationIds)));
  return rows;
}

/**
 * Runs a batch in one REPEATABLE READ READ ONLY transaction when the handle can open one, so the
 * statements see the same books even while a service writes (no violation made of two moments).
 */
function inSnapshot(db: Queryable, organizationIds: string[]): Promise<CheckRow[]> {
  if (!isDb(db)) return checkBatch(oneOrganizationStatements(db), organizationIds);
  return db.transaction(async (tx) => {
    await readOnlySnapshot(tx);
    return checkBatch(oneOrganizationStatements(tx), organizationIds);
  });
}

function isDb(db: Queryable): db is Db {
  return typeof (db as Partial<Db>).transaction === 'function';
}

function toViolation(row: CheckRow): Violation {
  const record = `${row.record_type} ${row.record_number ? `${row.record_number} ` : ''}(${row.record_id})`;
  return {
    organizationId: row.organization_id,
    invariant: row.invariant,
    message: `${record}: ${row.rule}: expected ${row.expected}, found ${row.found}`,
    detail: {
      record_type: row.record_type,
      record_id: row.record_id,
      ...(row.record_number ? { record_number: row.record_number } : {}),
      rule: row.rule,
      expected: row.expected,
      found: row.found,
    },
  };
}

export async function checkBooks(
  db: Queryable,
  options: { organizationId?: string; onProgress?: (done: number, total: number) => void } = {},
): Promise<CheckReport> {
  // Every organization's id: on Citus the one multi-shard read of a whole check (D80's rule is for
  // requests; each organization is then checked on its own shard).
  const organizations =
    isDb(db) && options.organizationId === undefined
      ? await db.transaction(async (tx) => {
          await allowMultiShard(tx);
          return organizationsToCheck(tx);
        })
      : await organizationsToCheck(db, options.organizationId);
  const violations: Violation[] = [];
  const perBatch = Math.min(ORGANIZATIONS_PER_BATCH, await organizationsPerStatementMax(db));
  for (let start = 0; start < organizations.length; start += perBatch) {
    const batch = organizations.slice(start, start + perBatch);
    for (const row of await inSnapshot(db, batch)) violations.push(toViolation(row));
    options.onProgress?.(start + batch.length, organizations.length);
  }
  return { organizationsChecked: organizations.length, violations };
}
