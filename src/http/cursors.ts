// The HTTP side of signed cursors (D66): every cursor a response carries is sealed for the list
// that issued it, and every `cursor` query parameter is opened before the handler reads it. A list
// is its route with its path parameters, so a cursor of /invoices is refused by /customers, and one
// of a category's options by another category's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CursorSeal, loadCursorSeal } from '../app/cursor-seal.ts';
import { LAST_PAGE } from '../app/pagination.ts';
import type { Queryable } from '../storage/db.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by buildApp: signs and checks the cursors of this deployment. */
    cursorSeal: CursorSeal;
  }
}

function listOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''} ${JSON.stringify(request.params ?? {})}`;
}

/** The cursor a response hands out for the request's list. */
export function sealCursor(request: FastifyRequest, inner: string): string {
  return request.server.cursorSeal.seal(listOf(request), inner);
}

/**
 * Opens `?cursor=` on every route before its handler: the handler (and its use case) then sees the
 * inner cursor it issued, or the request already answered 400 invalid_cursor.
 */
export async function registerCursorSeal(app: FastifyInstance, db: Queryable): Promise<void> {
  app.decorate('cursorSeal', await loadCursorSeal(db));
  app.addHook('preHandler', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?.cursor !== 'string' || query.cursor === '') return;
    // `last` is not a cursor we issued but a place every list can start from (its last page).
    if (query.cursor === LAST_PAGE) return;
    query.cursor = app.cursorSeal.open(listOf(request), query.cursor);
  });
}
