// Tax groups (D28): a named combination of tax rates (state + county + city). combined_rate is the
// sum of its rates, derived on every read; a rate's change does not bump the group's version (D33).
import { randomUUID } from 'node:crypto';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney, sumMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import type { GroupRate, TaxGroupRow } from '../../storage/stores/tax.ts';
import * as tax from '../../storage/stores/tax.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { listByActivity, withChildren } from '../pagination.ts';
import { lockerOf, versionedDeactivate, versionedUpdate } from '../versions.ts';
import { recordStamps } from '../views.ts';

export const RATES_PER_GROUP_MAX = 10;

function findTaxGroup(db: Queryable, organizationId: string, id: string, lock = false) {
  return tax.findGroup(db, organizationId, id, lock ? 'update' : 'none');
}

function describeTaxGroup(row: TaxGroupRow, rates: GroupRate[]) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tax_rates: rates.map((rate) => rate.id),
    combined_rate: formatMoney(sumMoney(rates.map((rate) => parseMoney(rate.rate)))),
    is_active: row.is_active,
    ...recordStamps(row),
  };
}

/** Groups with their rates, read in one query. */
const describeTaxGroups = withChildren(tax.ratesOfGroups, describeTaxGroup);

const describeOne = describeTaxGroups.one;

/** The tax group a write changes, locked, at the version the writer named (404, 412 otherwise). */
const lockTaxGroup = lockerOf(tax.findGroup, 'tax group');

// ---- rules -------------------------------------------------------------------------------------

/**
 * Every id must be an active rate of these books. The rates are share-locked, so a concurrent
 * deactivation of one of them waits for this write and then sees the group that uses it.
 */
async function assertActiveRates(scope: WriteScope, rateIds: string[]) {
  const active = await tax.lockActiveRates(scope.tx, scope.actor.organization.id, rateIds);
  rateIds.forEach((id, index) => {
    if (!active.has(id)) throw fieldError(`tax_rates/${index}`, 'no such active tax rate in these books');
  });
}

// ---- reads -------------------------------------------------------------------------------------

export const listTaxGroups = listByActivity(tax.listGroups, describeTaxGroups);

export async function readTaxGroup(deps: Deps, actor: Actor, id: string) {
  const row = await findTaxGroup(deps.db, actor.organization.id, id);
  if (!row) throw notFound('tax group');
  return describeOne(deps.db, actor.organization.id, row);
}

// ---- writes ------------------------------------------------------------------------------------

export interface CreateTaxGroupCommand {
  name: string;
  tax_rates: string[];
  description?: string;
}

export async function createTaxGroup(scope: WriteScope, command: CreateTaxGroupCommand) {
  const organizationId = scope.actor.organization.id;
  await assertActiveRates(scope, command.tax_rates);
  const id = randomUUID();
  await tax.insertGroup(scope.tx, {
    id,
    organizationId,
    name: command.name.trim(),
    description: command.description ?? '',
  });
  await tax.replaceGroupRates(scope.tx, organizationId, id, command.tax_rates);
  scope.changed('tax_group', id, 'created', 1);
  return describeOne(scope.tx, organizationId, (await findTaxGroup(scope.tx, organizationId, id))!);
}

export interface UpdateTaxGroupCommand {
  name?: string;
  tax_rates?: string[];
  description?: string;
  is_active?: boolean;
}

/**
 * The group's rates under the patch: `tax_rates` replaces them (each must be active); reactivating
 * the group without new rates needs all of its current rates active.
 */
async function settleRates(scope: WriteScope, current: TaxGroupRow, patch: UpdateTaxGroupCommand) {
  const organizationId = scope.actor.organization.id;
  const id = current.id;
  if (patch.tax_rates !== undefined) {
    await assertActiveRates(scope, patch.tax_rates);
    await tax.replaceGroupRates(scope.tx, organizationId, id, patch.tax_rates);
  } else if (patch.is_active === true && !current.is_active) {
    const rates = (await tax.ratesOfGroups(scope.tx, organizationId, [id])).get(id) ?? [];
    try {
      await assertActiveRates(
        scope,
        rates.map((rate) => rate.id),
      );
    } catch {
      throw new DomainError(
        'invalid_state',
        'the group includes an inactive tax rate; send tax_rates with active rates to reactivate it',
      );
    }
  }
}

/** Sparse update; `tax_rates` replaces the whole list. Reactivation needs all its rates active. */
export const updateTaxGroup = versionedUpdate(
  lockTaxGroup,
  async (scope, current, patch: UpdateTaxGroupCommand, version) => {
    const organizationId = scope.actor.organization.id;
    const id = current.id;
    await settleRates(scope, current, patch);
    await tax.updateGroup(
      scope.tx,
      organizationId,
      id,
      {
        name: patch.name?.trim() ?? null,
        description: patch.description ?? null,
        isActive: patch.is_active ?? null,
      },
      version,
    );
    scope.changed('tax_group', id, 'updated', version);
    return describeOne(scope.tx, organizationId, (await findTaxGroup(scope.tx, organizationId, id))!);
  },
);

/** Deactivating an inactive group changes nothing: same version, no change record. */
export const deactivateTaxGroup = versionedDeactivate(
  lockTaxGroup,
  (scope, current) => describeOne(scope.tx, scope.actor.organization.id, current),
  updateTaxGroup,
);
