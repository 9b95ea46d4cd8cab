// Ledger fixtures: accounts and journal entries through their HTTP routes.
import assert from 'node:assert/strict';
import type { AccountBody, JournalEntryBody, TrackingOptionBody } from './bodies.ts';
import { type Books, call, type Harness, type Headers, today } from './harness.ts';

export interface EntryLine {
  account: string | undefined;
  debit?: string;
  credit?: string;
  tracking_options?: string[];
}

/** A draft body of `lines` on `txnDate`, without a memo. */
export function entryOf(txnDate: string, lines: EntryLine[]) {
  return { txn_date: txnDate, lines };
}

/** A balanced draft body: `debit` to 1000 Cash against `credit` (the same by default) to 3000 Owner's Equity. */
export function balancedEntry(
  books: Books,
  debit = '100.00',
  credit = debit,
  extra: Record<string, unknown> = {},
) {
  return {
    txn_date: today,
    memo: 'Owner investment',
    lines: [
      { account: books.accounts['1000'], debit },
      { account: books.accounts['3000'], credit },
    ],
    ...extra,
  };
}

/** Creates a draft entry from `body` (201) and returns it. */
export async function createDraft(
  harness: Harness,
  headers: Headers,
  body: unknown,
): Promise<JournalEntryBody> {
  const draft = await call(harness, 'POST', '/api/v1/journal-entries', headers, body);
  assert.equal(draft.statusCode, 201, draft.body);
  return draft.json();
}

/** Creates a draft entry from `body` and posts it (201, then 200); returns the posted entry. */
export async function postEntry(
  harness: Harness,
  headers: Headers,
  body: unknown,
): Promise<JournalEntryBody> {
  const draft = await createDraft(harness, headers, body);
  const posted = await call(harness, 'POST', `/api/v1/journal-entries/${draft.id}/post`, headers);
  assert.equal(posted.statusCode, 200, posted.body);
  return posted.json();
}

/** Creates an account (201): an expense account named after its number unless `body` says otherwise. */
export async function createAccount(
  harness: Harness,
  headers: Headers,
  body: Record<string, unknown> = {},
): Promise<AccountBody> {
  const number = (body.number as string | undefined) ?? `1${Math.floor(Math.random() * 1e6)}`;
  const response = await call(harness, 'POST', '/api/v1/accounts', headers, {
    number,
    name: `Account ${number}`,
    type: 'expense',
    ...body,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

/** Two tracking categories of `books`, Region (East, West) and Project (Alpha); returns the three options. */
export async function trackingOptions(
  harness: Harness,
  books: Books,
): Promise<Record<'east' | 'west' | 'alpha', TrackingOptionBody>> {
  const create = async (url: string, body: Record<string, string>) => {
    const response = await call(harness, 'POST', url, books.headers, body);
    assert.equal(response.statusCode, 201, response.body);
    return response.json();
  };
  const region = await create('/api/v1/tracking-categories', { name: 'Region' });
  const project = await create('/api/v1/tracking-categories', { name: 'Project' });
  return {
    east: await create('/api/v1/tracking-options', { category: region.id, name: 'East' }),
    west: await create('/api/v1/tracking-options', { category: region.id, name: 'West' }),
    alpha: await create('/api/v1/tracking-options', { category: project.id, name: 'Alpha' }),
  };
}
