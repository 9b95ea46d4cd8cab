// Moved to src/storage/sql.ts (SQL lives in the stores, issue 8); re-exported until every importer
// reads it from there.
export { isoTimestamp, isUuid, UUID_REGEX } from '../../storage/sql.ts';
