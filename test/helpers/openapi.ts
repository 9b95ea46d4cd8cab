// Reading the service's OpenAPI document in tests: request bodies are named components
// (`$ref: '#/components/schemas/InvoiceCreate'`), so a test reads the schema behind the reference.
type Schema = { $ref?: string; properties?: Record<string, unknown>; [key: string]: unknown };
interface Document {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}

/** The JSON request body schema of `method path`, its `$ref` followed. */
export function requestBodySchema(document: Document, path: string, method: string): any {
  const schema = document.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
  if (!schema?.$ref) return schema;
  return document.components.schemas[schema.$ref.split('/').pop()!];
}
