// One fuzzed request: a route of the document, its parameters, headers and body from the route's
// own schemas, a credential, and in hostile mode sometimes a twist of the request itself (raw body,
// another method, another media type, a malformed path or query string).
import fc from 'fast-check';
import { arbitraryOf, type Mode } from './arbitraries.ts';
import type { Operation, Parameter } from './operations.ts';
import { kindOfPath, type RawBody } from './refs.ts';
import { hostileRawBody, hostileString } from './values.ts';

export type Credential = 'session' | 'key' | 'sandbox' | 'none' | 'bogus';

export type Twist =
  | { rawBody: RawBody }
  | { method: string }
  | { contentType: string }
  | { rawPath: string }
  | { rawQuery: string }
  | { idempotencyKey: string };

export interface FuzzRequest {
  route: string;
  mode: Mode;
  credential: Credential;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: unknown;
  twist?: Twist;
}

function recordOf(parameters: Parameter[], mode: Mode, path: string, all: boolean) {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const { name, schema } of parameters) {
    model[name] = arbitraryOf(schema, { name, kind: name === 'id' ? kindOfPath(path) : undefined }, mode);
  }
  const requiredKeys = all ? Object.keys(model) : parameters.filter((p) => p.required).map((p) => p.name);
  return fc.record(model, { requiredKeys });
}

/** Header values a client can send (Latin-1, no CR/LF); keys repeat so replays happen. */
function headersOf(operation: Operation, mode: Mode) {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const { name, schema } of operation.headers) {
    model[name] =
      name === 'Idempotency-Key'
        ? fc.oneof(
            { weight: 1, arbitrary: fc.constantFrom('fuzz-1', 'fuzz-2') },
            { weight: 6, arbitrary: fc.noBias(fc.uuid()) },
          )
        : arbitraryOf(schema, { name }, mode === 'hostile' ? 'boundary' : mode);
  }
  return fc.record(model, { requiredKeys: [] });
}

function twistOf(): fc.Arbitrary<Twist> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileRawBody().map((rawBody) => ({ rawBody })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('get', 'PUT', 'PROPFIND', 'OPTIONS', 'HEAD', 'TRACE')
        .map((method) => ({ method })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'multipart/form-data; boundary=x',
          'application/jsonx',
        )
        .map((contentType) => ({ contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '%zz',
            '%00',
            '%2e%2e%2f',
            'a'.repeat(101),
            'b'.repeat(5000),
            '%E0%A4%A',
            '%ED%A0%80',
            '%C0%AF',
          ),
          hostileString().map(encodeURIComponentSafe),
        )
        .map((rawPath) => ({ rawPath })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '%zz=1',
          'cursor=%00',
          'search=%ED%A0%80',
          'cursor=a&cursor=b',
          '&&&=&',
          'limit=1&limit=2',
          'x'.repeat(10_000),
          'search=%E0%A4%A',
        )
        .map((rawQuery) => ({ rawQuery })),
    },
    {
      weight: 1,
      arbitrary: fc
        // Node's HTTP parser refuses NUL and CR/LF in header values, so no client can send them.
        .constantFrom('k'.repeat(256), 'k'.repeat(255), '', ' ', 'é', 'ÿ'.repeat(300))
        .map((idempotencyKey) => ({ idempotencyKey })),
    },
  );
}

export function requestOf(operation: Operation, mode: Mode): fc.Arbitrary<FuzzRequest> {
  const credentials: fc.Arbitrary<Credential> =
    mode === 'hostile'
      ? fc.constantFrom<Credential>('session', 'key', 'session', 'key', 'sandbox', 'none', 'bogus')
      : fc.constantFrom<Credential>('session', 'key');
  return fc.record(
    {
      route: fc.constant(operation.key),
      mode: fc.constant(mode),
      credential: credentials,
      params: recordOf(operation.params, mode, operation.path, true),
      query: recordOf(operation.query, mode, operation.path, false),
      headers: headersOf(operation, mode),
      body: operation.body ? arbitraryOf(operation.body, { name: 'body' }, mode) : fc.constant(undefined),
      twist: mode === 'hostile' ? twistOf() : fc.constant(undefined),
    },
    {
      requiredKeys:
        mode === 'hostile' ? ['route', 'mode', 'credential', 'params', 'query', 'headers'] : undefined,
    },
  ) as fc.Arbitrary<FuzzRequest>;
}

/** A request on any route (writes twice as often as reads): mostly valid ones (they reach the deep code), then boundary, then hostile. */
export function anyRequest(operations: Operation[]): fc.Arbitrary<FuzzRequest> {
  // Writes weigh twice what reads do: they reach the ledger and the invariants.
  const of = (mode: Mode) =>
    fc.oneof(
      ...operations.map((operation) => ({
        weight: operation.method === 'GET' ? 1 : 2,
        arbitrary: requestOf(operation, mode),
      })),
    );
  return fc.oneof(
    { weight: 5, arbitrary: of('valid') },
    { weight: 2, arbitrary: of('boundary') },
    { weight: 3, arbitrary: of('hostile') },
  );
}

/** encodeURIComponent that also encodes lone surrogates (as their WTF-8 bytes) instead of throwing. */
export function encodeURIComponentSafe(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}
