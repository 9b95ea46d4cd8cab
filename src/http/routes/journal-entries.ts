// Published: journal entries (spec "Journal entry", D27).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../app/context.ts';
import {
  createDraftEntry,
  deleteDraftEntry,
  listEntries,
  postDraftEntry,
  readEntry,
  reverseEntry,
  SOURCE_TYPES,
  updateDraftEntry,
} from '../../app/ledger/journal-entries.ts';
import { decodeCursor } from '../../app/pagination.ts';
import { LINES_PER_ENTRY_MAX } from '../../domain/journal.ts';
import { actorOf, defineRoute, expectedVersion, respondWrite, withEtag } from '../route.ts';
import { CursorQuery, IdParams, MoneyInput, MoneyOutput, Page, Version } from '../schemas/common.ts';
import { pageBody } from './paging.ts';

const LineInput = Type.Object({
  account: Type.String({ description: 'Account id.' }),
  debit: Type.Optional(MoneyInput()),
  credit: Type.Optional(MoneyInput()),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  tracking_options: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
});
const Lines = Type.Array(LineInput, { maxItems: LINES_PER_ENTRY_MAX });

export const JournalEntry = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    entry_number: Type.Union([Type.String(), Type.Null()], {
      description:
        'JE-000001; allocated when the entry is posted, so drafts have none (numbers stay gapless).',
    }),
    txn_date: Type.String({ format: 'date' }),
    memo: Type.String(),
    status: Type.String({ description: 'draft or posted' }),
    source_type: Type.String({
      description: 'manual, invoice, payment_received, invoice_void, reversal, ...',
    }),
    source_id: Type.Union([Type.String(), Type.Null()]),
    reverses_entry: Type.Union([Type.String(), Type.Null()]),
    reversed_by_entry: Type.Union([Type.String(), Type.Null()]),
    currency: Type.String(),
    total_debit: MoneyOutput(),
    total_credit: MoneyOutput(),
    lines: Type.Array(
      Type.Object({
        account: Type.String(),
        account_number: Type.String(),
        account_name: Type.String(),
        description: Type.String(),
        debit: MoneyOutput(),
        credit: MoneyOutput(),
        tracking_options: Type.Array(Type.String()),
      }),
    ),
    version: Type.Integer(),
    created_at: Type.String(),
    updated_at: Type.String(),
    posted_at: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'JournalEntry', title: 'JournalEntry' },
);
const EntryRef = Type.Ref('JournalEntry');

export function registerJournalEntryRoutes(app: FastifyInstance, deps: Deps) {
  app.addSchema(JournalEntry);
  const base = { tag: 'journal entries', published: true, auth: 'organization' } as const;
  const write = { ...base, permission: 'journal:write' } as const;

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/journal-entries',
    summary: 'List journal entries',
    permission: 'journal:read',
    querystring: Type.Object({
      ...CursorQuery,
      source_type: Type.Optional(Type.Union(SOURCE_TYPES.map((type) => Type.Literal(type)))),
      source_id: Type.Optional(Type.String()),
      status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('posted')])),
      txn_date_from: Type.Optional(Type.String({ format: 'date' })),
      txn_date_to: Type.Optional(Type.String({ format: 'date' })),
    }),
    response: { 200: Page(EntryRef) },
    handler: async (request) => {
      const actor = actorOf(request);
      const page = await listEntries(
        deps,
        actor,
        decodeCursor(actor.organization.id, request.query.cursor),
        request.query,
      );
      return pageBody(deps, request, page);
    },
  });

  defineRoute(app, deps, {
    ...base,
    method: 'GET',
    url: '/api/v1/journal-entries/:id',
    summary: 'Read a journal entry',
    permission: 'journal:read',
    params: IdParams,
    response: { 200: EntryRef },
    handler: async (request, reply) =>
      withEtag(reply, await readEntry(deps.db, actorOf(request).organization.id, request.params.id)),
  });

  defineRoute(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/journal-entries',
    summary: 'Create a balanced draft entry',
    body: Type.Object({
      txn_date: Type.String({ description: 'YYYY-MM-DD, in an open period.' }),
      memo: Type.Optional(Type.String({ maxLength: 2000 })),
      currency: Type.Optional(Type.String()),
      lines: Lines,
    }),
    response: { 201: EntryRef },
    handler: async (request, reply) =>
      respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await createDraftEntry(scope, request.body),
      })),
  });

  defineRoute(app, deps, {
    ...write,
    method: 'PATCH',
    url: '/api/v1/journal-entries/:id',
    summary: 'Change a draft entry (sparse); posted entries answer 409 immutable_entry',
    params: IdParams,
    body: Type.Object({
      txn_date: Type.Optional(Type.String()),
      memo: Type.Optional(Type.String({ maxLength: 2000 })),
      lines: Type.Optional(Lines),
      version: Type.Optional(Version),
    }),
    response: { 200: EntryRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await updateDraftEntry(scope, request.params.id, request.body, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...write,
    method: 'DELETE',
    url: '/api/v1/journal-entries/:id',
    summary: 'Delete a draft entry; posted entries answer 409 immutable_entry',
    params: IdParams,
    response: { 204: Type.Null() },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      await respondWrite(deps, request, reply, async (scope) => {
        await deleteDraftEntry(scope, request.params.id, version);
        return { status: 204, body: null };
      });
    },
  });

  defineRoute(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/journal-entries/:id/post',
    summary: 'Post a draft entry to the ledger',
    params: IdParams,
    body: Type.Optional(Type.Object({ version: Type.Optional(Version) })),
    response: { 200: EntryRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 200,
        body: await postDraftEntry(scope, request.params.id, version),
      }));
    },
  });

  defineRoute(app, deps, {
    ...write,
    method: 'POST',
    url: '/api/v1/journal-entries/:id/reverse',
    summary: 'Post a reversing entry linked to a posted entry',
    params: IdParams,
    body: Type.Optional(
      Type.Object({ txn_date: Type.Optional(Type.String()), version: Type.Optional(Version) }),
    ),
    response: { 201: EntryRef },
    handler: async (request, reply) => {
      const version = expectedVersion(request);
      return respondWrite(deps, request, reply, async (scope) => ({
        status: 201,
        body: await reverseEntry(scope, request.params.id, request.body?.txn_date, version),
      }));
    },
  });
}
