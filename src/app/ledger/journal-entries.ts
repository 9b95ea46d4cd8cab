// Journal entries (spec "Journal entry", D21, D27): the module's public face. Each use case is a file
// of src/app/ledger/journal/ (create, update, delete and post a draft; reverse; read), the posting
// primitive every document calls is journal/post-ledger-entry.ts, the rules are src/domain/journal.ts
// and the SQL is src/storage/stores/journal.ts. Posted entries are never changed (append-only).
export { MANUAL_SOURCE_TYPES, SOURCE_TYPES } from '../../domain/journal.ts';
export {
  type CreateEntryCommand,
  createEntry,
  createEntryBatch,
  type EntryBatchCommand,
} from './journal/create-entries.ts';
export { deleteDraftEntry } from './journal/delete-draft.ts';
export { ENTITY, type JournalEntryView } from './journal/entry-view.ts';
export { assertLineAccounts, assertTrackingOptions } from './journal/line-checks.ts';
export { postDraftEntry } from './journal/post-draft.ts';
export { type LedgerPosting, postLedgerEntry, reverseDocumentEntry } from './journal/post-ledger-entry.ts';
export { type EntryFilters, listEntries, readEntry } from './journal/read-entries.ts';
export { reverseEntry } from './journal/reverse-entry.ts';
export { type UpdateEntryCommand, updateDraftEntry } from './journal/update-draft.ts';
