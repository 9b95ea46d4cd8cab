#!/usr/bin/env node
// npm start (D38, D41): builds the web app first when web/dist is missing or older than its sources
// (a walk of modification times, milliseconds), then runs the service in this process's place:
// signals go to it and its exit code is ours. A failed build is said, and the API still starts
// (the app's pages then answer 503 with how to build).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'src/domain/money.ts',
  'src/domain/invoice.ts',
  'package-lock.json',
];

function newestMtimeMs(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtimeMs(join(path, name))),
    stat.mtimeMs,
  );
}

export function webBuildIsStale() {
  let built;
  try {
    built = statSync(join(root, 'web/dist/index.html')).mtimeMs;
  } catch {
    return 'web/dist is missing';
  }
  const newest = Math.max(...SOURCES.map((source) => newestMtimeMs(join(root, source))));
  return newest > built ? 'web/ sources changed since the last build' : null;
}

const stale = webBuildIsStale();
if (stale) {
  console.log(`Building the web app (${stale})...`);
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) {
    console.error('The web app did not build; the API starts anyway and / says how to build it.');
  }
}

const service = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => service.kill(signal));
service.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
