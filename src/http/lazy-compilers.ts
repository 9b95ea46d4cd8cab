// Schema compilers that compile on a route's first use instead of at start-up.
//
// Fastify compiles every route's response serializer (fast-json-stringify) and request validator
// (ajv) when the app becomes ready. With ~200 routes that was about 2.5 s of CPU per start: paid
// by every test file's harness (~90 of them, on two databases) and by the service on each start,
// for routes most processes never call. Compiling on first use costs each route once, a few
// milliseconds, on its first request. A schema that cannot compile still fails loudly: on that
// route's first request (the contract tests call every route).
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = SerializerSelector.SerializerFactory;
type Serializer = SerializerSelector.Serializer;

/** Fastify's own serializer builder (`schemaController.compilersFactory.buildSerializer`), made lazy. */
export const buildLazySerializer: SerializerFactory = (externalSchemas, serializerOptions) => {
  const build = SerializerSelector()(externalSchemas, serializerOptions);
  return (route) => {
    let serialize: Serializer | undefined;
    return (data: unknown) => {
      serialize ??= build(route);
      return serialize(data);
    };
  };
};
