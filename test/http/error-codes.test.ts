// Every code of the closed list in src/domain/errors.ts, triggered through HTTP: the answer has the
// code's status and the published envelope, and nothing was written (no row of the books changed,
// the change feed shows no new record). `CASES` is typed by ErrorCode, so a code added to the list
// without a case here fails the type check, and the first test fails at run time too.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import lightMyRequest from 'light-my-request';
import type { ErrorCode } from '../../src/domain/errors.ts';
import { buildApp } from '../../src/http/app.ts';
import { ERROR_STATUS } from '../../src/http/errors.ts';
import type { Db, Tx } from '../../src/storage/db.ts';
import { allowMultiShard } from '../../src/storage/sql.ts';
import { changesSince, feedCursor } from '../helpers/feed.ts';
import {
  addMember,
  type Books,
  call,
  createKey,
  listen,
  signUp,
  today,
  useHarness,
} from '../helpers/harness.ts';
import { balancedEntry, postEntry } from '../helpers/ledger.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { createCustomer } from '../helpers/receivables.ts';
import { assertEnvelope } from '../helpers/refusals.ts';

const harness = useHarness();

/**
 * Every row of the books' organizations (live and sandbox) in every table that carries
 * organization_id, plus the organization rows themselves. A key's `last_used_at` and
 * `first_used_at` are left out: they record that the key was presented (D17, D18), refused or not.
 */
async function snapshot(organizationIds: string[]): Promise<Record<string, string>> {
  const tables = await harness.db.query<{ table_name: string }>(
    `SELECT DISTINCT table_name::text AS table_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'organization_id' ORDER BY 1`,
  );
  assert.ok(tables.length >= 20, 'the snapshot covers the bookkeeping tables');
  const rows: Record<string, string> = {};
  const scoped = [...tables.map((t) => [t.table_name, 'organization_id']), ['organizations', 'id']];
  for (const [table, column] of scoped) {
    // Live and sandbox books together: on Citus a multi-shard read, the test's own.
    const [row] = await harness.db.transaction(async (tx) => {
      await allowMultiShard(tx);
      return tx.query<{ rows: string }>(
        `SELECT coalesce(string_agg(r, E'\\n' ORDER BY r), '') AS rows
           FROM (SELECT (to_jsonb(t) - 'last_used_at' - 'first_used_at')::text AS r FROM ${table} t
                  WHERE ${column} = ANY($1::uuid[])) s`,
        [organizationIds],
      );
    });
    rows[table!] = row?.rows ?? '';
  }
  return rows;
}

interface Context {
  books: Books;
  /**
   * Sends the refused request and proves that it wrote nothing to the caller's books or to
   * `others`: the same rows before and after, and no new record in any of their change feeds.
   */
  nothingWritten(
    request: () => Promise<LightMyRequestResponse>,
    others?: Books[],
  ): Promise<LightMyRequestResponse>;
}

interface Case {
  refuse: (context: Context) => Promise<LightMyRequestResponse>;
  /** Checks beyond the envelope: the detail the contract names, headers. */
  expect?: (response: LightMyRequestResponse) => void;
}

/** A code with no HTTP case must be one the service never raises; the test proves that it does not. */
interface Unreachable {
  unreachable: string;
}

const fieldsDetail = (path: string) => (response: LightMyRequestResponse) => {
  const fields = response.json().error.detail.fields;
  assert.ok(Array.isArray(fields?.[path]), `detail.fields names ${path}: ${response.body}`);
};

const emptyDetail = (response: LightMyRequestResponse) => assert.deepEqual(response.json().error.detail, {});

const CASES: Record<ErrorCode, Case | Unreachable> = {
  validation_error: {
    refuse: ({ books, nothingWritten }) => {
      const body = balancedEntry(books) as { lines: Record<string, unknown>[] };
      delete body.lines[0]!.account;
      return nothingWritten(() => call(harness, 'POST', '/api/v1/journal-entries', books.headers, body));
    },
    expect: fieldsDetail('lines/0/account'),
  },
  invalid_money: {
    refuse: ({ books, nothingWritten }) => {
      const body = balancedEntry(books) as { lines: Record<string, unknown>[] };
      body.lines[0]!.debit = 100;
      return nothingWritten(() => call(harness, 'POST', '/api/v1/journal-entries', books.headers, body));
    },
    expect: fieldsDetail('lines/0/debit'),
  },
  unbalanced_entry: {
    refuse: ({ books, nothingWritten }) =>
      nothingWritten(() =>
        call(
          harness,
          'POST',
          '/api/v1/journal-entries',
          books.headers,
          balancedEntry(books, '100.00', '99.99'),
        ),
      ),
  },
  insufficient_inventory: {
    refuse: async ({ books, nothingWritten }) => {
      const item = await call(harness, 'POST', '/api/v1/items', books.headers, {
        name: 'Widget',
        type: 'inventory',
      });
      const adjustment = { item: item.json().id, account: books.accounts['3000'], date: '2026-01-05' };
      await call(harness, 'POST', '/api/v1/inventory-adjustments', books.headers, {
        ...adjustment,
        quantity: '2',
        unit_cost: '1.00',
      });
      return nothingWritten(() =>
        call(harness, 'POST', '/api/v1/inventory-adjustments', books.headers, {
          ...adjustment,
          quantity: '-3',
        }),
      );
    },
  },
  invalid_json: {
    refuse: ({ books, nothingWritten }) =>
      nothingWritten(() =>
        harness.app.inject({
          method: 'POST',
          url: '/api/v1/accounts',
          headers: { ...books.headers, 'content-type': 'application/json' },
          payload: '{"number": "1999", "name": ',
        }),
      ),
  },
  invalid_cursor: {
    refuse: async ({ books, nothingWritten }) => {
      const other = await signUp(harness);
      const foreign = await feedCursor(harness, other.headers);
      return nothingWritten(() => call(harness, 'GET', `/api/v1/changes?cursor=${foreign}`, books.headers));
    },
  },
  authentication_failed: {
    refuse: async ({ books, nothingWritten }) => {
      const key = await createKey(harness, books);
      const revoked = await call(harness, 'POST', `/api/v1/api-keys/${key.id}/revoke`, books.headers);
      assert.equal(revoked.statusCode, 200, revoked.body);
      return nothingWritten(() =>
        call(harness, 'POST', '/api/v1/journal-entries', key.headers, balancedEntry(books)),
      );
    },
    expect: emptyDetail,
  },
  not_authenticated: {
    refuse: ({ books, nothingWritten }) =>
      nothingWritten(() => call(harness, 'POST', '/api/v1/journal-entries', {}, balancedEntry(books))),
  },
  permission_denied: {
    refuse: async ({ books, nothingWritten }) => {
      const key = await createKey(harness, books, 'viewer');
      return nothingWritten(() =>
        call(harness, 'POST', '/api/v1/journal-entries', key.headers, balancedEntry(books)),
      );
    },
  },
  not_part_of_public_api: {
    // A key closing the period would be a write with consequences: it must not happen.
    refuse: async ({ books, nothingWritten }) => {
      const key = await createKey(harness, books);
      return nothingWritten(() =>
        call(harness, 'POST', '/api/v1/periods/close', key.headers, { through: today }),
      );
    },
  },
  sandbox_restricted: {
    refuse: ({ books, nothingWritten }) =>
      nothingWritten(() =>
        call(harness, 'POST', '/api/v1/bank-connections', books.sandboxHeaders, {
          institution_name: 'First National',
        }),
      ),
  },
  not_found: {
    // Another organization's id: 404, never 403, and the other books stay as they were.
    refuse: async ({ books, nothingWritten }) => {
      const other = await signUp(harness);
      const key = await createKey(harness, books);
      return nothingWritten(
        () =>
          call(harness, 'PATCH', `/api/v1/accounts/${other.accounts['1000']}`, key.headers, {
            name: 'Mine now',
          }),
        [other],
      );
    },
  },
  method_not_allowed: {
    refuse: ({ books, nothingWritten }) =>
      nothingWritten(() =>
        call(harness, 'PUT', `/api/v1/accounts/${books.accounts['1000']}`, books.headers, { name: 'Put' }),
      ),
    expect: (response) => assert.match(String(response.headers.allow), /PATCH/),
  },
  period_closed: {
    refuse: async ({ books, nothingWritten }) => {
      const close = await call(harness, 'POST', '/api/v1/periods/close', books.headers, { through: today });
      assert.equal(close.statusCode, 200, close.body);
      return nothingWritten(() =>
        call(harness, 'POST', '/api/v1/journal-entries', books.headers, balancedEntry(books)),
      );
    },
  },
  immutable_entry: {
    refuse: async ({ books, nothingWritten }) => {
      const id = (await postEntry(harness, books.headers, balancedEntry(books))).id;
      return nothingWritten(() =>
        call(harness, 'PATCH', `/api/v1/journal-entries/${id}`, books.headers, { memo: 'edited' }),
      );
    },
  },
  idempotency_conflict: {
    refuse: async ({ books, nothingWritten }) => {
      const headers = { ...books.headers, 'idempotency-key': 'error-codes-1' };
      const first = await call(harness, 'POST', '/api/v1/journal-entries', headers, balancedEntry(books));
      assert.equal(first.statusCode, 201, first.body);
      return nothingWritten(() =>
        call(harness, 'POST', '/api/v1/journal-entries', headers, balancedEntry(books, '101.00')),
      );
    },
  },
  number_conflict: {
    refuse: ({ books, nothingWritten }) =>
      nothingWritten(() =>
        call(harness, 'POST', '/api/v1/accounts', books.headers, {
          number: '1000',
          name: 'Second checking',
          type: 'asset',
        }),
      ),
  },
  invalid_state: {
    refuse: async ({ books, nothingWritten }) => {
      const id = (await postEntry(harness, books.headers, balancedEntry(books))).id;
      return nothingWritten(() => call(harness, 'POST', `/api/v1/journal-entries/${id}/post`, books.headers));
    },
  },
  application_exceeds_balance: {
    refuse: async ({ books, nothingWritten }) => {
      const customer = await createCustomer(harness, books.headers);
      const draft = await call(harness, 'POST', '/api/v1/invoices', books.headers, {
        customer: customer.id,
        lines: [
          {
            description: 'Consulting',
            quantity: '1',
            unit_price: '100.00',
            income_account: books.accounts['4100'],
            is_taxable: false,
          },
        ],
      });
      assert.equal(draft.statusCode, 201, draft.body);
      const sent = await call(harness, 'POST', `/api/v1/invoices/${draft.json().id}/send`, books.headers);
      assert.equal(sent.statusCode, 200, sent.body);
      return nothingWritten(() =>
        call(harness, 'POST', '/api/v1/payments-received', books.headers, {
          customer: customer.id,
          payment_date: today,
          amount: '150.00',
          method: 'ach',
          reference: 'ACH 1',
          applications: [{ invoice_id: draft.json().id, amount: '150.00' }],
        }),
      );
    },
  },
  seat_limit_reached: {
    refuse: async ({ books, nothingWritten }) => {
      for (const role of ['admin', 'accountant', 'sales', 'viewer']) await addMember(harness, books, role);
      const sixth = await signUp(harness);
      return nothingWritten(() =>
        call(harness, 'POST', '/api/v1/members', books.headers, { email: sixth.email, role: 'viewer' }),
      );
    },
  },
  stale_write: {
    refuse: async ({ books, nothingWritten }) => {
      const url = `/api/v1/accounts/${books.accounts['1000']}`;
      const renamed = await call(harness, 'PATCH', url, books.headers, { name: 'Operating account' });
      assert.equal(renamed.json().version, 2, renamed.body);
      return nothingWritten(() =>
        call(harness, 'PATCH', url, { ...books.headers, 'if-unmodified-since': '1' }, { name: 'Lost' }),
      );
    },
    expect: (response) =>
      assert.deepEqual(response.json().error.detail, { your_version: 1, current_version: 2 }),
  },
  payload_too_large: {
    refuse: ({ books, nothingWritten }) =>
      nothingWritten(() =>
        harness.app.inject({
          method: 'POST',
          url: '/api/v1/journal-entries',
          headers: { ...books.headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ ...balancedEntry(books), memo: 'x'.repeat(1024 * 1024) }),
        }),
      ),
  },
  uri_too_long: {
    // A path parameter longer than Fastify's limit (100): no id of the API is that long (D66).
    refuse: ({ books, nothingWritten }) =>
      nothingWritten(() =>
        call(harness, 'PATCH', `/api/v1/customers/${'a'.repeat(101)}`, books.headers, { display_name: 'X' }),
      ),
    expect: emptyDetail,
  },
  request_header_fields_too_large: {
    // Node's HTTP parser refuses headers over 16 KiB before Fastify sees a request: a real port (D66).
    refuse: async ({ books, nothingWritten }) => {
      const base = await listen(harness);
      const headers = Object.entries(books.headers).map(([name, value]) => `${name}: ${value}`);
      return nothingWritten(() =>
        rawRequest(
          base,
          ['POST /api/v1/journal-entries HTTP/1.1', ...headers, `X-Padding: ${'p'.repeat(20_000)}`].join(
            '\r\n',
          ),
          JSON.stringify(balancedEntry(books)),
        ),
      );
    },
    expect: (response) => {
      emptyDetail(response);
      assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    },
  },
  unsupported_media_type: {
    refuse: ({ books, nothingWritten }) =>
      nothingWritten(() =>
        harness.app.inject({
          method: 'POST',
          url: '/api/v1/journal-entries',
          headers: { ...books.headers, 'content-type': 'text/plain' },
          payload: JSON.stringify(balancedEntry(books)),
        }),
      ),
  },
  throttled: {
    // The same database behind an app whose keys get one request of burst.
    refuse: async ({ books, nothingWritten }) => {
      const config = { ...harness.deps.config, rateLimitPerSecond: 0.01, rateLimitBurst: 1 };
      const app = await buildApp({ ...harness.deps, config, rateLimiter: undefined });
      try {
        const key = await createKey(harness, books);
        const first = await app.inject({ method: 'GET', url: '/api/v1/accounts', headers: key.headers });
        assert.equal(first.statusCode, 200, first.body);
        return await nothingWritten(() =>
          app.inject({
            method: 'POST',
            url: '/api/v1/journal-entries',
            headers: key.headers,
            payload: balancedEntry(books),
          }),
        );
      } finally {
        await app.close();
      }
    },
    expect: (response) => assert.ok(Number(response.headers['retry-after']) >= 1),
  },
  internal_error: {
    // A statement failing inside the write (the change record, the last one before COMMIT) rolls
    // the whole write back, the Idempotency-Key included; the wire shows only the request id.
    refuse: async ({ books, nothingWritten }) => {
      const db = failingInsideTransactions(harness.db, /INSERT INTO changes/);
      const app = await buildApp({ ...harness.deps, db });
      try {
        return await nothingWritten(() =>
          app.inject({
            method: 'POST',
            url: '/api/v1/journal-entries',
            headers: { ...books.headers, 'idempotency-key': 'error-codes-500' },
            payload: balancedEntry(books),
          }),
        );
      } finally {
        await app.close();
      }
    },
    expect: (response) => {
      assert.deepEqual(response.json().error.detail, { request_id: response.headers['x-request-id'] });
      assert.doesNotMatch(response.body, /injected|stack|changes/i);
    },
  },
  service_unavailable: {
    // A request that arrives while the service drains (between SIGTERM and exit).
    refuse: async ({ books, nothingWritten }) => {
      const app = await buildApp({ ...harness.deps, rateLimiter: undefined });
      let closing!: () => void;
      const reachedClose = new Promise<void>((resolve) => {
        closing = resolve;
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      app.addHook('preClose', async () => {
        closing();
        await released;
      });
      await app.ready();
      const closed = app.close();
      await reachedClose;
      try {
        // app.inject refuses a closing app; the server's own request handler still answers.
        return await nothingWritten(
          () =>
            lightMyRequest(app.routing, {
              method: 'POST',
              url: '/api/v1/journal-entries',
              headers: books.headers,
              payload: balancedEntry(books),
            }) as Promise<LightMyRequestResponse>,
        );
      } finally {
        release();
        await closed;
      }
    },
  },
};

/** The same database, but any statement matching `pattern` inside a transaction fails. */
function failingInsideTransactions(db: Db, pattern: RegExp): Db {
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    close: async () => {},
    transaction: (work) =>
      db.transaction((tx) => {
        const failing: Tx = {
          inTransaction: true,
          exec: (sql) => tx.exec(sql),
          query: async (sql, params) => {
            if (pattern.test(sql)) throw new Error('injected failure in the changes table');
            return tx.query(sql, params);
          },
        };
        return work(failing);
      }),
  };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('every error code, through HTTP, writes nothing', () => {
  test('the cases cover exactly the closed list of codes', () => {
    assert.deepEqual(Object.keys(CASES).sort(), Object.keys(ERROR_STATUS).sort());
  });

  for (const [code, spec] of Object.entries(CASES) as [ErrorCode, Case | Unreachable][]) {
    if ('unreachable' in spec) {
      test(`${code} is never raised: ${spec.unreachable}`, () => {
        const raising = sourceFiles('src').filter(
          (file) =>
            !file.endsWith(join('domain', 'errors.ts')) && readFileSync(file, 'utf8').includes(`'${code}'`),
        );
        assert.deepEqual(raising, [], `${code} is raised now: give it a case that triggers it`);
      });
      continue;
    }
    test(`${code}: answers ${ERROR_STATUS[code]} in the envelope and writes nothing`, async () => {
      const books = await signUp(harness);
      let checked = 0;
      const nothingWritten: Context['nothingWritten'] = async (request, others = []) => {
        const watched = [books, ...others];
        const ids = watched.flatMap((b) => [b.organizationId, b.sandboxId]);
        const cursors = [];
        for (const b of watched) {
          for (const headers of [b.headers, b.sandboxHeaders])
            cursors.push({ headers, at: await feedCursor(harness, headers) });
        }
        const before = await snapshot(ids);
        const response = await request();
        assert.deepEqual(await snapshot(ids), before, `${code} changed rows: ${response.body}`);
        for (const { headers, at } of cursors) {
          assert.deepEqual(await changesSince(harness, headers, at), [], `${code} added change records`);
        }
        checked++;
        return response;
      };
      const response = await spec.refuse({ books, nothingWritten });
      assert.equal(checked, 1, 'the case sends its refused request through nothingWritten');
      assertEnvelope(response, code);
      spec.expect?.(response);
    });
  }
});
