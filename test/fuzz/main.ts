// `npm run fuzz -- --runs N --seed S`: a longer fuzzing run than the suite's, on PGlite, or on
// PostgreSQL when FOLIO_TEST_DB=postgres and TEST_DATABASE_URL are set (scripts/fuzz.mjs sets them).
// Prints the requests run by route and status, and every failure with fast-check's shrunk request.
import { parseArgs } from 'node:util';
import { onPostgres, startHarness } from '../helpers/harness.ts';
import { formatReport, runFuzz } from './run.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5000' },
    seed: { type: 'string', default: String(Date.now() % 1e9) },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
console.log(`fuzzing ${runs} runs, seed ${seed}, on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
const started = Date.now();
const harness = await startHarness();
let failed = false;
try {
  const report = await runFuzz(harness, {
    runs,
    seed,
    onProgress: (requests) =>
      console.log(`  ${requests} requests, ${((Date.now() - started) / 1000).toFixed(0)} s`),
  });
  console.log(formatReport(report));
  console.log(
    `\n${report.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s; ${report.failures.length} distinct failures`,
  );
  failed = report.failures.length > 0;
} finally {
  await harness.close().catch((error: Error) => {
    console.log(`closing: ${error.message}`);
    failed = true;
  });
}
process.exit(failed ? 1 : 0);
