// Drill-down (issue 21): where a report's figure, a ledger line or an aging row leads. Every link is
// an address with search parameters, so it can be shared, bookmarked and left with Back.

/** The general ledger of one account (or of every account without one) over [from, to]. */
export function ledgerPath(query: { account?: string | null; from: string; to: string }): string {
  const params = new URLSearchParams();
  if (query.account) params.set('account', query.account);
  params.set('from', query.from);
  params.set('to', query.to);
  return `/reports/general-ledger?${params}`;
}

/**
 * The document a ledger line was posted by (its entry's source), else its journal entry. Invoices,
 * credit notes, bills, vendor credits, payments received and bill payments have pages of their own (their voids lead
 * to the voided document); deposits, adjustments, bank lines and manual entries open the entry
 * itself, which names its source.
 */
export function documentPath(line: {
  source_type: string;
  source_id: string | null;
  journal_entry: string;
}): string {
  return documentPagePath(line.source_type, line.source_id) ?? `/journal/${line.journal_entry}`;
}

/** The page of the document that `sourceType` and `sourceId` name, or null where it has none. */
export function documentPagePath(sourceType: string, sourceId: string | null): string | null {
  const page: Record<string, string> = {
    invoice: 'invoices',
    invoice_void: 'invoices',
    credit_note: 'credit-notes',
    credit_note_void: 'credit-notes',
    bill: 'bills',
    bill_void: 'bills',
    payment_received: 'payments',
    payment_void: 'payments',
    bill_payment: 'bill-payments',
    bill_payment_void: 'bill-payments',
    vendor_credit: 'vendor-credits',
    vendor_credit_void: 'vendor-credits',
  };
  const base = page[sourceType];
  return base && sourceId ? `/${base}/${sourceId}` : null;
}

/** What a line's document is called, for the link's accessible name ("invoice", "journal entry"). */
export function documentNoun(sourceType: string): string {
  if (sourceType === 'manual' || sourceType === 'reversal') return 'journal entry';
  return sourceType.replace(/_/g, ' ');
}

/** A customer's open invoices (AR aging row). */
export const openInvoicesPath = (customer: string) => `/invoices?customer=${customer}&status=sent`;

/** A vendor's open bills (AP aging row). */
export const openBillsPath = (vendor: string) => `/bills?vendor=${vendor}&status=open`;
