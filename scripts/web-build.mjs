// The web app's build, when needed (D41): web/dist is rebuilt when it is missing or older than its
// sources (a walk of modification times, milliseconds). Used by `npm start` and the browser tests.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'web/precompress.ts',
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

/** Why web/dist must be rebuilt, or null when it is up to date. */
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

/** Builds web/dist when stale; true when the build is there and current. */
export function ensureWebBuild({ log = console.log } = {}) {
  const stale = webBuildIsStale();
  if (!stale) return true;
  log(`Building the web app (${stale})...`);
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  return build.status === 0;
}
