// What the views of many records share, as http/schemas/common.ts's RecordStamps is what their
// schemas share: the last fields of a record that changes.

/** A record's version (D34) and when it was made and last changed. */
export function recordStamps(row: { version: number; created_at: string; updated_at: string }) {
  return { version: row.version, created_at: row.created_at, updated_at: row.updated_at };
}
