// Breaking books on purpose, for the tests of `folio check`: statements run with triggers (and so the
// ledger's immutability and foreign keys) off, then the check must name the break and, once repaired,
// find the books clean again.
import assert from 'node:assert/strict';
import { checkBooks, type Violation } from '../../src/app/check/check-books.ts';
import type { SqlParam } from '../../src/storage/db.ts';
import { allowMultiShard } from '../../src/storage/sql.ts';
import type { Harness } from './harness.ts';

export type Statements = [string, SqlParam[]][];

export const violationsOf = async (harness: Harness, organizationId: string): Promise<Violation[]> =>
  (await checkBooks(harness.db, { organizationId })).violations;

/**
 * session_replication_role = replica works the same on PGlite and PostgreSQL (superuser). On Citus the
 * setting is carried to the workers (citus.propagate_set_commands), where the shards' triggers fire,
 * and the break may name a row by id alone: a multi-shard statement, the test's own.
 */
export async function tamper(harness: Harness, statements: Statements): Promise<void> {
  await harness.db.transaction(async (tx) => {
    await allowMultiShard(tx);
    await tx.query("SELECT set_config('citus.propagate_set_commands', 'local', true)");
    await tx.query('SET LOCAL session_replication_role = replica');
    for (const [sql, params] of statements) await tx.query(sql, params);
  });
}

/** Clean books, broken by `breakIt`: the violations found, then `repair` must leave them clean. */
export async function brokenThenRepaired(
  harness: Harness,
  organizationId: string,
  breakIt: Statements,
  repair: Statements,
): Promise<Violation[]> {
  assert.deepEqual(await violationsOf(harness, organizationId), [], 'clean before the break');
  await tamper(harness, breakIt);
  try {
    return await violationsOf(harness, organizationId);
  } finally {
    await tamper(harness, repair);
    assert.deepEqual(await violationsOf(harness, organizationId), [], 'the repair restores clean books');
  }
}
