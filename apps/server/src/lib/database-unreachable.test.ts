import { describe, expect, it } from 'vitest';
import { isDatabaseOverloaded, isDatabaseUnreachable } from './database-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle wraps a driver's error. */
const wrapped = (cause: Error) => new Error('Failed query: insert into "locations" …', { cause });

describe('errors meaning the database cannot be reached', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['pg: cut while a statement ran', new Error('Connection terminated unexpectedly')],
    [
      'pg: a client broken earlier',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'the server shutting down (57P01)',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    [
      'a database not accepting connections (55000, issue 44)',
      withCode('database "playspot" is not currently accepting connections', '55000'),
    ],
    [
      'the same, from a server speaking German (issue 44)',
      Object.assign(withCode('Datenbank »playspot« akzeptiert gegenwärtig keine Verbindungen', '55000'), {
        routine: 'CheckMyDatabase',
      }),
    ],
    ['too many clients (53300)', withCode('sorry, too many clients already', '53300')],
    ['the server starting or stopping (57P03)', withCode('the database system is starting up', '57P03')],
    ['wrapped by Drizzle', wrapped(new Error('Connection terminated unexpectedly'))],
    ['PGlite closed (issue 44)', wrapped(new Error('PGlite is closed'))],
    ['pg: the pool ended (issue 44)', new Error('Cannot use a pool after calling end on the pool')],
    [
      'every address refused (AggregateError)',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ],
  ])('%s', (_name, error) => {
    // Either way the answer is 503 with Retry-After (lib/error-handler.ts).
    expect(isDatabaseUnreachable(error) || isDatabaseOverloaded(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    [
      'a statement timeout (overloaded, not gone)',
      withCode('canceling statement due to statement timeout', '57014'),
    ],
    ['a bug', new TypeError('Cannot read properties of undefined')],
    [
      'another 55000 (a sequence not yet used)',
      withCode('currval of sequence "s" is not yet defined', '55000'),
    ],
    ['not an error', 'Connection terminated'],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false);
  });

  it('keeps the overloaded cases apart', () => {
    expect(isDatabaseOverloaded(withCode('canceling statement due to statement timeout', '57014'))).toBe(
      true,
    );
    expect(isDatabaseOverloaded(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});
