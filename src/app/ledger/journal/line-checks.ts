// Checks every write of journal lines runs in its transaction: the date and currency of the entry,
// each line's account, the tracking options. The rules are the domain's (src/domain/journal.ts);
// these read what the rules decide on.
import { isCalendarDate } from '../../../domain/dates.ts';
import { fieldError } from '../../../domain/errors.ts';
import { assertLineAccount, assertTrackingChoices, type JournalLine } from '../../../domain/journal.ts';
import * as accounts from '../../../storage/stores/accounts.ts';
import * as tracking from '../../../storage/stores/tracking.ts';
import type { WriteScope } from '../../changes.ts';
import { assertOpenPeriodDate } from '../../organizations/organizations.ts';

/** A calendar date in an open period. */
export function assertTxnDate(scope: WriteScope, date: string, path = 'txn_date') {
  if (!isCalendarDate(date)) throw fieldError(path, 'must be a calendar date YYYY-MM-DD');
  assertOpenPeriodDate(scope.actor.organization, date, path);
}

/** These books keep one currency. */
export function assertCurrency(scope: WriteScope, currency: string | undefined) {
  if (currency !== undefined && currency !== scope.actor.organization.currency) {
    throw fieldError('currency', `these books keep ${scope.actor.organization.currency} only`);
  }
}

/** A line's account, as read: it exists in these books, and the domain's line rule holds (`path`). */
export function assertLineAccountAt(account: accounts.AccountSummary | undefined, path: string): void {
  if (!account) throw fieldError(path, 'no such account in these books');
  assertLineAccount(
    {
      number: account.number,
      isActive: account.is_active,
      systemRole: account.system_role,
      detailType: account.detail_type,
    },
    path,
  );
}

/**
 * Every line's account must exist in these books, be active and not be kept by documents; tracking
 * options must exist. Returns the accounts by id, for a response that names them.
 */
export async function assertLineAccounts(
  scope: WriteScope,
  lines: JournalLine[],
  pathPrefix = 'lines',
): Promise<Map<string, accounts.AccountSummary>> {
  const found = await accounts.findMany(
    scope.tx,
    scope.actor.organization.id,
    lines.map((line) => line.accountId),
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  lines.forEach((line, index) => {
    assertLineAccountAt(byId.get(line.accountId), `${pathPrefix}/${index}/account`);
  });
  await assertTrackingOptions(scope, lines, pathPrefix);
  return byId;
}

/** Tracking options must exist, be active and name at most one option per category (D28). */
export async function assertTrackingOptions(
  scope: WriteScope,
  lines: Pick<JournalLine, 'trackingOptionIds'>[],
  pathPrefix: string,
) {
  const ids = [...new Set(lines.flatMap((line) => line.trackingOptionIds))];
  if (ids.length === 0) return;
  const found = await tracking.activeOptionCategories(scope.tx, scope.actor.organization.id, ids);
  assertTrackingChoices(lines, new Map(found.map((row) => [row.id, row.category_id])), pathPrefix);
}
