// D41, D46: the web app is served by the API's own process at `/`: built files, index.html for the
// app's own routes (a reload of /customers works), the D46 headers on every page, and the API's JSON
// 404 envelope kept for /api/, /docs and every other method. Without a build, `/` says how to build.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { call, type Harness, signUp, startHarness } from '../helpers/harness.ts';

const INDEX = '<!doctype html><title>Folio</title><div id="root"></div>';
const SCRIPT = 'console.log("app")';

function assertPageHeaders(response: { headers: Record<string, unknown> }) {
  const csp = String(response.headers['content-security-policy']);
  assert.match(csp, /(^|; )script-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /style-src 'self' 'unsafe-inline'/);
  assert.equal(response.headers['x-content-type-options'], 'nosniff');
  assert.equal(response.headers['referrer-policy'], 'no-referrer');
}

function assertEnvelope(response: { statusCode: number; json(): unknown }, code: string, status: number) {
  assert.equal(response.statusCode, status);
  const body = response.json() as { error: { code: string; message: string; detail: object } };
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
}

describe('the web app is served at / by the API process', () => {
  let dist: string;
  let harness: Harness;
  before(async () => {
    dist = await mkdtemp(join(tmpdir(), 'folio-web-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    harness = await startHarness({}, 5, { webDistDir: dist });
  });
  after(async () => {
    await harness.close();
    await rm(dist, { recursive: true, force: true });
  });

  test('/ and every client route answer index.html with the D46 headers', async () => {
    for (const path of ['/', '/customers', '/customers/7d3c?tab=invoices', '/more/api-keys', '/login']) {
      const response = await call(harness, 'GET', path, {});
      assert.equal(response.statusCode, 200, path);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      assert.equal(response.body, INDEX);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assertPageHeaders(response);
    }
  });

  test('a built asset is served with its type and a long cache; a missing one is the JSON 404', async () => {
    const asset = await call(harness, 'GET', '/assets/index-abc123.js', {});
    assert.equal(asset.statusCode, 200);
    assert.match(String(asset.headers['content-type']), /javascript/);
    assert.equal(asset.body, SCRIPT);
    assert.match(String(asset.headers['cache-control']), /immutable/);
    assertEnvelope(await call(harness, 'GET', '/assets/gone-000.js', {}), 'not_found', 404);
  });

  test('an asset goes compressed to a browser that accepts brotli or gzip, as the build wrote it (D83)', async () => {
    const url = '/assets/index-abc123.js';
    const brotli = await harness.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(brotli.statusCode, 200);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.match(String(brotli.headers['content-type']), /javascript/);
    assert.match(String(brotli.headers.vary), /accept-encoding/i);
    assert.match(String(brotli.headers['cache-control']), /immutable/);
    assert.equal(brotliDecompressSync(brotli.rawPayload).toString(), SCRIPT);

    const gzip = await harness.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gzip.rawPayload).toString(), SCRIPT);

    const plain = await harness.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, SCRIPT);

    // index.html has no compressed copy here: it is sent as it is, still with its page headers.
    const page = await harness.app.inject({ url: '/customers', headers: { 'accept-encoding': 'br' } });
    assert.equal(page.statusCode, 200);
    assert.equal(page.body, INDEX);
    assertPageHeaders(page);
  });

  test('a path climbing out of the build never reads outside it', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await call(harness, 'GET', path, {});
      assert.ok(!response.body.includes('"name": "folio"'), path);
    }
  });

  test('unknown /api/ paths, /docs paths and other methods keep the JSON 404 envelope', async () => {
    const books = await signUp(harness);
    assertEnvelope(await call(harness, 'GET', '/api/v1/nowhere', books.headers), 'not_found', 404);
    assertEnvelope(await call(harness, 'GET', '/api/v2/accounts', {}), 'not_found', 404);
    assertEnvelope(await call(harness, 'GET', '/api', {}), 'not_found', 404);
    assertEnvelope(await call(harness, 'GET', '/docs/nowhere/at/all', {}), 'not_found', 404);
    assertEnvelope(await call(harness, 'POST', '/customers', {}, {}), 'not_found', 404);
    assertEnvelope(await call(harness, 'DELETE', '/', {}), 'not_found', 404);
    assert.equal((await call(harness, 'GET', '/healthz', {})).statusCode, 200);
    assert.equal((await call(harness, 'GET', '/docs', {})).statusCode < 400, true);
    const accounts = await call(harness, 'GET', '/api/v1/accounts', books.headers);
    assert.equal(accounts.statusCode, 200);
  });
});

describe('the API reference at /docs (D46)', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({}, 5, { webDistDir: join(tmpdir(), 'folio-web-never-built') });
  });
  after(async () => harness.close());

  /** Swagger UI's page, its scripts, styles and images, and the document it loads. */
  const DOCS_PATHS = [
    '/docs',
    '/docs/',
    '/docs/static/swagger-ui.css',
    '/docs/static/index.css',
    '/docs/static/swagger-ui-bundle.js',
    '/docs/static/swagger-initializer.js',
    '/docs/static/favicon-32x32.png',
    '/docs/json',
  ];

  test('every page and file of /docs carries a CSP with frame-ancestors none, nosniff and no-referrer', async () => {
    for (const path of DOCS_PATHS) {
      const response = await call(harness, 'GET', path, {});
      assert.equal(response.statusCode, 200, path);
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /(^|; )frame-ancestors 'none'(;|$)/, path);
      assert.match(csp, /(^|; )script-src 'self'(;|$)/, path);
      assert.match(csp, /(^|; )default-src 'self'(;|$)/, path);
      assert.match(csp, /(^|; )object-src 'none'(;|$)/, path);
      assert.doesNotMatch(csp, /unsafe-eval|\*/, path);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', path);
      assert.equal(response.headers['referrer-policy'], 'no-referrer', path);
      assert.equal(response.headers['x-frame-options'], 'DENY', path);
    }
  });

  test('the page still loads what it names: its scripts and styles are files of /docs, none inline', async () => {
    const page = await call(harness, 'GET', '/docs/', {});
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(
      sources.some((source) => source.endsWith('swagger-ui-bundle.js')),
      page.body,
    );
    for (const source of sources) {
      const url = new URL(source, 'http://folio.test/docs/').pathname;
      const file = await call(harness, 'GET', url, {});
      assert.equal(file.statusCode, 200, url);
    }
    assert.doesNotMatch(page.body, /<script>|<script [^>]*>[^<\s]|<style| style=|onload=/i);
    const initializer = await call(harness, 'GET', '/docs/static/swagger-initializer.js', {});
    assert.match(initializer.body, /SwaggerUIBundle\(/);
  });
});

describe('without a build', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({}, 5, { webDistDir: join(tmpdir(), 'folio-web-never-built') });
  });
  after(async () => harness.close());

  test('/ answers 503 with the sentence that says how to build, and the API still works', async () => {
    const response = await call(harness, 'GET', '/', {});
    assert.equal(response.statusCode, 503);
    assert.match(response.body, /not built yet: run `npm run web:build`/);
    assertPageHeaders(response);
    assertEnvelope(await call(harness, 'GET', '/api/v1/nowhere', {}), 'not_found', 404);
  });
});
