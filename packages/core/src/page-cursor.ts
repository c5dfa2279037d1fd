/**
 * Page cursors: opaque to clients ("pass nextCursor back as it is"), the offset of the next
 * page inside. Only offsets the server could have written are read back, so a forged cursor
 * (offset 1e300, 2^63, -1, 1.5) is a client mistake, never a database error.
 */

/** Deeper than any list a person scrolls; far below what PostgreSQL's OFFSET takes. */
export const MAX_PAGE_OFFSET = 100_000;

const toBase64Url = (base64: string) => base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromBase64Url = (base64url: string) => base64url.replaceAll('-', '+').replaceAll('_', '/');

export function encodePageCursor(offset: number): string {
  return toBase64Url(btoa(JSON.stringify({ offset })));
}

/** The offset in a cursor, or null when it is not one the server writes. */
export function decodePageCursor(cursor: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(atob(fromBase64Url(cursor)));
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { offset } = parsed as { offset?: unknown };
  if (typeof offset !== 'number' || !Number.isInteger(offset)) return null;
  return offset >= 0 && offset <= MAX_PAGE_OFFSET ? offset : null;
}
