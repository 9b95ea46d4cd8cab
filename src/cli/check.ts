// `npx folio check` / `npm run check` (D69): verifies the books' invariants and exits 0 when they
// all hold, 1 listing every violation, 2 on a usage error or when the books cannot be opened.
// Reads FOLIO_DATA_DIR (PGlite) or DATABASE_URL like the service; `--organization <uuid>` checks one.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type CheckReport, checkBooks, type Violation } from '../app/check/check-books.ts';
import { readConfig } from '../config.ts';
import type { Db } from '../storage/db.ts';
import { DataDirInUseError, openDatabase } from '../storage/index.ts';
import { describeStorage } from './startup.ts';

const USAGE = `usage: folio check [--organization <uuid>] [--json]
  Verifies every invariant of the books in FOLIO_DATA_DIR (default ./data) or DATABASE_URL.
  Exit 0: all hold. Exit 1: violations, listed. Exit 2: usage error or books that cannot be opened.`;

/** Progress goes to stderr once the books hold more than a few organizations. */
const PROGRESS_ABOVE_ORGANIZATIONS = 5;
/** Violations printed per invariant in text output; --json prints them all. */
const PRINTED_PER_INVARIANT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function usageError(message: string): never {
  console.error(`folio check: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        organization: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (values.organization !== undefined && !UUID.test(values.organization))
      usageError(`--organization must be a UUID, got ${JSON.stringify(values.organization)}`);
    return values;
  } catch (error) {
    usageError((error as Error).message);
  }
}

async function open(): Promise<{ db: Db; where: string }> {
  const config = readConfig();
  const where = describeStorage(config);
  // Checking a directory that holds no books would create empty ones and call them clean.
  if (!config.databaseUrl && !existsSync(config.dataDir))
    usageError(`no books at ${where}: set FOLIO_DATA_DIR or DATABASE_URL`);
  try {
    const db = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      poolSize: 2,
    });
    return { db, where };
  } catch (error) {
    console.error(
      `folio check: ${error instanceof DataDirInUseError ? error.message : `cannot open ${where}: ${(error as Error).message}`}`,
    );
    process.exit(2);
  }
}

function printText(report: CheckReport, where: string, seconds: string) {
  const byInvariant = new Map<string, Violation[]>();
  for (const violation of report.violations) {
    const list = byInvariant.get(violation.invariant) ?? [];
    list.push(violation);
    byInvariant.set(violation.invariant, list);
  }
  for (const [invariant, violations] of byInvariant) {
    for (const violation of violations.slice(0, PRINTED_PER_INVARIANT))
      console.log(`${violation.organizationId} ${invariant}: ${violation.message}`);
    if (violations.length > PRINTED_PER_INVARIANT)
      console.log(
        `... and ${violations.length - PRINTED_PER_INVARIANT} more ${invariant} (--json lists all)`,
      );
  }
  const organizations = `${report.organizationsChecked} organization${report.organizationsChecked === 1 ? '' : 's'}`;
  if (report.violations.length === 0) {
    console.log(`folio check: ${organizations} in ${where}: every invariant holds (${seconds} s)`);
    return;
  }
  const broken = new Set(report.violations.map((violation) => violation.organizationId)).size;
  const counts = [...byInvariant].map(([invariant, list]) => `${invariant} ${list.length}`).join(', ');
  console.log(
    `folio check: ${report.violations.length} violations in ${broken} of ${organizations} in ${where} (${counts}) (${seconds} s)`,
  );
}

const options = parseOptions();
const { db, where } = await open();
const started = performance.now();
let report: CheckReport;
try {
  report = await checkBooks(db, {
    organizationId: options.organization,
    onProgress: (done, total) => {
      if (total > PROGRESS_ABOVE_ORGANIZATIONS)
        process.stderr.write(`folio check: ${done}/${total} organizations checked\n`);
    },
  });
} finally {
  await db.close();
}
if (options.organization !== undefined && report.organizationsChecked === 0)
  usageError(`no organization ${options.organization} in ${where}`);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
if (options.json) console.log(JSON.stringify({ ...report, seconds: Number(seconds) }, null, 2));
else printText(report, where, seconds);
process.exit(report.violations.length === 0 ? 0 : 1);
