import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { rolesTable } from '../../scripts/roles-table.ts';
import { effectivePermissions, ROLE_PERMISSIONS } from '../../src/domain/roles.ts';

describe('role matrix', () => {
  test('docs/roles.md publishes exactly the matrix the code enforces (D15)', () => {
    const doc = readFileSync('docs/roles.md', 'utf8');
    const published = doc
      .split('<!-- roles-table:start -->')[1]
      ?.split('<!-- roles-table:end -->')[0]
      ?.trim();
    assert.equal(published, rolesTable());
  });

  test('an API key acts with the intersection of its role and its creator role (D14)', () => {
    const accountantKeyOfViewer = effectivePermissions(['accountant', 'viewer']);
    assert.equal(accountantKeyOfViewer.has('journal:write'), false);
    assert.equal(accountantKeyOfViewer.has('journal:read'), true);
    const salesKeyOfOwner = effectivePermissions(['sales', 'owner']);
    assert.deepEqual([...salesKeyOfOwner].sort(), [...ROLE_PERMISSIONS.sales].sort());
  });

  test('sales never reads journal entries or general reports; viewer writes nothing', () => {
    assert.equal(ROLE_PERMISSIONS.sales.has('journal:read'), false);
    assert.equal(ROLE_PERMISSIONS.sales.has('reports:read'), false);
    assert.equal(ROLE_PERMISSIONS.sales.has('reports:ar_aging'), true);
    assert.equal(
      [...ROLE_PERMISSIONS.viewer].some((permission) => permission.endsWith(':write')),
      false,
    );
  });
});
