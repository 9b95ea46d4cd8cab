// Every API refusal becomes an ApiError whose `sentence` is what the person reads (issue 10: errors
// in words, never raw JSON). validation_error fields are kept for the inputs they belong to, and are
// named as the person sees them (issue 21): `lines/2/debit` is "Line 3, Debit", never the API's path.
export interface ErrorEnvelope {
  error: { code: string; message: string; detail: Record<string, unknown> };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: Record<string, unknown>;
  readonly sentence: string;
  /** The request's method ("GET", "POST"): a refused read and a refused write are headed apart. */
  readonly method: string | undefined;

  constructor(status: number, envelope: ErrorEnvelope | null, method?: string) {
    const code = envelope?.error.code ?? (status >= 500 ? 'internal_error' : 'unknown');
    const message = envelope?.error.message ?? '';
    super(message || code);
    this.status = status;
    this.code = code;
    this.detail = envelope?.error.detail ?? {};
    this.method = method;
    this.sentence = fieldsSentence(this.fields) ?? sentenceFor(status, code, message);
  }

  /** `{ "lines/0/unit_price": ["is required"] }` of a validation_error (D11), else {}. */
  get fields(): Record<string, string[]> {
    const fields = this.detail?.fields;
    if (!fields || typeof fields !== 'object') return {};
    return Object.fromEntries(
      Object.entries(fields as Record<string, unknown>).map(([path, messages]) => [
        path,
        Array.isArray(messages) ? messages.map(String) : [String(messages)],
      ]),
    );
  }
}

const SENTENCES: Record<string, string> = {
  not_authenticated: 'Your session has ended. Please log in again.',
  authentication_failed: 'That email and password do not match an account.',
  permission_denied: 'Your role does not allow this. Ask an owner or admin of these books.',
  stale_write: 'Someone else changed this since you opened it. Reload to see their changes.',
  throttled: 'Too many requests in a short time. Folio will try again in a moment.',
  period_closed: 'These books are closed through that date. Pick a later date, or reopen the period.',
  unbalanced_entry: 'The debits and credits do not balance.',
  seat_limit_reached: 'Every seat of the plan is taken. Remove a member first.',
  service_unavailable: 'Folio is restarting. Try again in a few seconds.',
  internal_error: 'Something went wrong on the server. Try again; if it keeps happening, tell support.',
  network: 'Folio cannot be reached. Check your connection and try again.',
};

/** The API's message is already prose (D10); a few codes read better with our own words. */
export function sentenceFor(status: number, code: string, message: string): string {
  const own = SENTENCES[code];
  if (own && code !== 'period_closed' && code !== 'unbalanced_entry') return own;
  if (message) return capitalize(message.endsWith('.') ? message : `${message}.`);
  return own ?? `The request failed (HTTP ${status}).`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The sentence of any error a query or mutation throws. `labels` name a screen's fields where the
 * API's name reads otherwise (`{ income_account: 'Account' }`); lines are counted from 1.
 */
export function errorSentence(error: unknown, labels?: FieldLabels): string {
  if (error instanceof ApiError) return (labels && fieldsSentence(error.fields, labels)) || error.sentence;
  if (error instanceof TypeError) return SENTENCES.network!;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The heading of an error notice: what was being done ("Could not post the journal entry") when the
 * screen says it, else what kind of refusal it was; never a bare "That did not work".
 */
export function errorHeading(error: unknown, action?: string): string {
  if (action) return `Could not ${action}`;
  if (error instanceof TypeError) return 'Folio cannot be reached';
  if (!(error instanceof ApiError)) return 'Something went wrong';
  const own = HEADINGS[error.code];
  if (own) return own;
  if (error.status >= 500) return 'Something went wrong on the server';
  return error.method === undefined || error.method === 'GET' ? 'Could not load this' : 'Could not save this';
}

const HEADINGS: Record<string, string> = {
  validation_error: 'Check what was entered',
  invalid_money: 'Check the amounts',
  permission_denied: 'Not allowed for your role',
  not_authenticated: 'Signed out',
  stale_write: 'Changed by someone else',
  period_closed: 'The period is closed',
  unbalanced_entry: 'The entry does not balance',
  throttled: 'Too many requests',
};

/** Labels a screen gives the API's field names; the rest are read from the name ("unit_price"). */
export type FieldLabels = Record<string, string>;

/** Names every screen reads the same way, whatever the API calls them. */
const COMMON_LABELS: FieldLabels = {
  txn_date: 'Date',
  income_account: 'Account',
  deposit_to_account: 'Deposit to',
  invoice_id: 'Invoice',
  bill_id: 'Bill',
  tax_rate: 'Tax rate',
};

/** Paths that name the whole request or a whole list: their message is already a sentence. */
const WHOLE = new Set(['', 'request', 'body', 'lines', 'applications']);

/**
 * An API field path as the person sees it: `lines/2/debit` -> "Line 3, Debit",
 * `lines/0/tracking_options/1` -> "Line 1, Tracking option 2", `txn_date` -> "Date".
 */
export function fieldName(path: string, labels: FieldLabels = {}): string {
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (/^\d+$/.test(segment) && parts.length > 0) {
      parts[parts.length - 1] = `${singular(parts[parts.length - 1]!)} ${Number(segment) + 1}`;
    } else {
      parts.push(labels[segment] ?? COMMON_LABELS[segment] ?? capitalize(segment.replace(/_/g, ' ')));
    }
  }
  return parts.join(', ');
}

function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  return name.endsWith('s') && !name.endsWith('ss') ? name.slice(0, -1) : name;
}

/** "Line 3, Debit: must be greater than zero." for each field, or null when there are none. */
export function fieldsSentence(fields: Record<string, string[]>, labels: FieldLabels = {}): string | null {
  const entries = Object.entries(fields).filter(([, messages]) => messages.length > 0);
  if (entries.length === 0) return null;
  return entries
    .map(([path, messages]) => {
      const said = messages.join('; ').replace(/\.$/, '');
      return WHOLE.has(path) ? `${capitalize(said)}.` : `${fieldName(path, labels)}: ${said}.`;
    })
    .join(' ');
}

/**
 * A refusal of a form whose blank lines were not sent: `kept[i]` is the form line the request's
 * line i came from, so `lines/1/debit` becomes the form's `lines/2/debit` when line 2 was left blank
 * and the person reads "Line 3" for the line they see as 3. Anything else passes through unchanged.
 */
export function withFormLines(error: unknown, kept: number[]): unknown {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([path, messages]) => [
      path.replace(/^lines\/(\d+)(?=\/|$)/, (whole, index: string) => {
        const line = kept[Number(index)];
        return line === undefined ? whole : `lines/${line}`;
      }),
      messages,
    ]),
  );
  return new ApiError(
    error.status,
    { error: { code: error.code, message: error.message, detail: { ...error.detail, fields } } },
    error.method,
  );
}
