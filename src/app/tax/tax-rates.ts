// Tax rates (D28): a named percentage and the liability account its tax is credited to (default 2200).
import { randomUUID } from 'node:crypto';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { TaxRateRow } from '../../storage/stores/tax.ts';
import * as tax from '../../storage/stores/tax.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { ACCOUNT_USES, assertAccountUses } from '../documents/documents.ts';
import { systemAccountId } from '../ledger/accounts.ts';
import { listByActivity } from '../pagination.ts';
import { lockerOf, versionedDeactivate, versionedUpdate } from '../versions.ts';
import { recordStamps } from '../views.ts';

/** Percentages are held like money: bigint at scale 4, so "8.25" is 82500n and 100% is 1_000_000n. */
const PERCENT_MAX = parseMoney('100');

/** The rate, or undefined (a malformed id included); `lock` holds it to commit. */
export function findTaxRate(db: Queryable, organizationId: string, id: string, lock = false) {
  return tax.findRate(db, organizationId, id, lock ? 'update' : 'none');
}

export function describeTaxRate(row: TaxRateRow) {
  return {
    id: row.id,
    name: row.name,
    rate: formatMoney(parseMoney(row.rate)),
    liability_account: row.liability_account_id,
    liability_account_number: row.liability_account_number,
    description: row.description,
    is_active: row.is_active,
    ...recordStamps(row),
  };
}

/** The tax rate a write changes, locked, at the version the writer named (404, 412 otherwise). */
const lockTaxRate = lockerOf(tax.findRate, 'tax rate');

// ---- rules -------------------------------------------------------------------------------------

/** A percentage from 0 to 100 with up to four decimals; the schema has checked the digits. */
export function parsePercent(text: string, path = 'rate'): bigint {
  const percent = parseMoney(text);
  if (percent < 0n || percent > PERCENT_MAX) throw fieldError(path, 'must be a percentage from 0 to 100');
  return percent;
}

/** D28, D84: the account tax is posted to: an active liability (or recoverable-tax asset) no document keeps. */
function assertTaxAccount(scope: WriteScope, accountId: string) {
  return assertAccountUses(scope.tx, scope.actor.organization.id, [
    { id: accountId, path: 'liability_account', rule: ACCOUNT_USES.taxAccount },
  ]);
}

// ---- reads -------------------------------------------------------------------------------------

export const listTaxRates = listByActivity(tax.listRates, (_db, _organizationId, rows) =>
  rows.map(describeTaxRate),
);

export async function readTaxRate(deps: Deps, actor: Actor, id: string) {
  const row = await findTaxRate(deps.db, actor.organization.id, id);
  if (!row) throw notFound('tax rate');
  return describeTaxRate(row);
}

// ---- writes ------------------------------------------------------------------------------------

export interface CreateTaxRateCommand {
  name: string;
  rate: string;
  liability_account?: string;
  description?: string;
}

export async function createTaxRate(scope: WriteScope, command: CreateTaxRateCommand) {
  const organizationId = scope.actor.organization.id;
  const percent = parsePercent(command.rate);
  const accountId =
    command.liability_account ?? (await systemAccountId(scope.tx, organizationId, 'salesTaxPayable'));
  await assertTaxAccount(scope, accountId);
  const id = randomUUID();
  await tax.insertRate(scope.tx, {
    id,
    organizationId,
    name: command.name.trim(),
    rate: formatMoney(percent),
    liabilityAccountId: accountId,
    description: command.description ?? '',
  });
  scope.changed('tax_rate', id, 'created', 1);
  return describeTaxRate((await findTaxRate(scope.tx, organizationId, id))!);
}

export interface UpdateTaxRateCommand {
  name?: string;
  rate?: string;
  liability_account?: string;
  description?: string;
  is_active?: boolean;
}

/**
 * Sparse update. A new `rate` applies to amounts computed from now on; tax already computed on
 * invoices is stored with their lines and does not move.
 */
export const updateTaxRate = versionedUpdate(
  lockTaxRate,
  async (scope, current, patch: UpdateTaxRateCommand, version) => {
    const organizationId = scope.actor.organization.id;
    const id = current.id;
    const percent = patch.rate === undefined ? null : formatMoney(parsePercent(patch.rate));
    if (patch.liability_account !== undefined) await assertTaxAccount(scope, patch.liability_account);
    if (patch.is_active === false && current.is_active) {
      const groups = await tax.activeGroupsUsingRate(scope.tx, organizationId, id);
      if (groups.length > 0) {
        throw new DomainError(
          'invalid_state',
          'the rate belongs to active tax groups; remove it from them or deactivate them first',
          { tax_groups: groups },
        );
      }
    }
    await tax.updateRate(
      scope.tx,
      organizationId,
      id,
      {
        name: patch.name?.trim() ?? null,
        rate: percent,
        liabilityAccountId: patch.liability_account ?? null,
        description: patch.description ?? null,
        isActive: patch.is_active ?? null,
      },
      version,
    );
    scope.changed('tax_rate', id, 'updated', version);
    return describeTaxRate((await findTaxRate(scope.tx, organizationId, id))!);
  },
);

/** Deactivating an inactive rate changes nothing: same version, no change record. */
export const deactivateTaxRate = versionedDeactivate(
  lockTaxRate,
  (_scope, current) => describeTaxRate(current),
  updateTaxRate,
);
