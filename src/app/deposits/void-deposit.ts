// POST /deposits/{id}/void (D88): the deposit's entry is reversed and its payments are undeposited.
import { assertDepositPosted } from '../../domain/deposit.ts';
import * as deposits from '../../storage/stores/deposits.ts';
import * as payments from '../../storage/stores/payments.ts';
import type { WriteScope } from '../changes.ts';
import { lockDocument } from '../documents/documents.ts';
import { reverseDocumentEntry } from '../ledger/journal-entries.ts';
import { assertOpenPeriodDate } from '../organizations/organizations.ts';
import { PAYMENT_ENTITY } from '../payments/payments-received.ts';
import { DEPOSIT_ENTITY, type DepositView, readDeposit } from './read-deposits.ts';

/**
 * POST /deposits/{id}/void: the deposit's entry is reversed on the deposit's own date (as a payment's
 * void: refused in a closed period), and its payments are undeposited again (back in Undeposited Funds,
 * free for another deposit or a void). The deposit is locked first, then its payments in id order,
 * then the entry (as every posting does).
 */
export async function voidDeposit(
  scope: WriteScope,
  id: string,
  expectedVersion: number | undefined,
): Promise<DepositView> {
  const organization = scope.actor.organization;
  const row = await lockDocument(
    () => deposits.lock(scope.tx, organization.id, id),
    'deposit',
    expectedVersion,
    (deposit) => assertDepositPosted(deposit, 'voided'),
  );
  assertOpenPeriodDate(organization, row.deposit_date, 'date');
  const lines = (await deposits.paymentsOf(scope.tx, organization.id, [row.id])).get(row.id) ?? [];
  const locked = await payments.lockForDeposit(
    scope.tx,
    organization.id,
    lines.map((line) => line.payment_id),
  );
  for (const payment of locked) {
    if (payment.deposit_id !== row.id)
      throw new Error(
        `payment ${payment.number} of deposit ${row.number} names deposit ${payment.deposit_id}`,
      );
  }
  const voidEntryId = await reverseDocumentEntry(scope, row.journal_entry_id, {
    txnDate: row.deposit_date,
    memo: `Void of deposit ${row.number}`,
    sourceType: 'deposit_void',
    sourceId: row.id,
  });
  const version = row.version + 1;
  await deposits.markVoid(scope.tx, { organizationId: organization.id, id: row.id, voidEntryId, version });
  const moved = locked.map((payment) => ({ id: payment.id, version: payment.version + 1 }));
  await payments.setDeposit(scope.tx, organization.id, null, moved);
  for (const payment of moved) scope.changed(PAYMENT_ENTITY, payment.id, 'updated', payment.version);
  scope.changed(DEPOSIT_ENTITY, row.id, 'updated', version);
  return readDeposit(scope.tx, scope.actor, row.id);
}
