/** Database overload (timeouts, no free connection) is a quick 503 with Retry-After, never a 500. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.ts';
import { ServerBusyError } from './write-admission.ts';

function sqlError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const cases: [string, () => Error][] = [
  ['lock wait timeout', () => sqlError('55P03', 'canceling statement due to lock timeout')],
  ['statement timeout', () => sqlError('57014', 'canceling statement due to statement timeout')],
  ['too many connections', () => sqlError('53300', 'sorry, too many clients already')],
  ['a deadlock victim', () => sqlError('40P01', 'deadlock detected')],
  ['a serialization conflict', () => sqlError('40001', 'could not serialize access')],
  // pg's pool rejects with a plain Error; Drizzle wraps it with the query as the message.
  [
    'no free connection (wrapped)',
    () =>
      new Error('Failed query: select 1', { cause: new Error('timeout exceeded when trying to connect') }),
  ],
  ['write admission refused', () => new ServerBusyError()],
];

describe('overload errors', () => {
  it.each(cases)('%s answers 503 server_busy with Retry-After', async (_name, makeError) => {
    const app = Fastify();
    installErrorHandler(app);
    app.get('/boom', () => {
      throw makeError();
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({
      error: {
        code: 'server_busy',
        message: 'PlaySpot is very busy right now. Please try again in a few seconds.',
      },
    });
  });

  it('other database errors stay a plain 500 without details', async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.get('/boom', () => {
      throw sqlError('23503', 'insert or update on table "comments" violates foreign key constraint');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('comments');
  });
});
