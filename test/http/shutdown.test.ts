import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { killIfRunning, postJson, type Service, startService, stopService } from '../helpers/service.ts';

const PASSWORD = 'correct horse battery';

function signupBody(name: string) {
  return { email: `${name}@example.test`, password: PASSWORD, name, organization_name: `${name} Ltd` };
}

describe('the service process', () => {
  test('serves /healthz, then drains on SIGTERM and exits 0', { timeout: 150_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-shutdown-'));
    let service: Service | undefined;
    try {
      service = await startService(dataDir);
      assert.deepEqual(await service.health.json(), { status: 'ok' });
      assert.ok(service.health.headers.get('x-request-id'));
      const code = await stopService(service);
      assert.equal(code, 0, `exit ${code}; output:\n${service.output()}`);
    } finally {
      killIfRunning(service);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('SIGTERM with writes in flight, some clients hanging up: exit 0, no error, every 2xx write kept whole', {
    timeout: 150_000,
  }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'folio-shutdown-'));
    let service: Service | undefined;
    try {
      service = await startService(dataDir);
      const { base } = service;
      const signup = await postJson(base, '/api/v1/auth/signup', {}, signupBody(`drain-${randomUUID()}`));
      assert.equal(signup.status, 201);
      const books = signup.body as { token: string; organization: { id: string } };
      // Session auth reads the session, then the membership, then writes in a transaction: the
      // gaps between those steps are where a hung-up request met a closed database.
      const headers = { authorization: `Bearer ${books.token}`, 'x-organization-id': books.organization.id };
      const accounts = (await (await fetch(`${base}/api/v1/accounts`, { headers })).json()) as {
        results: { id: string; number: string }[];
      };
      const account = (number: string) => accounts.results.find((a) => a.number === number)!.id;
      const entry = (memo: string) => ({
        txn_date: '2026-01-15',
        memo,
        lines: [
          { account: account('1000'), debit: '1.00' },
          { account: account('3000'), credit: '1.00' },
        ],
      });

      // Eight keep-alive writers; every third request hangs up after a few milliseconds.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const answered = new Map<string, string>(); // memo -> id, for every 2xx
      let stop = false;
      let sent = 0;
      const writers = Array.from({ length: 8 }, async () => {
        while (!stop) {
          const memo = `drain-${sent++}`;
          const hangUpMs = sent % 3 === 0 ? Math.random() * 15 : undefined;
          const result = await postJson(
            base,
            '/api/v1/journal-entries',
            headers,
            entry(memo),
            agent,
            hangUpMs,
          );
          if (typeof result.status === 'number' && result.status >= 200 && result.status < 300) {
            assert.ok(result.body?.id, `2xx without an id for ${memo}`);
            answered.set(memo, result.body.id);
          }
        }
      });
      while (answered.size < 30 && service.child.exitCode === null) await sleep(20);

      // Sign-ups hash a password between reading the request and opening their transaction:
      // hang up while that runs, then stop the service with the writers still going.
      const goneEmails = Array.from({ length: 8 }, () => `gone-${randomUUID()}`);
      const signupAgent = new http.Agent({ keepAlive: false });
      const hungUp = goneEmails.map((name) =>
        postJson(base, '/api/v1/auth/signup', {}, signupBody(name), signupAgent, 40),
      );
      await sleep(40);
      agent.destroy(); // every write in flight loses its client, as when a load generator is stopped
      const code = await stopService(service);
      stop = true;
      await Promise.all([...writers, ...hungUp]);
      const output = service.output();
      assert.equal(code, 0, `exit ${code}; output:\n${output}`);
      assert.doesNotMatch(output, /Cannot use a pool|PGlite is closed|unhandled|uncaught|"level":(50|60)/i);

      // Start again over the same books: every answered write is there, each one whole.
      service = await startService(dataDir);
      const kept = new Map<string, { memo: string; lines: { debit: string; credit: string }[] }>();
      for (let url: string | null = `${service.base}/api/v1/journal-entries`; url; ) {
        const page = (await (await fetch(url, { headers })).json()) as {
          results: { id: string; memo: string; lines: { debit: string; credit: string }[] }[];
          next: string | null;
        };
        for (const row of page.results) kept.set(row.id, row);
        url = page.next;
      }
      for (const [memo, id] of answered) {
        assert.equal(kept.get(id)?.memo, memo, `answered ${memo} (${id}) is missing after restart`);
      }
      for (const row of kept.values()) {
        const amounts = row.lines.map((line) => `${line.debit}/${line.credit}`).sort();
        assert.deepEqual(amounts, ['0.0000/1.0000', '1.0000/0.0000'], `entry ${row.memo} is not whole`);
      }
      // A sign-up whose client hung up either finished (user, live and sandbox books) or left nothing.
      for (const name of goneEmails) {
        const login = await postJson(
          service.base,
          '/api/v1/auth/login',
          {},
          {
            email: `${name}@example.test`,
            password: PASSWORD,
          },
        );
        if (login.status === 401) continue;
        assert.equal(login.status, 200);
        const token = (login.body as { token: string }).token;
        const me = (await (
          await fetch(`${service.base}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { memberships: { mode: string; role: string }[] };
        assert.deepEqual(
          me.memberships.map((m) => `${m.mode}:${m.role}`),
          ['live:owner', 'sandbox:owner'],
        );
      }
      assert.equal(await stopService(service), 0, service.output());
    } finally {
      killIfRunning(service);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
