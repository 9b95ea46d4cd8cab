// Issue 8, item 8: the published document is one a client generator is happy with. Every operation
// has a stable operationId, bodies are named components, each operation lists the error statuses it
// can answer with the Error envelope, `servers` is the address that served the document, and
// openapi-typescript turns it into types a small program typechecks against.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { call, type Harness, startHarness } from '../helpers/harness.ts';

let harness: Harness;
before(async () => {
  harness = await startHarness();
});
after(() => harness.close());

type Schema = { $ref?: string; [key: string]: unknown };
interface Operation {
  operationId?: string;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

async function readDocument(headers: Record<string, string> = {}): Promise<Document> {
  const response = await call(harness, 'GET', '/api/v1/openapi.json', headers);
  assert.equal(response.statusCode, 200, response.body);
  return response.json();
}

function operations(document: Document): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      item[method]!,
    ]),
  );
}

describe('the OpenAPI document for client generators', () => {
  test('every operation has an operationId, and no two share one', async () => {
    const all = operations(await readDocument());
    assert.ok(all.length >= 54, `${all.length} operations`);
    const seen = new Map<string, string>();
    for (const [name, operation] of all) {
      assert.match(operation.operationId ?? '', /^[a-z][A-Za-z]+$/, `${name} has a camelCase operationId`);
      assert.ok(
        !seen.has(operation.operationId!),
        `${name} and ${seen.get(operation.operationId!)} share one`,
      );
      seen.set(operation.operationId!, name);
    }
    assert.equal(seen.get('listInvoices'), 'GET /api/v1/invoices');
    assert.equal(seen.get('createInvoice'), 'POST /api/v1/invoices');
    assert.equal(seen.get('sendInvoice'), 'POST /api/v1/invoices/{id}/send');
  });

  test('request bodies and success responses are named components', async () => {
    const document = await readDocument();
    for (const [name, operation] of operations(document)) {
      if (name === 'GET /api/v1/openapi.json') continue;
      const body = operation.requestBody?.content['application/json']?.schema;
      if (body) assert.match(body.$ref ?? '', /^#\/components\/schemas\/\w+$/, `${name} body is a $ref`);
      const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
      assert.equal(success.length, 1, name);
      if (success[0] === '204') continue;
      const content = operation.responses[success[0]!]!.content;
      // A file (an invoice's PDF) is a binary string, not a component.
      if (content && !content['application/json']) {
        assert.deepEqual(Object.values(content)[0]?.schema, { type: 'string', format: 'binary' }, name);
        continue;
      }
      const schema = content?.['application/json']?.schema;
      assert.match(schema?.$ref ?? '', /^#\/components\/schemas\/\w+$/, `${name} answers a $ref`);
    }
    const names = Object.keys(document.components.schemas);
    for (const expected of [
      'Error',
      'Invoice',
      'InvoiceCreate',
      'InvoiceUpdate',
      'Page_Invoice',
      'InvoiceSummary',
      'PaymentReceived',
      'PaymentReceivedCreate',
      'Account',
      'AccountCreate',
      'JournalEntry',
      'Page_JournalEntry',
      'Customer',
      'CustomerUpdate',
    ]) {
      assert.ok(names.includes(expected), `components.schemas.${expected}`);
    }
    // Each component is referenced by its name, and every $ref points at a component that exists.
    const text = JSON.stringify(document);
    for (const match of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      assert.ok(names.includes(match[1]!), `$ref to missing component ${match[1]}`);
    }
  });

  test('each operation lists the error statuses its declaration implies, with the Error envelope', async () => {
    const document = await readDocument();
    const byName = new Map(operations(document));
    const statuses = (name: string) =>
      Object.keys(byName.get(name)!.responses)
        .filter((status) => !status.startsWith('2'))
        .sort();
    // A POST with a body, an id and a version: all of them, and the catch-alls.
    assert.deepEqual(statuses('POST /api/v1/invoices/{id}/send'), [
      '400',
      '401',
      '403',
      '404',
      '409',
      '412',
      '413',
      '415',
      '429',
      '4XX',
      '5XX',
    ]);
    // A create: no 404 (no id in the path) and no 412 (no version).
    assert.deepEqual(statuses('POST /api/v1/invoices'), [
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '429',
      '4XX',
      '5XX',
    ]);
    // A read by id: no body, no write conflict.
    assert.deepEqual(statuses('GET /api/v1/invoices/{id}'), [
      '400',
      '401',
      '403',
      '404',
      '429',
      '4XX',
      '5XX',
    ]);
    // The document itself is open, but a presented key is checked.
    assert.deepEqual(statuses('GET /api/v1/openapi.json'), ['401', '429', '4XX', '5XX']);
    for (const [name, operation] of byName) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2')) continue;
        const schema = response.content?.['application/json']?.schema;
        assert.equal(schema?.$ref, '#/components/schemas/Error', `${name} ${status} is the envelope`);
      }
    }
    assert.match(byName.get('POST /api/v1/invoices')!.responses['409']!.description, /idempotency_conflict/);
  });

  test('servers is the address the service is bound to, or FOLIO_PUBLIC_URL when set, never the Host header', async () => {
    // Through inject there is no socket: the configured HOST and PORT, here their defaults.
    const document = await readDocument({ host: 'evil.example:8443' });
    assert.deepEqual(document.servers, [{ url: 'http://127.0.0.1:3000' }]);
    harness.deps.config.publicUrl = 'https://api.folio.example';
    try {
      const behindProxy = await readDocument({ host: 'internal:3000' });
      assert.deepEqual(behindProxy.servers, [{ url: 'https://api.folio.example' }]);
    } finally {
      delete harness.deps.config.publicUrl;
    }
  });

  test('openapi-typescript generates a client that a small program typechecks against', async () => {
    const document = await readDocument();
    // Request fields with a default (is_taxable) stay optional in the client: the server fills them.
    const types = astToString(await openapiTS(document as never, { defaultNonNullable: false }));
    const dir = await mkdtemp(join(tmpdir(), 'folio-client-'));
    try {
      await writeFile(join(dir, 'folio.d.ts'), types);
      await writeFile(
        join(dir, 'program.ts'),
        `import type { components, operations, paths } from './folio';

type Invoice = components['schemas']['Invoice'];
const statuses: Invoice['status'][] = ['draft', 'sent', 'paid', 'void'];
// @ts-expect-error a status the contract does not have
const unknownStatus: Invoice['status'] = 'pending';

type Created = paths['/api/v1/invoices']['post']['responses'][201]['content']['application/json'];
type CreateBody = NonNullable<paths['/api/v1/invoices']['post']['requestBody']>['content']['application/json'];
const body: CreateBody = {
  customer: '5f0c6c38-3f5e-4a8e-9c57-3b1a6c3a0d11',
  lines: [{ quantity: '2', unit_price: '120.00', income_account: '0b7c2f7e-52a4-4c3e-8a2e-3f0f6f1f6a10' }],
};
function total(invoice: Created): string {
  return invoice.total;
}
const sameShape: Invoice = {} as Created;
type Refusal = operations['sendInvoice']['responses'][412]['content']['application/json'];
const refusal: Refusal = { error: { code: 'stale_write', message: 'version 3 is current', detail: {} } };
type Page = components['schemas']['Page_Invoice'];
function firstNumber(page: Page): string | undefined {
  return page.results[0]?.number;
}
export { body, firstNumber, refusal, sameShape, statuses, total, unknownStatus };
`,
      );
      await writeFile(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            types: [],
            skipLibCheck: false,
          },
          files: ['program.ts'],
        }),
      );
      const tsc = resolve('node_modules/typescript/bin/tsc');
      try {
        await promisify(execFile)(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')]);
      } catch (error) {
        const { stdout, stderr } = error as { stdout: string; stderr: string };
        assert.fail(`the generated client does not typecheck:\n${stdout}${stderr}`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
