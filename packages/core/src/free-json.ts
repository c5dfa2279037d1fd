/**
 * Free-form JSON that clients may send (a deal's extra fields): any shape, but bounded, so
 * that checking, storing and sending it back stay cheap and cannot exhaust the stack, and
 * storable (isStorableText) in every key and string.
 */
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text.ts';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface FreeJsonLimits {
  /** Arrays and objects nested at most this deep (a flat object is 1). */
  readonly maxDepth: number;
  /** Values in all, containers included. */
  readonly maxValues: number;
  /** Characters of all keys and strings together. */
  readonly maxTextLength: number;
}

export interface FreeJsonIssue {
  /** Keys and indexes leading to the offending value. */
  readonly path: (string | number)[];
  readonly message: string;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The first thing wrong with `value` as free JSON within `limits`, or null when it is fine.
 * Walks with its own stack (never recursion) and stops at the first issue, so arbitrarily
 * deep or large input costs at most about `maxValues` steps.
 */
export function freeJsonIssue(value: unknown, limits: FreeJsonLimits): FreeJsonIssue | null {
  const pending: { value: unknown; path: (string | number)[]; depth: number }[] = [
    { value, path: [], depth: 0 },
  ];
  let values = 0;
  let textLength = 0;
  const checkText = (text: string, path: (string | number)[]): FreeJsonIssue | null => {
    textLength += text.length;
    if (textLength > limits.maxTextLength) {
      return { path, message: `Too much text: at most ${limits.maxTextLength} characters in all.` };
    }
    return isStorableText(text) ? null : { path, message: UNSTORABLE_TEXT_MESSAGE };
  };

  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { path, depth } = next;
    const item = next.value;
    values += 1;
    if (values > limits.maxValues) return { path, message: `Too many values: at most ${limits.maxValues}.` };
    if (item === null || typeof item === 'boolean') continue;
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return { path, message: 'Numbers must be finite.' };
      continue;
    }
    if (typeof item === 'string') {
      const issue = checkText(item, path);
      if (issue) return issue;
      continue;
    }
    if (typeof item !== 'object') return { path, message: 'Only JSON values are allowed.' };
    if (depth + 1 > limits.maxDepth) {
      return { path, message: `Nested too deep: at most ${limits.maxDepth} levels.` };
    }
    const children = Array.isArray(item) ? item.length : Object.keys(item).length;
    if (values + pending.length + children > limits.maxValues) {
      return { path, message: `Too many values: at most ${limits.maxValues}.` };
    }
    if (Array.isArray(item)) {
      item.forEach((element, index) =>
        pending.push({ value: element, path: [...path, index], depth: depth + 1 }),
      );
      continue;
    }
    if (!isPlainObject(item)) return { path, message: 'Only JSON values are allowed.' };
    for (const [key, element] of Object.entries(item)) {
      const issue = checkText(key, [...path, key]);
      if (issue) return issue;
      pending.push({ value: element, path: [...path, key], depth: depth + 1 });
    }
  }
  return null;
}
