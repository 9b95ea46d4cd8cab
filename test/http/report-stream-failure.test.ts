// D86: a streamed CSV that fails after its first byte ends the response as an error (the connection
// is reset), never as a complete-looking 200. Over a real port, since inject cannot show how a
// response ends on the wire.
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, test } from 'node:test';
import type { Db } from '../../src/storage/db.ts';
import { call, listen, signUp, today, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

interface Received {
  statusCode: number;
  body: string;
  /** How the response ended for the client: a clean end, or an error (reset, aborted). */
  ending: 'complete' | 'error';
}

/** GET `path` over a socket, reading to the end and telling a clean end from a broken one. */
function download(base: string, path: string, headers: Record<string, string>): Promise<Received> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers, agent: false }, (response) => {
      let body = '';
      let settled = false;
      const finish = (ending: Received['ending']) => {
        if (settled) return;
        settled = true;
        resolve({ statusCode: response.statusCode ?? 0, body, ending });
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => finish(response.complete ? 'complete' : 'error'));
      response.on('error', () => finish('error'));
      response.on('aborted', () => finish('error'));
      response.on('close', () => finish(response.complete ? 'complete' : 'error'));
    });
    request.on('error', reject);
  });
}

/**
 * The harness's database with the general ledger's reads of a later page failing, as a database
 * going away mid-download would (the use case reads `deps.db` per request, so the swap is the seam).
 */
function failingLaterPages(db: Db): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return (sql: string, params?: unknown[]) => {
        // A page after the first carries its cursor position: parameters 6 to 8.
        if (sql.includes('CROSS JOIN LATERAL') && (params?.length ?? 0) > 5) {
          return Promise.reject(new Error('connection terminated (injected by the test)'));
        }
        return target.query(sql, params as never);
      };
    },
  });
}

describe('a CSV download that fails mid-way (D86)', () => {
  test('the general ledger CSV failing on its second page resets the connection after the first records', async () => {
    const books = await signUp(harness);
    // 2,495 lines of 1000 Cash in five entries of 499 (500 lines an entry at most): more than one page
    // of the download (2,000 lines).
    const entry = (index: number) => ({
      txn_date: today,
      memo: `entry ${index}`,
      lines: [
        ...Array.from({ length: 499 }, () => ({ account: books.accounts['1000'], debit: '1.00' })),
        { account: books.accounts['3000'], credit: '499.00' },
      ],
    });
    const batch = await call(harness, 'POST', '/api/v1/journal-entries/batch', books.headers, {
      post: true,
      entries: [0, 1, 2, 3, 4].map(entry),
    });
    assert.equal(batch.statusCode, 201, batch.body);
    const path = `/api/v1/reports/general-ledger?account=${books.accounts['1000']}&from=${today}&to=${today}&format=csv`;
    const base = await listen(harness);

    const whole = await download(base, path, books.headers);
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.ending, 'complete');
    assert.match(whole.body, /Closing balance/);

    const db = harness.deps.db;
    harness.deps.db = failingLaterPages(db);
    let broken: Received;
    try {
      broken = await download(base, path, books.headers);
    } finally {
      harness.deps.db = db;
    }
    assert.equal(broken.statusCode, 200, 'the failure comes after the status was sent');
    assert.match(broken.body, /Opening balance/, 'the first page reached the client');
    assert.equal(broken.ending, 'error', 'the client sees a broken response, not a clean end');
    assert.doesNotMatch(broken.body, /Closing balance/);
    assert.ok(broken.body.length < whole.body.length);
  });
});
