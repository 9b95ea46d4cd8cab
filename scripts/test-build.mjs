// The test suite compiled to JavaScript once per run, so that its ~130 test processes (three times
// over in CI: PGlite, PostgreSQL, Citus) load plain modules instead of each sending ~300 TypeScript
// files through tsx's loader thread: a test file's imports cost about 1.3 s of CPU compiled against
// about 3 s under tsx (docs/performance.md, "What a test file costs"). esbuild, the compiler tsx itself
// runs, translates file by file (no bundling, no type check: `npm run typecheck` does that), so the
// compiled tree is the source tree: `.test-build/src`, `.test-build/test`, `.test-build/scripts`.
// Files the code finds beside itself (migrations, bank fixtures, the web app's build) are reached
// through links, so `new URL('../x', import.meta.url)` means the same place it does in the source.
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const TEST_BUILD_DIR = join(ROOT, '.test-build');

/** What the tests load, besides src/ and test/: the scripts they import. */
const SCRIPTS = ['scripts/web-types.ts', 'scripts/roles-table.ts'];
/** Folders the code reads files from, relative to its own place. */
const LINKS = ['node_modules', 'web', 'src/storage/migrations', 'test/fixtures'];

/** Compiles the suite into .test-build/ (about 2 s); returns the compiled path of each given test file. */
export async function buildTests(testFiles) {
  rmSync(TEST_BUILD_DIR, { recursive: true, force: true });
  const { outputFiles, metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [...sourceFiles('src'), ...sourceFiles('test'), ...SCRIPTS],
    outdir: TEST_BUILD_DIR,
    outbase: ROOT,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Inline, so a failure's stack names the TypeScript line (node runs with --enable-source-maps).
    sourcemap: 'inline',
    sourcesContent: false,
    write: false,
    metafile: true,
    logLevel: 'warning',
  });
  for (const file of outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const code = withJsSpecifiers(file.text);
    const key = relative(ROOT, file.path);
    const isTestFile = key.endsWith('.test.js');
    writeFileSync(file.path, isTestFile ? asGroupable(code, key, metafile.outputs[key].exports) : code);
  }
  for (const link of LINKS) {
    const at = join(TEST_BUILD_DIR, link);
    rmSync(at, { recursive: true, force: true });
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(relative(dirname(at), join(ROOT, link)), at);
  }
  return testFiles.map(compiledPath);
}

/** Where the compiled module of a source file (`test/x.test.ts`) is. */
export function compiledPath(file) {
  return join(TEST_BUILD_DIR, relative(ROOT, resolve(ROOT, file)).replace(/\.ts$/, '.js'));
}

/** The source file (`test/x.test.ts`) a compiled test module was made from: how the logs name it. */
export function sourcePath(compiled) {
  return relative(TEST_BUILD_DIR, compiled).replace(/\.js$/, '.ts');
}

/**
 * Stacks name the TypeScript lines. On PGlite, V8 compiles PostgreSQL's WebAssembly with its baseline
 * compiler only: a test process lives seconds, and optimising the 9 MB module in the background cost
 * more CPU than the faster code saved (docs/performance.md, "What a test file costs").
 */
export function nodeFlags(database) {
  return ['--enable-source-maps', ...(database === 'pglite' ? ['--liftoff-only'] : [])];
}

/**
 * esbuild keeps import paths as written, and the source names its modules `./x.ts` (TypeScript's
 * allowImportingTsExtensions); the compiled modules are `./x.js`. Only relative specifiers change.
 */
function withJsSpecifiers(code) {
  return code.replace(/((?:from|import)\s*\(?\s*")(\.{1,2}\/[^"]*)\.ts(")/g, '$1$2.js$3');
}

/** The function a compiled test file's body becomes (scripts/test-group.mjs calls it). */
export const TEST_FILE_BODY = '__folioTestFile';

/**
 * A test file's body, its imports aside, wrapped in a function the module exports: run at once when
 * the file is run alone (`node --test x.test.js`, its tests at the top), or called by
 * scripts/test-group.mjs inside a `describe` named after the file, so several files share one
 * process and each file's `before`/`after` (its harness) stays its own. The wrapper opens on the last
 * import's line and closes after the code, so no line moves and the source map still holds. A test
 * file exports nothing (helpers live in test/helpers): an export could not sit inside the function.
 */
function asGroupable(code, path, exports) {
  if (exports.length > 0) throw new Error(`${path}: a test file exports nothing (${exports.join(', ')})`);
  const lines = code.split('\n');
  // esbuild prints each import as a statement ending in `;`, a long one over several lines.
  let lastImport = -1;
  let inImport = false;
  for (const [index, line] of lines.entries()) {
    if (inImport || /^import[\s{*"]/.test(line)) {
      inImport = !line.trimEnd().endsWith(';');
      if (!inImport) lastImport = index;
    } else if (line.trim() !== '') break;
  }
  const mapAt = lines.findLastIndex((line) => line.startsWith('//# sourceMappingURL='));
  const end = mapAt === -1 ? lines.length : mapAt;
  lines.splice(end, 0, `}`, `if (!globalThis.__folioTestGroup) ${TEST_FILE_BODY}();`);
  if (lastImport === -1) lines.unshift(`export function ${TEST_FILE_BODY}() {`);
  else lines[lastImport] += ` export function ${TEST_FILE_BODY}() {`;
  return lines.join('\n');
}

/** Every TypeScript module below `dir` (declaration files have no code). */
function sourceFiles(dir) {
  return readdirSync(join(ROOT, dir), { recursive: true })
    .map((path) => join(dir, path))
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'));
}

// `node scripts/test-build.mjs FILE...` (scripts/citus-suite.sh): builds and prints the compiled paths.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of await buildTests(process.argv.slice(2))) console.log(file);
}
