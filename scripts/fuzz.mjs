#!/usr/bin/env node
// npm run fuzz -- --runs N --seed S: the HTTP fuzzer of test/fuzz/ for longer than the suite runs it.
// On PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set, else on PGlite in memory.
import { spawnSync } from 'node:child_process';

const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const env = postgresUrl
  ? { ...process.env, FOLIO_TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }
  : { ...process.env, FOLIO_TEST_DB: 'pglite', TEST_DATABASE_URL: '', DATABASE_URL: '' };
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'test/fuzz/main.ts', ...process.argv.slice(2)],
  { stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
