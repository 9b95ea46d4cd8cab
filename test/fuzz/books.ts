// The last property of a run: the invariant checker (D69) finds nothing wrong with the books the
// fuzzer drove, live and sandbox.
import { checkBooks as runChecker, type Violation } from '../../src/app/check/check-books.ts';
import type { Queryable } from '../../src/storage/db.ts';
import type { Failure } from './run.ts';

export async function checkBooks(db: Queryable, organizationIds: string[]): Promise<Failure | undefined> {
  const violations: Violation[] = [];
  for (const organizationId of organizationIds) {
    violations.push(...(await runChecker(db, { organizationId })).violations);
  }
  if (violations.length === 0) return undefined;
  return {
    signature: 'books_check',
    property: 'books_check',
    message: violations
      .map(
        (violation) =>
          `${violation.invariant}: ${violation.message} ${JSON.stringify(violation.detail ?? {})}`,
      )
      .join('\n'),
    counterexample: '(the whole run)',
    wire: { method: '', url: '' },
    seed: 0,
    repeats: 0,
  };
}
