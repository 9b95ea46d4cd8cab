// Chart of accounts (D19): list, read, create, rename, deactivate. Balances come from the summary.
import { randomUUID } from 'node:crypto';
import { DOCUMENT_KEPT_DETAIL_TYPES } from '../../domain/account-use.ts';
import {
  ACCOUNT_TYPES,
  type AccountType,
  DETAIL_TYPES,
  defaultDetailType,
  isAllowedDetailType,
  isDebitNormal,
  SYSTEM_ROLES,
  type SystemAccount,
} from '../../domain/chart.ts';
import { DomainError, fieldError, notFound } from '../../domain/errors.ts';
import { formatMoney, parseMoney } from '../../domain/money.ts';
import type { Queryable } from '../../storage/db.ts';
import * as accounts from '../../storage/stores/accounts.ts';
import type { WriteScope } from '../changes.ts';
import type { Actor, Deps } from '../context.ts';
import { listOf, withLookup } from '../pagination.ts';
import { takenError, withUniqueGuard } from '../unique-values.ts';
import { assertVersion } from '../versions.ts';
import { recordStamps } from '../views.ts';

export type AccountRow = accounts.AccountRow;
type AccountTotals = accounts.AccountTotals;

/** Natural-sign balance: debit-normal accounts (assets, expenses) show debits minus credits. */
export function naturalBalance(type: AccountType, totals: AccountTotals | undefined): bigint {
  if (!totals) return 0n;
  const net = parseMoney(totals.debit) - parseMoney(totals.credit);
  return isDebitNormal(type) ? net : -net;
}

export function describeAccount(row: AccountRow, totals: AccountTotals | undefined) {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    type: row.type,
    detail_type: row.detail_type,
    currency: row.currency,
    description: row.description,
    is_active: row.is_active,
    is_system: row.is_system,
    system_role: row.system_role,
    balance: formatMoney(naturalBalance(row.type, totals)),
    ...recordStamps(row),
  };
}

export type AccountFilters = accounts.AccountFilters;

/** Accounts with their totals, read in one query. */
const describeAccounts = withLookup(accounts.totals, describeAccount);

export const listAccounts = listOf(accounts.list, (filters: AccountFilters) => filters, describeAccounts);

export async function readAccount(deps: Deps, actor: Actor, id: string) {
  const row = await accounts.find(deps.db, actor.organization.id, id);
  if (!row) throw notFound('account');
  return describeAccounts.one(deps.db, actor.organization.id, row);
}

/**
 * Finds an account the service posts to (Accounts Receivable, Undeposited Funds, ...) by its role
 * (D65), never by number: a renumbered or renamed one stays the one posted to.
 */
export async function systemAccountId(
  db: Queryable,
  organizationId: string,
  which: SystemAccount,
): Promise<string> {
  const id = await accounts.findByRole(db, organizationId, SYSTEM_ROLES[which]);
  if (!id) throw new DomainError('invalid_state', `the chart has no ${SYSTEM_ROLES[which]} account`);
  return id;
}

export interface CreateAccountCommand {
  number: string;
  name: string;
  type: string;
  detail_type?: string;
  description?: string;
  currency?: string;
}

function assertType(type: string): asserts type is AccountType {
  if (!(ACCOUNT_TYPES as string[]).includes(type))
    throw fieldError('type', `must be one of ${ACCOUNT_TYPES.join(', ')}`);
}

/** The detail type must be one of its type's (chart.ts DETAIL_TYPES); the message lists them. */
function assertDetailType(type: AccountType, detailType: string) {
  if (!isAllowedDetailType(type, detailType)) {
    throw fieldError('detail_type', `must be one of ${DETAIL_TYPES[type].join(', ')} for a ${type} account`);
  }
}

async function assertNumberFree(scope: WriteScope, number: string, exceptId?: string) {
  if (await accounts.isNumberTaken(scope.tx, scope.actor.organization.id, number, exceptId))
    throw numberTaken(number);
}

function numberTaken(number: string): DomainError {
  return takenError('number', `account number ${number} is taken`);
}

export async function createAccount(scope: WriteScope, command: CreateAccountCommand) {
  assertType(command.type);
  const detailType = command.detail_type ?? defaultDetailType(command.type);
  assertDetailType(command.type, detailType);
  const organization = scope.actor.organization;
  if (command.currency && command.currency !== organization.currency) {
    throw fieldError('currency', `these books keep ${organization.currency} only`);
  }
  await assertNumberFree(scope, command.number);
  const id = randomUUID();
  await withUniqueGuard(command.number, numberTaken, () =>
    accounts.insert(scope.tx, {
      id,
      organizationId: organization.id,
      number: command.number,
      name: command.name,
      type: command.type,
      detailType,
      currency: organization.currency,
      description: command.description ?? '',
    }),
  );
  scope.changed('account', id, 'created', 1);
  const row = (await accounts.find(scope.tx, organization.id, id))!;
  return describeAccount(row, undefined);
}

export interface UpdateAccountCommand {
  number?: string;
  name?: string;
  detail_type?: string;
  description?: string;
  is_active?: boolean;
  version?: number;
}

export async function updateAccount(
  scope: WriteScope,
  id: string,
  patch: UpdateAccountCommand,
  expectedVersion?: number,
) {
  const organizationId = scope.actor.organization.id;
  const current = await accounts.lockForUpdate(scope.tx, organizationId, id);
  if (!current) throw notFound('account');
  assertVersion(expectedVersion, current.version);
  if (patch.is_active === false && current.is_system) {
    throw new DomainError(
      'invalid_state',
      `account ${current.number} is used by the service and stays active`,
    );
  }
  if (patch.detail_type !== undefined && patch.detail_type !== current.detail_type) {
    if (current.system_role) {
      throw new DomainError(
        'invalid_state',
        `account ${current.number} is the service's ${current.system_role} account; its detail type stays ${current.detail_type}`,
        { system_role: current.system_role, fields: { detail_type: ['cannot change on a system account'] } },
      );
    }
    assertDetailType(current.type, patch.detail_type);
    // D84, D86: documents keep receivables, payables and inventory accounts; an account with a
    // history cannot move into (or out of) their keeping, or its balance would disagree with them.
    const kept = [current.detail_type, patch.detail_type].find((type) =>
      DOCUMENT_KEPT_DETAIL_TYPES.has(type),
    );
    if (kept && (await accounts.hasActivityOrItems(scope.tx, organizationId, id)))
      throw new DomainError(
        'invalid_state',
        `account ${current.number} has postings or items: its detail type cannot change to or from ${kept}`,
        { fields: { detail_type: [`cannot change to or from ${kept} once the account is used`] } },
      );
  }
  if (patch.number !== undefined && patch.number !== current.number)
    await assertNumberFree(scope, patch.number, id);
  const version = current.version + 1;
  await withUniqueGuard(patch.number, numberTaken, () =>
    accounts.update(scope.tx, organizationId, id, patch, version),
  );
  scope.changed('account', id, 'updated', version);
  const row = (await accounts.find(scope.tx, organizationId, id))!;
  const totals = await accounts.totals(scope.tx, organizationId, [id]);
  return describeAccount(row, totals.get(id));
}
