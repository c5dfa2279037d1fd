import { dealSchema, placeSchema } from '@playspot/core';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, withoutValidationKeywords } from './response-serializer.ts';

const place = {
  id: '6f1c2a8e-1b7e-4c1a-9d3e-2f4b5c6d7e8f',
  name: 'Western Springs "Lakeside" Playground',
  latitude: -36.8676,
  longitude: 174.7244,
  tags: ['shade', 'toilets'],
  tagVotes: { shade: { up: 3, down: 1 }, toilets: { up: 0, down: 0 } },
  searchKeywords: ['western', 'springs'],
  createdAt: '2026-01-02T03:04:05.678Z',
  lastUpdatedAt: '2026-01-02T03:04:05.678Z',
  createdByUserName: 'batch',
  officialWebsite: null,
  description: 'Flying fox — and a café 🙂',
  votes: { up: 5, down: 0 },
  myVote: 'up',
  myTagVotes: { shade: 'up' },
  verifiedUpVotes: { place: 2, tags: { shade: 1 } },
  canEdit: false,
  imageUrls: [],
  imageMetaData: [],
  visitCount: 2,
  lastVisitedAt: '2026-11-22T11:00:00.000Z',
  myLastVisitAt: null,
  ageRanges: ['2-5'],
  indoor: null,
  free: true,
  distanceKm: 0.25,
  commentCount: 0,
  source: 'osm:node/1',
  licence: 'ODbL-1.0',
  attribution: '© OpenStreetMap contributors',
};

const deal = {
  id: '6f1c2a8e-1b7e-4c1a-9d3e-2f4b5c6d7e8f',
  title: 'Half-price entry',
  website: 'https://example.org',
  imageUrl: null,
  logoUrl: null,
  active: true,
  expiryDate: '2026-12-24',
  extra: { code: 'KIDS', conditions: { weekdaysOnly: true, days: [1, 2] }, note: null },
  location: {
    id: '7a2d3b9f-2c8f-4d2b-8e4f-3a5c6d7e8f90',
    name: 'Kauri Glen',
    latitude: -36.8,
    longitude: 174.7,
  },
  createdAt: '2026-01-02T03:04:05.678Z',
  updatedAt: '2026-01-02T03:04:05.678Z',
};

async function appSending(schema: z.ZodType, body: unknown, checkContract: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkContract }));
  app.get('/thing', { schema: { response: { 200: schema } } }, () => body);
  const response = await app.inject({ method: 'GET', url: '/thing' });
  await app.close();
  return response;
}

describe('response serializer', () => {
  for (const checkContract of [true, false]) {
    describe(checkContract ? 'checking the contract' : 'production', () => {
      it.each([
        ['a location (records, unions, nulls, unicode)', placeSchema, place],
        ['a deal (free-form JSON)', dealSchema, deal],
      ])('writes %s with every value intact', async (_name, schema, body) => {
        const response = await appSending(schema, body, checkContract);
        expect(response.statusCode).toBe(200);
        // Same document; keys come in the schema's order.
        expect(JSON.parse(response.body)).toStrictEqual(body);
      });

      it('never sends a field the schema does not declare', async () => {
        const response = await appSending(
          z.object({ userName: z.string() }),
          { userName: 'sam', email: 'sam@example.org', userId: 'u-1' },
          checkContract,
        );
        expect(response.json()).toEqual({ userName: 'sam' });
      });
    });
  }

  it('refuses to send a response that breaks its contract outside production', async () => {
    const response = await appSending(z.object({ count: z.number() }), { count: 'many' }, true);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('many');
  });
});

describe('withoutValidationKeywords', () => {
  it('drops format and pattern, keeps properties that happen to be named so', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid', pattern: '^[0-9a-f-]+$' },
        format: { type: 'string', pattern: '^x$' },
        pattern: { type: 'array', items: { type: 'string', format: 'date-time' } },
      },
      anyOf: [{ properties: { kind: { const: 'a' } } }],
    };
    expect(withoutValidationKeywords(schema)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        format: { type: 'string' },
        pattern: { type: 'array', items: { type: 'string' } },
      },
      anyOf: [{ properties: { kind: { const: 'a' } } }],
    });
  });

  it('still writes each branch of a discriminated union by its kind', () => {
    const compile = responseSerializerCompiler({ checkContract: false });
    const union = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('points'), ids: z.array(z.uuid()) }),
      z.object({ kind: z.literal('clusters'), total: z.number() }),
    ]);
    const write = compile({ schema: union, method: 'GET', url: '/x', httpStatus: '200' });
    const id = '0b9d7f4e-3a43-4b1a-9b0e-6a1f2f0c2a11';
    expect(JSON.parse(write({ kind: 'points', ids: [id] }))).toEqual({ kind: 'points', ids: [id] });
    expect(JSON.parse(write({ kind: 'clusters', total: 3 }))).toEqual({ kind: 'clusters', total: 3 });
  });
});
