#!/usr/bin/env node
// Dependencies point inward (STYLE): http -> app -> domain; storage and infra implement ports.
// Fails when a file imports from a layer it must not know.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const FORBIDDEN = {
  domain: ['app', 'http', 'storage', 'infra'],
  app: ['http', 'infra'],
  storage: ['app', 'http', 'infra'],
  infra: ['http', 'storage'],
};

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
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
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('layers: ok');
