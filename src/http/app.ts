// buildApp(deps): the HTTP transport. Routes are registered explicitly; no auto-loading.
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from '@sinclair/typebox';
import AjvModule, { type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import { actorForApiKey, readCredentials } from '../app/auth/authenticate.ts';
import { STATEMENT_MEDIA_TYPES } from '../app/banking/formats/index.ts';
import type { Deps } from '../app/context.ts';
import { startOutboxWorker } from '../app/email/outbox-worker.ts';
import { EMAIL_OUTBOX_DEFAULTS } from '../app/email/retry.ts';
import { isCalendarDate } from '../domain/dates.ts';
import { DomainError, fieldError } from '../domain/errors.ts';
import { createMemoryRateLimiter } from '../infra/memory-rate-limiter.ts';
import { registerCursorSeal } from './cursors.ts';
import { answerClientError, MONEY_KEYWORD, sendError } from './errors.ts';
import { InFlight } from './in-flight.ts';
import { BODY_DEPTH_MAX, nestsTooDeep, textErrors } from './input-checks.ts';
import { buildLazySerializer } from './lazy-compilers.ts';
import { DOCUMENTS_INTERNAL_ROUTES, defineRoute, sendText } from './route.ts';
import { registerRoutes } from './routes/index.ts';
import { publicOrigin } from './routes/paging.ts';
import { DEFAULT_WEB_DIST_DIR, DOCS_HEADERS, isWebAppPath, registerWebApp, sendWebApp } from './web-app.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const API_PREFIX = '/api/v1/';

interface KnownRoute {
  method: string;
  pattern: RegExp;
  published: boolean;
}

export interface BuildOptions {
  logger?: boolean | object;
  /** The built web app (D41); a directory without index.html answers 503 with how to build it. */
  webDistDir?: string;
  /**
   * Puts the internal /api/v1/ operations (sign-up, members, keys...) in the served document too:
   * only for `npm run web:types`, which types the web app's calls to them (D42). Never when serving.
   */
  documentInternalRoutes?: boolean;
}

// ajv ships CommonJS with a default export; under NodeNext it arrives one level down.
const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

function makeAjv(coerceTypes: boolean | 'array') {
  // verbose: errors carry their schema, so a failing money field can answer invalid_money (D5).
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: false,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
  });
  addFormats(ajv);
  // ajv-formats' `date` takes year 0000, which PostgreSQL refuses: one date rule for all (D66).
  ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  ajv.addKeyword({ keyword: MONEY_KEYWORD, schemaType: 'boolean' });
  return ajv;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  deps.rateLimiter ??= createMemoryRateLimiter({
    perSecond: deps.config.rateLimitPerSecond,
    burst: deps.config.rateLimitBurst,
  });
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Fastify's own 503 while closing has its own body; ours (onRequest below) uses the envelope (D10).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // D66: errors raised before a route runs answer the envelope too. Malformed URLs and long path
    // parameters come here; what Node's HTTP parser refuses (oversized headers, unknown methods)
    // never becomes a request, so answerClientError writes the envelope on the socket.
    frameworkErrors: (error, request, reply) => {
      reply.header('X-Request-Id', request.id);
      return sendError(request, reply, error);
    },
    clientErrorHandler: answerClientError,
    schemaController: { compilersFactory: { buildSerializer: buildLazySerializer } },
  });

  // Bodies are never coerced (a JSON number is not a money string); query strings are.
  const bodyAjv = makeAjv(false);
  const queryAjv = makeAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const isBody = httpPart === 'body';
    // Compiled on the route's first request, as serializers are (lazy-compilers.ts).
    let validate: ValidateFunction | undefined;
    // D66: one pass over every string of the body, query and path before the route's schema: text
    // PostgreSQL cannot hold (NUL, lone surrogates) is a validation_error on its field, whatever the
    // field's schema says. A missing body validates as {}: actions like /post need none.
    const validatePart = (data: unknown) => {
      const input = isBody ? (data ?? {}) : data;
      const badText = textErrors(input);
      if (badText.length > 0) {
        validatePart.errors = badText as ValidateFunction['errors'];
        return false;
      }
      validate ??= (isBody ? bodyAjv : queryAjv).compile(schema);
      const compiled: ValidateFunction = validate;
      const valid = compiled(input);
      validatePart.errors = compiled.errors;
      return valid;
    };
    validatePart.errors = null as ValidateFunction['errors'];
    return validatePart;
  });

  // An empty JSON body (POST /send with Content-Type set) means "no body", not invalid JSON.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Fastify parses text/plain by default; the API takes JSON only, so text answers 415.
  app.removeContentTypeParser('text/plain');
  // Bytes, not a string: invalid UTF-8 is refused rather than silently replaced (D66). The depth is
  // checked here, iteratively, before anything recursive (the idempotency fingerprint) sees the body.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      return done(fieldError('body', 'is not valid UTF-8'), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    return defaultJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      if (nestsTooDeep(parsed)) {
        return done(fieldError('body', `nests deeper than ${BODY_DEPTH_MAX} levels`), undefined);
      }
      return done(null, parsed);
    });
  });

  // Statement files (D71): a route that declares a raw body gets the bytes of these media types;
  // every other route answers them 415, as it answers any media type but JSON.
  app.addContentTypeParser([...STATEMENT_MEDIA_TYPES], { parseAs: 'buffer' }, (request, body, done) => {
    const mediaType = String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (!request.routeOptions.config.rawBodyMediaTypes?.includes(mediaType)) {
      return done(
        new DomainError('unsupported_media_type', 'send the body as application/json', {}),
        undefined,
      );
    }
    return done(null, body);
  });

  // D81: the web app's session cookie (session-cookie.ts); parsed on every request, never signed
  // (the value is a random session token, looked up by its hash).
  await app.register(cookie);
  app.decorate('inFlight', new InFlight());
  runEmailOutbox(app, deps);

  // Set when close() begins: requests that arrive while in-flight ones drain are refused.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (closing) {
      reply.header('Connection', 'close');
      throw new DomainError(
        'service_unavailable',
        'the service is shutting down; retry on another instance',
        {},
      );
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Folio bookkeeping API',
        version: '1.0.0',
        description:
          'Double-entry bookkeeping over HTTP. Amounts are decimal strings; errors use one envelope.',
      },
      // Replaced per request by the address the document was fetched from (see the route below).
      servers: [{ url: deps.config.publicUrl ?? 'http://127.0.0.1:3000' }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Send `Authorization: Token <API_KEY>` (keys start with svc_live_ or svc_test_).',
          },
        },
      },
      security: [{ apiKey: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`),
    },
  });
  // Swagger UI in a context of its own, whose hook gives every page and file of /docs D46's headers.
  await app.register(async (docs) => {
    docs.addHook('onRequest', async (_request, reply) => {
      reply.headers(DOCS_HEADERS);
    });
    await docs.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/api/v1/openapi.json' } });
  });
  const webDistDir = options.webDistDir ?? DEFAULT_WEB_DIST_DIR;
  await registerWebApp(app, webDistDir);

  const routePatterns: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(`^${route.url.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}/?$`);
    const published = route.config?.published === true;
    for (const method of methods) routePatterns.push({ method, pattern, published });
  });

  await registerCursorSeal(app, deps.db);
  if (options.documentInternalRoutes) DOCUMENTS_INTERNAL_ROUTES.add(app);
  registerRoutes(app, deps);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await app.inFlight.track(deps.db.query('SELECT 1'));
    return { status: 'ok' };
  });
  // The published reference itself (spec, What the service does 3): open to anyone, so an API key
  // gets it too (D10 refuses keys only on paths absent from it); a Token sent is still checked. Its
  // `servers` is FOLIO_PUBLIC_URL, else the address the service is bound to (publicOrigin: never the
  // Host header), so "Try it out" on /docs reaches the server that answered.
  defineRoute(app, deps, {
    method: 'GET',
    url: '/api/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document',
    tag: 'reference',
    published: true,
    auth: 'none',
    response: { 200: Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1' }) },
    handler: async (request, reply) =>
      sendText(reply, JSON.stringify({ ...app.swagger(), servers: [{ url: publicOrigin(deps, request) }] })),
  });

  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  app.setNotFoundHandler(async (request, reply) => {
    // D41: outside /api/, /docs and /healthz a GET is the web app's (its router takes the path).
    if (isWebAppPath(request.method, request.url)) {
      const sent = sendWebApp(reply, webDistDir, request.url);
      if (sent) return sent;
    }
    try {
      // It authenticates a presented key, so it is database work the drain waits for.
      await app.inFlight.track(
        refuseUnknownPath(deps, request.method, request.url, request.headers.authorization, routePatterns),
      );
    } catch (error) {
      return sendError(request, reply, error);
    }
  });
  return app;
}

/**
 * D62: the invoice email outbox's worker lives as long as the app: it starts when the app is ready
 * (listen, or ready() in tests) and stops on close, after the message in hand is recorded and before
 * the database closes. No mailer (no SMTP_URL) or FOLIO_EMAIL_WORKER=off: messages stay queued.
 */
function runEmailOutbox(app: FastifyInstance, deps: Deps) {
  const settings = { ...EMAIL_OUTBOX_DEFAULTS, ...deps.config.emailOutbox };
  const mailer = deps.mailer;
  if (!mailer || !settings.enabled) return;
  let worker: ReturnType<typeof startOutboxWorker> | undefined;
  app.addHook('onReady', async () => {
    worker = startOutboxWorker({
      db: deps.db,
      mailer,
      settings,
      log: app.log.child({ component: 'email-outbox' }),
    });
    deps.emailOutbox = worker;
  });
  app.addHook('onClose', async () => {
    deps.emailOutbox = undefined;
    await worker?.stop();
  });
}

/** D10: keys get 403 not_part_of_public_api under /api/v1/; a known path with another method is 405. */
async function refuseUnknownPath(
  deps: Deps,
  method: string,
  url: string,
  authorization: string | undefined,
  routes: KnownRoute[],
): Promise<never> {
  const path = url.split('?')[0] ?? url;
  const credentials = readCredentials(authorization);
  const matching = routes.filter((route) => route.pattern.test(path));
  const isKey = credentials.scheme === 'token' && path.startsWith(API_PREFIX);
  if (isKey) {
    await actorForApiKey(deps, credentials.value);
    if (!matching.some((route) => route.published)) {
      throw new DomainError('not_part_of_public_api', 'this endpoint is not part of the published API', {});
    }
  }
  const allowed = matching.filter((route) => !isKey || route.published).map((route) => route.method);
  if (allowed.length > 0 && !allowed.includes(method)) {
    throw new DomainError('method_not_allowed', `${method} is not allowed on ${path}`, {
      allow: [...new Set(allowed)].join(', '),
    });
  }
  throw new DomainError('not_found', `no route ${method} ${path}`, {});
}
