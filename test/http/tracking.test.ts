import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import {
  type Books,
  call,
  countRows,
  createKey,
  errorCode,
  type Headers,
  signUp,
  today,
  useHarness,
} from '../helpers/harness.ts';
import { postEntry } from '../helpers/ledger.ts';
import { requestBodySchema } from '../helpers/openapi.ts';

const harness = useHarness();

async function createCategory(books: Books, name = 'Region', headers?: Headers) {
  const response = await call(harness, 'POST', '/api/v1/tracking-categories', headers ?? books.headers, {
    name,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

async function createOption(books: Books, category: string, name: string) {
  const response = await call(harness, 'POST', '/api/v1/tracking-options', books.headers, { category, name });
  assert.equal(response.statusCode, 201, response.body);
  return response.json();
}

function entry(books: Books, debitOptions: string[]) {
  return {
    txn_date: today,
    memo: 'Consulting, east region',
    lines: [
      { account: books.accounts['1000'], debit: '100.00', tracking_options: debitOptions },
      { account: books.accounts['4100'], credit: '100.00' },
    ],
  };
}

describe('tracking categories', () => {
  test('creates a category, lists and reads it with its options in creation order', async () => {
    const books = await signUp(harness);
    const cursor = await feedCursor(harness, books.headers);
    const region = await createCategory(books);
    assert.equal(region.name, 'Region');
    assert.equal(region.is_active, true);
    assert.deepEqual(region.options, []);
    assert.equal(region.version, 1);
    const east = await createOption(books, region.id, 'East');
    const west = await createOption(books, region.id, 'West');
    assert.equal(east.category, region.id);
    assert.equal(east.version, 1);
    const read = (
      await call(harness, 'GET', `/api/v1/tracking-categories/${region.id}`, books.headers)
    ).json();
    assert.deepEqual(read.options, [
      { id: east.id, name: 'East', is_active: true },
      { id: west.id, name: 'West', is_active: true },
    ]);
    assert.equal(read.version, 1, 'adding options does not bump the category');
    const list = (await call(harness, 'GET', '/api/v1/tracking-categories', books.headers)).json();
    assert.deepEqual(list.results, [read]);
    assert.deepEqual(
      changeTuples(await changesSince(harness, books.headers, cursor, 'tracking_category,tracking_option')),
      [
        ['tracking_category', region.id, 'created', 1],
        ['tracking_option', east.id, 'created', 1],
        ['tracking_option', west.id, 'created', 1],
      ],
    );
  });

  test('refuses a blank name or a name taken case-insensitively with 400, nothing written', async () => {
    const books = await signUp(harness);
    await createCategory(books, 'Region');
    for (const body of [{}, { name: '' }, { name: '  ' }, { name: 'region' }, { name: 'x'.repeat(101) }]) {
      const response = await call(harness, 'POST', '/api/v1/tracking-categories', books.headers, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(errorCode(response), 'validation_error');
      assert.ok(response.json().error.detail.fields.name, response.body);
    }
    assert.equal(await countRows(harness, 'tracking_categories', books.organizationId), 1);
  });

  test('PATCH renames with version checks; deactivating retires its active options too', async () => {
    const books = await signUp(harness);
    const region = await createCategory(books);
    const east = await createOption(books, region.id, 'East');
    const west = await createOption(books, region.id, 'West');
    await call(harness, 'POST', `/api/v1/tracking-options/${west.id}/deactivate`, books.headers);
    const cursor = await feedCursor(harness, books.headers);
    const renamed = await call(harness, 'PATCH', `/api/v1/tracking-categories/${region.id}`, books.headers, {
      name: 'Territory',
      version: 1,
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json().name, 'Territory');
    assert.equal(renamed.json().version, 2);
    const stale = await call(harness, 'PATCH', `/api/v1/tracking-categories/${region.id}`, books.headers, {
      name: 'Stale',
      version: 1,
    });
    assert.equal(stale.statusCode, 412);
    assert.deepEqual(stale.json().error.detail, { your_version: 1, current_version: 2 });
    const off = await call(
      harness,
      'POST',
      `/api/v1/tracking-categories/${region.id}/deactivate`,
      books.headers,
    );
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().is_active, false);
    assert.equal(off.json().version, 3);
    assert.deepEqual(
      off.json().options.map((o: { is_active: boolean }) => o.is_active),
      [false, false],
    );
    const again = await call(
      harness,
      'POST',
      `/api/v1/tracking-categories/${region.id}/deactivate`,
      books.headers,
    );
    assert.equal(again.json().version, 3, 'deactivating an inactive category changes nothing');
    assert.equal(
      (await call(harness, 'GET', `/api/v1/tracking-options/${east.id}`, books.headers)).json().version,
      2,
    );
    assert.deepEqual(
      changeTuples(await changesSince(harness, books.headers, cursor, 'tracking_category,tracking_option')),
      [
        ['tracking_category', region.id, 'updated', 2],
        ['tracking_category', region.id, 'updated', 3],
        ['tracking_option', east.id, 'updated', 2],
      ],
    );
    const inactiveList = await call(
      harness,
      'GET',
      '/api/v1/tracking-categories?is_active=false',
      books.headers,
    );
    assert.equal(inactiveList.json().results.length, 1);
    const reactivateOption = await call(
      harness,
      'PATCH',
      `/api/v1/tracking-options/${east.id}`,
      books.headers,
      {
        is_active: true,
      },
    );
    assert.equal(reactivateOption.statusCode, 409);
    assert.equal(errorCode(reactivateOption), 'invalid_state');
    const back = await call(harness, 'PATCH', `/api/v1/tracking-categories/${region.id}`, books.headers, {
      is_active: true,
    });
    assert.equal(back.json().is_active, true);
    assert.equal(back.json().options[0].is_active, false, 'options stay inactive until reactivated');
    const optionBack = await call(harness, 'PATCH', `/api/v1/tracking-options/${east.id}`, books.headers, {
      is_active: true,
    });
    assert.equal(optionBack.json().is_active, true);
    assert.equal(optionBack.json().version, 3);
  });
});

describe('tracking options', () => {
  test('lists options with a category filter and reads one', async () => {
    const books = await signUp(harness);
    const region = await createCategory(books, 'Region');
    const project = await createCategory(books, 'Project');
    const east = await createOption(books, region.id, 'East');
    const alpha = await createOption(books, project.id, 'Alpha');
    const all = (await call(harness, 'GET', '/api/v1/tracking-options', books.headers)).json();
    assert.deepEqual(
      all.results.map((o: { id: string }) => o.id),
      [east.id, alpha.id],
    );
    const filtered = (
      await call(harness, 'GET', `/api/v1/tracking-options?category=${project.id}`, books.headers)
    ).json();
    assert.deepEqual(filtered.results, [alpha]);
    assert.deepEqual(
      (await call(harness, 'GET', `/api/v1/tracking-options/${east.id}`, books.headers)).json(),
      east,
    );
    const bad = await call(harness, 'GET', '/api/v1/tracking-options?category=nope', books.headers);
    assert.equal(errorCode(bad), 'validation_error');
  });

  test('refuses an unknown, foreign or inactive category and a duplicate name: 400, nothing written', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const region = await createCategory(books);
    await createOption(books, region.id, 'East');
    const retired = await createCategory(books, 'Retired');
    await call(harness, 'POST', `/api/v1/tracking-categories/${retired.id}/deactivate`, books.headers);
    const foreign = await createCategory(other);
    const cases: [Record<string, unknown>, string][] = [
      [{ category: '00000000-0000-4000-8000-000000000000', name: 'X' }, 'category'],
      [{ category: 'nope', name: 'X' }, 'category'],
      [{ category: foreign.id, name: 'X' }, 'category'],
      [{ category: retired.id, name: 'X' }, 'category'],
      [{ category: region.id, name: 'EAST' }, 'name'],
      [{ category: region.id }, 'name'],
      [{ name: 'X' }, 'category'],
    ];
    for (const [body, field] of cases) {
      const response = await call(harness, 'POST', '/api/v1/tracking-options', books.headers, body);
      assert.equal(response.statusCode, 400, `${JSON.stringify(body)}: ${response.body}`);
      assert.equal(errorCode(response), 'validation_error');
      assert.ok(response.json().error.detail.fields[field], response.body);
    }
    assert.equal(await countRows(harness, 'tracking_options', books.organizationId), 1);
  });

  test('PATCH renames with version checks; deactivate is idempotent; each version has a change record', async () => {
    const books = await signUp(harness);
    const region = await createCategory(books);
    const east = await createOption(books, region.id, 'East');
    await createOption(books, region.id, 'West');
    const cursor = await feedCursor(harness, books.headers);
    const renamed = await call(harness, 'PATCH', `/api/v1/tracking-options/${east.id}`, books.headers, {
      name: 'North-east',
      version: 1,
    });
    assert.equal(renamed.json().name, 'North-east');
    assert.equal(renamed.json().version, 2);
    const taken = await call(harness, 'PATCH', `/api/v1/tracking-options/${east.id}`, books.headers, {
      name: 'west',
    });
    assert.equal(errorCode(taken), 'validation_error');
    const stale = await call(harness, 'PATCH', `/api/v1/tracking-options/${east.id}`, books.headers, {
      name: 'Stale',
      version: 1,
    });
    assert.equal(errorCode(stale), 'stale_write');
    const off = await call(harness, 'POST', `/api/v1/tracking-options/${east.id}/deactivate`, books.headers);
    assert.equal(off.json().is_active, false);
    assert.equal(off.json().version, 3);
    const again = await call(
      harness,
      'POST',
      `/api/v1/tracking-options/${east.id}/deactivate`,
      books.headers,
    );
    assert.equal(again.json().version, 3);
    const viaPatch = await call(harness, 'PATCH', `/api/v1/tracking-options/${east.id}`, books.headers, {
      is_active: true,
    });
    assert.equal(viaPatch.json().version, 4);
    assert.deepEqual(
      changeTuples(await changesSince(harness, books.headers, cursor, 'tracking_category,tracking_option')),
      [
        ['tracking_option', east.id, 'updated', 2],
        ['tracking_option', east.id, 'updated', 3],
        ['tracking_option', east.id, 'updated', 4],
      ],
    );
  });
});

describe('tracking options on journal lines', () => {
  test('a line with an option id posts and keeps it', async () => {
    const books = await signUp(harness);
    const region = await createCategory(books, 'Region');
    const project = await createCategory(books, 'Project');
    const east = await createOption(books, region.id, 'East');
    const alpha = await createOption(books, project.id, 'Alpha');
    const posted = await postEntry(harness, books.headers, entry(books, [east.id, alpha.id]));
    assert.deepEqual(posted.lines[0]!.tracking_options, [east.id, alpha.id]);
    assert.deepEqual(posted.lines[1]!.tracking_options, []);
  });

  test('the answer to a create is the entry as stored: the same body a read of it gives', async () => {
    const books = await signUp(harness);
    const region = await createCategory(books, 'Region');
    const east = await createOption(books, region.id, 'East');
    for (const post of [true, false]) {
      const body = {
        ...entry(books, [east.id]),
        post,
        lines: [
          { account: books.accounts['1000'], debit: '100.10', tracking_options: [east.id] },
          { account: books.accounts['4100'], credit: '100.1', description: '  Fees, "east" \u00e9  ' },
        ],
      };
      const created = await call(harness, 'POST', '/api/v1/journal-entries', books.headers, body);
      assert.equal(created.statusCode, 201, created.body);
      const read = await call(harness, 'GET', `/api/v1/journal-entries/${created.json().id}`, books.headers);
      assert.deepEqual(created.json(), read.json());
    }
  });

  test('refuses two options of one category, an unknown id, or an inactive option: 400, nothing written', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const region = await createCategory(books);
    const east = await createOption(books, region.id, 'East');
    const west = await createOption(books, region.id, 'West');
    const retired = await createOption(books, region.id, 'Retired');
    await call(harness, 'POST', `/api/v1/tracking-options/${retired.id}/deactivate`, books.headers);
    const foreign = await createOption(other, (await createCategory(other)).id, 'East');
    const cases: [string[], string][] = [
      [[east.id, west.id], 'lines/0/tracking_options/1'],
      [['00000000-0000-4000-8000-000000000000'], 'lines/0/tracking_options/0'],
      [[foreign.id], 'lines/0/tracking_options/0'],
      [[retired.id], 'lines/0/tracking_options/0'],
    ];
    for (const [options, path] of cases) {
      const response = await call(
        harness,
        'POST',
        '/api/v1/journal-entries',
        books.headers,
        entry(books, options),
      );
      assert.equal(response.statusCode, 400, response.body);
      assert.equal(errorCode(response), 'validation_error');
      assert.ok(response.json().error.detail.fields[path], response.body);
    }
    assert.equal(await countRows(harness, 'journal_entries', books.organizationId), 0);
    assert.equal(await countRows(harness, 'journal_lines', books.organizationId), 0);
  });
});

describe('who may see and change tracking', () => {
  test('sales and viewer keys read tracking but writing answers 403 permission_denied, nothing written', async () => {
    const books = await signUp(harness);
    const region = await createCategory(books);
    const east = await createOption(books, region.id, 'East');
    for (const role of ['sales', 'viewer']) {
      const key = await createKey(harness, books, role);
      assert.equal((await call(harness, 'GET', '/api/v1/tracking-categories', key.headers)).statusCode, 200);
      assert.equal(
        (await call(harness, 'GET', `/api/v1/tracking-options/${east.id}`, key.headers)).statusCode,
        200,
      );
      for (const [method, url, body] of [
        ['POST', '/api/v1/tracking-categories', { name: 'Project' }],
        ['PATCH', `/api/v1/tracking-categories/${region.id}`, { name: 'X' }],
        ['POST', '/api/v1/tracking-options', { category: region.id, name: 'West' }],
        ['POST', `/api/v1/tracking-options/${east.id}/deactivate`, undefined],
      ] as const) {
        const response = await call(harness, method, url, key.headers, body);
        assert.equal(response.statusCode, 403, `${role} ${method} ${url}`);
        assert.equal(errorCode(response), 'permission_denied');
      }
    }
    assert.equal(await countRows(harness, 'tracking_categories', books.organizationId), 1);
    assert.equal(await countRows(harness, 'tracking_options', books.organizationId), 1);
    assert.equal(
      (await call(harness, 'GET', `/api/v1/tracking-options/${east.id}`, books.headers)).json().version,
      1,
    );
  });

  test('an accountant key writes tracking; ids of another organization answer 404 not_found', async () => {
    const books = await signUp(harness);
    const other = await signUp(harness);
    const accountant = await createKey(harness, books, 'accountant');
    const region = await createCategory(books, 'Region', accountant.headers);
    const east = await createOption(books, region.id, 'East');
    for (const [method, url, body] of [
      ['GET', `/api/v1/tracking-categories/${region.id}`, undefined],
      ['PATCH', `/api/v1/tracking-categories/${region.id}`, { name: 'x' }],
      ['POST', `/api/v1/tracking-categories/${region.id}/deactivate`, undefined],
      ['GET', `/api/v1/tracking-options/${east.id}`, undefined],
      ['PATCH', `/api/v1/tracking-options/${east.id}`, { name: 'x' }],
      ['POST', `/api/v1/tracking-options/${east.id}/deactivate`, undefined],
    ] as const) {
      const response = await call(harness, method, url, other.headers, body);
      assert.equal(response.statusCode, 404, `${method} ${url}`);
      assert.equal(errorCode(response), 'not_found');
    }
    assert.equal(
      (await call(harness, 'GET', `/api/v1/tracking-categories/${region.id}`, books.headers)).json().version,
      1,
    );
  });

  test('OpenAPI shows the tracking collections with full schemas', async () => {
    const doc = (await call(harness, 'GET', '/api/v1/openapi.json', {})).json();
    assert.ok(requestBodySchema(doc, '/api/v1/tracking-options', 'post').properties.category);
    assert.ok(doc.components.schemas.TrackingCategory.properties.options);
    assert.ok(doc.components.schemas.TrackingOption.properties.category);
  });
});
