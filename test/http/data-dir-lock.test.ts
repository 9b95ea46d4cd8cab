// D68: one process holds an embedded data directory. Real processes, since the lock is between them.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCK_FILE_NAME } from '../../src/storage/data-dir-lock.ts';
import { onPostgres } from '../helpers/harness.ts';
import {
  killIfRunning,
  postJson,
  type Service,
  type Spawned,
  spawnProgram,
  spawnService,
  startService,
  stopService,
} from '../helpers/service.ts';

const PASSWORD = 'correct horse battery';
/** A refused start does no more than load the code and read one file; a loaded machine needs seconds. */
const REFUSAL_MS_MAX = 30_000;

interface Books {
  headers: Record<string, string>;
  cash: string;
  equity: string;
}

async function signUpOver(base: string): Promise<Books> {
  const name = `lock-${randomUUID()}`;
  const signup = await postJson(
    base,
    '/api/v1/auth/signup',
    {},
    {
      email: `${name}@example.test`,
      password: PASSWORD,
      name,
      organization_name: `${name} Ltd`,
    },
  );
  assert.equal(signup.status, 201);
  const body = signup.body as { token: string; organization: { id: string } };
  const headers = { authorization: `Bearer ${body.token}`, 'x-organization-id': body.organization.id };
  const accounts = (await (await fetch(`${base}/api/v1/accounts`, { headers })).json()) as {
    results: { id: string; number: string }[];
  };
  const id = (number: string) => accounts.results.find((a) => a.number === number)!.id;
  return { headers, cash: id('1000'), equity: id('3000') };
}

async function postEntry(base: string, books: Books, memo: string): Promise<string> {
  const sent = await postJson(base, '/api/v1/journal-entries', books.headers, {
    txn_date: '2026-01-15',
    memo,
    lines: [
      { account: books.cash, debit: '1.00' },
      { account: books.equity, credit: '1.00' },
    ],
  });
  assert.equal(sent.status, 201, `posting ${memo}`);
  return sent.body!.id!;
}

async function entryIds(base: string, books: Books): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let url: string | null = `${base}/api/v1/journal-entries`; url; ) {
    const page = (await (await fetch(url, { headers: books.headers })).json()) as {
      results: { id: string }[];
      next: string | null;
    };
    for (const row of page.results) ids.add(row.id);
    url = page.next;
  }
  return ids;
}

/** Waits for a program that must refuse: its exit code, how long it took, and what it printed. */
async function refusal(program: Spawned, startedAt: number) {
  const code = await Promise.race([
    program.exited,
    sleep(REFUSAL_MS_MAX).then(() => 'still running' as const),
  ]);
  return { code, elapsedMs: Date.now() - startedAt, output: program.output() };
}

function holderPid(dataDir: string): number {
  return JSON.parse(readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8')).pid;
}

describe('one process holds the embedded data directory (D68)', { skip: onPostgres && 'PGlite only' }, () => {
  test('a second service and folio migrate on a held directory exit 1 at once naming it and the holder PID; the holder keeps serving and every write it acknowledged survives a restart', {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-lock-'));
    let first: Service | undefined;
    let second: Spawned | undefined;
    let again: Service | undefined;
    try {
      first = await startService(dataDir);
      const books = await signUpOver(first.base);
      const written = [
        await postEntry(first.base, books, 'before-1'),
        await postEntry(first.base, books, 'before-2'),
      ];
      assert.equal(holderPid(dataDir), first.child.pid);

      const startedAt = Date.now();
      second = await spawnService(dataDir);
      const refused = await refusal(second, startedAt);
      assert.equal(refused.code, 1, refused.output);
      assert.ok(refused.output.includes(dataDir), refused.output);
      assert.ok(refused.output.includes(`PID ${first.child.pid}`), refused.output);
      assert.doesNotMatch(refused.output, /\n\s+at /, 'no stack trace');
      assert.equal(refused.output.trim().split('\n').length, 1, `one line: ${refused.output}`);
      console.log(`# second start refused in ${refused.elapsedMs} ms`);

      const migrateStartedAt = Date.now();
      const migrate = spawnProgram(['bin/folio.mjs', 'migrate'], dataDir);
      const migrateRefused = await refusal(migrate, migrateStartedAt);
      assert.equal(migrateRefused.code, 1, migrateRefused.output);
      assert.ok(migrateRefused.output.includes(dataDir), migrateRefused.output);
      assert.ok(migrateRefused.output.includes(`PID ${first.child.pid}`), migrateRefused.output);
      assert.doesNotMatch(migrateRefused.output, /migrations applied/);

      // The holder never noticed: it serves, writes, and still holds the lock.
      assert.equal((await fetch(`${first.base}/healthz`)).status, 200);
      written.push(await postEntry(first.base, books, 'after-refusals'));
      assert.equal(holderPid(dataDir), first.child.pid);

      assert.equal(await stopService(first), 0, first.output());
      assert.equal(existsSync(join(dataDir, LOCK_FILE_NAME)), false, 'a clean stop releases the lock');
      again = await startService(dataDir);
      const kept = await entryIds(again.base, books);
      for (const id of written) assert.ok(kept.has(id), `acknowledged entry ${id} is missing after restart`);
      assert.equal(kept.size, written.length);
      assert.equal(await stopService(again), 0, again.output());
    } finally {
      killIfRunning(first);
      killIfRunning(second);
      killIfRunning(again);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('a holder killed with SIGKILL leaves a lock that the next start takes over, with the books it wrote', {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-lock-'));
    let killed: Service | undefined;
    let next: Service | undefined;
    try {
      killed = await startService(dataDir);
      const books = await signUpOver(killed.base);
      const id = await postEntry(killed.base, books, 'before-kill');
      killed.child.kill('SIGKILL');
      await killed.exited;
      assert.equal(holderPid(dataDir), killed.child.pid, 'SIGKILL leaves the lock behind');

      next = await startService(dataDir);
      assert.equal(holderPid(dataDir), next.child.pid);
      assert.ok((await entryIds(next.base, books)).has(id));
      assert.equal(await stopService(next), 0, next.output());
    } finally {
      killIfRunning(killed);
      killIfRunning(next);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
