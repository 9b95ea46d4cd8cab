// The real Folio service in its own process: `node --import tsx src/main.ts` on a free loopback port.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT =
  process.env.BENCH_FOLIO_ROOT || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Service {
  baseUrl: string;
  pid: number;
  /** Peak resident set size of the service process so far (VmHWM), in KiB. */
  peakRssKb(): Promise<number>;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
  stop(): Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service did not answer /healthz within ${timeoutMs} ms`);
}

export async function readPeakRssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) : Number.NaN;
}

export async function startService(databaseUrl: string, env: Record<string, string> = {}): Promise<Service> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the service writes a V8 CPU profile there when it exits (open it in
  // Chrome DevTools or speedscope) to see where its CPU per request goes.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // A benchmark measures the ledger, not the per-key request budget.
      FOLIO_RATE_LIMIT_PER_SECOND: '1000000',
      FOLIO_RATE_LIMIT_BURST: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid!;
  return {
    baseUrl,
    pid,
    peakRssKb: () => readPeakRssKb(pid),
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
