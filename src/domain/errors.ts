// The closed list of error codes (published table + D10) and the one code -> HTTP status table.

export const ERROR_STATUS = {
  validation_error: 400,
  invalid_money: 400,
  unbalanced_entry: 400,
  insufficient_inventory: 400,
  invalid_json: 400,
  invalid_cursor: 400,
  authentication_failed: 401,
  not_authenticated: 401,
  permission_denied: 403,
  not_part_of_public_api: 403,
  sandbox_restricted: 403,
  not_found: 404,
  method_not_allowed: 405,
  period_closed: 409,
  immutable_entry: 409,
  idempotency_conflict: 409,
  number_conflict: 409,
  invalid_state: 409,
  application_exceeds_balance: 409,
  seat_limit_reached: 409,
  stale_write: 412,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  throttled: 429,
  request_header_fields_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
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
