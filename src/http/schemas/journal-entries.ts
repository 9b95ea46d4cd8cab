// Journal entries (spec "Journal entry", D27): the response, request bodies, the page.
import { Type } from '@sinclair/typebox';
import {
  BATCH_ENTRIES_MAX,
  BATCH_LINES_MAX,
  LINES_PER_ENTRY_MAX,
  SOURCE_TYPES,
} from '../../domain/journal.ts';
import * as S from './common.ts';

export const ENTRY_STATUSES = ['draft', 'posted'] as const;

export const JournalEntry = S.Named('JournalEntry', {
  id: S.IdOutput,
  entry_number: S.OrNull(Type.String(), {
    description: 'JE-000001; allocated when the entry is posted, so drafts have none (numbers stay gapless).',
  }),
  txn_date: Type.String({ format: 'date' }),
  memo: Type.String(),
  status: S.Literals(ENTRY_STATUSES, { description: 'draft or posted' }),
  source_type: Type.String({
    description: 'manual, invoice, payment_received, invoice_void, payment_void, reversal, ...',
  }),
  source_id: S.OrNull(Type.String()),
  reverses_entry: S.OrNull(Type.String()),
  reversed_by_entry: S.OrNull(Type.String()),
  currency: Type.String(),
  total_debit: S.MoneyOutput(),
  total_credit: S.MoneyOutput(),
  lines: Type.Array(
    Type.Object({
      id: Type.String({
        format: 'uuid',
        description: 'The line (D74); a draft’s lines are new on each update.',
      }),
      account: Type.String(),
      account_number: Type.String(),
      account_name: Type.String(),
      description: Type.String(),
      debit: S.MoneyOutput(),
      credit: S.MoneyOutput(),
      tracking_options: Type.Array(Type.String()),
      bank_transaction: S.OrNull(
        Type.String({ format: 'uuid', description: 'The bank transaction this line is matched to (D74).' }),
      ),
    }),
  ),
  ...S.RecordStamps,
  posted_at: S.OrNull(Type.String()),
});

export const PageJournalEntry = S.Page(S.ref(JournalEntry), 'JournalEntry');

export const JournalEntryListQuery = Type.Object({
  ...S.CursorQuery,
  source_type: Type.Optional(S.Literals(SOURCE_TYPES)),
  source_id: Type.Optional(Type.String()),
  status: Type.Optional(S.Literals(ENTRY_STATUSES)),
  txn_date_from: Type.Optional(Type.String({ format: 'date' })),
  txn_date_to: Type.Optional(Type.String({ format: 'date' })),
});

const LineInput = Type.Object({
  account: Type.String({ description: 'Account id.' }),
  debit: Type.Optional(S.MoneyInput()),
  credit: Type.Optional(S.MoneyInput()),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  tracking_options: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
});
const Lines = Type.Array(LineInput, { maxItems: LINES_PER_ENTRY_MAX });
const Memo = Type.String({ maxLength: 2000 });

const EntryFields = {
  txn_date: Type.String({ description: 'YYYY-MM-DD, in an open period.' }),
  memo: Type.Optional(Memo),
  currency: Type.Optional(Type.String()),
  lines: Lines,
};

const PostFlag = (description: string) => Type.Optional(Type.Boolean({ default: false, description }));

export const JournalEntryCreate = S.Named('JournalEntryCreate', {
  ...EntryFields,
  post: PostFlag(
    'D58: true creates and posts the entry in one transaction (201, status posted, numbered); false or absent saves a draft.',
  ),
});

export const JournalEntryBatchCreate = S.Named('JournalEntryBatchCreate', {
  entries: Type.Array(Type.Object(EntryFields), {
    minItems: 1,
    maxItems: BATCH_ENTRIES_MAX,
    description: `1 to ${BATCH_ENTRIES_MAX} entries (at most ${BATCH_LINES_MAX} lines in all), written all or nothing.`,
  }),
  post: PostFlag(
    'true posts every entry, numbered consecutively in request order; false or absent saves drafts.',
  ),
});

export const JournalEntryBatch = Type.Object(
  { results: Type.Array(S.ref(JournalEntry), { description: 'The entries, in request order.' }) },
  { $id: 'JournalEntryBatch', title: 'JournalEntryBatch' },
);

export const JournalEntryUpdate = S.Named('JournalEntryUpdate', {
  txn_date: Type.Optional(Type.String()),
  memo: Type.Optional(Memo),
  lines: Type.Optional(Lines),
  ...S.VersionRead,
});

export const JournalEntryReverse = Type.Object(
  { txn_date: Type.Optional(Type.String()), version: Type.Optional(S.Version) },
  { $id: 'JournalEntryReverse', title: 'JournalEntryReverse' },
);
