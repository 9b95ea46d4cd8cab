// One way to declare a route: its schemas (which also make the OpenAPI entry), whether it is part of
// the published surface, and the permission it needs from the one role matrix (D15). The handler's
// answer is typed by the route's success schema, so a view and its schema cannot drift (issue 8).
import { createHash } from 'node:crypto';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import {
  actorForApiKey,
  actorForSession,
  authenticateSession,
  authenticationFailed,
  notAuthenticated,
  readCredentials,
  type SessionUser,
} from '../app/auth/authenticate.ts';
import type { WriteScope } from '../app/changes.ts';
import type { Actor, Deps } from '../app/context.ts';
import { requirePermission } from '../app/context.ts';
import { IDEMPOTENCY_KEY_LENGTH_MAX, runWrite, type StoredResponse, type WriteResult } from '../app/write.ts';
import { DomainError, fieldError } from '../domain/errors.ts';
import type { Permission } from '../domain/roles.ts';
import { errorAnswer } from './errors.ts';
import { errorResponses } from './openapi.ts';
import { ErrorRef, isComponent } from './schemas/common.ts';
import { clearSessionCookie, isWebClient, sessionCookieOf } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor;
    sessionUser?: SessionUser;
  }
  interface FastifyContextConfig {
    published?: boolean;
    /** The media types this route takes as a raw file body (RouteDeclaration.rawBody). */
    rawBodyMediaTypes?: readonly string[];
  }
}

export type Auth = 'none' | 'session' | 'organization';

/**
 * The one success status of a route and its body schema: `{ 200: Invoice }`, `{ 201: ... }`,
 * `{ 202: ... }` (accepted, done later: an emailed link), `{ 204: Type.Null() }`.
 */
export type Responses = { 200: TSchema } | { 201: TSchema } | { 202: TSchema } | { 204: TSchema };
type SuccessSchema<R> = R extends { 200: infer S extends TSchema }
  ? S
  : R extends { 201: infer S extends TSchema }
    ? S
    : R extends { 202: infer S extends TSchema }
      ? S
      : R extends { 204: infer S extends TSchema }
        ? S
        : never;
/** The body a route answers with: the static type of its success schema. */
export type Answer<R extends Responses> = Static<SuccessSchema<R>>;

/**
 * `V`, with every property the schema type `S` lacks turned into `never`, at every depth: a view
 * returning a field its schema does not declare fails `tsc` (plain assignability lets extra fields
 * through, and fast-json-stringify would drop them silently).
 */
export type Strict<V, S> = V extends readonly (infer E)[]
  ? S extends readonly (infer F)[]
    ? Strict<E, F>[]
    : S
  : V extends object
    ? S extends object
      ? { [K in keyof V]: K extends keyof S ? Strict<V[K], S[K]> : never }
      : S
    : S;

/**
 * Passes when the answer `V` is exactly the schema type `S`; otherwise the route declaration is
 * missing `answerMismatch`, and tsc names what was expected and what the view gives.
 */
type Exactly<V, S> = [V] extends [Strict<V, S> & S] ? unknown : { answerMismatch: { schema: S; view: V } };
/** The handler's answer `V`, inferred from the handler, then held to the schema type `S`. */
export type Checked<V, S> = V & Exactly<NoInfer<V>, S>;

declare const SENT: unique symbol;
/** A reply already sent as bytes (a stored write response, this document, a 204): not re-serialized. */
export type Sent = FastifyReply & { readonly [SENT]: true };

function sent(reply: FastifyReply): Sent {
  return reply as Sent;
}

export interface RouteDeclaration<
  B extends TSchema,
  Q extends TSchema,
  P extends TSchema,
  R extends Responses,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  /** Stable name of the operation in OpenAPI (the generated client's method name): `listInvoices`. */
  operationId: string;
  summary: string;
  tag: string;
  /** Part of the published reference: appears in OpenAPI and accepts API keys (spec, Authentication). */
  published: boolean;
  auth: Auth;
  permission?: Permission;
  /** D37: a route on its way out carries Deprecation, Sunset and Link headers on every response. */
  deprecation?: Deprecation;
  body?: B;
  /** A larger request body than the service-wide limit (a batch of entries, D59), in bytes. */
  bodyLimit?: number;
  /**
   * Other media types the success answer comes in, for the OpenAPI entry: a report's CSV (D57), a
   * statement's CSV and PDF (D92).
   */
  alsoProduces?: 'text/csv' | readonly ('text/csv' | 'application/pdf')[];
  /** The success answer is a file of this type instead of JSON (an invoice's PDF), for the OpenAPI entry. */
  producesFile?: 'application/pdf';
  querystring?: Q;
  params?: P;
  response: R;
  description?: string;
  /**
   * The body is a file of one of these media types, handed to the handler as a Buffer unparsed (a
   * bank statement, D71); any other media type answers 415. Documented as a binary request body.
   */
  rawBody?: { mediaTypes: readonly string[]; description: string };
  /**
   * A refusal that holds whatever the body is (sandbox books refuse bank connections): runs after
   * authentication and before the body is even parsed, so an empty, malformed or invalid body cannot
   * answer 400 first. It must not read the body.
   */
  beforeBody?: (request: FastifyRequest) => void;
}

export interface RouteSpec<B extends TSchema, Q extends TSchema, P extends TSchema, R extends Responses, V>
  extends RouteDeclaration<B, Q, P, R> {
  handler: (request: RouteRequest<B, Q, P>, reply: FastifyReply) => Promise<Checked<V, Answer<R>> | Sent>;
}

export interface Deprecation {
  /** When the route was deprecated (RFC 9745 `Deprecation: @<epoch seconds>`). */
  deprecatedAt: Date;
  /** When it stops answering (RFC 8594 `Sunset`); at least six months later (Versioning 4). */
  sunsetAt: Date;
  /** The dated CHANGELOG entry that announced it. */
  changelogUrl: string;
}

const SIX_MONTHS_MS = 182 * 86_400_000;

function deprecationHeaders(deprecation: Deprecation) {
  if (deprecation.sunsetAt.getTime() - deprecation.deprecatedAt.getTime() < SIX_MONTHS_MS) {
    throw new Error('a deprecation window is at least six months (spec, Versioning 4)');
  }
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('Deprecation', `@${Math.floor(deprecation.deprecatedAt.getTime() / 1000)}`);
    reply.header('Sunset', deprecation.sunsetAt.toUTCString());
    reply.header('Link', `<${deprecation.changelogUrl}>; rel="deprecation"; type="text/markdown"`);
    return payload;
  };
}

export type RouteRequest<B extends TSchema, Q extends TSchema, P extends TSchema> = FastifyRequest<{
  Body: Static<B>;
  Querystring: Static<Q>;
  Params: Static<P>;
}>;

const ERROR_RESPONSES = { '4xx': ErrorRef, '5xx': ErrorRef };

/**
 * The request headers a write honours, for the OpenAPI entry only (respondWrite and expectedVersion
 * read them; they are not validated by a schema): Idempotency-Key on every POST (D35), and the
 * version headers on every write whose body takes a `version` (D34).
 */
function documentedHeaders(spec: { method: string; body?: TSchema }): TSchema | undefined {
  const headers: Record<string, TSchema> = {};
  if (spec.method === 'POST') {
    headers['Idempotency-Key'] = Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: IDEMPOTENCY_KEY_LENGTH_MAX,
        description:
          'For 24 hours a repeat with the same key and body replays the stored response (Idempotent-Replayed: true) and writes nothing; another body answers 409 idempotency_conflict.',
      }),
    );
  }
  if (takesVersion(spec)) {
    headers['If-Unmodified-Since'] = Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,9}$',
        description:
          'The version you read (instead of `version` in the body); another current version answers 412 stale_write.',
      }),
    );
    headers['If-Match'] = Type.Optional(
      Type.String({ description: 'The ETag of the version you read, e.g. "3"; as If-Unmodified-Since.' }),
    );
  }
  return Object.keys(headers).length > 0 ? Type.Object(headers) : undefined;
}

/** A write whose body takes `version` (D34): it honours If-Unmodified-Since and If-Match too. */
function takesVersion(spec: { body?: TSchema }): boolean {
  return spec.body !== undefined && 'version' in ((spec.body as { properties?: object }).properties ?? {});
}

/** A named schema (a component with `$id`) goes into the route as a `$ref`; others inline. */
function asRef(schema: TSchema): TSchema {
  return isComponent(schema) ? Type.Ref(schema.$id) : schema;
}

/** The body validator compiles the schema itself, without its `$id` (one name, many routes). */
function withoutId(schema: TSchema): TSchema {
  const { $id: _id, ...inline } = schema;
  return inline as TSchema;
}

/**
 * Apps whose OpenAPI document also lists the internal /api/v1/ operations: only the one
 * `npm run web:types` builds to type the web app's calls (D42); a served app never is.
 */
export const DOCUMENTS_INTERNAL_ROUTES = new WeakSet<FastifyInstance>();

/**
 * Declares a route. `V` is the handler's answer: it must be the route's success schema type exactly
 * (no missing, extra or mistyped field at any depth), or a reply already sent.
 */
export function defineRoute<B extends TSchema, Q extends TSchema, P extends TSchema, R extends Responses, V>(
  app: FastifyInstance,
  deps: Deps,
  spec: RouteSpec<B, Q, P, R, V>,
) {
  const headers = documentedHeaders(spec);
  const response = Object.fromEntries(
    Object.entries(spec.response).map(([status, schema]) => [status, asRef(schema)]),
  );
  // The OpenAPI entry of a success that also comes as another media type: both, by content type.
  const documentedResponse = spec.producesFile
    ? Object.fromEntries(
        Object.keys(response).map((status) => [
          status,
          {
            description: 'OK',
            content: { [spec.producesFile as string]: { schema: { type: 'string', format: 'binary' } } },
          },
        ]),
      )
    : spec.alsoProduces
      ? Object.fromEntries(
          Object.entries(response).map(([status, schema]) => [
            status,
            {
              description: 'OK',
              content: {
                'application/json': { schema },
                ...Object.fromEntries(
                  [spec.alsoProduces ?? []].flat().map((type) => [
                    type,
                    {
                      schema: type === 'text/csv' ? { type: 'string' } : { type: 'string', format: 'binary' },
                    },
                  ]),
                ),
              },
            },
          ]),
        )
      : response;
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    config: {
      published: spec.published,
      ...(spec.rawBody ? { rawBodyMediaTypes: spec.rawBody.mediaTypes } : {}),
      // The OpenAPI entry: named bodies as $refs, the headers a write honours, each error it answers.
      swaggerTransform: ({ schema, url }) => ({
        schema: {
          ...schema,
          ...(DOCUMENTS_INTERNAL_ROUTES.has(app) ? { hide: false } : {}),
          ...(spec.body ? { body: asRef(spec.body) } : {}),
          ...(spec.rawBody
            ? {
                consumes: [...spec.rawBody.mediaTypes],
                body: Type.String({ format: 'binary', description: spec.rawBody.description }),
              }
            : {}),
          ...(headers ? { headers } : {}),
          response: { ...documentedResponse, ...errorResponses(spec), ...ERROR_RESPONSES },
        },
        url,
      }),
    },
    ...(spec.deprecation ? { onSend: deprecationHeaders(spec.deprecation) } : {}),
    // The body validator lets a missing body (or JSON null) through as {} (actions like /post need
    // none), so the handler gets {} too: a PATCH with no body was a 500 (found by the fuzzer).
    ...(spec.beforeBody ? { preParsing: beforeBody(spec.beforeBody) } : {}),
    ...(spec.body ? { preValidation: emptyBodyAsObject } : {}),
    schema: {
      operationId: spec.operationId,
      summary: spec.summary,
      description: spec.description,
      tags: [spec.tag],
      hide: !spec.published,
      ...(spec.deprecation ? { deprecated: true } : {}),
      ...(spec.auth === 'none' ? { security: [] } : {}),
      ...(spec.body ? { body: withoutId(spec.body) } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      response: { ...response, ...ERROR_RESPONSES },
    },
    // Both steps may use the database; the SIGTERM drain waits for them (in-flight.ts says why).
    onRequest: async (request, reply) => app.inFlight.track(authorize(deps, request, reply, spec)),
    handler: (request: FastifyRequest, reply: FastifyReply) =>
      app.inFlight.track(spec.handler(request as RouteRequest<B, Q, P>, reply)),
  });
}

/**
 * A write route: `write` runs in one transaction through runWrite (Idempotency-Key, change records,
 * stored refusals) and answers the body of the route's one success status. `version` is what the
 * caller read (body `version`, If-Unmodified-Since or If-Match) on routes whose body takes one, and
 * on DELETE; `before` runs first, outside the write machinery (a refusal there stores nothing);
 * `afterCommit` is I/O that must not hold row locks (an SMTP conversation).
 */
export interface ActionSpec<B extends TSchema, Q extends TSchema, P extends TSchema, R extends Responses, V>
  extends RouteDeclaration<B, Q, P, R> {
  before?: (request: RouteRequest<B, Q, P>) => void;
  write: (
    scope: WriteScope,
    request: RouteRequest<B, Q, P>,
    version: number | undefined,
  ) => Promise<Checked<V, Answer<R>>>;
  afterCommit?: (request: RouteRequest<B, Q, P>, committed: StoredResponse) => Promise<StoredResponse>;
}

export function action<B extends TSchema, Q extends TSchema, P extends TSchema, R extends Responses, V>(
  app: FastifyInstance,
  deps: Deps,
  spec: ActionSpec<B, Q, P, R, V>,
) {
  const { before, write, afterCommit, ...declaration } = spec;
  const status = Number(Object.keys(spec.response)[0]);
  const readsVersion = takesVersion(spec) || spec.method === 'DELETE';
  defineRoute(app, deps, {
    ...declaration,
    handler: async (request, reply) => {
      before?.(request);
      const version = readsVersion ? expectedVersion(request) : undefined;
      return respondWrite(
        deps,
        request,
        reply,
        async (scope) => ({ status, body: await write(scope, request, version) }),
        afterCommit ? (committed) => afterCommit(request, committed) : undefined,
      );
    },
  });
}

async function emptyBodyAsObject(request: FastifyRequest) {
  request.body ??= {};
}

/** A check run in preParsing (after onRequest authorized the caller), passing the payload on untouched. */
function beforeBody(check: (request: FastifyRequest) => void) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
    check(request);
    return payload;
  };
}

/** Authentication, the public-surface rule (D10) and the permission check, before the body is read. */
async function authorize(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: { published: boolean; auth: Auth; permission?: Permission },
) {
  const credentials = readCredentials(request.headers.authorization);
  if (spec.auth === 'none' && credentials.scheme !== 'token') return;
  if (credentials.scheme === 'none') {
    await authorizeCookie(deps, request, reply, spec);
    return;
  }
  if (credentials.scheme === 'unsupported') throw authenticationFailed('use the Token scheme for API keys');
  if (credentials.scheme === 'token') {
    const actor = await actorForApiKey(deps, credentials.value);
    await throttle(deps, actor, reply);
    if (!spec.published) {
      throw new DomainError('not_part_of_public_api', 'this endpoint is internal and refuses API keys', {});
    }
    request.actor = actor;
  } else {
    await authorizeSession(deps, request, await authenticateSession(deps, credentials.value), spec);
  }
  if (spec.auth === 'session' && !request.sessionUser) throw notAuthenticated();
  if (spec.permission && request.actor) requirePermission(request.actor, spec.permission);
}

/**
 * D81: no Authorization header, so the web app's cookie, which counts only with `X-Folio-Client:
 * web` (a cross-site form or image can send the cookie, never the header). A cookie whose session
 * has ended is dropped in the same answer, so the browser stops sending it.
 */
async function authorizeCookie(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: { auth: Auth; permission?: Permission },
) {
  const token = sessionCookieOf(request);
  if (token === undefined) throw notAuthenticated();
  if (!isWebClient(request)) {
    throw new DomainError(
      'not_authenticated',
      'the session cookie counts only with the header X-Folio-Client: web; API clients send Authorization',
      {},
    );
  }
  let session: SessionUser;
  try {
    session = await authenticateSession(deps, token);
  } catch (error) {
    clearSessionCookie(deps, request, reply);
    throw error;
  }
  await authorizeSession(deps, request, session, spec);
  if (spec.permission && request.actor) requirePermission(request.actor, spec.permission);
}

/** A session (bearer token or cookie) and, on an organization's route, the chosen books. */
async function authorizeSession(
  deps: Deps,
  request: FastifyRequest,
  session: SessionUser,
  spec: { auth: Auth },
) {
  request.sessionUser = session;
  if (spec.auth === 'organization') {
    const organizationId = request.headers['x-organization-id'];
    if (typeof organizationId !== 'string' || organizationId === '') {
      throw fieldError('header/x-organization-id', 'is required with a session token');
    }
    request.actor = await actorForSession(deps, session, organizationId);
  }
}

/** D36: each API key spends one token per request; an empty bucket answers 429 throttled. */
async function throttle(deps: Deps, actor: Actor, reply: FastifyReply) {
  if (!deps.rateLimiter) return;
  const decision = await deps.rateLimiter.take(actor.credentialId);
  reply.header('RateLimit-Limit', decision.limit);
  reply.header('RateLimit-Remaining', decision.remaining);
  reply.header('RateLimit-Reset', decision.resetSeconds);
  if (!decision.allowed) {
    reply.header('Retry-After', decision.retryAfterSeconds);
    throw new DomainError('throttled', `over the rate limit; retry after ${decision.retryAfterSeconds} s`, {
      retry_after: decision.retryAfterSeconds,
    });
  }
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('route without organization auth asked for an actor');
  return request.actor;
}

/** The version a writer read: body `version`, else `If-Unmodified-Since: <int>`, else `If-Match` (`*`: any). */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const body = request.body as { version?: unknown } | undefined;
  if (body && typeof body === 'object' && typeof body.version === 'number') return body.version;
  const header = request.headers['if-unmodified-since'] ?? request.headers['if-match'];
  if (header === undefined) return undefined;
  // RFC 9110: `If-Match: *` holds for any current version of an existing resource, so no check.
  if (request.headers['if-unmodified-since'] === undefined && String(header).trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(String(header));
  if (!match) {
    const name = request.headers['if-unmodified-since'] !== undefined ? 'if-unmodified-since' : 'if-match';
    throw fieldError(`header/${name}`, 'must be the integer version you read (or its ETag)');
  }
  return Number(match[1]);
}

/** Runs a write through the shared machinery (transaction, idempotency, change records) and replies. */
async function respondWrite<Body>(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (scope: WriteScope) => Promise<WriteResult<Body>>,
  /**
   * A step after COMMIT, for I/O that must not hold row locks (an SMTP conversation). It may rewrite
   * this answer; an Idempotency-Key replay returns the response stored at commit.
   */
  afterCommit?: (committed: StoredResponse) => Promise<StoredResponse>,
) {
  const actor = actorOf(request);
  const rawKey = request.headers['idempotency-key'];
  const key = typeof rawKey === 'string' ? rawKey : undefined;
  if (key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_LENGTH_MAX)) {
    throw fieldError('header/idempotency-key', `must be 1 to ${IDEMPOTENCY_KEY_LENGTH_MAX} characters`);
  }
  const idempotency =
    key !== undefined && request.method === 'POST' ? idempotentRequest(request, key) : undefined;
  const committed = await runWrite(
    deps,
    actor,
    idempotency,
    {
      success: (status, body) => {
        reply.code(status);
        return String(reply.serialize(body));
      },
      refusal: errorAnswer,
    },
    work,
  );
  const answer = afterCommit ? await afterCommit(committed) : committed;
  reply.code(answer.status).type('application/json; charset=utf-8');
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  return sendText(reply, answer.text);
}

/**
 * What an Idempotency-Key's fingerprint covers (D35): method, path and the JSON body; for a file
 * body (a statement, D71) its SHA-256 and the query that says what to do with it.
 */
function idempotentRequest(request: FastifyRequest, key: string) {
  const path = request.url.split('?')[0]!;
  const body = Buffer.isBuffer(request.body)
    ? {
        file_sha256: createHash('sha256').update(request.body).digest('hex'),
        media_type: request.headers['content-type'],
        query: request.query,
      }
    : request.body;
  return { key, method: request.method, path, body };
}

/** Sends JSON text as it is (already serialized). */
export function sendText(reply: FastifyReply, text: string): Sent {
  return sent(reply.type('application/json; charset=utf-8').send(text));
}

/** 204 No Content. */
export function noContent(reply: FastifyReply): Sent {
  return sent(reply.code(204).send());
}

/** 201 Created, answering `body` (a handler outside `action`, which sets its status itself). */
export function created<T>(reply: FastifyReply, body: T): T {
  reply.code(201);
  return body;
}

/** Replies to a read with the ETag of the record's version. */
export function withEtag<T extends { version: number }>(reply: FastifyReply, body: T): T {
  reply.header('ETag', `"${body.version}"`);
  return body;
}
