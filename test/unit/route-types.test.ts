// Issue 8, item 5: a route's answer is typed by its response schema, so a view and its schema
// cannot drift. The declarations below are compiled by `npm run typecheck` and never run: each
// `@ts-expect-error` must meet an error, so a drift that tsc stopped catching fails the typecheck.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Static } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Deps } from '../../src/app/context.ts';
import { InFlight } from '../../src/http/in-flight.ts';
import { action, defineRoute } from '../../src/http/route.ts';
import { registerRoutes } from '../../src/http/routes/index.ts';
import { Account } from '../../src/http/schemas/accounts.ts';
import { isComponent } from '../../src/http/schemas/common.ts';
import { COMPONENTS } from '../../src/http/schemas/index.ts';
import { Invoice } from '../../src/http/schemas/invoices.ts';

declare const account: Static<typeof Account>;
declare const invoice: Static<typeof Invoice>;
const route = { method: 'GET', url: '/x', operationId: 'x', summary: 'x', tag: 'x' } as const;
const open = { ...route, published: false, auth: 'none' } as const;

function declarations(app: FastifyInstance, deps: Deps) {
  // The view is the schema's type exactly: accepted.
  defineRoute(app, deps, { ...open, response: { 200: Account }, handler: async () => account });
  defineRoute(app, deps, {
    ...open,
    response: { 200: Account },
    // @ts-expect-error a field the schema lacks
    handler: async () => ({ ...account, stripe: 0 }),
  });
  defineRoute(app, deps, {
    ...open,
    response: { 200: Account },
    // @ts-expect-error a wrong type: money is a decimal string
    handler: async () => ({ ...account, balance: 12.5 }),
  });
  const { balance: _balance, ...withoutBalance } = account;
  defineRoute(app, deps, {
    ...open,
    response: { 200: Account },
    // @ts-expect-error a field the schema has and the view lacks
    handler: async () => withoutBalance,
  });
  defineRoute(app, deps, {
    ...open,
    response: { 200: Invoice },
    // @ts-expect-error a status outside the literal union
    handler: async () => ({ ...invoice, status: 'pending' as string }),
  });
  action(app, deps, {
    ...open,
    method: 'POST',
    response: { 201: Invoice },
    // @ts-expect-error an extra field deep inside (a line)
    write: async () => ({ ...invoice, lines: invoice.lines.map((line) => ({ ...line, cost: '1.0000' })) }),
  });
}
// Named only so the compiler keeps it: a test file exports nothing (scripts/test-build.mjs).
void declarations;

test('every named schema is registered once, and every route that names one finds it', async () => {
  const ids = COMPONENTS.map((schema) => schema.$id);
  assert.ok(COMPONENTS.every(isComponent));
  assert.equal(new Set(ids).size, ids.length, 'no two components share a name');
  const bare = Fastify();
  bare.decorate('inFlight', new InFlight());
  registerRoutes(bare, {} as Deps);
  for (const id of ids) assert.ok(bare.getSchema(id!), `${id} registered`);
  await bare.close();
});
