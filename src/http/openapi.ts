// The OpenAPI side of a route declaration: which error statuses it can answer, each with the one
// envelope (Error) and the codes behind it, derived from what the route declares. A `4XX` and a
// `5XX` stay besides (405, 414 and 431 can answer any path; 500 and 503 any operation).
import { type TSchema, Type } from '@sinclair/typebox';
import type { ErrorCode } from '../domain/errors.ts';
import { ERROR_STATUS } from './errors.ts';

interface Declared {
  method: string;
  auth: 'none' | 'session' | 'organization';
  published: boolean;
  body?: TSchema;
  rawBody?: unknown;
  querystring?: TSchema;
  params?: TSchema;
}

/** The statuses a route can answer besides its success, from its declaration. */
export function errorStatuses(spec: Declared): number[] {
  const statuses = new Set<number>([401]); // a presented key is checked on every route, even open ones
  if (spec.body || spec.querystring || spec.params || spec.auth === 'organization') statuses.add(400);
  if (spec.body || spec.rawBody) {
    statuses.add(413);
    statuses.add(415);
  }
  if (spec.auth !== 'none') statuses.add(403);
  if (spec.params) statuses.add(404);
  if (spec.method !== 'GET') statuses.add(409); // state conflicts; on POST also idempotency_conflict
  if (spec.body && 'version' in ((spec.body as { properties?: object }).properties ?? {})) statuses.add(412);
  if (spec.published) statuses.add(429); // API keys are rate limited (D36)
  return [...statuses].sort((a, b) => a - b);
}

function codesOf(status: number): ErrorCode[] {
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);
}

/** `{ 400: {$ref: Error, description: "validation_error, invalid_money, ..."}, 401: ... }` */
export function errorResponses(spec: Declared): Record<string, TSchema> {
  return Object.fromEntries(
    errorStatuses(spec).map((status) => [
      String(status),
      Type.Ref('Error', { description: `Error envelope; code: ${codesOf(status).join(', ')}.` }),
    ]),
  );
}
