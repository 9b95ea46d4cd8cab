// Absolute next/previous URLs (D31): the request's own URL with the cursor replaced.
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../app/context.ts';
import type { Page } from '../../app/pagination.ts';
import { sealCursor } from '../cursors.ts';

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
