// Issue 21, the invoice editor through the API: an invoice's payment terms (D20) give its due date
// unless a due date is sent (it wins, and is never before the issue date); a reference (the customer's
// PO number) is kept, returned, searched and printed; none of it changes once the invoice is sent.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inflateSync } from 'node:zlib';
import type { InvoiceBody } from '../helpers/bodies.ts';
import { call, signUp, useHarness } from '../helpers/harness.ts';
import {
  createCustomer,
  createInvoice,
  ok,
  postInvoice,
  receivablesSetup,
  refusedNothingWritten,
} from '../helpers/receivables.ts';

const harness = useHarness();

type Setup = Awaited<ReturnType<typeof receivablesSetup>>;

function patch({ books }: Setup, id: string, body: Record<string, unknown>) {
  return call(harness, 'PATCH', `/api/v1/invoices/${id}`, books.headers, body);
}

async function patched(setup: Setup, id: string, body: Record<string, unknown>) {
  return ok<InvoiceBody>(await patch(setup, id, body));
}

describe('invoice terms and due date', () => {
  test('without terms or a due date, the customer’s terms give the due date and are returned', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await createInvoice(harness, books, customer.id, tax.id, { issue_date: '2026-01-31' });
    assert.equal(invoice.payment_terms, 'net_30');
    assert.equal(invoice.due_date, '2026-03-02');
    assert.equal(invoice.reference, '');
  });

  test('payment_terms sent give the due date; a due date sent wins, keeping the terms only if they give it', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const issue_date = '2026-01-31';
    const net15 = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date,
      payment_terms: 'net_15',
    });
    assert.deepEqual([net15.payment_terms, net15.due_date], ['net_15', '2026-02-15']);
    const onReceipt = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date,
      payment_terms: 'due_on_receipt',
    });
    assert.deepEqual([onReceipt.payment_terms, onReceipt.due_date], ['due_on_receipt', issue_date]);

    const custom = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date,
      due_date: '2026-02-20',
    });
    assert.deepEqual([custom.payment_terms, custom.due_date], [null, '2026-02-20']);
    const both = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date,
      payment_terms: 'net_7',
      due_date: '2026-02-20',
    });
    assert.deepEqual([both.payment_terms, both.due_date], [null, '2026-02-20'], 'the date wins');
    const agreeing = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date,
      payment_terms: 'net_7',
      due_date: '2026-02-07',
    });
    assert.deepEqual([agreeing.payment_terms, agreeing.due_date], ['net_7', '2026-02-07']);
    const sameDay = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date,
      due_date: issue_date,
    });
    assert.deepEqual([sameDay.payment_terms, sameDay.due_date], [null, issue_date], 'due on the issue date');

    const read = ok<InvoiceBody>(await call(harness, 'GET', `/api/v1/invoices/${custom.id}`, books.headers));
    assert.deepEqual([read.payment_terms, read.due_date], [null, '2026-02-20']);
    const list = ok(await call(harness, 'GET', '/api/v1/invoices', books.headers));
    const row = list.results.find((invoice: InvoiceBody) => invoice.id === net15.id);
    assert.deepEqual([row.payment_terms, row.due_date], ['net_15', '2026-02-15']);
  });

  test('a PATCH recomputes the due date from the invoice’s own terms; a custom due date is kept', async () => {
    const setup = await receivablesSetup(harness);
    const { books, customer, tax } = setup;
    const draft = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date: '2026-01-31',
      payment_terms: 'net_15',
    });
    const redated = await patched(setup, draft.id, { issue_date: '2026-02-10' });
    assert.deepEqual([redated.payment_terms, redated.due_date], ['net_15', '2026-02-25']);
    // The customer's terms changing later does not move the draft's own terms.
    ok(
      await call(harness, 'PATCH', `/api/v1/customers/${customer.id}`, books.headers, {
        payment_terms: 'net_60',
      }),
    );
    const memo = await patched(setup, draft.id, { memo: 'second' });
    assert.deepEqual([memo.payment_terms, memo.due_date], ['net_15', '2026-02-25']);
    const net90 = await patched(setup, draft.id, { payment_terms: 'net_90' });
    assert.deepEqual([net90.payment_terms, net90.due_date], ['net_90', '2026-05-11']);

    const custom = await patched(setup, draft.id, { due_date: '2026-03-01' });
    assert.deepEqual([custom.payment_terms, custom.due_date], [null, '2026-03-01']);
    const kept = await patched(setup, draft.id, { memo: 'third', issue_date: '2026-02-20' });
    assert.deepEqual([kept.payment_terms, kept.due_date], [null, '2026-03-01'], 'custom date kept');
    const back = await patched(setup, draft.id, { payment_terms: 'net_7' });
    assert.deepEqual([back.payment_terms, back.due_date], ['net_7', '2026-02-27']);
    // A due date that the terms give keeps them.
    const same = await patched(setup, draft.id, { due_date: '2026-02-27' });
    assert.deepEqual([same.payment_terms, same.due_date], ['net_7', '2026-02-27']);

    // Another customer brings their terms, unless terms or a date are sent with the change.
    const other = await createCustomer(harness, books.headers, { payment_terms: 'net_15' });
    const moved = await patched(setup, draft.id, { customer: other.id });
    assert.deepEqual([moved.payment_terms, moved.due_date], ['net_15', '2026-03-07']);
    assert.equal(moved.version, draft.version + 8);
  });

  test('a due date before the issue date is 400 validation_error on due_date, and nothing is written', async () => {
    const setup = await receivablesSetup(harness);
    const { books, customer, tax } = setup;
    const error = await refusedNothingWritten(
      harness,
      books,
      ['/api/v1/invoices'],
      () =>
        postInvoice(harness, books, customer.id, tax.id, {
          issue_date: '2026-02-10',
          due_date: '2026-02-09',
        }),
      400,
      'validation_error',
    );
    assert.ok(error.detail.fields.due_date, JSON.stringify(error));

    const draft = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date: '2026-02-10',
      due_date: '2026-02-20',
    });
    const url = `/api/v1/invoices/${draft.id}`;
    for (const body of [
      { due_date: '2026-02-01' },
      { issue_date: '2026-02-25', due_date: '2026-02-24', payment_terms: 'net_30' },
      // The custom due date is kept: an issue date moved past it needs a due date or terms with it.
      { issue_date: '2026-02-21' },
    ]) {
      const refused = await refusedNothingWritten(
        harness,
        books,
        [url],
        () => patch(setup, draft.id, body),
        400,
        'validation_error',
      );
      assert.deepEqual(Object.keys(refused.detail.fields), ['due_date'], JSON.stringify(body));
    }
    const fixed = await patched(setup, draft.id, { issue_date: '2026-02-21', payment_terms: 'net_7' });
    assert.deepEqual([fixed.payment_terms, fixed.due_date], ['net_7', '2026-02-28']);
  });

  test('unknown terms, a malformed due date and a reference over 100 characters are 400, nothing written', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    for (const [extra, field] of [
      [{ payment_terms: 'net_45' }, 'payment_terms'],
      [{ payment_terms: null }, 'payment_terms'],
      [{ due_date: '2026-02-30' }, 'due_date'],
      [{ reference: 'x'.repeat(101) }, 'reference'],
    ] as const) {
      const error = await refusedNothingWritten(
        harness,
        books,
        ['/api/v1/invoices'],
        () => postInvoice(harness, books, customer.id, tax.id, extra),
        400,
        'validation_error',
      );
      assert.ok(
        Object.keys(error.detail.fields).some((path) => path.startsWith(field)),
        JSON.stringify(error),
      );
    }
  });
});

describe('invoice reference', () => {
  test('is kept on create, changed by PATCH, returned on read and list, and found by the list search', async () => {
    const setup = await receivablesSetup(harness);
    const { books, customer, tax } = setup;
    const draft = await createInvoice(harness, books, customer.id, tax.id, { reference: 'PO-4471' });
    assert.equal(draft.reference, 'PO-4471');
    const other = await createInvoice(harness, books, customer.id, tax.id);
    const kept = await patched(setup, draft.id, { memo: 'x' });
    assert.equal(kept.reference, 'PO-4471');
    const changed = await patched(setup, draft.id, { reference: 'PO-4472/B' });
    assert.equal(changed.reference, 'PO-4472/B');
    const read = ok<InvoiceBody>(await call(harness, 'GET', `/api/v1/invoices/${draft.id}`, books.headers));
    assert.equal(read.reference, 'PO-4472/B');
    const found = ok(await call(harness, 'GET', '/api/v1/invoices?search=po-4472', books.headers));
    assert.deepEqual(
      found.results.map((invoice: InvoiceBody) => [invoice.id, invoice.reference]),
      [[draft.id, 'PO-4472/B']],
    );
    assert.ok(!found.results.some((invoice: InvoiceBody) => invoice.id === other.id));
    const cleared = await patched(setup, draft.id, { reference: '' });
    assert.equal(cleared.reference, '');
  });

  test('the PDF prints the reference, the due date and the terms', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const invoice = await createInvoice(harness, books, customer.id, tax.id, {
      issue_date: '2026-01-31',
      payment_terms: 'net_15',
      reference: 'PO-88',
    });
    const response = await call(harness, 'GET', `/api/v1/invoices/${invoice.id}/pdf`, books.headers);
    assert.equal(response.statusCode, 200);
    const text = pdfText(response.rawPayload);
    assert.match(text, /Due date: 2026-02-15 \(Net 15\)/);
    assert.match(text, /Reference: PO-88/);
  });
});

describe('terms, due date and reference of an invoice past draft', () => {
  test('a sent invoice refuses them with 409 immutable_entry and nothing changes', async () => {
    const setup = await receivablesSetup(harness);
    const { books, customer, tax } = setup;
    const draft = await createInvoice(harness, books, customer.id, tax.id, { reference: 'PO-1' });
    const sent = ok<InvoiceBody>(
      await call(harness, 'POST', `/api/v1/invoices/${draft.id}/send`, books.headers),
    );
    for (const body of [{ payment_terms: 'net_7' }, { due_date: '2099-01-01' }, { reference: 'PO-2' }]) {
      await refusedNothingWritten(
        harness,
        books,
        [`/api/v1/invoices/${sent.id}`],
        () => patch(setup, sent.id, body),
        409,
        'immutable_entry',
      );
    }
    const read = ok<InvoiceBody>(await call(harness, 'GET', `/api/v1/invoices/${sent.id}`, books.headers));
    assert.deepEqual(
      [read.payment_terms, read.due_date, read.reference],
      [sent.payment_terms, sent.due_date, 'PO-1'],
    );
  });

  test('another organization cannot read or change them (404)', async () => {
    const setup = await receivablesSetup(harness);
    const { books, customer, tax } = setup;
    const draft = await createInvoice(harness, books, customer.id, tax.id, { reference: 'PO-secret' });
    const other = await signUp(harness);
    const response = await call(harness, 'PATCH', `/api/v1/invoices/${draft.id}`, other.headers, {
      reference: 'mine',
    });
    assert.equal(response.statusCode, 404);
    const found = ok(await call(harness, 'GET', '/api/v1/invoices?search=PO-secret', other.headers));
    assert.deepEqual(found.results, []);
  });
});

/**
 * The text a pdfkit document shows: its content streams inflated, the hex strings of their TJ
 * operators decoded (built-in Helvetica is WinAnsi, one byte per character), one line per operator.
 */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const operator of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const hex = [...(operator[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
