// A migration script as its statements, for Citus: a script sent whole (one simple query of several
// statements) is refused by Citus once the books are distributed ("cannot insert multiple commands
// into a prepared statement": it forwards the DDL's query string to every shard), so there the runner
// sends the statements one at a time. The split respects what PostgreSQL's own lexer does for our
// scripts: 'strings' (with '' inside), "identifiers", $tag$ dollar-quoted bodies $tag$, -- line and
// /* block */ comments; a ';' outside all of those ends a statement.

/** The statements of `script`, without their ';', blank and comment-only ones dropped. */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (stripComments(text).trim() !== '') statements.push(text);
  };
  while (i < script.length) {
    const c = script[i];
    const next = script[i + 1];
    if (c === '-' && next === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end + 1;
    } else if (c === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end === -1 ? script.length : end + 2;
    } else if (c === "'" || c === '"') {
      i = closingQuote(script, i, c);
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        i = end === -1 ? script.length : end + tag.length;
      } else i++;
    } else if (c === ';') {
      push(i);
      i++;
      start = i;
    } else i++;
  }
  push(script.length);
  return statements;
}

/** The index after the quote that closes the one at `open` (a doubled quote stays inside). */
function closingQuote(script: string, open: number, quote: string): number {
  let i = open + 1;
  while (i < script.length) {
    if (script[i] === quote) {
      if (script[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return script.length;
}

function stripComments(text: string): string {
  return text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');
}
