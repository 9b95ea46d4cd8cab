// When the database does not answer (a PostgreSQL connection exception, or on Citus the worker that
// holds one organization's shards being down, D79), the request is a 503 in the envelope with
// Retry-After, not a 500 and not a hang; other organizations' requests go on; nothing half-written
// remains. The outage is simulated by the storage port refusing the statements that name one
// organization, with the error Citus raises for a worker it cannot reach (SQLSTATE 08006).
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import type { Db, Queryable, SqlParam } from '../../src/storage/db.ts';
import { call, countRows, errorCode, signUp, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

/** Makes every statement naming `organizationId` fail as a stopped Citus worker would; returns the undo. */
function takeDown(db: Db, organizationId: string, error: () => Error): () => void {
  const refuse = (params: SqlParam[] | undefined) => {
    if (params?.some((param) => param === organizationId)) throw error();
  };
  const guard = <T extends Queryable>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver);
        if (property !== 'query' || typeof value !== 'function') return value;
        return async (sql: string, params?: SqlParam[]) => {
          refuse(params);
          return value.call(object, sql, params);
        };
      },
    });
  const { query, transaction } = db;
  db.query = guard({ query: query.bind(db) } as Queryable).query as Db['query'];
  db.transaction = ((work: (tx: Queryable) => Promise<unknown>, ...rest: unknown[]) =>
    (transaction as (...args: unknown[]) => Promise<unknown>).call(
      db,
      (tx: Queryable) => work(guard(tx)),
      ...rest,
    )) as Db['transaction'];
  return () => {
    db.query = query;
    db.transaction = transaction;
  };
}

const workerDown = () =>
  Object.assign(
    new Error(
      'connection to the remote node postgres@localhost:5442 failed with the following error: Connection refused',
    ),
    { code: '08006' },
  );

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('a database that does not answer', () => {
  test('answers 503 service_unavailable in the envelope with Retry-After, and the other books go on', async () => {
    const down = await signUp(harness);
    const up = await signUp(harness);
    const before = await countRows(harness, 'customers', down.organizationId);
    restore = takeDown(harness.db, down.organizationId, workerDown);

    const refused = await call(harness, 'POST', '/api/v1/customers', down.headers, {
      display_name: 'Lost Ltd',
    });
    assert.equal(refused.statusCode, 503);
    assert.equal(errorCode(refused), 'service_unavailable');
    assert.equal(refused.headers['retry-after'], '5');
    assert.match(
      refused.json().error.message,
      /not answering; try again shortly with the same Idempotency-Key/,
    );
    assert.doesNotMatch(refused.body, /5442|remote node/, 'the database error stays in the log');
    const read = await call(harness, 'GET', '/api/v1/customers', down.headers);
    assert.equal(read.statusCode, 503);

    const other = await call(harness, 'POST', '/api/v1/customers', up.headers, {
      display_name: 'Still Here Ltd',
    });
    assert.equal(other.statusCode, 201);

    restore();
    restore = undefined;
    assert.equal(await countRows(harness, 'customers', down.organizationId), before, 'nothing half-written');
    const again = await call(harness, 'POST', '/api/v1/customers', down.headers, {
      display_name: 'Back Ltd',
    });
    assert.equal(again.statusCode, 201);
  });

  test('a server shutting down or a refused socket are 503s too, not 500s', async () => {
    const books = await signUp(harness);
    for (const error of [
      () =>
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      () => new Error('Connection terminated unexpectedly'),
      // What a stopped Citus worker was seen to raise mid-transaction (test/cluster/worker-stop.test.ts).
      () =>
        Object.assign(new Error('failure on connection marked as essential: 127.0.0.1:5443'), {
          code: 'XX000',
          file: 'remote_transaction.c',
        }),
      () =>
        Object.assign(new Error('failed to COPY to shard 102149 on 127.0.0.1:5443'), {
          code: '58030',
          file: 'multi_copy.c',
        }),
    ]) {
      restore = takeDown(harness.db, books.organizationId, error);
      const response = await call(harness, 'GET', '/api/v1/accounts', books.headers);
      assert.equal(response.statusCode, 503, error().message);
      assert.equal(errorCode(response), 'service_unavailable');
      restore();
      restore = undefined;
    }
  });

  test('any other database error stays a 500 internal_error, a disk I/O error of PostgreSQL itself included', async () => {
    const books = await signUp(harness);
    for (const error of [
      () => Object.assign(new Error('division by zero'), { code: '22012' }),
      () =>
        Object.assign(new Error('could not read block 7 in file "base/5/16384"'), {
          code: '58030',
          file: 'md.c',
        }),
    ]) {
      restore = takeDown(harness.db, books.organizationId, error);
      const response = await call(harness, 'GET', '/api/v1/accounts', books.headers);
      assert.equal(response.statusCode, 500, error().message);
      assert.equal(errorCode(response), 'internal_error');
      restore();
      restore = undefined;
    }
  });
});
