import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { DomainError, type ErrorCode } from '../../src/domain/errors.ts';
import {
  assertBalanced,
  assertEditable,
  assertLineAccount,
  assertNotReversed,
  assertPostable,
  assertReversalDate,
  assertReversible,
  assertTrackingChoices,
  buildJournalLines,
  DOCUMENT_SOURCES,
  documentEntryRefusal,
  type EntryState,
  isManualSource,
  type JournalLine,
  netByAccount,
  reversalMemo,
  reversedLines,
  SOURCE_TYPES,
  voidableSource,
} from '../../src/domain/journal.ts';

/** Runs `check` and answers the refusal's code and message, or undefined when it passes. */
function refusal(check: () => unknown): { code: ErrorCode; message: string } | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.message };
  }
}

const draft: EntryState = { status: 'draft', entryNumber: null, reversedByEntryId: null };
const posted: EntryState = { status: 'posted', entryNumber: 'JE-000007', reversedByEntryId: null };
const reversed: EntryState = { ...posted, reversedByEntryId: '00000000-0000-4000-8000-000000000001' };

describe('what may happen to an entry, by its state (D27)', () => {
  const cases: {
    name: string;
    entry: EntryState;
    edit?: ErrorCode;
    post?: ErrorCode;
    reverse?: ErrorCode;
  }[] = [
    { name: 'a draft is edited and posted, not reversed', entry: draft, reverse: 'invalid_state' },
    {
      name: 'a posted entry is reversed, never edited or posted again',
      entry: posted,
      edit: 'immutable_entry',
      post: 'invalid_state',
    },
    {
      name: 'a reversed entry is not reversed twice',
      entry: reversed,
      edit: 'immutable_entry',
      post: 'invalid_state',
      reverse: 'invalid_state',
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      assert.equal(refusal(() => assertEditable(c.entry))?.code, c.edit);
      assert.equal(refusal(() => assertPostable(c.entry))?.code, c.post);
      assert.equal(refusal(() => assertReversible(c.entry))?.code, c.reverse);
    });
  }

  test('the refusals name the entry and say what to do instead', () => {
    assert.equal(
      refusal(() => assertEditable(posted))?.message,
      'entry JE-000007 is posted; post a reversal or a correcting entry',
    );
    assert.equal(refusal(() => assertNotReversed(reversed))?.message, 'entry JE-000007 is already reversed');
    assert.equal(
      refusal(() => assertReversible(draft))?.message,
      'only a posted entry can be reversed; edit or delete the draft',
    );
  });

  test('a reversal is dated on or after its entry, and its memo names the entry', () => {
    assert.equal(
      refusal(() => assertReversalDate('2026-03-01', '2026-03-01')),
      undefined,
    );
    assert.equal(refusal(() => assertReversalDate('2026-02-28', '2026-03-01'))?.code, 'validation_error');
    assert.equal(reversalMemo('JE-000007', 'Rent'), 'Reversal of JE-000007: Rent');
    assert.equal(reversalMemo('JE-000007', ''), 'Reversal of JE-000007');
  });
});

describe("a document's entry changes through its document only (D63)", () => {
  test("manual entries and reversals are the journal's own; every document source is listed", () => {
    assert.ok(isManualSource('manual'));
    assert.ok(isManualSource('reversal'));
    for (const source of Object.keys(DOCUMENT_SOURCES)) {
      assert.ok(!isManualSource(source));
      assert.ok(SOURCE_TYPES.includes(source as never));
    }
  });

  test('a kind named by its noun must be a source the journal lists with its void', () => {
    for (const noun of ['invoice', 'bill', 'credit_note', 'vendor_credit', 'deposit']) {
      assert.equal(voidableSource(noun), noun);
    }
    assert.throws(
      () => voidableSource('inventory_adjustment'),
      /no source type inventory_adjustment with its void/,
    );
    assert.throws(() => voidableSource('quote'), /no source type quote/);
  });

  test('the refusal names the document and the action, or the bare source type', () => {
    const entry = { entryNumber: 'JE-000003', sourceType: 'invoice', sourceId: 'x' };
    const named = documentEntryRefusal(entry, 'INV-000001');
    assert.equal(named.code, 'invalid_state');
    assert.equal(named.message, 'entry JE-000003 was posted by invoice INV-000001; void the invoice instead');
    assert.deepEqual(named.detail, { source_type: 'invoice', source_id: 'x', document_number: 'INV-000001' });
    assert.equal(
      documentEntryRefusal({ ...entry, sourceType: 'inventory_adjustment' }, 'ADJ-000002').message,
      'entry JE-000003 was posted by inventory adjustment ADJ-000002; an adjustment is final; record an opposite adjustment instead',
    );
    assert.equal(
      documentEntryRefusal({ ...entry, sourceType: 'opening_balance' }, null).message,
      'entry JE-000003 was posted by opening_balance; change it through its document',
    );
  });
});

describe("a line's account and tracking options", () => {
  const account = { number: '6600', isActive: true, systemRole: null, detailType: 'payroll_expenses' };
  test('an active ordinary account passes; inactive and document-kept accounts are refused on the path', () => {
    assert.equal(
      refusal(() => assertLineAccount(account, 'lines/0/account')),
      undefined,
    );
    assert.equal(
      refusal(() => assertLineAccount({ ...account, isActive: false }, 'lines/1/account'))?.message,
      'lines/1/account: the account is inactive',
    );
    const receivable = {
      number: '1100',
      isActive: true,
      systemRole: 'accounts_receivable',
      detailType: 'accounts_receivable',
    };
    assert.match(
      refusal(() => assertLineAccount(receivable, 'lines/2/account'))?.message ?? '',
      /^lines\/2\/account: account 1100 is kept by invoices and payments/,
    );
    assert.equal(
      refusal(() => assertLineAccount({ ...account, systemRole: 'undeposited_funds' }, 'p')),
      undefined,
    );
    // D84, D86: any inventory account (not only the system one) moves only with stock.
    assert.match(
      refusal(() =>
        assertLineAccount({ number: '1210', isActive: true, systemRole: null, detailType: 'inventory' }, 'q'),
      )?.message ?? '',
      /^q: account 1210 is an inventory account, kept by the items' stock/,
    );
  });

  test('tracking options must be known and at most one per category', () => {
    const categoryOf = new Map([
      ['east', 'region'],
      ['west', 'region'],
      ['retail', 'channel'],
    ]);
    const lines = (ids: string[]) => [{ trackingOptionIds: [] }, { trackingOptionIds: ids }];
    assert.equal(
      refusal(() => assertTrackingChoices(lines(['east', 'retail']), categoryOf, 'lines')),
      undefined,
    );
    assert.equal(
      refusal(() => assertTrackingChoices(lines(['east', 'west']), categoryOf, 'lines'))?.message,
      'lines/1/tracking_options/1: at most one option per tracking category',
    );
    assert.equal(
      refusal(() => assertTrackingChoices(lines(['north']), categoryOf, 'lines'))?.message,
      'lines/1/tracking_options/0: no such active tracking option in these books',
    );
  });
});

describe('reversal and the balance summary (properties)', () => {
  const amount = fc.bigInt({ min: 1n, max: 10n ** 12n });
  const lineArb = fc.record({
    accountId: fc.constantFrom('a', 'b', 'c', 'd'),
    amount,
    debit: fc.boolean(),
  });
  const toLines = (raw: { accountId: string; amount: bigint; debit: boolean }[]): JournalLine[] =>
    raw.map((line) => ({
      accountId: line.accountId,
      debit: line.debit ? line.amount : 0n,
      credit: line.debit ? 0n : line.amount,
      description: '',
      trackingOptionIds: [],
    }));

  test('an entry and its reversal net to zero on every account', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), (raw) => {
        const lines = toLines(raw);
        for (const row of netByAccount([...lines, ...reversedLines(lines)]))
          assert.equal(row.debit, row.credit);
      }),
    );
  });

  test('a balanced entry stays balanced reversed, and the net rows come sorted by account', () => {
    const lines = buildJournalLines([
      { account: 'b', debit: '10.00' },
      { account: 'a', credit: '4.00' },
      { account: 'c', credit: '6.00' },
    ]);
    assert.deepEqual(assertBalanced(reversedLines(lines)), assertBalanced(lines));
    assert.deepEqual(
      netByAccount(lines).map((row) => row.accountId),
      ['a', 'b', 'c'],
    );
  });
});
