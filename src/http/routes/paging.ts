// Absolute next/previous URLs (D31): the request's own URL with the cursor replaced.
import type { FastifyRequest } from 'fastify';
import type { Actor, Deps } from '../../app/context.ts';
import { decodeCursor, type Page, type PageCursor } from '../../app/pagination.ts';
import { sealCursor } from '../cursors.ts';
import { actorOf } from '../route.ts';

// D38's defaults, for an app that is not listening (tests through inject) and was given none.
const DEFAULT_HOST = '127.0.0.1';
const DEFAULT_PORT = 3000;

/**
 * Where clients reach this service: FOLIO_PUBLIC_URL, else the address the service is bound to: the
 * socket's local address and port, which is HOST and PORT (or, bound to 0.0.0.0, the interface the
 * client reached); without a socket (inject) the configured HOST and PORT. Never the Host header: a
 * client (or whatever sits in front of a cache) chooses it, and links built from it would send
 * the next page, with its cursor and the caller's Authorization, wherever it names.
 */
export function publicOrigin(deps: Deps, request: FastifyRequest): string {
  if (deps.config.publicUrl) return deps.config.publicUrl;
  const socket = request.socket as { localAddress?: string; localPort?: number };
  const address = (socket.localAddress ?? deps.config.host ?? DEFAULT_HOST).replace(/^::ffff:(?=\d)/, '');
  const port = socket.localPort ?? deps.config.port ?? DEFAULT_PORT;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
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
