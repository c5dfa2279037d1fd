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

/**
 * The database is too busy to answer in time: a statement or lock wait ran past its timeout,
 * no connection came free (pg's pool throws a plain Error for that), the server refuses
 * connections, or the transaction lost a deadlock or serialization conflict that its retries
 * (where it has them) did not resolve. The request changed nothing; the client may try again.
 */
const OVERLOADED_STATES = new Set(['57014', '55P03', '53300', '57P03', '40P01', '40001']);
const NO_CONNECTION = /timeout exceeded when trying to connect|connection timeout/i;

export function isDatabaseOverloaded(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state !== undefined) return OVERLOADED_STATES.has(state);
  let current: unknown = error;
  while (current instanceof Error) {
    if (NO_CONNECTION.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The database cannot be reached: the connection was refused, reset or cut while a statement
 * ran, or the server is shutting down (SQLSTATE class 08, 57P01/57P02). The pool replaces
 * broken connections by itself, so the request may simply be tried again in a few seconds.
 */
const UNREACHABLE_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '08P01', '57P01', '57P02']);
const UNREACHABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|Connection ended unexpectedly/i;

/**
 * The database handle of this process is closed, as while it shuts down (issue 44): PGlite's
 * own words, which has no connection to lose, and pg's pool after end(). Another process, or
 * this one restarted, answers the same request.
 */
const CLOSED_MESSAGE = /^PGlite is closed$|^Cannot use a pool after calling end on the pool$/;

/**
 * 55000 is "object not in prerequisite state" in general; at connect time it means the
 * database does not accept connections now (`ALTER DATABASE … ALLOW_CONNECTIONS false`, issue 44).
 * PostgreSQL raises it there from CheckMyDatabase, which the error names whatever the server's
 * language (lc_messages); the English text is the fallback.
 */
const NOT_ACCEPTING = /is not currently accepting connections/i;
const NOT_ACCEPTING_ROUTINE = 'CheckMyDatabase';

function refusesConnections(error: Error): boolean {
  const routine = 'routine' in error && typeof error.routine === 'string' ? error.routine : undefined;
  return routine === NOT_ACCEPTING_ROUTINE || NOT_ACCEPTING.test(error.message);
}

export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  while (current instanceof Error) {
    const code = 'code' in current && typeof current.code === 'string' ? current.code : undefined;
    if (code !== undefined && (UNREACHABLE_STATES.has(code) || UNREACHABLE_SOCKET_CODES.has(code)))
      return true;
    if (code === '55000' && refusesConnections(current)) return true;
    if (UNREACHABLE_MESSAGE.test(current.message) || CLOSED_MESSAGE.test(current.message)) return true;
    // Node reports a refused connect to every address of a host as one AggregateError.
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnreachable(inner)))
      return true;
    current = current.cause;
  }
  return false;
}
