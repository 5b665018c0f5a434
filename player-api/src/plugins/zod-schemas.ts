// Routes registered from the endpoint table validate requests and answers with their zod schemas.
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { reuseSerialization } from '../lib/answer-cache';

/** The schemas fastify-type-provider-zod compiles (an endpoint's response schema). */
type ZodRouteSchema = Parameters<typeof serializerCompiler>[0]['schema'];

export const zodSchemasPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    // An answer cache's answers are checked, serialized and encoded once, however often they are
    // sent. Fastify's type says a serializer returns text, but it sends a Buffer payload as it is
    // (with the JSON content type the object answer already set): the cast states only that.
    app.setSerializerCompiler<ZodRouteSchema>((route) => reuseSerialization(serializerCompiler(route)) as (data: unknown) => string);
  },
  { name: 'suwerte-zod-schemas' },
);
