/**
 * The operations of the app's OpenAPI document, and a well-formed example request for each,
 * which the fuzz test then breaks one part at a time.
 */

/** The parts of JSON Schema (OpenAPI 3.0 flavour) that the generated document uses. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As in the document: /api/locations/{id}. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every operation of the document, in its order. */
export function operationsOf(document: unknown): Operation[] {
  // The document is the app's own app.swagger(); only the fields read below are relied on.
  const paths = (document as { paths?: Record<string, Record<string, OpenApiOperation>> }).paths ?? {};
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = byMethod[method.toLowerCase()];
      if (!operation) continue;
      const parameters = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
        .map((parameter) => ({
          name: parameter.name,
          in: parameter.in as 'path' | 'query',
          required: parameter.required ?? false,
          schema: parameter.schema ?? {},
        }));
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({ method, path, parameters, body });
    }
  }
  return operations;
}

/** Real records the examples point at, so requests get past "not found" into the code. */
export interface Fixtures {
  locationId: string;
  commentId: string;
  eventId: string;
  dealId: string;
  removalRequestId: string;
  userName: string;
}

/**
 * Examples for fields whose rules the schema cannot express (refinements and transforms):
 * a time of day, a path to return to, a user name, a website.
 */
const EXAMPLES_BY_NAME: Record<string, unknown> = {
  time: '10:30',
  returnTo: '/',
  userName: 'fuzz_name',
  website: 'example.com',
  officialWebsite: 'https://example.com',
  q: 'park',
  idToken: 'x'.repeat(40),
  nonce: 'n'.repeat(20),
  tag: 'swings',
  tags: ['swings', 'slide'],
  invitedUserNames: [],
  // Query booleans are text; in bodies the same fields take true.
  indoor: true,
  free: true,
  recentlyAdded: true,
  popular: true,
  cursor: Buffer.from('{"offset":10}').toString('base64url'),
};

/** Which record an `id` in the path names, from the path it is in. */
function idForPath(path: string, fixtures: Fixtures): string {
  if (path.startsWith('/api/events/')) return fixtures.eventId;
  if (path.startsWith('/api/deals/')) return fixtures.dealId;
  if (path.startsWith('/api/moderation/removal-requests/')) return fixtures.removalRequestId;
  return fixtures.locationId;
}

export function pathParameterExample(operation: Operation, parameter: Parameter, fixtures: Fixtures): string {
  switch (parameter.name) {
    case 'id':
      return idForPath(operation.path, fixtures);
    case 'commentId':
      return fixtures.commentId;
    case 'userName':
      return fixtures.userName;
    case '*':
      return 'no-such-file.png';
    default:
      return String(exampleValue(parameter.schema, parameter.name, fixtures));
  }
}

function numberExample(schema: JsonSchema): number {
  const low = schema.minimum ?? 0;
  const high = schema.maximum ?? low + 10;
  const middle = low + (high - low) / 2;
  return schema.type === 'integer' ? Math.round(middle) : middle;
}

/** A value the schema accepts (as far as the schema can say). */
export function exampleValue(schema: JsonSchema, name: string, fixtures: Fixtures): unknown {
  if (name in EXAMPLES_BY_NAME) return EXAMPLES_BY_NAME[name];
  if (name === 'locationId' || name === 'locationIds') return fixtures.locationId;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) {
    // Prefer a real id over a literal alternative such as 'account-deletion'.
    const branch = branches.find((candidate) => candidate.format === 'uuid') ?? branches[0] ?? {};
    return exampleValue(branch, name, fixtures);
  }
  if (schema.allOf?.[0]) return exampleValue(schema.allOf[0], name, fixtures);
  // A reference the generator left unresolved stands for free JSON.
  if (schema.$ref) return 'fuzz';
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringExample(schema, fixtures);
    case 'number':
    case 'integer':
      return numberExample(schema);
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: count }, () => exampleValue(schema.items ?? {}, name, fixtures));
    }
    case 'object':
      return objectExample(schema, fixtures);
    case undefined:
    default:
      return 'fuzz';
  }
}

function stringExample(schema: JsonSchema, fixtures: Fixtures): string {
  switch (schema.format) {
    case 'uuid':
      return fixtures.locationId;
    case 'date-time':
      return '2026-05-04T10:00:00.000Z';
    case 'date':
      return '2030-01-31';
    case undefined:
    default: {
      const text = 'A fuzzed but reasonable text';
      const length = Math.min(Math.max(text.length, schema.minLength ?? 0), schema.maxLength ?? text.length);
      return text.padEnd(length, '.').slice(0, length);
    }
  }
}

function objectExample(schema: JsonSchema, fixtures: Fixtures): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    result[key] = exampleValue(property, key, fixtures);
  }
  // A record (free keys): one entry, so its values are fuzzed too.
  if (typeof schema.additionalProperties === 'object') {
    result.fuzzKey = exampleValue(schema.additionalProperties, 'fuzzKey', fixtures);
  }
  return result;
}

/** Where a value sits in a body: the keys and indexes leading to it, and its schema. */
export interface BodySlot {
  path: (string | number)[];
  schema: JsonSchema;
  /** For objects: whether keys other than the declared ones are refused. */
  strict: boolean;
}

/** Every value in an example body, the body itself included, with its schema. */
export function bodySlots(value: unknown, schema: JsonSchema, path: (string | number)[] = []): BodySlot[] {
  const slots: BodySlot[] = [{ path, schema, strict: schema.additionalProperties === false }];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      slots.push(...bodySlots(item, schema.items ?? {}, [...path, index]));
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const declared = schema.properties?.[key];
      const itemSchema =
        declared ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {});
      slots.push(...bodySlots(item, itemSchema, [...path, key]));
    }
  }
  return slots;
}
