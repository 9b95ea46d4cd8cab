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
import { contactRoutes } from '../contact-routes.ts';
import {
  Customer,
  CustomerCreate,
  CustomerListQuery,
  CustomerUpdate,
  PageCustomer,
} from '../schemas/customers.ts';

export function registerCustomerRoutes(app: FastifyInstance, deps: Deps) {
  const kind = { noun: 'customer', area: 'customers', schema: Customer } as const;
  contactRoutes(app, deps, kind, {
    list: { querystring: CustomerListQuery, page: PageCustomer, list: listCustomers },
    read: (actor, id) => readCustomer(deps, actor, id),
    create: {
      description: 'Honours Idempotency-Key. payment_terms defaults to net_30; currency is the books’ own.',
      body: CustomerCreate,
      create: createCustomer,
    },
    update: { body: CustomerUpdate, update: updateCustomer },
    deactivate: deactivateCustomer,
  });
}
