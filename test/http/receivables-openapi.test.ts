// Rule 7 of the receivables issue: every receivables operation is in /api/v1/openapi.json with its full
// request (body, query, headers it honours) and response schemas, money as strings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { call, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

type Schema = {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
};
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

/** Follows $refs and merges allOf, so a schema reads as one object with all its properties. */
function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!]!, components);
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolve(part, components));
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part.properties)),
      required: parts.flatMap((part) => part.required ?? []),
    };
  }
  return schema;
}

// [method, path, request body fields (required ones marked !), response fields, query parameters]
const OPERATIONS: [string, string, string[], string[], string[]][] = [
  [
    'post',
    '/api/v1/customers',
    ['display_name!', 'email', 'payment_terms'],
    ['id', 'balance', 'open_invoice_count', 'version'],
    [],
  ],
  ['get', '/api/v1/customers', [], ['next', 'previous', 'results'], ['cursor', 'search', 'is_active']],
  [
    'get',
    '/api/v1/customers/{id}',
    [],
    ['display_name', 'email', 'payment_terms', 'balance', 'open_invoice_count'],
    [],
  ],
  [
    'patch',
    '/api/v1/customers/{id}',
    ['display_name', 'email', 'payment_terms', 'is_active', 'version'],
    ['version'],
    [],
  ],
  ['post', '/api/v1/customers/{id}/deactivate', ['version'], ['is_active', 'version'], []],
  [
    'post',
    '/api/v1/tax-rates',
    ['name!', 'rate!', 'liability_account'],
    ['id', 'rate', 'liability_account', 'version'],
    [],
  ],
  ['get', '/api/v1/tax-rates', [], ['results'], ['cursor', 'is_active']],
  ['get', '/api/v1/tax-rates/{id}', [], ['rate', 'is_active'], []],
  ['patch', '/api/v1/tax-rates/{id}', ['name', 'rate', 'is_active', 'version'], ['version'], []],
  ['post', '/api/v1/tax-rates/{id}/deactivate', ['version'], ['is_active'], []],
  ['post', '/api/v1/tax-groups', ['name!', 'tax_rates!'], ['tax_rates', 'combined_rate', 'version'], []],
  ['get', '/api/v1/tax-groups', [], ['results'], ['cursor']],
  ['get', '/api/v1/tax-groups/{id}', [], ['tax_rates'], []],
  ['patch', '/api/v1/tax-groups/{id}', ['name', 'tax_rates', 'is_active', 'version'], ['version'], []],
  ['post', '/api/v1/tax-groups/{id}/deactivate', ['version'], ['is_active'], []],
  ['post', '/api/v1/tracking-categories', ['name!'], ['options', 'version'], []],
  ['get', '/api/v1/tracking-categories', [], ['results'], ['cursor']],
  ['get', '/api/v1/tracking-categories/{id}', [], ['options'], []],
  ['patch', '/api/v1/tracking-categories/{id}', ['name', 'is_active', 'version'], ['version'], []],
  ['post', '/api/v1/tracking-categories/{id}/deactivate', ['version'], ['is_active'], []],
  ['post', '/api/v1/tracking-options', ['category!', 'name!'], ['category', 'version'], []],
  ['get', '/api/v1/tracking-options', [], ['results'], ['cursor', 'category']],
  ['get', '/api/v1/tracking-options/{id}', [], ['category', 'name'], []],
  ['patch', '/api/v1/tracking-options/{id}', ['name', 'is_active', 'version'], ['version'], []],
  ['post', '/api/v1/tracking-options/{id}/deactivate', ['version'], ['is_active'], []],
  [
    'post',
    '/api/v1/invoices',
    ['customer!', 'lines!', 'number', 'issue_date'],
    [
      'number',
      'status',
      'due_date',
      'subtotal',
      'tax_total',
      'total',
      'amount_paid',
      'balance_due',
      'days_overdue',
      'lines',
      'version',
    ],
    [],
  ],
  [
    'get',
    '/api/v1/invoices',
    [],
    ['next', 'previous', 'results'],
    ['cursor', 'status', 'customer', 'issue_date_from', 'issue_date_to', 'search'],
  ],
  ['get', '/api/v1/invoices/{id}', [], ['customer_name', 'days_overdue', 'lines'], []],
  ['patch', '/api/v1/invoices/{id}', ['customer', 'lines', 'issue_date', 'version'], ['version'], []],
  ['post', '/api/v1/invoices/{id}/send', ['version'], ['number', 'status', 'balance_due', 'version'], []],
  ['post', '/api/v1/invoices/{id}/void', ['version'], ['status', 'void_entry'], []],
  [
    'post',
    '/api/v1/invoices/{id}/email',
    ['to', 'subject', 'message', 'version'],
    ['status', 'email', 'version'],
    [],
  ],
  ['get', '/api/v1/invoices/{id}/emails', [], ['results'], []],
  [
    'post',
    '/api/v1/payments-received',
    ['customer!', 'payment_date!', 'amount!', 'method!', 'reference', 'deposit_to_account', 'applications'],
    ['number', 'unapplied_amount', 'deposit_to_account', 'applications', 'version'],
    [],
  ],
  ['get', '/api/v1/payments-received', [], ['results'], ['cursor', 'customer']],
  ['get', '/api/v1/payments-received/{id}', [], ['applications', 'unapplied_amount'], []],
  ['get', '/api/v1/changes', [], ['changes', 'cursor', 'has_more'], ['cursor', 'entity_types', 'limit']],
];

test('every receivables operation is published with its full request and response schemas', async () => {
  const doc = (await call(harness, 'GET', '/api/v1/openapi.json', {})).json();
  const components = doc.components.schemas as Record<string, Schema>;
  await SwaggerParser.validate(structuredClone(doc));
  for (const [method, path, bodyFields, responseFields, queryNames] of OPERATIONS) {
    const name = `${method.toUpperCase()} ${path}`;
    const operation = doc.paths[path]?.[method] as Operation | undefined;
    assert.ok(operation, `${name} is published`);
    const parameters = (operation.parameters ?? []).map((parameter) => `${parameter.in}:${parameter.name}`);

    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    if (bodyFields.length > 0) {
      assert.ok(bodySchema, `${name} has a request body schema`);
      const body = resolve(bodySchema, components);
      for (const field of bodyFields) {
        const bare = field.replace('!', '');
        assert.ok(body.properties?.[bare], `${name} body declares ${bare}`);
        assert.equal(
          body.required?.includes(bare) ?? false,
          field.endsWith('!'),
          `${name} ${bare} required?`,
        );
      }
      if ('version' in (body.properties ?? {})) {
        assert.ok(parameters.includes('header:If-Unmodified-Since'), `${name} documents If-Unmodified-Since`);
        assert.ok(parameters.includes('header:If-Match'), `${name} documents If-Match`);
      }
    }
    if (method === 'post') {
      assert.ok(parameters.includes('header:Idempotency-Key'), `${name} documents Idempotency-Key`);
    }
    for (const query of queryNames) assert.ok(parameters.includes(`query:${query}`), `${name} ?${query}`);

    const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
    assert.equal(success.length, 1, `${name} has one success response`);
    const responseSchema = operation.responses[success[0]!]!.content?.['application/json']?.schema;
    assert.ok(responseSchema, `${name} has a response schema`);
    const response = resolve(responseSchema, components);
    for (const field of responseFields) assert.ok(response.properties?.[field], `${name} returns ${field}`);
    for (const status of ['4XX', '5XX']) {
      const error = operation.responses[status]?.content?.['application/json']?.schema;
      assert.ok(error, `${name} declares ${status}`);
      assert.ok(resolve(error, components).properties?.error, `${name} ${status} is the error envelope`);
    }
  }
  // the contract's item fields of lists and nested arrays
  const summary = resolve({ $ref: 'InvoiceSummary' }, components);
  for (const field of [
    'number',
    'customer_name',
    'status',
    'currency',
    'total',
    'balance_due',
    'days_overdue',
  ]) {
    assert.ok(summary.properties?.[field], `invoice list items carry ${field}`);
  }
  const line = resolve(components.Invoice!, components).properties!.lines!.items!;
  for (const field of [
    'description',
    'quantity',
    'unit_price',
    'income_account',
    'is_taxable',
    'tax_rate',
    'tax_group',
    'taxes',
    'tracking_options',
  ]) {
    assert.ok(line.properties?.[field], `invoice lines return ${field}`);
  }
  const application = resolve(components.PaymentReceived!, components).properties!.applications!.items!;
  assert.deepEqual(Object.keys(application.properties ?? {}).sort(), [
    'amount',
    'applied_date',
    'invoice_id',
    'invoice_number',
  ]);
  for (const [schema, field] of [
    ['Customer', 'balance'],
    ['Invoice', 'total'],
    ['Invoice', 'balance_due'],
    ['PaymentReceived', 'amount'],
    ['PaymentReceived', 'unapplied_amount'],
  ] as const) {
    assert.equal(
      components[schema]!.properties![field]!.type,
      'string',
      `${schema}.${field} is a decimal string`,
    );
  }
});

test('the internal bank-connections paths stay out of the document', async () => {
  const doc = (await call(harness, 'GET', '/api/v1/openapi.json', {})).json();
  assert.ok(!Object.keys(doc.paths).some((path) => path.startsWith('/api/v1/bank-connections')));
});
