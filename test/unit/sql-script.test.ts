// The migration runner's statement split (src/storage/sql-script.ts), used on distributed Citus
// books: every statement once, in order, with quotes, dollar-quoted bodies and comments left whole.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { splitStatements } from '../../src/storage/sql-script.ts';

describe('splitting a migration script into statements', () => {
  test('splits on semicolons outside strings, identifiers, dollar quotes and comments', () => {
    const script = `-- a comment; not a statement
CREATE TABLE "odd;name" (a text DEFAULT 'x;y', b text DEFAULT 'it''s; fine');
/* block; comment */
DO $$ BEGIN PERFORM 1; PERFORM 2; END $$;
CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $body$ LANGUAGE sql;
SELECT $1::text
`;
    assert.deepEqual(splitStatements(script), [
      `-- a comment; not a statement
CREATE TABLE "odd;name" (a text DEFAULT 'x;y', b text DEFAULT 'it''s; fine')`,
      `/* block; comment */
DO $$ BEGIN PERFORM 1; PERFORM 2; END $$`,
      'CREATE FUNCTION f() RETURNS int AS $body$ SELECT 1; $body$ LANGUAGE sql',
      'SELECT $1::text',
    ]);
  });

  test('drops empty and comment-only pieces', () => {
    assert.deepEqual(splitStatements(';;\n-- only a comment;\n  ;'), []);
  });

  test('every migration splits into statements whose dollar quotes and parentheses balance', async () => {
    const dir = fileURLToPath(new URL('../../src/storage/migrations/', import.meta.url));
    for (const file of (await readdir(dir)).filter((name) => name.endsWith('.sql'))) {
      const statements = splitStatements(await readFile(dir + file, 'utf8'));
      assert.ok(statements.length > 0, file);
      for (const statement of statements) {
        const code = statement.replace(/--[^\n]*/g, '').replace(/'(?:[^']|'')*'/g, "''");
        assert.equal((code.match(/\$\$/g) ?? []).length % 2, 0, `${file}: ${statement.slice(0, 80)}`);
        const opened = (code.match(/\(/g) ?? []).length;
        const closed = (code.match(/\)/g) ?? []).length;
        assert.equal(opened, closed, `${file}: parentheses of ${statement.slice(0, 80)}`);
      }
    }
  });
});
