// An action on one versioned record (send, open, issue, void, deactivate): `POST <path>` whose body
// is the version it was read at (the API's optimistic check, 412 stale_write). One typed helper
// instead of the same six lines per action and kind.
import { api, data, type paths, type RequestOf, type ResponseOf } from '../client.ts';

type Body<P extends keyof paths> = RequestOf<P, 'post'>;
/** Every `/{id}/<action>` path whose POST takes only `{ version }` (ActionRequest). */
export type VersionedAction = {
  [P in keyof paths]: P extends `/api/v1/${string}/{id}/${string}`
    ? [Body<P>] extends [never]
      ? never
      : Body<P> extends { version?: number }
        ? [Exclude<keyof Body<P>, 'version'>] extends [never]
          ? P
          : never
        : never
    : never;
}[keyof paths];

type Answer<P extends VersionedAction> = ResponseOf<P, 'post', 200>;

/** `postAction('/api/v1/invoices/{id}/send', invoice)`: the record as the API answers it. */
export async function postAction<P extends VersionedAction>(
  path: P,
  record: { id: string; version: number },
): Promise<Answer<P>> {
  // openapi-fetch cannot check a call through a union of paths; P's own types are checked above.
  const post = api.POST as unknown as (
    path: string,
    init: { params: { path: { id: string } }; body: { version: number } },
  ) => Promise<{ data?: Answer<P>; error?: unknown; response: Response }>;
  return data(await post(path, { params: { path: { id: record.id } }, body: { version: record.version } }));
}

/** The records a form creates (`POST <collection>`) and edits (`PATCH <collection>/{id}`) with one body. */
export type EditableCollection =
  | '/api/v1/customers'
  | '/api/v1/vendors'
  | '/api/v1/items'
  | '/api/v1/bank-rules'
  | '/api/v1/invoices'
  | '/api/v1/bills'
  | '/api/v1/credit-notes'
  | '/api/v1/vendor-credits';

/**
 * A form's save: a new record created, or the record it was opened on updated at the version it was
 * read at (412 stale_write when someone saved first). The record as the API answers it.
 */
export async function saveRecord<P extends EditableCollection>(
  collection: P,
  record: { id: string; version: number } | undefined,
  body: RequestOf<P, 'post'>,
): Promise<ResponseOf<P, 'post', 201>> {
  // As in postAction: openapi-fetch cannot check a call through a union of paths.
  type Call = (
    path: string,
    init: { params?: { path: { id: string } }; body: object },
  ) => Promise<{ data?: ResponseOf<P, 'post', 201>; error?: unknown; response: Response }>;
  const { POST, PATCH } = api as unknown as { POST: Call; PATCH: Call };
  return record
    ? data(
        await PATCH(`${collection}/{id}`, {
          params: { path: { id: record.id } },
          body: { ...(body as object), version: record.version },
        }),
      )
    : data(await POST(collection, { body }));
}
