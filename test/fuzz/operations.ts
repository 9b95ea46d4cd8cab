// The fuzzer's list of routes: every operation of the OpenAPI document the service generates, with
// the JSON Schemas (TypeBox) of its path parameters, query parameters, headers and body.
import type { FastifyInstance } from 'fastify';

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
  const document = app.swagger() as { paths: Record<string, Record<string, DocumentOperation>> };
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
        body: operation.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return operations;
}
