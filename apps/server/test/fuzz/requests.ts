/**
 * Malformed requests for one operation: its example request with one part broken (a path
 * parameter, a query value, a body field, the whole body, its content type, its encoding).
 */
import {
  bodySlots,
  exampleValue,
  pathParameterExample,
  type Fixtures,
  type Operation,
} from './operations.ts';
import {
  copyValue,
  hasUnstorableText,
  hostileCursors,
  hostileJsonValues,
  hostilePathSegments,
  hostileQueryValues,
  percentEncode,
  toJsonText,
  type Random,
} from './values.ts';

export interface FuzzCase {
  /** 'POST /api/locations'. */
  operation: string;
  /** What was broken, e.g. "body.name ← NUL inside text". */
  mutation: string;
  method: Operation['method'];
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  /** Why the API must refuse this request with a 4xx; absent when any non-5xx will do. */
  mustRefuse?: string;
}

type QueryValue = string | string[];

interface Draft {
  path: Record<string, string>;
  query: Record<string, QueryValue>;
  body: unknown;
  /** Set when the body is sent as raw bytes instead of the JSON of `body`. */
  raw?: { contentType: string | undefined; payload: string | Buffer };
}

const MUTATION_KINDS = [
  'pathParameter',
  'queryValue',
  'unknownQueryParameter',
  'bodyField',
  'unknownBodyField',
  'missingBodyField',
  'wholeBody',
  'rawBody',
  'multipart',
] as const;
type MutationKind = (typeof MUTATION_KINDS)[number];

function applicableKinds(operation: Operation): MutationKind[] {
  const hasPath = operation.parameters.some((parameter) => parameter.in === 'path');
  const hasQuery = operation.parameters.some((parameter) => parameter.in === 'query');
  return MUTATION_KINDS.filter((kind) => {
    switch (kind) {
      case 'pathParameter':
        return hasPath;
      case 'queryValue':
        return hasQuery;
      case 'unknownQueryParameter':
        return true;
      case 'bodyField':
      case 'unknownBodyField':
      case 'missingBodyField':
        return operation.body !== undefined;
      case 'wholeBody':
      case 'rawBody':
      case 'multipart':
        // Fastify does not read bodies of GET requests.
        return operation.method !== 'GET';
    }
  });
}

function exampleDraft(operation: Operation, fixtures: Fixtures): Draft {
  // No prototype, so a parameter named __proto__ is a parameter like any other.
  const query = Object.create(null) as Record<string, QueryValue>;
  const draft: Draft = { path: {}, query, body: undefined };
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') {
      draft.path[parameter.name] = encodeURIComponent(pathParameterExample(operation, parameter, fixtures));
    } else {
      draft.query[parameter.name] = String(exampleValue(parameter.schema, parameter.name, fixtures));
    }
  }
  if (operation.body) draft.body = copyValue(exampleValue(operation.body, '', fixtures));
  return draft;
}

/** The example requests themselves, unbroken, for operations that only read. */
export function exampleCase(operation: Operation, fixtures: Fixtures): FuzzCase {
  return toCase(operation, exampleDraft(operation, fixtures), 'the example request', undefined);
}

/** `count` broken requests for the operation, spread over the kinds of breakage that apply. */
export function fuzzCases(
  operation: Operation,
  fixtures: Fixtures,
  random: Random,
  count: number,
): FuzzCase[] {
  const kinds = applicableKinds(operation);
  const offset = random.int(kinds.length);
  const cases: FuzzCase[] = [];
  for (let index = 0; index < count; index++) {
    const kind = kinds[(offset + index) % kinds.length] ?? 'unknownQueryParameter';
    const draft = exampleDraft(operation, fixtures);
    const { mutation, mustRefuse } = mutate(kind, operation, draft, random);
    cases.push(toCase(operation, draft, mutation, mustRefuse));
  }
  return cases;
}

function setAt(target: unknown, path: (string | number)[], value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last !== undefined) node[last] = value;
}

function getAt(target: unknown, path: (string | number)[]): unknown {
  let node = target;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

const label = (path: (string | number)[]) => ['body', ...path].join('.');
const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

function mutate(
  kind: MutationKind,
  operation: Operation,
  draft: Draft,
  random: Random,
): { mutation: string; mustRefuse?: string | undefined } {
  switch (kind) {
    case 'pathParameter': {
      const name = random.pick(Object.keys(draft.path));
      const segment = random.pick(hostilePathSegments);
      draft.path[name] = String(segment.value);
      return {
        mutation: `path ${name} ← ${segment.label}`,
        mustRefuse: segment.unstorable ? 'NUL in a path parameter' : undefined,
      };
    }
    case 'queryValue': {
      const name = random.pick(Object.keys(draft.query));
      const pool = name === 'cursor' ? [...hostileCursors, ...hostileQueryValues] : hostileQueryValues;
      const hostile = random.pick(pool);
      draft.query[name] = hostile.value as QueryValue;
      return {
        mutation: `query ${name} ← ${hostile.label}`,
        mustRefuse: hasUnstorableText(hostile.value) ? 'NUL in a query parameter' : undefined,
      };
    }
    case 'unknownQueryParameter': {
      const name = random.pick(['fuzz', '_', '__proto__', 'constructor', 'a\u0000b', 'limit[]']);
      draft.query[name] = random.pick(['1', '', 'x\u0000']);
      return {
        mutation: `unknown query parameter ${JSON.stringify(name)}`,
        mustRefuse: 'unknown query parameter',
      };
    }
    case 'bodyField': {
      const slots = bodySlots(draft.body, operation.body ?? {}).filter((slot) => slot.path.length > 0);
      if (slots.length === 0) return mutate('wholeBody', operation, draft, random);
      const slot = random.pick(slots);
      const hostile = random.pick(hostileJsonValues);
      setAt(draft.body, slot.path, copyValue(hostile.value));
      return {
        mutation: `${label(slot.path)} ← ${hostile.label}`,
        mustRefuse: hasUnstorableText(hostile.value) ? 'NUL or a lone surrogate in the body' : undefined,
      };
    }
    case 'unknownBodyField': {
      const objects = bodySlots(draft.body, operation.body ?? {}).filter((slot) => {
        const value = getAt(draft.body, slot.path);
        return value !== null && typeof value === 'object' && !Array.isArray(value);
      });
      if (objects.length === 0) return mutate('wholeBody', operation, draft, random);
      const slot = random.pick(objects);
      const key = random.pick(['fuzzUnknown', 'a\u0000b', '\uD800', 'constructor', '']);
      (getAt(draft.body, slot.path) as Record<string, unknown>)[key] = 1;
      const unstorable = hasUnstorableText(key);
      return {
        mutation: `${label(slot.path)} gains key ${JSON.stringify(key)}`,
        mustRefuse: slot.strict || unstorable ? 'unknown or unstorable body field' : undefined,
      };
    }
    case 'missingBodyField': {
      const slots = bodySlots(draft.body, operation.body ?? {}).filter(
        (slot) => slot.path.length > 0 && typeof slot.path.at(-1) === 'string',
      );
      if (slots.length === 0) return mutate('wholeBody', operation, draft, random);
      const slot = random.pick(slots);
      const parent = getAt(draft.body, slot.path.slice(0, -1)) as Record<string, unknown>;
      Reflect.deleteProperty(parent, String(slot.path.at(-1)));
      return { mutation: `${label(slot.path)} left out` };
    }
    case 'wholeBody': {
      const hostile = random.pick(hostileJsonValues);
      draft.body = copyValue(hostile.value);
      return {
        mutation: `body ← ${hostile.label}`,
        mustRefuse: isEmptyObject(hostile.value) ? undefined : 'a body that is not an object of known fields',
      };
    }
    case 'rawBody': {
      const raw = random.pick(RAW_BODIES);
      draft.raw = { contentType: raw.contentType, payload: raw.payload };
      return { mutation: `raw body: ${raw.label}`, mustRefuse: raw.mustRefuse };
    }
    case 'multipart': {
      const body = random.pick(MULTIPART_BODIES);
      draft.raw = { contentType: body.contentType, payload: body.payload };
      return { mutation: `multipart: ${body.label}`, mustRefuse: body.mustRefuse };
    }
  }
}

interface RawBody {
  label: string;
  contentType: string | undefined;
  payload: string | Buffer;
  mustRefuse?: string;
}

const RAW_BODIES: readonly RawBody[] = [
  { label: 'invalid JSON', contentType: 'application/json', payload: '{"a":', mustRefuse: 'invalid JSON' },
  { label: 'empty JSON', contentType: 'application/json', payload: '', mustRefuse: 'empty JSON body' },
  { label: 'JSON after a BOM', contentType: 'application/json', payload: '\uFEFF{}' },
  {
    label: '1.2 MB of JSON',
    contentType: 'application/json',
    payload: JSON.stringify({ x: 'x'.repeat(1_200_000) }),
    mustRefuse: 'body over the size limit',
  },
  {
    label: 'form-urlencoded',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'name=x&latitude=1',
    mustRefuse: 'a form body on a JSON route',
  },
  { label: 'text/plain', contentType: 'text/plain', payload: 'hello', mustRefuse: 'text on a JSON route' },
  { label: 'XML', contentType: 'application/xml', payload: '<a/>', mustRefuse: 'XML on a JSON route' },
  {
    label: 'JSON under another media type',
    contentType: 'application/vnd.fuzz+json',
    payload: '{}',
    mustRefuse: 'unknown media type',
  },
  { label: 'JSON in UTF-16', contentType: 'application/json; charset=utf-16', payload: '{}' },
  { label: 'no content type', contentType: undefined, payload: '{"a":1}' },
  {
    label: 'invalid UTF-8 in a string',
    contentType: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  },
  { label: 'duplicate keys', contentType: 'application/json', payload: '{"a":1,"a":2}' },
];

const BOUNDARY = 'fuzzboundary';
const part = (headers: string, content: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${content}\r\n`;
const filePart = (content: string, fileName = 'photo.png') =>
  part(
    `Content-Disposition: form-data; name="photo"; filename="${fileName}"\r\nContent-Type: image/png`,
    content,
  );
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

const MULTIPART_BODIES: readonly RawBody[] = [
  {
    label: 'a text file named photo.png',
    contentType: multipartType,
    payload: `${filePart('not an image')}--${BOUNDARY}--\r\n`,
    mustRefuse: 'not an image, or multipart on a JSON route',
  },
  {
    label: 'no boundary',
    contentType: 'multipart/form-data',
    payload: `${filePart('x')}--${BOUNDARY}--\r\n`,
    mustRefuse: 'multipart without a boundary',
  },
  {
    label: 'other boundary than announced',
    contentType: 'multipart/form-data; boundary=another',
    payload: `${filePart('x')}--${BOUNDARY}--\r\n`,
    mustRefuse: 'multipart with a wrong boundary',
  },
  {
    label: 'cut off',
    contentType: multipartType,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n`,
    mustRefuse: 'truncated multipart',
  },
  {
    label: 'ten text fields and no file',
    contentType: multipartType,
    payload:
      Array.from({ length: 10 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'v')).join(
        '',
      ) + `--${BOUNDARY}--\r\n`,
    mustRefuse: 'no file',
  },
  {
    label: 'NUL and a lone surrogate in the file name',
    contentType: multipartType,
    payload: `${filePart('not an image', 'a\u0000\uD800.png')}--${BOUNDARY}--\r\n`,
    mustRefuse: 'not an image, or multipart on a JSON route',
  },
  {
    label: 'only the closing boundary',
    contentType: multipartType,
    payload: `--${BOUNDARY}--\r\n`,
    mustRefuse: 'no file',
  },
  {
    label: 'two files',
    contentType: multipartType,
    payload: `${filePart('one')}${filePart('two')}--${BOUNDARY}--\r\n`,
    mustRefuse: 'not an image, or multipart on a JSON route',
  },
];

function toCase(
  operation: Operation,
  draft: Draft,
  mutation: string,
  mustRefuse: string | undefined,
): FuzzCase {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => draft.path[name] ?? '');
  const query = Object.entries(draft.query)
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${percentEncode(name)}=${percentEncode(item)}`),
    )
    .join('&');
  const fuzzCase: FuzzCase = {
    operation: `${operation.method} ${operation.path}`,
    mutation,
    method: operation.method,
    url: query === '' ? path : `${path}?${query}`,
  };
  if (mustRefuse !== undefined) fuzzCase.mustRefuse = mustRefuse;
  if (draft.raw) {
    if (draft.raw.contentType !== undefined) fuzzCase.contentType = draft.raw.contentType;
    fuzzCase.payload = draft.raw.payload;
  } else if (draft.body !== undefined && operation.method !== 'GET') {
    fuzzCase.contentType = 'application/json';
    fuzzCase.payload = toJsonText(draft.body);
  }
  return fuzzCase;
}
