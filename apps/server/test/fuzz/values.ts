/**
 * Values for the OpenAPI fuzz test: a seeded random source, JSON that JSON.stringify cannot
 * write, and the hostile values sent in bodies, query strings and paths.
 */

export interface Random {
  /** 0 ≤ n < 1. */
  next(): number;
  /** 0 ≤ n < below. */
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/**
 * JSON text placed as is where a value goes: numbers JSON.stringify cannot write (1e400 reads
 * back as Infinity, -0 as -0), nesting deeper than JSON.stringify's own recursion, keys such
 * as __proto__ that an object literal would not keep.
 */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/**
 * A copy to change freely: examples and hostile values are shared by every case, and a
 * case that added a key to one would change the cases after it (or nest it in itself).
 */
export function copyValue<T>(value: T): T {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyValue) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyValue(item)])) as T;
}

/** JSON.stringify that writes RawJson values verbatim. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raws.push(item.text);
    return `__fuzz_raw_${raws.length - 1}__`;
  });
  return text.replace(/"__fuzz_raw_(\d+)__"/g, (_match, index: string) => raws[Number(index)] ?? 'null');
}

/** NUL, or a UTF-16 surrogate without its partner: text the API must refuse everywhere. */
export function hasUnstorableText(value: unknown): boolean {
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const bad = { test: (text: string) => text.includes('\u0000') || loneSurrogate.test(text) };
  if (typeof value === 'string') return bad.test(value);
  // The raw JSON texts below carry no escapes of such characters.
  if (value instanceof RawJson) return false;
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => bad.test(key) || hasUnstorableText(item));
  }
  return false;
}

export interface HostileValue {
  label: string;
  value: unknown;
}

const deepArray = (depth: number) => new RawJson('['.repeat(depth) + ']'.repeat(depth));
const deepObject = (depth: number) => new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
const manyKeys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));

/** Values put in place of one JSON field (or of the whole body). */
export const hostileJsonValues: readonly HostileValue[] = [
  { label: 'NUL inside text', value: 'a\u0000b' },
  { label: 'NUL alone', value: '\u0000' },
  { label: 'lone high surrogate', value: '\uD800' },
  { label: 'lone low surrogate', value: 'x\uDC00y' },
  { label: 'surrogates in the wrong order', value: '\uDC00\uD800' },
  { label: '200 000 characters', value: 'x'.repeat(200_000) },
  { label: 'empty text', value: '' },
  { label: 'blank text', value: '   \t\n ' },
  { label: 'text with bidi override and emoji', value: '\u202Eabc 👩‍👧 \uFEFF' },
  { label: 'quote and SQL comment', value: "' OR '1'='1' --" },
  { label: 'markup', value: '<script>alert(1)</script>' },
  { label: '1e300', value: 1e300 },
  { label: '-1e300', value: -1e300 },
  { label: '1e400 (Infinity when read)', value: new RawJson('1e400') },
  { label: '-1e400', value: new RawJson('-1e400') },
  { label: '-0', value: new RawJson('-0') },
  { label: '2^63', value: new RawJson('9223372036854775808') },
  { label: '2^53 + 1', value: new RawJson('9007199254740993') },
  { label: '1.5', value: 1.5 },
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: "'NaN'", value: 'NaN' },
  { label: "'Infinity'", value: 'Infinity' },
  { label: "'1e300'", value: '1e300' },
  { label: 'true', value: true },
  { label: 'null', value: null },
  { label: 'empty array', value: [] },
  { label: 'empty object', value: {} },
  { label: 'array of numbers', value: [1, 2, 3] },
  { label: 'nested object', value: { nested: { x: 1 } } },
  { label: 'array nested 20 deep', value: deepArray(20) },
  { label: 'array nested 5 000 deep', value: deepArray(5_000) },
  { label: 'object nested 5 000 deep', value: deepObject(5_000) },
  { label: 'array nested 100 000 deep', value: deepArray(100_000) },
  {
    // secure-json-parse walks the whole body when it sees __proto__.
    label: '__proto__ under 5 000 levels',
    value: new RawJson(`${'{"a":'.repeat(5_000)}{"__proto__":{}}${'}'.repeat(5_000)}`),
  },
  { label: 'NUL deep inside', value: { a: { b: ['ok', 'a\u0000b'] } } },
  { label: 'lone surrogate deep inside', value: { a: [{ b: '\uD800' }] } },
  { label: 'NUL as a key', value: { 'a\u0000': 1 } },
  { label: 'lone surrogate as a key', value: { '\uDBFF': 'x' } },
  { label: '__proto__ key', value: new RawJson('{"__proto__":{"polluted":true}}') },
  {
    label: 'constructor.prototype key',
    value: new RawJson('{"constructor":{"prototype":{"polluted":true}}}'),
  },
  { label: '20 000 strings', value: Array.from({ length: 20_000 }, () => 'a') },
  { label: '5 000 keys', value: manyKeys(5_000) },
];

/** Values put in place of one query parameter (as sent in the URL, before encoding). */
export const hostileQueryValues: readonly HostileValue[] = [
  { label: 'NUL inside text', value: 'a\u0000b' },
  { label: 'NUL alone', value: '\u0000' },
  { label: "'1e300'", value: '1e300' },
  { label: "'-1e300'", value: '-1e300' },
  { label: "'1e400'", value: '1e400' },
  { label: "'-0'", value: '-0' },
  { label: "'NaN'", value: 'NaN' },
  { label: "'Infinity'", value: 'Infinity' },
  { label: "'-Infinity'", value: '-Infinity' },
  { label: '2^63', value: '9223372036854775808' },
  { label: '-2^63 - 1', value: '-9223372036854775809' },
  { label: 'hex number', value: '0x10' },
  { label: 'number with spaces', value: ' 5 ' },
  { label: 'empty', value: '' },
  { label: 'blank', value: '   ' },
  { label: '5 000 characters', value: 'x'.repeat(5_000) },
  { label: 'word true', value: 'true' },
  { label: 'brackets', value: '[]' },
  { label: 'percent sign', value: '%' },
  { label: 'quote and SQL comment', value: "' OR 1=1 --" },
  { label: 'not a uuid', value: 'not-a-uuid' },
  { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000' },
  { label: 'repeated parameter', value: ['1', '2'] },
  { label: 'repeated NUL parameter', value: ['a', '\u0000'] },
];

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** Page cursors: opaque to clients, but only the server's own may be accepted. */
export const hostileCursors: readonly HostileValue[] = [
  { label: 'cursor offset 1e300', value: base64url('{"offset":1e300}') },
  { label: 'cursor offset 2^63', value: base64url('{"offset":9223372036854775808}') },
  { label: 'cursor offset 2^31', value: base64url('{"offset":2147483648}') },
  { label: 'cursor offset 1e400', value: base64url('{"offset":1e400}') },
  { label: 'cursor offset -1', value: base64url('{"offset":-1}') },
  { label: 'cursor offset 1.5', value: base64url('{"offset":1.5}') },
  { label: 'cursor offset as text', value: base64url('{"offset":"10"}') },
  { label: 'cursor without offset', value: base64url('{}') },
  { label: 'cursor null', value: base64url('null') },
  { label: 'cursor array nested 5 000 deep', value: base64url('['.repeat(5_000) + ']'.repeat(5_000)) },
  { label: 'cursor with NUL', value: base64url('{"offset":0,"x":"\u0000"}') },
  { label: 'cursor not base64', value: '!!not base64!!' },
];

/** Path segments, already percent-encoded; `unstorable` when the decoded text has NUL. */
export const hostilePathSegments: readonly (HostileValue & { unstorable: boolean })[] = [
  { label: 'NUL', value: '%00', unstorable: true },
  { label: 'NUL inside', value: 'a%00b', unstorable: true },
  { label: 'encoded lone surrogate (invalid UTF-8)', value: '%ED%A0%80', unstorable: false },
  { label: 'invalid percent escape', value: '%E0%A4%A', unstorable: false },
  { label: 'not a uuid', value: 'not-a-uuid', unstorable: false },
  { label: 'nil uuid', value: '00000000-0000-0000-0000-000000000000', unstorable: false },
  { label: 'max uuid', value: 'ffffffff-ffff-ffff-ffff-ffffffffffff', unstorable: false },
  { label: 'unknown uuid', value: '6f1c1a52-4b8e-4d7a-9a57-1f2e3d4c5b6a', unstorable: false },
  { label: '150 characters', value: 'x'.repeat(150), unstorable: false },
  { label: 'dot dot', value: '..', unstorable: false },
  { label: 'encoded ../', value: '..%2F..%2Fetc', unstorable: false },
  { label: 'percent sign', value: '%25', unstorable: false },
  { label: 'quote', value: '%27%20OR%201%3D1', unstorable: false },
  { label: "'1e300'", value: '1e300', unstorable: false },
  { label: "'-0'", value: '-0', unstorable: false },
  { label: 'emoji', value: encodeURIComponent('😀'), unstorable: false },
];

/**
 * Percent-encodes text for a URL, lone surrogates included (as the bytes a careless encoder
 * writes for them, which are not valid UTF-8): encodeURIComponent throws on those.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
      const bytes = [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
      encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(character);
    }
  }
  return encoded;
}
