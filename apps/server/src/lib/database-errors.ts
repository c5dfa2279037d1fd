/** SQLSTATE of a failed statement, whichever driver wrapped it (pg, PGlite, Drizzle). */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  while (current instanceof Error) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current.code;
    }
    current = current.cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';
