// Reading a CSV answer in tests: an RFC 4180 parser written apart from the service's writer, so a
// test that parses the download checks the writer instead of repeating it.
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

/** Records of RFC 4180 text: CRLF record ends, quoted fields with doubled quotes. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  assert.equal(quoted, false, 'an unterminated quoted field');
  assert.equal(field + record.join(''), '', 'the last record ends with CRLF');
  return records;
}

/** The CSV of a 200 answer as objects keyed by its header row, after checking the CSV headers. */
export function csvOf(response: LightMyRequestResponse, filename: RegExp): Record<string, string>[] {
  assert.equal(response.statusCode, 200, response.body.slice(0, 500));
  assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
  assert.match(
    String(response.headers['content-disposition']),
    new RegExp(`^attachment; filename="${filename.source}"$`),
  );
  const [header, ...rows] = parseCsv(response.body);
  assert.ok(header, 'a header row');
  return rows.map((row) => {
    assert.equal(row.length, header.length, `a record of ${header.length} fields: ${row.join('|')}`);
    return Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']));
  });
}
