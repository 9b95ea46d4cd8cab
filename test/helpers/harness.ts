// Test harness: a real app over a real database (PGlite in memory, or PostgreSQL when the runner
// says so), driven through HTTP with inject. Each test signs up its own organization, so no test
// depends on rows another test made.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type CheckReport, checkBooks } from '../../src/app/check/check-books.ts';
import type { AppConfig, Deps } from '../../src/app/context.ts';
import { buildApp } from '../../src/http/app.ts';
import { createSmtpMailer } from '../../src/infra/smtp-mailer.ts';
import type { Db } from '../../src/storage/db.ts';
import { openDatabase } from '../../src/storage/index.ts';
import { openTemplatedPglite } from './pglite-template.ts';

export const onPostgres = process.env.FOLIO_TEST_DB === 'postgres';

export interface Harness {
  app: FastifyInstance;
  db: Db;
  deps: Deps;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Skip `folio check` at close: only for tests that break books on purpose (folio-check.test.ts). */
  skipBooksCheck?: boolean;
  /** Runs after the file's tests, before the harness closes (and checks its books). */
  beforeClose?: (harness: Harness) => Promise<void>;
  /** On PostgreSQL: a database of its own instead of TEST_DATABASE_URL (test/helpers/outbox.ts). */
  databaseUrl?: string;
  /** The web app build the app serves (D41); the repository's web/dist unless given. */
  webDistDir?: string;
  /** Fastify's logger (a `stream` captures what the service logs); none unless given. */
  logger?: object;
}

/** Today's date in UTC, the time zone sign-up gives new books. */
export const today = new Date().toISOString().slice(0, 10);

/**
 * The one harness of a test file (fastify/demo's `build(t)`): started before the file's first test,
 * closed after its last. The object is filled in by the `before` hook, so read its fields in tests.
 */
export function useHarness(
  config: Partial<AppConfig> = {},
  poolSize = 30,
  options: HarnessOptions = {},
): Harness {
  const harness = {} as Harness;
  before(async () => {
    Object.assign(harness, await startHarness(config, poolSize, options));
  });
  after(async () => {
    if (!harness.close) return; // start-up failed; its error is already reported
    if (options.beforeClose) await options.beforeClose(harness);
    await harness.close();
    // The file's tests keep this object alive as long as their process (scripts/test-group.mjs runs
    // many files in one); let its app and database go with the file.
    for (const key of Object.keys(harness)) delete harness[key as keyof Harness];
  });
  return harness;
}

export async function startHarness(
  config: Partial<AppConfig> = {},
  poolSize = 30,
  options: HarnessOptions = {},
): Promise<Harness> {
  const databaseUrl = onPostgres ? (options.databaseUrl ?? process.env.TEST_DATABASE_URL) : undefined;
  const db = databaseUrl ? await openDatabase({ databaseUrl, poolSize }) : await openTemplatedPglite();
  const deps: Deps = {
    db,
    config: {
      keyRotationGraceSeconds: 86_400,
      rateLimitPerSecond: 10_000,
      rateLimitBurst: 20_000,
      // The suite signs up and logs in hundreds of users from one address; throttle tests pass tight ones.
      authThrottle: {
        emailBurst: 1_000_000,
        emailRefillSeconds: 1,
        addressBurst: 1_000_000,
        addressRefillSeconds: 1,
      },
      ...config,
    },
    ...(config.smtpUrl ? { mailer: createSmtpMailer(config.smtpUrl) } : {}),
  };
  const app = await buildApp(deps, {
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    deps,
    close: async () => {
      await app.close();
      // Every set of books a test leaves must pass `folio check` (D69); PostgreSQL's shared database
      // is checked once after the suite (scripts/test.mjs), since other files may be writing to it
      // (a database of the harness's own is checked here).
      const shared = onPostgres && !options.databaseUrl;
      const report = options.skipBooksCheck || shared ? undefined : await checkBooks(db);
      await db.close();
      if (report && report.violations.length > 0) throw new Error(describeViolations(report));
    },
  };
}

function describeViolations(report: CheckReport): string {
  const counts = new Map<string, number>();
  for (const violation of report.violations)
    counts.set(violation.invariant, (counts.get(violation.invariant) ?? 0) + 1);
  const lines = report.violations
    .slice(0, 20)
    .map((violation) => `  ${violation.organizationId} ${violation.invariant}: ${violation.message}`);
  const total = [...counts].map(([invariant, count]) => `${invariant} ${count}`).join(', ');
  return `folio check found broken invariants in the books this test left (${total}):\n${lines.join('\n')}`;
}

export type Headers = Record<string, string>;

/**
 * Serves the harness's app on a real port of 127.0.0.1 (once) and returns its base URL, for tests
 * whose requests must run in parallel over real sockets rather than through inject.
 */
export async function listen(harness: Harness): Promise<string> {
  const address = harness.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  return listen(harness);
}

export interface Books {
  token: string;
  userId: string;
  email: string;
  organizationId: string;
  sandboxId: string;
  /** Session headers for the live books. */
  headers: Headers;
  sandboxHeaders: Headers;
  accounts: Record<string, string>;
}

export async function call(
  harness: Harness,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  headers: Headers,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return harness.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Signs up a fresh user with live and sandbox books; returns session headers and account ids by number. */
export async function signUp(harness: Harness, overrides: Record<string, unknown> = {}): Promise<Books> {
  const email = `owner-${randomUUID()}@example.test`;
  const response = await call(
    harness,
    'POST',
    '/api/v1/auth/signup',
    {},
    {
      email,
      password: 'correct horse battery',
      name: 'Owner',
      organization_name: 'Acme Books',
      ...overrides,
    },
  );
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json();
  const headers = { authorization: `Bearer ${body.token}`, 'x-organization-id': body.organization.id };
  const books: Books = {
    token: body.token,
    userId: body.user.id,
    email,
    organizationId: body.organization.id,
    sandboxId: body.sandbox.id,
    headers,
    sandboxHeaders: { ...headers, 'x-organization-id': body.sandbox.id },
    accounts: {},
  };
  books.accounts = await accountIds(harness, headers);
  return books;
}

/** A second user of `books`' organization: signed up on their own, then added with `role`. */
export interface Member {
  userId: string;
  email: string;
  /** Session headers of the member, for `books`' organization. */
  headers: Headers;
}

export async function addMember(harness: Harness, books: Books, role: string): Promise<Member> {
  const person = await signUp(harness);
  const added = await call(harness, 'POST', '/api/v1/members', books.headers, { email: person.email, role });
  assert.equal(added.statusCode, 201, added.body);
  return {
    userId: person.userId,
    email: person.email,
    headers: { authorization: `Bearer ${person.token}`, 'x-organization-id': books.organizationId },
  };
}

export async function accountIds(harness: Harness, headers: Headers): Promise<Record<string, string>> {
  const response = await call(harness, 'GET', '/api/v1/accounts', headers);
  const ids: Record<string, string> = {};
  for (const account of response.json().results) ids[account.number] = account.id;
  return ids;
}

export async function createKey(harness: Harness, books: Books, role = 'accountant', sandbox = false) {
  const response = await call(
    harness,
    'POST',
    '/api/v1/api-keys',
    sandbox ? books.sandboxHeaders : books.headers,
    {
      name: `key ${role}`,
      role,
    },
  );
  if (response.statusCode !== 201) throw new Error(`key creation failed: ${response.body}`);
  return {
    id: response.json().id as string,
    key: response.json().key as string,
    headers: { authorization: `Token ${response.json().key}` },
  };
}

/** Counts rows of a table for one organization: proves that a refusal wrote nothing. */
export async function countRows(harness: Harness, table: string, organizationId: string): Promise<number> {
  const [row] = await harness.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`,
    [organizationId],
  );
  return row?.n ?? 0;
}

export function errorCode(response: LightMyRequestResponse): string | undefined {
  return response.json()?.error?.code;
}

/**
 * PostgreSQL only: resolves once some session of this database waits on a lock (a request queued
 * behind a transaction the test holds open), or throws after `timeoutMs`. On Citus the wait is on
 * the worker that holds the shard, so the cluster-wide citus_stat_activity is read instead.
 */
export async function waitForLockWait(harness: Harness, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const [citus] = await harness.db.query<{ view: string | null }>(
    "SELECT to_regclass('citus_stat_activity')::text AS view",
  );
  const activity = citus?.view ? 'citus_stat_activity' : 'pg_stat_activity';
  for (;;) {
    const [row] = await harness.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${activity}
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if ((row?.n ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error(`no session waited on a lock within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
