// Published: customers (spec "Customer", D20, D26, D31).
import type { FastifyInstance } from 'fastify';
import {
  createCustomer,
  deactivateCustomer,
  listCustomers,
  readCustomer,
  updateCustomer,
} from '../../app/contacts/customers.ts';
import type { Deps } from '../../app/context.ts';
import { resourceRoutes } from '../resource-routes.ts';
import {
  Customer,
  CustomerCreate,
  CustomerListQuery,
  CustomerUpdate,
  PageCustomer,
} from '../schemas/customers.ts';

export function registerCustomerRoutes(app: FastifyInstance, deps: Deps) {
  const customers = resourceRoutes(app, deps, {
    tag: 'customers',
    read: 'customers:read',
    write: 'customers:write',
    url: '/api/v1/customers',
    schema: Customer,
  });
  customers.list({
    operationId: 'listCustomers',
    summary: 'List customers',
    querystring: CustomerListQuery,
    page: PageCustomer,
    list: listCustomers,
  });
  customers.read({
    operationId: 'readCustomer',
    summary: 'Read a customer',
    read: (actor, id) => readCustomer(deps, actor, id),
  });
  customers.create({
    operationId: 'createCustomer',
    summary: 'Create a customer',
    description: 'Honours Idempotency-Key. payment_terms defaults to net_30; currency is the books’ own.',
    body: CustomerCreate,
    create: createCustomer,
  });
  customers.update({
    operationId: 'updateCustomer',
    summary: 'Update a customer (sparse); is_active false deactivates',
    description:
      'Send only the fields to change; null clears an optional field. Send `version` to detect a stale write.',
    body: CustomerUpdate,
    update: updateCustomer,
  });
  customers.act('deactivate', {
    operationId: 'deactivateCustomer',
    summary: 'Deactivate a customer',
    description: 'Same as PATCH with is_active false. Deactivating an inactive customer changes nothing.',
    act: deactivateCustomer,
  });
}
