// What `npm start` tells the person who ran it, and how it refuses a port already in use.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCK_FILE_NAME } from '../../src/storage/data-dir-lock.ts';
import { onPostgres } from '../helpers/harness.ts';
import {
  freePort,
  killIfRunning,
  type Service,
  type Spawned,
  spawnService,
  startService,
  stopService,
} from '../helpers/service.ts';

/** TEST_DATABASE_URL with a password added: PostgreSQL here trusts local connections, so it is ignored. */
const SECRET = 'h1-never-print-me';
function urlWithPassword(): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.password = SECRET;
  return url.toString();
}

describe('npm start output', () => {
  test('prints the URL, /docs, where the data lives and, for PGlite, the durability caveat', {
    timeout: 150_000,
  }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-banner-'));
    let service: Service | undefined;
    try {
      service = await startService(dataDir, onPostgres ? { env: { DATABASE_URL: urlWithPassword() } } : {});
      const stdout = service.stdout();
      assert.ok(stdout.includes(`Folio is serving http://127.0.0.1:${service.port}\n`), stdout);
      assert.ok(stdout.includes(`API reference: http://127.0.0.1:${service.port}/docs\n`), stdout);
      assert.equal((await fetch(`${service.base}/docs`)).status, 200);
      if (onPostgres) {
        const url = new URL(process.env.TEST_DATABASE_URL ?? '');
        assert.ok(
          stdout.includes(`Data: PostgreSQL at ${url.hostname}:${url.port}${url.pathname}\n`),
          stdout,
        );
        assert.doesNotMatch(stdout, /fsync/);
        assert.ok(!service.output().includes(SECRET), 'the password is never printed');
      } else {
        assert.ok(stdout.includes(`Data: PGlite (embedded) in ${dataDir}\n`), stdout);
        assert.match(
          stdout,
          /fsync off: the books survive a crash of the Folio process, but not a crash or power loss of the machine/,
        );
        assert.match(stdout, /production books belong on PostgreSQL/);
      }
      assert.equal(await stopService(service), 0, service.output());
    } finally {
      killIfRunning(service);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('a port already in use is one line naming it and exit 1, not a stack trace; the data directory is released', {
    timeout: 150_000,
  }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-port-'));
    const port = await freePort();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    let service: Spawned | undefined;
    try {
      service = await spawnService(dataDir, { port });
      const code = await Promise.race([service.exited, sleep(90_000).then(() => 'still running' as const)]);
      const output = service.output();
      assert.equal(code, 1, output);
      assert.equal(output.trim(), `Port ${port} is in use on 127.0.0.1; set PORT to another port.`);
      if (!onPostgres) assert.equal(existsSync(join(dataDir, LOCK_FILE_NAME)), false, 'lock released');
    } finally {
      killIfRunning(service);
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
