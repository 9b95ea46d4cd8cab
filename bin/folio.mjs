#!/usr/bin/env node
// `npx folio migrate` applies migrations; `npx folio serve` runs the service; `npx folio check`
// verifies the books' invariants (D69). Arguments after the command go to its script.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scripts = { migrate: 'src/cli/migrate.ts', serve: 'src/main.ts', check: 'src/cli/check.ts' };
const script = scripts[process.argv[2] ?? 'serve'];
if (!script) {
  console.error('usage: folio [serve|migrate|check]');
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, script), ...process.argv.slice(3)], { stdio: 'inherit', cwd: process.cwd() });
process.exit(result.status ?? 1);
