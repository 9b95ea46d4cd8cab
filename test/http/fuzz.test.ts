// The HTTP fuzzer in the suite (test/fuzz/): a fixed number of requests from a fixed seed, generated
// from every published route's own schema, against the real service. On every request: never a 5xx,
// every refusal is the envelope with its code's status and changes nothing; at the end the
// invariant checker finds nothing. `npm run fuzz -- --runs N --seed S` runs it for longer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { fingerprint, PropertyViolation, sendAndCheck } from '../fuzz/properties.ts';
import type { FuzzRequest } from '../fuzz/requests.ts';
import { formatReport, runFuzz } from '../fuzz/run.ts';
import type { World } from '../fuzz/world.ts';
import { signUp, useHarness } from '../helpers/harness.ts';

const RUNS = Number(process.env.FOLIO_FUZZ_RUNS ?? 1200);
const SEED = Number(process.env.FOLIO_FUZZ_SEED ?? 20261123);

const harness = useHarness();

test(`${RUNS} fuzzed requests (seed ${SEED}): no 5xx, every refusal is the envelope and changes nothing, the books check clean`, async () => {
  const report = await runFuzz(harness, { runs: RUNS, seed: SEED });
  assert.ok(report.requests >= RUNS, `ran ${report.requests} requests`);
  assert.deepEqual(report.failures, [], formatReport(report));
});

test('the properties catch a 5xx, a body outside the envelope, a code with another status and a refusal that wrote', async () => {
  const books = await signUp(harness);
  const envelope = (code: string) => ({ error: { code, message: code, detail: {} } });
  const broken = Fastify();
  broken.get('/boom', async (_request, reply) => reply.code(500).send(envelope('internal_error')));
  broken.get('/bare', async (_request, reply) => reply.code(400).send({ message: 'no' }));
  broken.get('/mismatch', async (_request, reply) => reply.code(404).send(envelope('validation_error')));
  broken.post('/sneaky', async (_request, reply) => {
    await harness.db.query(
      `INSERT INTO changes (organization_id, seq, entity_type, entity_id, operation, entity_version)
       VALUES ($1, 999999, 'customer', $1, 'created', 1)`,
      [books.organizationId],
    );
    return reply.code(400).send(envelope('validation_error'));
  });
  broken.get('/fine', async (_request, reply) => reply.code(409).send(envelope('invalid_state')));
  await broken.ready();
  const world = {
    harness: { ...harness, app: broken },
    books,
    keyHeaders: {},
    pools: {},
    listCursors: [],
    feedCursors: [],
  } as unknown as World;
  const request = (route: string): FuzzRequest => ({
    route,
    mode: 'valid',
    credential: 'session',
    params: {},
    query: {},
    headers: {},
    ...(route.startsWith('POST') ? { body: {} } : {}),
  });
  const violated = async (route: string) => {
    try {
      await sendAndCheck(world, request(route), await fingerprint(world));
      return 'none';
    } catch (error) {
      if (error instanceof PropertyViolation) return error.property;
      throw error;
    }
  };
  try {
    assert.equal(await violated('GET /boom'), 'no_5xx');
    assert.equal(await violated('GET /bare'), 'envelope');
    assert.equal(await violated('GET /mismatch'), 'envelope');
    assert.equal(await violated('POST /sneaky'), 'refusal_changed_nothing');
    assert.equal(await violated('GET /fine'), 'none');
  } finally {
    await harness.db.query('DELETE FROM changes WHERE organization_id = $1 AND seq = 999999', [
      books.organizationId,
    ]);
    await broken.close();
  }
});
