import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { onPostgres } from '../helpers/harness.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  assert.ok(address && typeof address === 'object');
  return address.port;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}

async function waitForHealth(base: string, child: ChildProcess, deadline: number) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited early with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (response.status === 200) return response;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('service did not answer /healthz in time');
}

describe('the service process', () => {
  test('serves /healthz, then drains on SIGTERM and exits 0', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-shutdown-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        FOLIO_DATA_DIR: dataDir,
        DATABASE_URL: onPostgres ? (process.env.TEST_DATABASE_URL ?? '') : '',
        REDIS_URL: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const exited = exitOf(child);
    try {
      const base = `http://127.0.0.1:${port}`;
      const health = await waitForHealth(base, child, Date.now() + 40_000);
      assert.deepEqual(await health.json(), { status: 'ok' });
      assert.ok(health.headers.get('x-request-id'));
      child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(15_000).then(() => 'timeout' as const)]);
      assert.equal(code, 0, `exit ${code}; output:\n${output}`);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
