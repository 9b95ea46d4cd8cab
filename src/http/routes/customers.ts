// Published: customers (spec "Customer", D20, D26, D31).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import {
  createCustomer,
  deactivateCustomer,
  listCustomers,
  PAYMENT_TERMS,
  readCustomer,
  updateCustomer,
} from '../../app/customers/customers.ts';
import { decodeCursor } from '../../app/pagination.ts';
import { actorOf, defineRoute, expectedVersion, respondWrite, withEtag } from '../route.ts';
import { CursorQuery, IdParams, MoneyOutput, Page, Version } from '../schemas/common.ts';
import { pageBody } from './paging.ts';

const PaymentTerms = Type.Union(
  PAYMENT_TERMS.map((terms) => Type.Literal(terms)),
  { description: 'Days from issue date to due date: due_on_receipt, net_7, net_15, net_30, net_60, net_90.' },
);
const DisplayName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Email = Type.String({ format: 'email', maxLength: 254 });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const ShortText = Type.String({ maxLength: 200 });
const Address = Type.String({ maxLength: 1000 });
const Notes = Type.String({ maxLength: 4000 });

export const Customer = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    display_name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    company_name: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    billing_address: Type.Union([Type.String(), Type.Null()]),
    notes: Type.String(),
    payment_terms: Type.String({ description: 'due_on_receipt, net_7, net_15, net_30, net_60 or net_90' }),
    currency: Type.String(),
    is_active: Type.Boolean(),
    balance: MoneyOutput(
      'Open balance of sent invoices minus unapplied payment credit (D26); negative means the customer has credit.',
    ),
    open_invoice_count: Type.Integer({ description: 'Sent invoices with a balance due.' }),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Customer', title: 'Customer' },
);
const CustomerRef = Type.Ref('Customer');

export function registerCustomerRoutes(app: FastifyInstance, deps: Deps) {
  app.addSchema(Customer);
  const base = { tag: 'customers', published: true, auth: 'organization' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/customers',
    summary: 'List customers',
    permission: 'customers:read',
    querystring: Type.Object({
      ...CursorQuery,
      search: Type.Optional(
        Type.String({
          maxLength: 200,
          description: 'Case-insensitive substring of display_name or email.',
        }),
      ),
      is_active: Type.Optional(Type.Boolean()),
    }),
    response: { 200: Page(CustomerRef) },
    handler: async (request) => {
      const actor = actorOf(request);
      const page = await listCustomers(
        deps,
        actor,
        decodeCursor(actor.organization.id, request.query.cursor),
        request.query,
      );
      return pageBody(deps, request, page);
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/customers/:id',
    summary: 'Read a customer',
    permission: 'customers:read',
    params: IdParams,
    response: { 200: CustomerRef },
    handler: async (request, reply) =>
      withEtag(reply, await readCustomer(deps, actorOf(request), request.params.id)),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/customers',
    summary: 'Create a customer',
    description: 'Honours Idempotency-Key. payment_terms defaults to net_30; currency is the books’ own.',
    permission: 'customers:write',
    body: Type.Object(
      {
        display_name: DisplayName,
        email: Type.Optional(Nullable(Email)),
        company_name: Type.Optional(Nullable(ShortText)),
        phone: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
        billing_address: Type.Optional(Nullable(Address)),
        notes: Type.Optional(Notes),
        payment_terms: Type.Optional(PaymentTerms),
      },
      { title: 'CustomerCreate' },
    ),
    response: { 201: CustomerRef },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await createCustomer(scope, request.body),
      })),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'PATCH',
    url: '/api/v1/customers/:id',
    summary: 'Update a customer (sparse); is_active false deactivates',
    description:
      'Send only the fields to change; null clears an optional field. Send `version` to detect a stale write.',
    permission: 'customers:write',
    params: IdParams,
    body: Type.Object(
      {
        display_name: Type.Optional(DisplayName),
        email: Type.Optional(Nullable(Email)),
        company_name: Type.Optional(Nullable(ShortText)),
        phone: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
        billing_address: Type.Optional(Nullable(Address)),
        notes: Type.Optional(Notes),
        payment_terms: Type.Optional(PaymentTerms),
        is_active: Type.Optional(Type.Boolean()),
        version: Type.Optional(Version),
      },
      { title: 'CustomerUpdate' },
    ),
    response: { 200: CustomerRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await updateCustomer(scope, request.params.id, request.body, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'POST',
    url: '/api/v1/customers/:id/deactivate',
    summary: 'Deactivate a customer',
    description: 'Same as PATCH with is_active false. Deactivating an inactive customer changes nothing.',
    permission: 'customers:write',
    params: IdParams,
    body: Type.Object({ version: Type.Optional(Version) }),
    response: { 200: CustomerRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await deactivateCustomer(scope, request.params.id, version),
      }));
    },
  });
}
