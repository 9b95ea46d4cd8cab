// D66: errors Fastify or Node's HTTP parser raise before a route runs answer the published envelope
// with our codes, and write nothing. What the parser refuses never reaches inject, so those cases
// go over a real port, byte for byte.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Books, call, type Harness, listen, signUp, startHarness } from '../helpers/harness.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { refusedUnchanged } from '../helpers/refusals.ts';

let harness: Harness;
let books: Books;
let base: string;
before(async () => {
  harness = await startHarness();
  books = await signUp(harness);
  base = await listen(harness);
});
after(() => harness.close());

const customer = JSON.stringify({ display_name: 'Framework Ltd' });

/** A request over the real port with the books' session and a JSON body. */
function raw(requestLine: string, extraHeaders: string[] = [], body = customer) {
  const headers = Object.entries(books.headers).map(([name, value]) => `${name}: ${value}`);
  return rawRequest(
    base,
    [requestLine, ...headers, 'Content-Type: application/json', ...extraHeaders].join('\r\n'),
    body,
  );
}

function assertRequestId(response: { headers: Record<string, unknown> }) {
  assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
}

describe("Node's HTTP parser", () => {
  test('answers a lower-case method with 400 validation_error on method, in the envelope', async () => {
    const response = await refusedUnchanged(
      harness,
      books,
      () => raw('post /api/v1/customers HTTP/1.1'),
      'validation_error',
      ['method'],
    );
    assertRequestId(response);
  });

  test('answers an unknown method with 400 validation_error on method, in the envelope', async () => {
    for (const method of ['FOO', 'get', 'Get']) {
      await refusedUnchanged(
        harness,
        books,
        () => raw(`${method} /api/v1/customers HTTP/1.1`),
        'validation_error',
        ['method'],
      );
    }
  });

  test('answers headers over 16 KiB with 431 request_header_fields_too_large, in the envelope', async () => {
    const response = await refusedUnchanged(
      harness,
      books,
      () => raw('POST /api/v1/customers HTTP/1.1', [`X-Padding: ${'p'.repeat(20_000)}`]),
      'request_header_fields_too_large',
    );
    assert.deepEqual(response.json().error.detail, {});
    assertRequestId(response);
  });

  test('answers a malformed request line with 400 validation_error on request, in the envelope', async () => {
    await refusedUnchanged(
      harness,
      books,
      () => raw('POST /api/v1/customers HTTP/9.9 extra'),
      'validation_error',
      ['request'],
    );
  });

  test('a method Node knows but no route has (PROPFIND) answers 405 method_not_allowed with Allow', async () => {
    const response = await refusedUnchanged(
      harness,
      books,
      () => raw('PROPFIND /api/v1/customers HTTP/1.1'),
      'method_not_allowed',
    );
    assert.match(String(response.headers.allow), /POST/);
  });
});

describe("Fastify's router", () => {
  test('answers malformed percent-encoding in the path with 400 validation_error on path', async () => {
    const url = '/api/v1/customers/%E0%A4%A';
    await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'PATCH', url, books.headers, {}),
      'validation_error',
      ['path'],
    );
    const overPort = await refusedUnchanged(
      harness,
      books,
      () => raw(`PATCH ${url} HTTP/1.1`),
      'validation_error',
      ['path'],
    );
    assertRequestId(overPort);
  });

  test('answers a path parameter longer than 100 characters with 414 uri_too_long', async () => {
    const url = `/api/v1/customers/${'a'.repeat(101)}`;
    const response = await refusedUnchanged(
      harness,
      books,
      () => call(harness, 'PATCH', url, books.headers, { display_name: 'Long' }),
      'uri_too_long',
    );
    assertRequestId(response);
    await refusedUnchanged(harness, books, () => raw(`PATCH ${url} HTTP/1.1`), 'uri_too_long');
  });
});
