// GET /invoices/{id}/pdf: the invoice as the PDF its email attaches, for the web app's download and
// for integrations; any status, the books' own invoices only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, createKey, signUp, useHarness } from '../helpers/harness.ts';
import { createInvoice, ok, receivablesSetup, sentInvoice } from '../helpers/receivables.ts';
import { assertEnvelope } from '../helpers/refusals.ts';

const harness = useHarness();

function assertPdf(response: Awaited<ReturnType<typeof call>>, filename: string) {
  assert.equal(response.statusCode, 200, response.body.slice(0, 300));
  assert.equal(response.headers['content-type'], 'application/pdf');
  assert.equal(response.headers['content-disposition'], `attachment; filename="${filename}"`);
  assert.equal(response.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.match(response.rawPayload.subarray(-8).toString('latin1'), /%%EOF\s*$/);
}

describe('invoice PDF', () => {
  test('a sent invoice and a draft download as PDF files named after their number', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const sent = await sentInvoice(harness, books, customer.id, tax.id);
    assertPdf(
      await call(harness, 'GET', `/api/v1/invoices/${sent.id}/pdf`, books.headers),
      `invoice-${sent.number}.pdf`,
    );
    const draft = await createInvoice(harness, books, customer.id, tax.id);
    assertPdf(
      await call(harness, 'GET', `/api/v1/invoices/${draft.id}/pdf`, books.headers),
      `invoice-${draft.number}.pdf`,
    );
  });

  test('every role reads it, an API key too; another set of books gets 404 and no credentials 401', async () => {
    const { books, customer, tax } = await receivablesSetup(harness);
    const sent = await sentInvoice(harness, books, customer.id, tax.id);
    for (const role of ['viewer', 'sales']) {
      const key = await createKey(harness, books, role);
      assertPdf(
        await call(harness, 'GET', `/api/v1/invoices/${sent.id}/pdf`, key.headers),
        `invoice-${sent.number}.pdf`,
      );
    }
    const other = await signUp(harness);
    assertEnvelope(await call(harness, 'GET', `/api/v1/invoices/${sent.id}/pdf`, other.headers), 'not_found');
    assertEnvelope(await call(harness, 'GET', '/api/v1/invoices/not-an-id/pdf', books.headers), 'not_found');
    assertEnvelope(await call(harness, 'GET', `/api/v1/invoices/${sent.id}/pdf`, {}), 'not_authenticated');
  });

  test('the OpenAPI document publishes it as application/pdf', async () => {
    const doc = ok(await call(harness, 'GET', '/api/v1/openapi.json', {}));
    const operation = doc.paths['/api/v1/invoices/{id}/pdf'].get;
    assert.equal(operation.operationId, 'getInvoicePdf');
    assert.deepEqual(Object.keys(operation.responses['200'].content), ['application/pdf']);
  });
});
