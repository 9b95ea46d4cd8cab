// D74: a ledger line matched to a bank transaction stays as it is: the entry holding it is reversed
// (a payment, bill payment or invoice voided, a journal entry reversed) only after the transaction
// is unmatched. Called with the entry already locked, so a match committing meanwhile is seen.
import { invalidState } from '../../domain/errors.ts';
import * as bank from '../../storage/stores/bank-transactions.ts';
import type { WriteScope } from '../changes.ts';

export async function assertEntryUnmatched(scope: WriteScope, entryId: string): Promise<void> {
  const [matched] = await bank.matchedToEntry(scope.tx, scope.actor.organization.id, entryId);
  if (matched === undefined) return;
  throw invalidState(
    `a line of this document's entry is matched to bank transaction ${matched}; unmatch it first (POST /api/v1/bank-transactions/${matched}/unmatch)`,
    { bank_transaction: matched },
  );
}
