#!/usr/bin/env node
// `npx folio migrate` applies migrations; `npx folio serve` runs the service.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scripts = { migrate: 'src/cli/migrate.ts', serve: 'src/main.ts' };
const script = scripts[process.argv[2] ?? 'serve'];
if (!script) {
  console.error('usage: folio [serve|migrate]');
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, script)], { stdio: 'inherit', cwd: process.cwd() });
process.exit(result.status ?? 1);
