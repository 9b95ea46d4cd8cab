// The closed list of error codes (published table + D10) and the typed DomainError. Which HTTP status
// answers each code is the transport's business: src/http/errors.ts (ERROR_STATUS).

export const ERROR_CODES = [
  'validation_error',
  'invalid_money',
  'unbalanced_entry',
  'insufficient_inventory',
  'invalid_json',
  'invalid_cursor',
  'authentication_failed',
  'not_authenticated',
  'permission_denied',
  'not_part_of_public_api',
  'sandbox_restricted',
  'not_found',
  'method_not_allowed',
  'period_closed',
  'immutable_entry',
  'idempotency_conflict',
  'number_conflict',
  'invalid_state',
  'application_exceeds_balance',
  'seat_limit_reached',
  'stale_write',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'throttled',
  'request_header_fields_too_large',
  'internal_error',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A validation error on named fields (D11): keys are JSON-pointer-like paths into the body. */
export function fieldError(path: string, message: string, code: ErrorCode = 'validation_error'): DomainError {
  return new DomainError(code, `${path}: ${message}`, { fields: { [path]: [message] } });
}

export function notFound(what: string): DomainError {
  return new DomainError('not_found', `${what} not found`);
}

export function invalidState(message: string, detail: Record<string, unknown> = {}): DomainError {
  return new DomainError('invalid_state', message, detail);
}
