import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../test/app-options.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/client.ts';

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

const errorShape = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

describe('the error contract in OpenAPI', () => {
  // Only the route table is read; a database that is never queried suffices.
  const unusedDatabase = { connections: 1 } as DatabaseHandle;
  let app: FastifyInstance;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = await buildApp({
      database: unusedDatabase,
      storage: testStorage(),
      auth: testAuthConfig(),
      mapIndex: false,
    });
    document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  });
  afterAll(async () => {
    await app.close();
  });

  it('declares the one error body on the 4xx and 5xx answers of every operation', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(40);
    for (const { name, operation } of operations) {
      for (const status of ['4XX', '5XX']) {
        const schema = operation.responses?.[status]?.content?.['application/json']?.schema;
        expect(schema, `${name} ${status}`).toMatchObject(errorShape);
      }
    }
  });
});
