// Send and void (spec "States", D23, D25): the status change, its ledger entry and its change record
// happen in the caller's one transaction. The invoice row is locked first, so two senders serialize.
import { todayIn } from '../../domain/dates.ts';
import { invalidState, notFound } from '../../domain/errors.ts';
import { invoicePostingLines } from '../../domain/invoice.ts';
import { parseMoney } from '../../domain/money.ts';
import type { WriteScope } from '../changes.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import { postLedgerEntry, reverseDocumentEntry } from '../ledger/journal-entries.ts';
import { assertVersion } from '../versions.ts';
import {
  findInvoice,
  INVOICE_ENTITY,
  type InvoiceRow,
  type InvoiceView,
  invoiceLines,
  readInvoice,
} from './invoice-store.ts';

/** Locks the invoice row for a state change and checks the writer's version. */
export async function lockInvoice(scope: WriteScope, id: string, expectedVersion: number | undefined) {
  const row = await findInvoice(scope.tx, scope.actor.organization.id, id, true);
  if (!row) throw notFound('invoice');
  assertVersion(expectedVersion, row.version);
  return row;
}

/**
 * draft -> sent on a locked draft row: posts D25 (debit receivable with the total, credit income per
 * line, credit each tax rate's liability account) dated the issue date, and bumps the version.
 */
export async function sendLockedDraft(scope: WriteScope, row: InvoiceRow): Promise<void> {
  const organizationId = scope.actor.organization.id;
  const lines = (await invoiceLines(scope.tx, organizationId, [row.id])).get(row.id) ?? [];
  const rateIds = [...new Set(lines.flatMap((line) => (line.tax_rate_id ? [line.tax_rate_id] : [])))];
  const rates = await scope.tx.query<{ id: string; liability_account_id: string }>(
    'SELECT id, liability_account_id FROM tax_rates WHERE organization_id = $1 AND id = ANY($2::uuid[])',
    [organizationId, rateIds],
  );
  const liabilityOf = new Map(rates.map((rate) => [rate.id, rate.liability_account_id]));
  const receivable = await systemAccountId(scope.tx, organizationId, 'accountsReceivable');
  const posting = invoicePostingLines(
    receivable,
    lines.map((line) => ({
      incomeAccountId: line.income_account_id,
      description: line.description,
      amount: parseMoney(line.amount),
      taxAmount: parseMoney(line.tax_amount),
      taxAccountId: line.tax_rate_id ? (liabilityOf.get(line.tax_rate_id) ?? null) : null,
      trackingOptionIds: line.tracking_options,
    })),
  );
  const entry = await postLedgerEntry(scope, {
    txnDate: row.issue_date,
    memo: `Invoice ${row.number} to ${row.customer_name}`,
    lines: posting,
    sourceType: 'invoice',
    sourceId: row.id,
  });
  const version = row.version + 1;
  await scope.tx.query(
    `UPDATE invoices SET status = 'sent', journal_entry_id = $3, sent_at = clock_timestamp(), version = $4,
            updated_at = clock_timestamp()
      WHERE organization_id = $1 AND id = $2`,
    [organizationId, row.id, entry.id, version],
  );
  scope.changed(INVOICE_ENTITY, row.id, 'updated', version);
}

/** POST /invoices/{id}/send: draft -> sent with its ledger entry; nothing is emailed. */
export async function sendInvoice(
  scope: WriteScope,
  id: string,
  expectedVersion?: number,
): Promise<InvoiceView> {
  const row = await lockInvoice(scope, id, expectedVersion);
  if (row.status !== 'draft') {
    throw invalidState(`invoice ${row.number} is ${row.status}; only a draft can be sent`, {
      status: row.status,
    });
  }
  await sendLockedDraft(scope, row);
  return readInvoice(scope.tx, scope.actor, id);
}

/**
 * POST /invoices/{id}/void (D23): a draft becomes void with no ledger effect (its number stays used);
 * a sent invoice with nothing paid gets a reversing entry dated today (or its issue date, if later).
 * Anything else (paid, partly paid, already void) answers invalid_state.
 */
export async function voidInvoice(
  scope: WriteScope,
  id: string,
  expectedVersion?: number,
): Promise<InvoiceView> {
  const organizationId = scope.actor.organization.id;
  const row = await lockInvoice(scope, id, expectedVersion);
  const version = row.version + 1;
  if (row.status === 'draft') {
    await scope.tx.query(
      `UPDATE invoices SET status = 'void', voided_at = clock_timestamp(), version = $3, updated_at = clock_timestamp()
        WHERE organization_id = $1 AND id = $2`,
      [organizationId, id, version],
    );
  } else if (row.status === 'sent' && parseMoney(row.amount_paid) === 0n && row.journal_entry_id) {
    const today = todayIn(scope.actor.organization.timezone);
    // The original entry is locked and records who reversed it, as a manual reversal does (D27).
    const reversalId = await reverseDocumentEntry(scope, row.journal_entry_id, {
      txnDate: today > row.issue_date ? today : row.issue_date,
      memo: `Void of invoice ${row.number}`,
      sourceType: 'invoice_void',
      sourceId: id,
    });
    await scope.tx.query(
      `UPDATE invoices SET status = 'void', void_entry_id = $3, voided_at = clock_timestamp(), version = $4,
              updated_at = clock_timestamp()
        WHERE organization_id = $1 AND id = $2`,
      [organizationId, id, reversalId, version],
    );
  } else {
    const reason =
      row.status === 'sent'
        ? 'a payment is applied to it; it can no longer be voided'
        : `it is ${row.status}`;
    throw invalidState(`invoice ${row.number} cannot be voided: ${reason}`, {
      status: row.status,
      amount_paid: row.amount_paid,
    });
  }
  scope.changed(INVOICE_ENTITY, id, 'updated', version);
  return readInvoice(scope.tx, scope.actor, id);
}
