// Every API refusal becomes an ApiError whose `sentence` is what the person reads (issue 10: errors
// in words, never raw JSON). validation_error fields are kept for the inputs they belong to.
export interface ErrorEnvelope {
  error: { code: string; message: string; detail: Record<string, unknown> };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: Record<string, unknown>;
  readonly sentence: string;

  constructor(status: number, envelope: ErrorEnvelope | null) {
    const code = envelope?.error.code ?? (status >= 500 ? 'internal_error' : 'unknown');
    const message = envelope?.error.message ?? '';
    super(message || code);
    this.status = status;
    this.code = code;
    this.detail = envelope?.error.detail ?? {};
    this.sentence = sentenceFor(status, code, message);
  }

  /** `{ "lines/0/unit_price": ["is required"] }` of a validation_error (D11), else {}. */
  get fields(): Record<string, string[]> {
    const fields = this.detail.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string[]>) : {};
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

/** The sentence of any error a query or mutation throws. */
export function errorSentence(error: unknown): string {
  if (error instanceof ApiError) return error.sentence;
  if (error instanceof TypeError) return SENTENCES.network!;
  return error instanceof Error ? error.message : String(error);
}
