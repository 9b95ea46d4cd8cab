// The change feed from a test's side: take a cursor now, read what was written since.
import assert from 'node:assert/strict';
import type { ChangeBody } from './bodies.ts';
import { call, type Harness, type Headers } from './harness.ts';

export type Change = ChangeBody;

/** The feed's "from here" cursor; the changes written after it are read with `changesSince`. */
export async function feedCursor(harness: Harness, headers: Headers): Promise<string> {
  const response = await call(harness, 'GET', '/api/v1/changes', headers);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().cursor;
}

/** The changes after `cursor`, of the comma-separated `types` (every type when omitted). */
export async function changesSince(
  harness: Harness,
  headers: Headers,
  cursor: string,
  types?: string,
): Promise<Change[]> {
  const filter = types === undefined ? '' : `&entity_types=${types}`;
  const response = await call(harness, 'GET', `/api/v1/changes?cursor=${cursor}${filter}`, headers);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().changes;
}

/** Each change as `[entity_type, entity_id, operation, entity_version]`, for one deepEqual. */
export function changeTuples(changes: Change[]) {
  return changes.map((c) => [c.entity_type, c.entity_id, c.operation, c.entity_version]);
}
