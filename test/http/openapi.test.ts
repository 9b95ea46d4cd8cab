import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { call, createKey, errorCode, signUp, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

type Schema = Record<string, unknown>;
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const MONEY_NAME = /(^|_)(amount|price|debit|credit|balance|total|subtotal)$/;

async function readDocument() {
  const response = await call(harness, 'GET', '/api/v1/openapi.json', {});
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as {
    openapi: string;
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
    components: { schemas: Record<string, Schema> };
  };
}

/** Every (path, schema) of an object property under `schema`, following local $refs once each. */
function properties(
  schema: unknown,
  components: Record<string, Schema>,
  path: string,
  seen = new Set<string>(),
): [string, Schema][] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Schema;
  if (typeof node.$ref === 'string') {
    const name = node.$ref.split('/').pop()!;
    if (seen.has(name)) return [];
    seen.add(name);
    return properties(components[name], components, path, seen);
  }
  const found: [string, Schema][] = [];
  for (const [name, child] of Object.entries((node.properties as Record<string, Schema>) ?? {})) {
    found.push([`${path}/${name}`, child], ...properties(child, components, `${path}/${name}`, seen));
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf']) {
    const value = node[key];
    for (const child of Array.isArray(value) ? value : value ? [value] : []) {
      found.push(...properties(child, components, path, seen));
    }
  }
  return found;
}

describe('OpenAPI document', () => {
  test('GET /api/v1/openapi.json needs no credentials and is OpenAPI 3.1', async () => {
    const doc = await readDocument();
    assert.match(doc.openapi, /^3\.1\./);
  });

  test('it holds the published paths and none of the internal ones', async () => {
    const paths = Object.keys((await readDocument()).paths);
    for (const published of [
      '/api/v1/accounts',
      '/api/v1/accounts/{id}',
      '/api/v1/journal-entries',
      '/api/v1/journal-entries/{id}',
      '/api/v1/journal-entries/{id}/post',
      '/api/v1/journal-entries/{id}/reverse',
      '/api/v1/changes',
    ]) {
      assert.ok(paths.includes(published), published);
    }
    for (const path of paths) {
      assert.ok(path.startsWith('/api/v1/'), path);
      assert.doesNotMatch(path, /^\/api\/v1\/(auth|me$|api-keys|members|organization|periods)/, path);
    }
    assert.ok(!paths.includes('/healthz'));
  });

  test('the document lists itself as published and open to anyone (security: [])', async () => {
    const doc = (await readDocument()) as unknown as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    assert.deepEqual(doc.paths['/api/v1/openapi.json']?.get?.security, []);
  });

  test('an API key gets the document like anyone; a wrong or revoked key answers 401 authentication_failed', async () => {
    const anonymous = await call(harness, 'GET', '/api/v1/openapi.json', {});
    const books = await signUp(harness);
    const key = await createKey(harness, books, 'viewer');
    const withKey = await call(harness, 'GET', '/api/v1/openapi.json', key.headers);
    assert.equal(withKey.statusCode, 200, withKey.body);
    assert.deepEqual(withKey.json(), anonymous.json());
    const withSession = await call(harness, 'GET', '/api/v1/openapi.json', books.headers);
    assert.equal(withSession.statusCode, 200, withSession.body);
    await call(harness, 'POST', `/api/v1/api-keys/${key.id}/revoke`, books.headers);
    for (const authorization of [key.headers.authorization, 'Token svc_live_nonsense']) {
      const refused = await call(harness, 'GET', '/api/v1/openapi.json', { authorization });
      assert.equal(refused.statusCode, 401, authorization);
      assert.equal(errorCode(refused), 'authentication_failed');
    }
  });

  test('every money property of a request body is a string', async () => {
    const doc = await readDocument();
    const money: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of HTTP_METHODS) {
        const schema = operations[method]?.requestBody?.content?.['application/json']?.schema;
        for (const [field, property] of properties(schema, doc.components.schemas, `${method} ${path}`)) {
          const name = field.split('/').pop()!;
          if (property['x-folio-money'] !== true && !MONEY_NAME.test(name)) continue;
          money.push(field);
          assert.equal(property.type, 'string', `${field} must be a decimal string`);
        }
      }
    }
    assert.ok(money.includes('post /api/v1/journal-entries/lines/debit'), money.join('\n'));
    assert.ok(money.includes('post /api/v1/journal-entries/lines/credit'));
  });

  test('money in responses is a string too', async () => {
    const doc = await readDocument();
    const fields = [
      ...properties(doc.components.schemas.Account, doc.components.schemas, 'Account'),
      ...properties(doc.components.schemas.JournalEntry, doc.components.schemas, 'JournalEntry'),
    ].filter(([field]) => MONEY_NAME.test(field.split('/').pop()!));
    assert.ok(fields.length >= 5);
    for (const [field, property] of fields) assert.equal(property.type, 'string', field);
  });

  test('the document passes swagger-parser validation', async () => {
    const doc = await readDocument();
    const copy = structuredClone(doc);
    await SwaggerParser.validate(copy as never);
    // The validator is real: the same document with a broken operation is refused.
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, unknown>> };
    broken.paths['/api/v1/accounts']!.get = { responses: 'none' };
    await assert.rejects(SwaggerParser.validate(broken as never));
  });

  test('/docs answers an HTML reference page', async () => {
    let response = await call(harness, 'GET', '/docs', {});
    for (let hops = 0; hops < 3 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
      response = await call(harness, 'GET', String(response.headers.location), {});
    }
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html/);
    assert.match(response.body, /<html/i);
  });
});
