/**
 * Responses are written by fast-json-stringify, compiled from the JSON Schema of each route's
 * zod response schema: it emits only the declared properties (an undeclared field, such as
 * another user's id, cannot leak) and skips JSON.stringify's generic walk. With
 * `checkContract` (development and tests) each response is first checked against its zod
 * schema, so a route that breaks its contract fails its tests instead of sending it.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, toJSONSchema, ZodType } from 'zod';

export function responseSerializerCompiler(options: {
  checkContract: boolean;
}): FastifySerializerCompiler<ZodType | { properties: ZodType }> {
  // One compiled writer per schema: the error body is declared on every route's 4xx and 5xx
  // answers, and compiling it a hundred times doubled the time to start.
  const compiled = new WeakMap<ZodType, (data: unknown) => string>();
  const stringifierFor = (zodSchema: ZodType) => {
    let stringify = compiled.get(zodSchema);
    if (!stringify) {
      // Responses are outputs: transforms and defaults already ran, so the output side is the
      // shape sent. A zod JSON Schema is a plain JSON Schema, which fast-json-stringify takes.
      const jsonSchema = toJSONSchema(zodSchema, { io: 'output', unrepresentable: 'any', target: 'draft-7' });
      stringify = fastJson(jsonSchema as fastJson.Schema);
      compiled.set(zodSchema, stringify);
    }
    return stringify;
  };
  return ({ schema, method, url }) => {
    const zodSchema = schema instanceof ZodType ? schema : schema.properties;
    const stringify = stringifierFor(zodSchema);
    if (!options.checkContract) return (data) => stringify(data);
    return (data) => {
      const result = safeEncode(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
