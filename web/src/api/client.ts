// The one typed client (D42): paths and bodies come from schema.d.ts, generated from the service's
// OpenAPI document. A middleware adds `X-Folio-Client: web` (the session is an HttpOnly cookie the
// browser sends itself, which the API accepts only with that header, D81) and `X-Organization-Id`;
// another turns refusals into ApiError, waits out 429 Retry-After (once), and marks an ended
// session, which sends the app to log in.
import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError, type ErrorEnvelope } from './errors.ts';
import type { paths } from './schema';
import { getSession, signedOut } from './session.ts';

export type { paths };

const RETRY_AFTER_MAX_SECONDS = 30;

const credentials: Middleware = {
  onRequest({ request }) {
    request.headers.set('X-Folio-Client', 'web');
    const { organizationId } = getSession();
    // A call may name other books of the person's (a sandbox key made from the live books).
    if (organizationId && !request.headers.has('X-Organization-Id'))
      request.headers.set('X-Organization-Id', organizationId);
    return request;
  },
};

const retried = new WeakSet<Request>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readEnvelope(response: Response): Promise<ErrorEnvelope | null> {
  try {
    const body = (await response.clone().json()) as ErrorEnvelope;
    return body && typeof body === 'object' && 'error' in body ? body : null;
  } catch {
    return null;
  }
}

const refusals: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return response;
    // A read refused with 429 is sent again once Retry-After has passed; a write is not (its body is
    // spent), and its sentence says how long to wait.
    if (response.status === 429 && request.method === 'GET' && !retried.has(request)) {
      const seconds = Number(response.headers.get('Retry-After') ?? '1');
      if (Number.isFinite(seconds) && seconds <= RETRY_AFTER_MAX_SECONDS) {
        await sleep(Math.max(seconds, 0.2) * 1000);
        const retry = new Request(request);
        retried.add(retry);
        const again = await fetch(retry);
        if (again.ok) return again;
        throw new ApiError(again.status, await readEnvelope(again), request.method);
      }
    }
    const envelope = await readEnvelope(response);
    // Log-in's own 401 is a wrong password, not an ended session.
    if (response.status === 401 && !request.url.includes('/auth/')) signedOut({ announced: false });
    throw new ApiError(response.status, envelope, request.method);
  },
};

export const api = createClient<paths>({ baseUrl: '' });
api.use(credentials, refusals);

/**
 * The data of a call that succeeded (refusals already threw in the middleware). Always JSON: the
 * reports also describe a text/csv answer, which the app never asks for through this client.
 */
export function data<T>(result: { data?: T; error?: unknown; response: Response }): Exclude<T, string> {
  if (result.error !== undefined || result.data === undefined) {
    if (result.response.status === 204) return undefined as Exclude<T, string>;
    throw new ApiError(result.response.status, null);
  }
  if (typeof result.data === 'string') throw new ApiError(result.response.status, null);
  return result.data as Exclude<T, string>;
}

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body a path and method answers with `status`: `ResponseOf<'/api/v1/api-keys', 'post', 201>`. */
export type ResponseOf<
  P extends keyof paths,
  M extends keyof paths[P],
  S extends number,
> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? JsonOf<R[S]>
    : never
  : never;
/** The query parameters a path's GET takes: `GetQuery<'/api/v1/bills'>`. */
export type GetQuery<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;
/** The JSON body a path and method takes. */
export type RequestOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;
