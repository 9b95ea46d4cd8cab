// Payment terms (D20) as the app shows and applies them: their labels, and the due date they give an
// invoice dated `issueDate` (issue date + the terms' days, as the server computes it), so the editor
// shows the due date while the terms or the issue date change.
export type Terms = 'due_on_receipt' | 'net_7' | 'net_15' | 'net_30' | 'net_60' | 'net_90';

/** Every term with its label: a Record, so a term the type adds fails `tsc` until it is named. */
const TERM_LABELS: Record<Terms, string> = {
  due_on_receipt: 'Due on receipt',
  net_7: 'Net 7',
  net_15: 'Net 15',
  net_30: 'Net 30',
  net_60: 'Net 60',
  net_90: 'Net 90',
};

export const TERMS = (Object.keys(TERM_LABELS) as Terms[]).map((value) => ({
  value,
  label: TERM_LABELS[value],
}));

export function isTerms(value: string | null | undefined): value is Terms {
  return value !== null && value !== undefined && value in TERM_LABELS;
}

/** "Net 30"; '' for none. */
export function termsLabel(terms: string | null | undefined): string {
  return isTerms(terms) ? TERM_LABELS[terms] : '';
}

export function termDays(terms: Terms): number {
  return terms === 'due_on_receipt' ? 0 : Number(terms.slice('net_'.length));
}

/** The due date `terms` give a document dated `issueDate`, or null while that is not a date. */
export function dueDateFor(issueDate: string, terms: Terms): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) return null;
  const date = new Date(`${issueDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  date.setUTCDate(date.getUTCDate() + termDays(terms));
  const due = date.toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(due) ? due : null;
}

/**
 * An invoice's terms and due date after one of them (or the issue date, or the customer) changed, as
 * the editor holds them ('' is none): choosing terms, an issue date or a customer (who brings their
 * terms) computes the due date; typing a due date the terms do not give makes it a custom one (no terms).
 */
export function followTerms(
  values: Record<string, string>,
  changed: string,
  partyTerms: string | undefined,
): Record<string, string> {
  const next = { ...values };
  if (changed === 'party' && isTerms(partyTerms)) next.payment_terms = partyTerms;
  const terms = next.payment_terms;
  if (!isTerms(terms)) return next;
  const due = dueDateFor(next.issue_date ?? '', terms);
  if (changed === 'due_date') {
    if (next.due_date !== due) next.payment_terms = '';
  } else if (due) {
    next.due_date = due;
  }
  return next;
}
