// Members belong to the live books. A session on the sandbox books (X-Organization-Id = the sandbox)
// that adds, changes or removes a member would change roles on the live books without saying so:
// 403 sandbox_restricted, nothing written. Listing them from the sandbox still works.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, countRows, errorCode, signUp, useHarness } from '../helpers/harness.ts';
import { assertNothingWritten, observe, ok } from '../helpers/receivables.ts';

const harness = useHarness();

describe('members through a sandbox session', () => {
  test('POST, PATCH and DELETE /members on the sandbox answer 403 sandbox_restricted and change no membership', async () => {
    const books = await signUp(harness);
    const member = await signUp(harness);
    const stranger = await signUp(harness);
    ok(
      await call(harness, 'POST', '/api/v1/members', books.headers, { email: member.email, role: 'viewer' }),
      201,
    );
    const requests = [
      ['POST', '/api/v1/members', { email: stranger.email, role: 'admin' }],
      ['PATCH', `/api/v1/members/${member.userId}`, { role: 'admin' }],
      ['DELETE', `/api/v1/members/${member.userId}`, undefined],
    ] as const;
    for (const [method, url, body] of requests) {
      const memberships = await countRows(harness, 'memberships', books.organizationId);
      const before = await observe(harness, books.headers, books.organizationId, ['/api/v1/members']);
      const sandboxBefore = await observe(harness, books.sandboxHeaders, books.sandboxId, [
        '/api/v1/members',
      ]);
      const response = await call(harness, method, url, books.sandboxHeaders, body);
      assert.equal(response.statusCode, 403, `${method} ${response.body}`);
      assert.equal(errorCode(response), 'sandbox_restricted');
      assert.match(response.json().error.message, /live books/);
      await assertNothingWritten(before);
      await assertNothingWritten(sandboxBefore);
      assert.equal(await countRows(harness, 'memberships', books.organizationId), memberships);
      assert.equal(await countRows(harness, 'memberships', books.sandboxId), 0);
    }
    const listed = ok(await call(harness, 'GET', '/api/v1/members', books.sandboxHeaders)).results;
    assert.deepEqual(
      listed.map((row: { email: string; role: string }) => [row.email, row.role]).sort(),
      [
        [books.email, 'owner'],
        [member.email, 'viewer'],
      ].sort(),
    );
    const me = ok(await call(harness, 'GET', '/api/v1/me', { authorization: `Bearer ${stranger.token}` }));
    assert.ok(
      !me.memberships.some(
        (row: { organization_id: string }) => row.organization_id === books.organizationId,
      ),
      'the stranger got no role on the live books',
    );
  });
});
