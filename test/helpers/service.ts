// The real service as a child process (`node --import tsx src/main.ts`), for tests of what only a
// process shows: start-up output, signals, exit codes, the data directory's lock (D68).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { onPostgres } from './harness.ts';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  assert.ok(address && typeof address === 'object');
  return address.port;
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
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

/** A spawned program: its exit, and what it printed (stdout alone, and both streams in order). */
export interface Spawned {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
  stdout: () => string;
}

export interface Service extends Spawned {
  base: string;
  port: number;
  /** The first 200 from /healthz. */
  health: Response;
}

export interface SpawnOptions {
  port?: number;
  /** Replaces the environment the tests give the service (PGlite or TEST_DATABASE_URL, no Redis). */
  env?: Record<string, string>;
}

/** Runs `node --import tsx <script> ...args` from the repository root with the service's environment. */
export function spawnProgram(args: string[], dataDir: string, options: SpawnOptions = {}): Spawned {
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      FOLIO_DATA_DIR: dataDir,
      DATABASE_URL: onPostgres ? (process.env.TEST_DATABASE_URL ?? '') : '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      FOLIO_RATE_LIMIT_PER_SECOND: '100000',
      FOLIO_RATE_LIMIT_BURST: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, exited: exitOf(child), output: () => output, stdout: () => stdout };
}

/** Spawns `node src/main.ts` on a free port over `dataDir` (PGlite) or TEST_DATABASE_URL, without waiting. */
export async function spawnService(
  dataDir: string,
  options: SpawnOptions = {},
): Promise<Spawned & { port: number }> {
  const port = options.port ?? (await freePort());
  return { ...spawnProgram(['--import', 'tsx', 'src/main.ts'], dataDir, { ...options, port }), port };
}

/** Starts `node src/main.ts` on a free port over `dataDir` (PGlite) or TEST_DATABASE_URL. */
export async function startService(dataDir: string, options: SpawnOptions = {}): Promise<Service> {
  const spawned = await spawnService(dataDir, options);
  const base = `http://127.0.0.1:${spawned.port}`;
  try {
    // Generous: under a loaded machine tsx's first compile and the migrations take a while.
    const health = await waitForHealth(base, spawned.child, Date.now() + 90_000);
    return { ...spawned, base, health };
  } catch (error) {
    spawned.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}; output:\n${spawned.output()}`);
  }
}

export async function stopService(service: Spawned): Promise<number | null | 'timeout'> {
  service.child.kill('SIGTERM');
  return Promise.race([service.exited, sleep(20_000).then(() => 'timeout' as const)]);
}

export function killIfRunning(service: Spawned | undefined) {
  if (service && service.child.exitCode === null && service.child.signalCode === null) {
    service.child.kill('SIGKILL');
  }
}

export interface Sent {
  status: number | 'aborted';
  body?: { id?: string; token?: string };
}

/** POSTs JSON over `agent`; `abortAfterMs` hangs up mid-flight (the server may still be working on it). */
export function postJson(
  base: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
  agent?: http.Agent,
  abortAfterMs?: number,
): Promise<Sent> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let parsed: Sent['body'];
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
        response.on('error', () => resolve({ status: 'aborted' }));
      },
    );
    request.on('error', () => resolve({ status: 'aborted' }));
    request.end(payload);
    if (abortAfterMs !== undefined) setTimeout(() => request.destroy(), abortAfterMs);
  });
}
