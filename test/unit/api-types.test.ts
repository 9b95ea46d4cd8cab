// D42: the web app's request and response types are generated from the service's OpenAPI document;
// this fails when a route changed and `npm run web:types` was not run.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { generateApiTypes, SCHEMA_FILE } from '../../scripts/web-types.ts';

test('web/src/api/schema.d.ts matches the OpenAPI document the service describes now', async () => {
  const expected = await generateApiTypes();
  const current = readFileSync(SCHEMA_FILE, 'utf8');
  assert.ok(current === expected, 'web/src/api/schema.d.ts is stale: run `npm run web:types` and commit it');
});
