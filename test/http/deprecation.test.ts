import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../../src/http/route.ts';
import { call, signUp, useHarness } from '../helpers/harness.ts';

const harness = useHarness();

describe('deprecation headers (D37)', () => {
  test('a deprecated route answers with Deprecation, Sunset and a Link to the changelog', async () => {
    const { buildApp } = await import('../../src/http/app.ts');
    const app = await buildApp(harness.deps);
    defineRoute(app, harness.deps, {
      method: 'GET',
      url: '/api/v1/old-thing',
      operationId: 'readOldThing',
      summary: 'An old route',
      tag: 'test',
      published: true,
      auth: 'organization',
      permission: 'accounts:read',
      deprecation: {
        deprecatedAt: new Date('2026-11-01T00:00:00Z'),
        sunsetAt: new Date('2027-06-01T00:00:00Z'),
        changelogUrl: 'https://folio.example/CHANGELOG.md#2026-11-01',
      },
      response: { 200: Type.Object({ ok: Type.Boolean() }) },
      handler: async () => ({ ok: true }),
    });
    await app.ready();
    const books = await signUp(harness);
    const response = await app.inject({ method: 'GET', url: '/api/v1/old-thing', headers: books.headers });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers.deprecation, `@${Date.parse('2026-11-01T00:00:00Z') / 1000}`);
    assert.equal(response.headers.sunset, 'Tue, 01 Jun 2027 00:00:00 GMT');
    assert.match(String(response.headers.link), /rel="deprecation"/);
    const fresh = await call(harness, 'GET', '/api/v1/accounts', books.headers);
    assert.equal(fresh.headers.deprecation, undefined);
    await app.close();
  });

  test('a deprecation window shorter than six months is refused when the route is declared', async () => {
    const { buildApp } = await import('../../src/http/app.ts');
    const app = await buildApp(harness.deps);
    assert.throws(() =>
      defineRoute(app, harness.deps, {
        method: 'GET',
        url: '/api/v1/too-soon',
        operationId: 'readTooSoon',
        summary: 'x',
        tag: 'test',
        published: true,
        auth: 'organization',
        deprecation: {
          deprecatedAt: new Date('2026-11-01T00:00:00Z'),
          sunsetAt: new Date('2027-01-01T00:00:00Z'),
          changelogUrl: 'https://folio.example/CHANGELOG.md',
        },
        response: { 200: Type.Object({}) },
        handler: async () => ({}),
      }),
    );
    await app.close();
  });
});
