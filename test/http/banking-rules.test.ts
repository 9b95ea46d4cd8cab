// Bank rules, what works (D75): CRUD listed in priority order with cursors; the first matching rule
// (lowest priority) is an unmatched transaction's suggestion wherever the transaction is read, and
// follows the rules as they change; it appears in /suggestions with reason rule; accepting many
// suggestions at once posts and matches each, all in one request, with their change records.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkBooks } from '../../src/app/check/check-books.ts';
import { bankLines, entryLines, saveRule } from '../helpers/banking.ts';
import { changesSince, changeTuples, feedCursor } from '../helpers/feed.ts';
import { call, signUp, useHarness } from '../helpers/harness.ts';
import { trackingOptions } from '../helpers/ledger.ts';
import { createTaxRate, ok } from '../helpers/receivables.ts';

const harness = useHarness();

describe('bank rules (D75)', () => {
  test('create, read, change at a version, delete; defaults direction any, match all', async () => {
    const books = await signUp(harness);
    const { east } = await trackingOptions(harness, books);
    const tax = await createTaxRate(harness, books.headers, '10.0000');
    const rule = await saveRule(harness, books, {
      name: '  Staples  ',
      account: books.accounts['1000'],
      conditions: [
        { field: 'description', operator: 'contains', value: ' STAPLES ' },
        { field: 'amount', operator: 'lt', value: '500.00' },
      ],
      action: {
        kind: 'spend',
        account: books.accounts['6300'],
        tax_rate: tax.id,
        tracking_options: [east.id],
        memo: 'Supplies',
      },
    });
    assert.deepEqual(
      {
        name: rule.name,
        priority: rule.priority,
        account: rule.account,
        direction: rule.direction,
        match: rule.match,
        conditions: rule.conditions,
        action: rule.action,
        version: rule.version,
      },
      {
        name: 'Staples',
        priority: 10,
        account: books.accounts['1000'],
        direction: 'any',
        match: 'all',
        conditions: [
          { field: 'description', operator: 'contains', value: 'STAPLES' },
          { field: 'amount', operator: 'lt', value: '500.00' },
        ],
        action: {
          kind: 'spend',
          account: books.accounts['6300'],
          tax_rate: tax.id,
          tracking_options: [east.id],
          memo: 'Supplies',
        },
        version: 1,
      },
    );
    assert.deepEqual(ok(await call(harness, 'GET', `/api/v1/bank-rules/${rule.id}`, books.headers)), rule);
    const changed = ok(
      await call(harness, 'PATCH', `/api/v1/bank-rules/${rule.id}`, books.headers, {
        priority: 3,
        match: 'any',
        version: 1,
      }),
    );
    assert.deepEqual(
      [changed.priority, changed.match, changed.version, changed.conditions],
      [3, 'any', 2, rule.conditions],
    );
    const deleted = await call(harness, 'DELETE', `/api/v1/bank-rules/${rule.id}`, books.headers);
    assert.equal(deleted.statusCode, 204, deleted.body);
    assert.equal(
      (await call(harness, 'GET', `/api/v1/bank-rules/${rule.id}`, books.headers)).statusCode,
      404,
    );
  });

  test('the list is in priority order (then age), paged with cursors both ways', async () => {
    const books = await signUp(harness);
    const priorities = Array.from({ length: 60 }, (_, index) => (index * 37) % 61);
    for (const [index, priority] of priorities.entries()) {
      await saveRule(harness, books, { name: `r${index}`, priority });
    }
    await saveRule(harness, books, { name: 'tie', priority: priorities[0] });
    const first = ok(await call(harness, 'GET', '/api/v1/bank-rules', books.headers));
    assert.equal(first.results.length, 50);
    assert.equal(first.previous, null);
    const second = ok(
      await call(harness, 'GET', new URL(first.next).pathname + new URL(first.next).search, books.headers),
    );
    assert.equal(second.next, null);
    const listed = [...first.results, ...second.results].map((rule: { name: string; priority: number }) => [
      rule.priority,
      rule.name,
    ]);
    const expected = [
      ...priorities.map((priority, index) => [priority, `r${index}`]),
      [priorities[0], 'tie'],
    ].sort((a, b) => (a[0] as number) - (b[0] as number));
    assert.deepEqual(listed, expected);
    const back = ok(
      await call(
        harness,
        'GET',
        new URL(second.previous).pathname + new URL(second.previous).search,
        books.headers,
      ),
    );
    assert.deepEqual(back.results, first.results);
    const last = ok(await call(harness, 'GET', '/api/v1/bank-rules?cursor=last', books.headers));
    assert.deepEqual(
      last.results.map((rule: { id: string }) => rule.id),
      [...first.results, ...second.results].slice(-50).map((rule: { id: string }) => rule.id),
    );
  });

  test('the first matching rule is the suggestion, wherever a transaction is read, and follows the rules', async () => {
    const books = await signUp(harness);
    const checking = books.accounts['1000']!;
    const general = await saveRule(harness, books, { name: 'General', priority: 20 });
    const [staples, coffee, refund] = await bankLines(harness, books, [
      ['-42.10', 's1', 'STAPLES #412'],
      ['-3.50', 'c1', 'Blue Bottle', 'blue bottle coffee'],
      ['42.10', 'r1', 'Staples refund'],
    ]);
    // Pushed: the response carries the suggestion already.
    assert.deepEqual(staples!.suggestion, {
      rule: general.id,
      rule_name: 'General',
      kind: 'spend',
      account: books.accounts['6300'],
      tax_rate: null,
      tracking_options: [],
      memo: null,
    });
    assert.equal(coffee!.suggestion, null);
    assert.equal(refund!.suggestion, null, 'a spend rule never proposes for money in');
    // A lower priority wins; the list and the read agree.
    const specific = await saveRule(harness, books, {
      name: 'Specific',
      priority: 5,
      account: checking,
      direction: 'out',
      conditions: [{ field: 'amount', operator: 'equals', value: '42.1' }],
      action: { kind: 'spend', account: books.accounts['6000'] },
    });
    const read = ok(await call(harness, 'GET', `/api/v1/bank-transactions/${staples!.id}`, books.headers));
    assert.equal(read.suggestion.rule, specific.id);
    const listed = ok(await call(harness, 'GET', '/api/v1/bank-transactions', books.headers));
    assert.deepEqual(
      listed.results.map(
        (row: { suggestion: { rule_name: string } | null }) => row.suggestion?.rule_name ?? null,
      ),
      ['Specific', null, null],
    );
    const payee = await saveRule(harness, books, {
      name: 'Coffee',
      priority: 30,
      conditions: [{ field: 'payee', operator: 'starts_with', value: 'BLUE BOTTLE' }],
      action: { kind: 'spend', account: books.accounts['6700'], memo: 'Coffee' },
    });
    const suggested = ok(
      await call(harness, 'GET', `/api/v1/bank-transactions/${coffee!.id}/suggestions`, books.headers),
    );
    assert.deepEqual(suggested.results.at(-1).reasons, [
      { reason: 'rule', rule: payee.id, rule_name: 'Coffee' },
    ]);
    assert.equal(suggested.results.at(-1).kind, 'rule');
    // Changing or deleting rules changes suggestions at once; a matched or excluded line has none.
    assert.equal(
      (await call(harness, 'DELETE', `/api/v1/bank-rules/${specific.id}`, books.headers)).statusCode,
      204,
    );
    const afterDelete = ok(
      await call(harness, 'GET', `/api/v1/bank-transactions/${staples!.id}`, books.headers),
    );
    assert.equal(afterDelete.suggestion.rule, general.id);
    ok(await call(harness, 'POST', `/api/v1/bank-transactions/${staples!.id}/exclude`, books.headers));
    const excluded = ok(
      await call(harness, 'GET', `/api/v1/bank-transactions/${staples!.id}`, books.headers),
    );
    assert.equal(excluded.suggestion, null);
  });

  test('accept-suggestions: many lines at once, each posted with its rule’s action and matched; the feed has each record', async () => {
    const books = await signUp(harness);
    const tax = await createTaxRate(harness, books.headers, '8.2500');
    await saveRule(harness, books, {
      name: 'Supplies',
      action: { kind: 'spend', account: books.accounts['6300'], tax_rate: tax.id, memo: 'Supplies' },
    });
    await saveRule(harness, books, {
      name: 'Savings',
      priority: 1,
      conditions: [{ field: 'reference', operator: 'starts_with', value: 'sav-' }],
      action: { kind: 'transfer', account: books.accounts['1050'] },
    });
    await saveRule(harness, books, {
      name: 'Interest',
      direction: 'in',
      conditions: [{ field: 'description', operator: 'equals', value: 'interest' }],
      action: { kind: 'receive', account: books.accounts['4000'] },
    });
    const lines = await bankLines(harness, books, [
      ['-108.25', 'a', 'Staples 1'],
      ['-10.00', 'sav-1', 'to savings'],
      ['0.42', 'i', 'INTEREST'],
      ['-0.20', 'b', 'staples 2'],
    ]);
    const cursor = await feedCursor(harness, books.headers);
    const accepted = ok(
      await call(harness, 'POST', '/api/v1/bank-transactions/accept-suggestions', books.headers, {
        ids: lines.map((line) => line.id),
      }),
      201,
    );
    assert.deepEqual(
      accepted.results.map(
        (result: { kind: string; bank_transaction: { id: string; status: string; suggestion: unknown } }) => [
          result.kind,
          result.bank_transaction.id,
          result.bank_transaction.status,
          result.bank_transaction.suggestion,
        ],
      ),
      [
        ['spend', lines[0]!.id, 'matched', null],
        ['transfer', lines[1]!.id, 'matched', null],
        ['receive', lines[2]!.id, 'matched', null],
        ['spend', lines[3]!.id, 'matched', null],
      ],
    );
    const numbers = accepted.results.map((result: { entry_number: string }) => result.entry_number);
    assert.deepEqual(numbers, [...numbers].sort(), 'consecutive numbers in the order of ids');
    const checking = books.accounts['1000'];
    const posted = await Promise.all(
      accepted.results.map(
        async (result: { journal_entry: string }) =>
          (await entryLines(harness, books, result.journal_entry)).lines,
      ),
    );
    assert.deepEqual(posted, [
      [
        [books.accounts['6300'], '100.0000', '0.0000'],
        [tax.liability_account, '8.2500', '0.0000'],
        [checking, '0.0000', '108.2500'],
      ],
      [
        [books.accounts['1050'], '10.0000', '0.0000'],
        [checking, '0.0000', '10.0000'],
      ],
      [
        [checking, '0.4200', '0.0000'],
        [books.accounts['4000'], '0.0000', '0.4200'],
      ],
      [
        [books.accounts['6300'], '0.1800', '0.0000'],
        [tax.liability_account, '0.0200', '0.0000'],
        [checking, '0.0000', '0.2000'],
      ],
    ]);
    const changes = changeTuples(await changesSince(harness, books.headers, cursor));
    assert.equal(changes.filter(([type]) => type === 'journal_entry').length, 4);
    assert.deepEqual(
      changes.filter(([type]) => type === 'bank_transaction'),
      lines.map((line) => ['bank_transaction', line.id, 'updated', 2]),
    );
    const report = await checkBooks(harness.db, { organizationId: books.organizationId });
    assert.deepEqual(report.violations, []);
  });

  test('accepting a rule’s suggestion one by one through /create gives the same entry', async () => {
    const books = await signUp(harness);
    await saveRule(harness, books);
    const [line] = await bankLines(harness, books, [['-20.00', 'one', 'Staples']]);
    const { rule: _rule, rule_name: _name, ...suggestion } = line!.suggestion!;
    const created = ok(
      await call(harness, 'POST', `/api/v1/bank-transactions/${line!.id}/create`, books.headers, suggestion),
      201,
    );
    assert.deepEqual((await entryLines(harness, books, created.journal_entry)).lines, [
      [books.accounts['6300'], '20.0000', '0.0000'],
      [books.accounts['1000'], '0.0000', '20.0000'],
    ]);
  });
});
