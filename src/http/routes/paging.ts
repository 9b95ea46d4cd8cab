// Absolute next/previous URLs (D31): the request's own URL with the cursor replaced.
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../app/context.ts';
import type { Page } from '../../app/pagination.ts';
import { sealCursor } from '../cursors.ts';

export function pageUrl(deps: Deps, request: FastifyRequest, cursor: string | null): string | null {
  if (cursor === null) return null;
  const base = deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
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
