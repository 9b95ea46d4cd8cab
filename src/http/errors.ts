// Errors in one place: the code -> HTTP status table, the one function that builds the published
// envelope, and the translation of framework, validation and database errors into our codes.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode, fieldError } from '../domain/errors.ts';
import { sqlState } from '../storage/db.ts';

export const MONEY_KEYWORD = 'x-folio-money';

/** The one code -> status table; `satisfies` makes a code without a status (or a stray key) fail tsc. */
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
} as const satisfies Record<ErrorCode, number>;

/**
 * SQLSTATE of the ledger's immutability triggers (migration 0006). The translation lives here, in the
 * HTTP error mapping, not in the storage port: the triggers are defence in depth behind the use-case
 * checks, so the only thing left to do with one that fires is to answer 409 immutable_entry.
 */
export const IMMUTABLE_ENTRY_SQLSTATE = 'FL001';

/** An error as it goes on the wire: its status and the envelope `{error: {code, message, detail}}`. */
export interface ErrorAnswer {
  status: number;
  text: string;
}

/** The one function that builds the published envelope (handlers, framework, socket, stored refusals). */
export function errorAnswer(error: DomainError): ErrorAnswer {
  return {
    status: ERROR_STATUS[error.code],
    text: JSON.stringify({ error: { code: error.code, message: error.message, detail: error.detail } }),
  };
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

const PART_PREFIX: Record<string, string> = {
  body: '',
  querystring: 'query/',
  params: 'path/',
  headers: 'header/',
};

/** D11: `{fields: {"lines/0/unit_price": ["is required"]}}`; money fields answer invalid_money (D5). */
export function validationToDomain(errors: AjvError[], context: string): DomainError {
  const prefix = PART_PREFIX[context] ?? `${context}/`;
  const fields: Record<string, string[]> = {};
  const moneyFields: Record<string, string[]> = {};
  for (const error of errors) {
    if (error.keyword === 'if' || error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    let path = error.instancePath.replace(/^\//, '');
    if (error.keyword === 'required')
      path = path ? `${path}/${error.params.missingProperty}` : String(error.params.missingProperty);
    const fullPath = (prefix + path).replace(/\/$/, '') || context;
    const isMoney = error.parentSchema?.[MONEY_KEYWORD] === true && error.keyword !== 'required';
    const message = isMoney
      ? 'must be a decimal string such as "120.00" (not a number), at most 4 decimals'
      : describe(error);
    const target = isMoney ? moneyFields : fields;
    const list = target[fullPath] ?? [];
    if (!list.includes(message)) list.push(message);
    target[fullPath] = list;
  }
  if (Object.keys(moneyFields).length > 0) {
    return new DomainError('invalid_money', 'an amount is not a decimal string', { fields: moneyFields });
  }
  return new DomainError('validation_error', 'the request failed validation', { fields });
}

function describe(error: AjvError): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    case 'additionalProperties':
      return `unknown field ${error.params.additionalProperty}`;
    case 'format':
      if (error.params.format === 'date') return 'must be a date YYYY-MM-DD from 0001-01-01 to 9999-12-31';
      return error.message ?? 'is invalid';
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Maps framework errors onto our codes (D10, D66): Fastify's (parsing, size, media type, URL,
 * path parameter length) and those of Node's HTTP parser (answerClientError).
 */
function frameworkToDomain(error: FastifyError, bodyLimitBytes?: number): DomainError | undefined {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return fieldError('path', 'is not a valid URL (malformed percent-encoding)');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new DomainError('uri_too_long', 'a path parameter is longer than any id of this API', {});
    case 'HPE_HEADER_OVERFLOW':
      return new DomainError(
        'request_header_fields_too_large',
        'the request line and headers are larger than the server accepts (16 KiB)',
        {},
      );
    case 'HPE_INVALID_METHOD':
      return fieldError('method', 'is not an HTTP method; methods are upper case (GET, POST, PATCH, DELETE)');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(bodyLimitBytes);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new DomainError('unsupported_media_type', 'send the body as application/json', {});
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_PARSE_TYPE':
      return new DomainError('invalid_json', 'the request body is not valid JSON', {});
  }
  if (error instanceof SyntaxError || error.name === 'SyntaxError') {
    return new DomainError('invalid_json', 'the request body is not valid JSON', {});
  }
  if (error.statusCode === 413) return bodyTooLarge(bodyLimitBytes);
  if (error.statusCode === 415)
    return new DomainError('unsupported_media_type', 'send the body as application/json', {});
  return undefined;
}

/** 413 naming the limit of the route that refused the body (1 MiB, the batch of entries 8 MiB). */
function bodyTooLarge(bodyLimitBytes: number | undefined): DomainError {
  const limit =
    bodyLimitBytes === undefined
      ? 'than this route accepts'
      : `than ${byteSize(bodyLimitBytes)}, this route’s limit`;
  return new DomainError('payload_too_large', `the request body is larger ${limit}`, {});
}

function byteSize(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** `bodyLimitBytes`: the limit of the route the request was for, which a 413 names. */
export function toDomainError(error: unknown, bodyLimitBytes?: number): DomainError | undefined {
  if (error instanceof DomainError) return error;
  const fastifyError = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (fastifyError?.validation)
    return validationToDomain(fastifyError.validation, fastifyError.validationContext ?? 'body');
  // A posted entry's immutability trigger (defence in depth behind the use-case checks).
  if (sqlState(error) === IMMUTABLE_ENTRY_SQLSTATE) {
    return new DomainError('immutable_entry', 'posted journal entries are immutable', {});
  }
  if (databaseUnavailable(error)) {
    return new DomainError(
      'service_unavailable',
      'the database holding these books is not answering; try again shortly with the same Idempotency-Key (a write is made at most once)',
      {},
    );
  }
  return frameworkToDomain(fastifyError, bodyLimitBytes);
}

/** SQLSTATEs of a server that is gone or going: admin shutdown, crash shutdown, cannot connect now. */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
/** Node's own socket errors when the database server cannot be reached. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);
/**
 * Citus reports a worker lost in the middle of a transaction as an internal error (XX000), not as
 * class 08: "failure on connection marked as essential", or the socket's own words relayed "while
 * executing command on <worker>" (found by test/cluster/worker-stop.test.ts, stopping a real worker).
 */
const CITUS_REMOTE_FILES =
  /^(remote_commands|remote_transaction|connection_management|placement_connection|adaptive_executor|worker_transaction)\.c$/;
/**
 * A multi-row insert Citus sends to a shard as COPY reports the lost socket as an I/O error (58030)
 * from its copy code: "failed to COPY to shard N on host:port" (seen in CI when the stopped worker
 * held the shard of a posting's lines). A disk I/O error of PostgreSQL itself is not matched.
 */
const IO_ERROR = '58030';
const CITUS_COPY_FILES = /^(multi_copy|worker_shard_copy)\.c$/;
const CITUS_CONNECTION_LOST =
  /failure on connection marked as essential|connection to the remote node|SSL SYSCALL error|server closed the connection unexpectedly|could not establish any connections|could not connect to any active placements|could not find an available connection|connection not open|terminating connection/i;

/**
 * The database did not answer: PostgreSQL's connection exceptions (class 08, which is also what Citus
 * raises when the worker holding an organization's shards cannot be reached, D79), a worker lost
 * mid-transaction, a server shutting down, or no socket at all (pg says "Connection terminated"
 * without a code). A 503 in the envelope, not a 500. The transaction did not commit, or (a commit
 * whose answer was lost) committed with its idempotency record: sent again with the same
 * Idempotency-Key, the write is made once either way.
 */
function databaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (
    state !== undefined &&
    (state.startsWith('08') || SHUTDOWN_STATES.has(state) || SOCKET_ERRORS.has(state))
  )
    return true;
  if (state === 'XX000' && error instanceof Error && CITUS_CONNECTION_LOST.test(error.message)) return true;
  // Any other internal error Citus raises where it talks to a worker (its source file names it).
  const file = (error as { file?: unknown }).file;
  if (state === 'XX000' && typeof file === 'string' && CITUS_REMOTE_FILES.test(file)) return true;
  if (state === IO_ERROR && typeof file === 'string' && CITUS_COPY_FILES.test(file)) return true;
  return error instanceof Error && /^Connection terminated/.test(error.message);
}

/**
 * Node's HTTP parser refused the bytes before any request existed (oversized headers, an unknown or
 * lower-case method, a malformed request line): the envelope goes straight onto the socket, which
 * then closes. A connection reset has no one to answer; a request timeout closes silently.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
    socket.destroy();
    return;
  }
  const domain =
    frameworkToDomain(error as FastifyError) ??
    fieldError('request', 'is not a valid HTTP/1.1 request', 'validation_error');
  const { status, text } = errorAnswer(domain);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nX-Request-Id: ${randomUUID()}\r\nConnection: close\r\n\r\n${text}`,
  );
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  let domain = toDomainError(error, request.routeOptions.bodyLimit);
  if (domain?.code === 'method_not_allowed' && domain.detail.allow)
    reply.header('Allow', String(domain.detail.allow));
  if (domain?.code === 'service_unavailable') {
    if (!(error instanceof DomainError)) request.log.warn({ err: error }, 'the database did not answer');
    reply.header('Retry-After', '5');
  }
  if (!domain) {
    // 5xx never carries internal messages: they go to the log with the request id (STYLE, Errors).
    request.log.error({ err: error }, 'unhandled error');
    domain = new DomainError(
      'internal_error',
      'an internal error occurred; quote the request id when reporting it',
      {
        request_id: request.id,
      },
    );
  }
  const { status, text } = errorAnswer(domain);
  return reply.code(status).type('application/json; charset=utf-8').send(text);
}
