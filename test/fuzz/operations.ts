// The fuzzer's list of routes: every operation of the OpenAPI document the service generates, with
// the JSON Schemas (TypeBox) of its path parameters, query parameters, headers and body.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Deps } from '../../src/app/context.ts';
import { InFlight } from '../../src/http/in-flight.ts';
import { registerRoutes } from '../../src/http/routes/index.ts';

export type Schema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  'x-folio-money'?: boolean;
};

export interface Parameter {
  name: string;
  required: boolean;
  schema: Schema;
}

export interface Operation {
  /** `POST /api/v1/invoices/{id}/send`: the key of the by-route counts. */
  key: string;
  method: string;
  /** OpenAPI path template with `{name}` parameters. */
  path: string;
  params: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body?: Schema;
}

interface DocumentParameter extends Parameter {
  in: 'path' | 'query' | 'header';
}

interface DocumentOperation {
  parameters?: DocumentParameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** Every operation of the service's own OpenAPI document (the app must be ready). */
export function readOperations(app: FastifyInstance): Operation[] {
  const document = app.swagger() as {
    paths: Record<string, Record<string, DocumentOperation>>;
    components: { schemas: Record<string, Schema> };
  };
  // Request bodies are named components (InvoiceCreate, ...): the fuzzer reads the schema itself.
  const named = (schema: (Schema & { $ref?: string }) | undefined) =>
    schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const pick = (where: DocumentParameter['in']) =>
        parameters
          .filter((parameter) => parameter.in === where)
          .map(({ name, required, schema }) => ({ name, required: required === true, schema }));
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: pick('path'),
        query: pick('query'),
        headers: pick('header'),
        body: named(operation.requestBody?.content['application/json']?.schema),
      });
    }
  }
  return operations;
}

/** Routes that would end the fuzzer's own session; left out. */
const SELF_DEFEATING = new Set(['POST /api/v1/auth/logout']);

interface CollectedSchema {
  hide?: boolean;
  body?: Schema;
  querystring?: Schema;
  params?: Schema;
}

function parametersOf(schema: Schema | undefined, all: boolean): Parameter[] {
  return Object.entries(schema?.properties ?? {}).map(([name, child]) => ({
    name,
    required: all || (schema?.required ?? []).includes(name),
    schema: child,
  }));
}

/**
 * The internal routes (hidden from the document: sessions, members, periods, API keys, bank
 * connections), read from the route declarations themselves on a bare Fastify instance.
 */
export function readInternalOperations(deps: Deps): Operation[] {
  const bare = Fastify();
  bare.decorate('inFlight', new InFlight());
  const operations: Operation[] = [];
  bare.addHook('onRoute', (route) => {
    const schema = route.schema as CollectedSchema | undefined;
    if (!schema?.hide) return;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) {
      const key = `${method} ${path}`;
      if (SELF_DEFEATING.has(key) || method === 'HEAD') continue;
      operations.push({
        key,
        method,
        path,
        params: parametersOf(schema.params, true),
        query: parametersOf(schema.querystring, false),
        headers:
          method === 'POST'
            ? [
                {
                  name: 'Idempotency-Key',
                  required: false,
                  schema: { type: 'string', minLength: 1, maxLength: 255 },
                },
              ]
            : [],
        ...(schema.body ? { body: schema.body } : {}),
      });
    }
  });
  registerRoutes(bare, deps);
  return operations;
}
