// Published: journal entries (spec "Journal entry", D27).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import {
  createEntry,
  createEntryBatch,
  deleteDraftEntry,
  listEntries,
  postDraftEntry,
  readEntry,
  reverseEntry,
  updateDraftEntry,
} from '../../app/ledger/journal-entries.ts';
import { namedRoutes } from '../named-routes.ts';
import { IdParams } from '../schemas/common.ts';
import {
  JournalEntry,
  JournalEntryBatch,
  JournalEntryBatchCreate,
  JournalEntryCreate,
  JournalEntryListQuery,
  JournalEntryReverse,
  JournalEntryUpdate,
  PageJournalEntry,
} from '../schemas/journal-entries.ts';

export function registerJournalEntryRoutes(app: FastifyInstance, deps: Deps) {
  const entries = namedRoutes(app, deps, {
    noun: 'journal entry',
    plural: 'journal entries',
    area: 'journal',
    schema: JournalEntry,
  });
  entries.list({ querystring: JournalEntryListQuery, page: PageJournalEntry, list: listEntries });
  entries.read((actor, id) => readEntry(deps.db, actor.organization.id, id));
  entries.create({
    summary: 'Create a balanced entry: a draft, or posted at once with post: true',
    body: JournalEntryCreate,
    create: createEntry,
  });

  entries.post({
    url: '/api/v1/journal-entries/batch',
    operationId: 'createJournalEntryBatch',
    summary: 'Create 1 to 1000 entries in one transaction, all or nothing (D59)',
    description:
      'One Idempotency-Key covers the whole batch. With post: true every entry is posted and numbered consecutively in request order. A refusal writes nothing and points into the batch (entries/17/lines/0/debit).',
    body: JournalEntryBatchCreate,
    // 1000 entries with 20,000 lines in all, with descriptions, pass the service-wide 1 MiB.
    bodyLimit: 8 * 1024 * 1024,
    response: { 201: JournalEntryBatch },
    write: (scope, request) => createEntryBatch(scope, request.body),
  });
  entries.update({
    summary: 'Change a draft entry (sparse); posted entries answer 409 immutable_entry',
    body: JournalEntryUpdate,
    update: updateDraftEntry,
  });

  entries.remove({
    summary: 'Delete a draft entry; posted entries answer 409 immutable_entry',
    remove: deleteDraftEntry,
  });

  entries.act('post', { summary: 'Post a draft entry to the ledger', act: postDraftEntry });

  entries.post({
    url: '/api/v1/journal-entries/:id/reverse',
    operationId: 'reverseJournalEntry',
    summary: 'Post a reversing entry linked to a posted entry',
    params: IdParams,
    body: JournalEntryReverse,
    response: { 201: JournalEntry },
    write: (scope, request, version) =>
      reverseEntry(scope, request.params.id, request.body.txn_date, version),
  });
}
