// Absolute next/previous URLs (D31): the request's own URL with the cursor replaced.
import type { FastifyRequest } from 'fastify';
import type { Actor, Deps } from '../../app/context.ts';
import { decodeCursor, type Page, type PageCursor } from '../../app/pagination.ts';
import { sealCursor } from '../cursors.ts';
import { actorOf } from '../route.ts';

/** Where clients reach this service: FOLIO_PUBLIC_URL, else the origin the request was sent to. */
export function publicOrigin(deps: Deps, request: FastifyRequest): string {
  return deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function pageUrl(deps: Deps, request: FastifyRequest, cursor: string | null): string | null {
  if (cursor === null) return null;
  const base = publicOrigin(deps, request);
  const url = new URL(request.url, base.endsWith('/') ? base : `${base}/`);
  url.searchParams.set('cursor', sealCursor(request, cursor));
  return url.toString();
}

export function pageBody<Row>(deps: Deps, request: FastifyRequest, page: Page<Row>) {
  return {
    next: pageUrl(deps, request, page.nextCursor),
    previous: pageUrl(deps, request, page.previousCursor),
    results: page.rows,
  };
}

/**
 * The handler of a list route: opens `?cursor=` for the caller's books, asks the use case for the
 * page and answers it with absolute next/previous URLs. Its answer is the page of the use case's
 * views, so the route's page schema checks them (defineRoute).
 */
export function listing<Query, Row>(
  deps: Deps,
  list: (deps: Deps, actor: Actor, cursor: PageCursor | undefined, query: Query) => Promise<Page<Row>>,
) {
  return async (request: FastifyRequest & { query: Query & { cursor?: string } }) => {
    const actor = actorOf(request);
    const cursor = decodeCursor(actor.organization.id, request.query.cursor);
    return pageBody(deps, request, await list(deps, actor, cursor, request.query));
  };
}
