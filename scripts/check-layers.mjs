#!/usr/bin/env node
// Dependencies point inward (STYLE): http -> app -> domain; storage and infra implement ports.
// Fails when a file imports from a layer it must not know, or when src/app holds SQL: SQL lives in
// the stores of src/storage (issue 8), which take the transaction first and return typed rows.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const FORBIDDEN = {
  domain: ['app', 'http', 'storage', 'infra'],
  app: ['http', 'infra'],
  storage: ['app', 'http', 'infra'],
  infra: ['http', 'storage'],
};

/**
 * SQL in a string or template of src/app: a statement's keywords (upper case, as every store writes
 * them), a clause, a cast or a placeholder cast. Messages and names in lower case never match.
 */
const SQL_TEXT =
  /\b(SELECT\b|INSERT\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b|WITH\s+\w+\s+AS\s*\(|WHERE\s+[\w(]|JOIN\s+\w+\s+\w*\s*ON\b|ON\s+CONFLICT\b|FOR\s+(UPDATE|SHARE)\b|SAVEPOINT\b|ROLLBACK\b|SET\s+TRANSACTION\b|AT\s+TIME\s+ZONE\b)|::(text|uuid|date|numeric|int|bigint|boolean|timestamptz)\b|\$\d+::/;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Where `file` (in src/app) holds SQL text or calls `.query(`/`.exec(` on a database handle. */
function sqlInApp(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const regexNames = new Set();
  const found = [];
  const at = (node, what) =>
    found.push(
      `${relative('.', file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${what}`,
    );
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isRegularExpressionLiteral(node.initializer))
      regexNames.add(node.name.getText());
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
          : undefined;
    if (
      literal !== undefined &&
      !ts.isImportDeclaration(node.parent) &&
      !ts.isExportDeclaration(node.parent)
    ) {
      const match = SQL_TEXT.exec(literal);
      if (match) {
        at(node, `holds SQL text ("${match[0].trim()}"): move it to a store in src/storage`);
        return; // one finding per literal
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression;
      const regex = ts.isRegularExpressionLiteral(receiver) || regexNames.has(receiver.getText());
      if (method === 'query' || (method === 'exec' && !regex))
        at(node, `calls ${receiver.getText()}.${method}(): only stores in src/storage run statements`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const src = resolve('src');
const problems = [];
for (const file of files(src)) {
  const layer = relative(src, file).split('/')[0];
  const forbidden = FORBIDDEN[layer];
  if (!forbidden) continue;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/from '(\.[^']+)'/g)) {
    const target = relative(src, resolve(dirname(file), match[1])).split('/')[0];
    if (forbidden.includes(target))
      problems.push(`${relative('.', file)} imports ${match[1]} (${layer} must not depend on ${target})`);
  }
  if (layer === 'app') problems.push(...sqlInApp(file, text));
}
// The web app (D41, D42) is an ordinary client: it imports its own files, its generated API types
// (web/src/api/schema.d.ts) and packages; of the server, only the shared pure rules below (D45: the
// totals it shows come from the server's own money code; the password rule it shows before sign-up
// is the server's own too), never other server modules.
const WEB_SHARED = new Set(['money.ts', 'invoice.ts', 'password.ts', 'bank-amounts.ts', 'countries.ts']);
const web = resolve('web/src');
const webFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? webFiles(path) : /\.(ts|tsx)$/.test(path) ? [path] : [];
  });
for (const file of webFiles(web)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
    const target = match[1];
    if (target.startsWith('@shared/')) {
      if (!WEB_SHARED.has(target.slice('@shared/'.length)))
        problems.push(
          `${relative('.', file)} imports ${target} (web/ shares only ${[...WEB_SHARED].join(', ')})`,
        );
    } else if (target.startsWith('.')) {
      if (relative(web, resolve(dirname(file), target)).startsWith('..'))
        problems.push(`${relative('.', file)} imports ${target} (web/ imports only its own files)`);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  'layers: ok (and no SQL in src/app; web/ imports only itself, its API types and the shared money, password, bank-amount and country rules)',
);
