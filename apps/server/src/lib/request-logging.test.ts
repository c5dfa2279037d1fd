/**
 * One log line per request (issue 32): at debug level by default, so a development server at
 * LOG_LEVEL=info says nothing per request; at info (JSON) in production. Never Fastify's two
 * lines ("incoming request", "request completed").
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../test/app-options.ts';
import { createTestDatabase } from '../../test/database.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';

describe('request logging', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    return () => database.close();
  });
  afterEach(async () => {
    await app?.close();
  });

  /** The JSON lines the app logs while answering two requests. */
  async function linesFor(level: string, requestLogLevel?: 'debug' | 'info') {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    app = await buildApp({
      database,
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
      logger: { level, stream },
      ...(requestLogLevel ? { requestLogLevel } : {}),
    });
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/no-such-thing' });
    return lines.filter((line) => line.reqId !== undefined);
  }

  it('says nothing per request at info in development', async () => {
    expect(await linesFor('info')).toEqual([]);
  });

  it('logs one line per request at debug', async () => {
    const lines = await linesFor('debug');
    expect(lines.map((line) => [line.msg, line.method, line.url, line.statusCode])).toEqual([
      ['request', 'GET', '/api/health', 200],
      ['request', 'GET', '/api/no-such-thing', 404],
    ]);
    expect(lines.every((line) => typeof line.ms === 'number')).toBe(true);
  });

  it('logs one JSON line per request at info in production', async () => {
    const lines = await linesFor('info', 'info');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', statusCode: 200 });
  });
});
