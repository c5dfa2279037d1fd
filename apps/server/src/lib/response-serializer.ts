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

/** Keys whose value maps names to schemas (the names themselves are not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Checks on a value that never change how it is written. */
const VALIDATION_KEYWORDS = new Set(['format', 'pattern']);

/**
 * A copy of a JSON Schema without `format` and `pattern`. fast-json-stringify picks the branch
 * of an anyOf by validating the value against each branch, so a map answer's 300 points each
 * had their uuid tested against two regular expressions: an eighth of the server's time. The
 * branches differ by their shape (a discriminating `kind`), which stays; the contract check
 * (development and tests) still validates everything with zod.
 */
export function withoutValidationKeywords(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutValidationKeywords);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (VALIDATION_KEYWORDS.has(key) && typeof value === 'string') continue;
    copy[key] =
      SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>).map(([name, inner]) => [
              name,
              withoutValidationKeywords(inner),
            ]),
          )
        : withoutValidationKeywords(value);
  }
  return copy;
}

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
      stringify = fastJson(withoutValidationKeywords(jsonSchema) as fastJson.Schema);
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
