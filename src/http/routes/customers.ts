// Published: customers (spec "Customer", D20, D26, D31).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import {
  createCustomer,
  deactivateCustomer,
  listCustomers,
  readCustomer,
  updateCustomer,
} from '../../app/customers/customers.ts';
import { action, actorOf, defineRoute, withEtag } from '../route.ts';
import { ActionRequest, IdParams } from '../schemas/common.ts';
import {
  Customer,
  CustomerCreate,
  CustomerListQuery,
  CustomerUpdate,
  PageCustomer,
} from '../schemas/customers.ts';
import { listing } from './paging.ts';

export function registerCustomerRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'customers', published: true, auth: 'organization' } as const;
  const write = { ...base, permission: 'customers:write' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/customers',
    operationId: 'listCustomers',
    summary: 'List customers',
    permission: 'customers:read',
    querystring: CustomerListQuery,
    response: { 200: PageCustomer },
    handler: listing(deps, listCustomers),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/customers/:id',
    operationId: 'readCustomer',
    summary: 'Read a customer',
    permission: 'customers:read',
    params: IdParams,
    response: { 200: Customer },
    handler: async (request, reply) =>
      withEtag(reply, await readCustomer(deps, actorOf(request), request.params.id)),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/customers',
    operationId: 'createCustomer',
    summary: 'Create a customer',
    description: 'Honours Idempotency-Key. payment_terms defaults to net_30; currency is the books’ own.',
    body: CustomerCreate,
    response: { 201: Customer },
    write: (scope, request) => createCustomer(scope, request.body),
  });

  action(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/customers/:id',
    operationId: 'updateCustomer',
    summary: 'Update a customer (sparse); is_active false deactivates',
    description:
      'Send only the fields to change; null clears an optional field. Send `version` to detect a stale write.',
    params: IdParams,
    body: CustomerUpdate,
    response: { 200: Customer },
    write: (scope, request, version) => updateCustomer(scope, request.params.id, request.body, version),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/customers/:id/deactivate',
    operationId: 'deactivateCustomer',
    summary: 'Deactivate a customer',
    description: 'Same as PATCH with is_active false. Deactivating an inactive customer changes nothing.',
    params: IdParams,
    body: ActionRequest,
    response: { 200: Customer },
    write: (scope, request, version) => deactivateCustomer(scope, request.params.id, version),
  });
}
