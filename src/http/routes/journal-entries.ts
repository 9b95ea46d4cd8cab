// Published: journal entries (spec "Journal entry", D27).
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import {
  createDraftEntry,
  deleteDraftEntry,
  listEntries,
  postDraftEntry,
  readEntry,
  reverseEntry,
  updateDraftEntry,
} from '../../app/ledger/journal-entries.ts';
import { action, actorOf, defineRoute, withEtag } from '../route.ts';
import { ActionRequest, IdParams, NoContent } from '../schemas/common.ts';
import {
  JournalEntry,
  JournalEntryCreate,
  JournalEntryListQuery,
  JournalEntryReverse,
  JournalEntryUpdate,
  PageJournalEntry,
} from '../schemas/journal-entries.ts';
import { listing } from './paging.ts';

export function registerJournalEntryRoutes(app: FastifyInstance, deps: Deps) {
  const base = { tag: 'journal entries', published: true, auth: 'organization' } as const;
  const write = { ...base, permission: 'journal:write' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/journal-entries',
    operationId: 'listJournalEntries',
    summary: 'List journal entries',
    permission: 'journal:read',
    querystring: JournalEntryListQuery,
    response: { 200: PageJournalEntry },
    handler: listing(deps, listEntries),
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/journal-entries/:id',
    operationId: 'readJournalEntry',
    summary: 'Read a journal entry',
    permission: 'journal:read',
    params: IdParams,
    response: { 200: JournalEntry },
    handler: async (request, reply) =>
      withEtag(reply, await readEntry(deps.db, actorOf(request).organization.id, request.params.id)),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/journal-entries',
    operationId: 'createJournalEntry',
    summary: 'Create a balanced draft entry',
    body: JournalEntryCreate,
    response: { 201: JournalEntry },
    write: (scope, request) => createDraftEntry(scope, request.body),
  });

  action(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/journal-entries/:id',
    operationId: 'updateJournalEntry',
    summary: 'Change a draft entry (sparse); posted entries answer 409 immutable_entry',
    params: IdParams,
    body: JournalEntryUpdate,
    response: { 200: JournalEntry },
    write: (scope, request, version) => updateDraftEntry(scope, request.params.id, request.body, version),
  });

  action(app, deps, {
    ...write,
    method: 'DELETE',
    url: '/api/v1/journal-entries/:id',
    operationId: 'deleteJournalEntry',
    summary: 'Delete a draft entry; posted entries answer 409 immutable_entry',
    params: IdParams,
    response: { 204: NoContent },
    write: async (scope, request, version) => {
      await deleteDraftEntry(scope, request.params.id, version);
      return null;
    },
  });

  action(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/journal-entries/:id/post',
    operationId: 'postJournalEntry',
    summary: 'Post a draft entry to the ledger',
    params: IdParams,
    body: ActionRequest,
    response: { 200: JournalEntry },
    write: (scope, request, version) => postDraftEntry(scope, request.params.id, version),
  });

  action(app, deps, {
    ...write,
    method: 'POST',
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
