/**
 * Open data out (issue 19, part): a bounding box answers a valid GeoJSON FeatureCollection
 * (checked against geojson.org's schema) with licences and credits, paged, cached, with
 * nothing personal in it; bad boxes are refused.
 */
import { createRequire } from 'node:module';
import {
  COMMUNITY_ATTRIBUTION,
  COMMUNITY_LICENCE,
  OSM_ATTRIBUTION,
  type OpenDumpList,
  type OpenPlaces,
} from '@playspot/core';
import { Ajv } from 'ajv';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { signInAs } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const require = createRequire(import.meta.url);
const featureCollectionSchema = require('geojson-schema/FeatureCollection.json') as object;
const validateGeoJson = new Ajv({ strict: false }).compile(featureCollectionSchema);

const AUCKLAND_BOX = `${AUCKLAND.lng - 0.05},${AUCKLAND.lat - 0.05},${AUCKLAND.lng + 0.05},${AUCKLAND.lat + 0.05}`;

describeEachBackend('open data: places as GeoJSON', (database) => {
  let app: FastifyInstance;
  let parentPlace: string;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    const parent = await signInAs(app, 'Open_Data_Parent');
    parentPlace = (await addPlace(app, parent, { name: 'Community Swings' })).id;
    const visit = await app.inject({
      method: 'POST',
      url: `/api/locations/${parentPlace}/visits`,
      headers: parent.headers,
      payload: { lat: AUCKLAND.lat, lng: AUCKLAND.lng, accuracy: 10 },
    });
    expect(visit.statusCode, visit.body).toBe(201);
    const wet = await app.inject({
      method: 'POST',
      url: `/api/locations/${parentPlace}/conditions`,
      headers: parent.headers,
      payload: { kind: 'wet' },
    });
    expect(wet.statusCode, wet.body).toBe(201);
    await database().query(sql`
      insert into locations (name, latitude, longitude, source, source_id, licence, facts)
      values ('OSM Slide Park', ${AUCKLAND.lat + 0.01}, ${AUCKLAND.lng}, 'osm', 'osm:node/77', 'ODbL-1.0', '{"fenced":"yes"}'),
             ('Across the line', -17, 179.95, 'osm', 'osm:node/78', 'ODbL-1.0', '{}'),
             ('Far away', 10, 10, 'osm', 'osm:node/79', 'ODbL-1.0', '{}')`);
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (query: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/api/open/places.geojson?${query}`, headers });

  it('answers a valid FeatureCollection with licences and credits, and nothing personal', async () => {
    const response = await get(`bbox=${AUCKLAND_BOX}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
    const body = response.json<OpenPlaces>();
    expect(validateGeoJson(body), JSON.stringify(validateGeoJson.errors)).toBe(true);
    // The schema does catch a broken feature (a point needs two coordinates).
    const broken = {
      ...body,
      features: [{ ...body.features[0], geometry: { type: 'Point', coordinates: [1] } }],
    };
    expect(validateGeoJson(broken)).toBe(false);
    expect(body.licence).toBe('ODbL-1.0');
    expect(body.attribution.split('; ').sort()).toEqual([COMMUNITY_ATTRIBUTION, OSM_ATTRIBUTION].sort());
    const byName = new Map(body.features.map((feature) => [feature.properties.name, feature]));
    expect([...byName.keys()].sort()).toEqual(['Community Swings', 'OSM Slide Park']);
    expect(byName.get('OSM Slide Park')).toMatchObject({
      geometry: { type: 'Point', coordinates: [AUCKLAND.lng, AUCKLAND.lat + 0.01] },
      properties: {
        licence: 'ODbL-1.0',
        attribution: OSM_ATTRIBUTION,
        facts: { fenced: 'yes' },
        source: 'osm',
      },
    });
    expect(byName.get('Community Swings')?.properties).toMatchObject({
      licence: COMMUNITY_LICENCE,
      attribution: COMMUNITY_ATTRIBUTION,
      source: null,
      conditions: [{ kind: 'wet', equipment: null, parents: 1 }],
    });
    expect(byName.get('OSM Slide Park')?.properties.conditions).toEqual([]);
    expect(byName.get('Community Swings')?.id).toBe(parentPlace);
    // No person in it: neither the adder's name nor any user id.
    expect(response.body).not.toContain('Open_Data_Parent');
    expect(response.body).not.toMatch(/userId|createdBy|email/i);
  });

  it('crosses the antimeridian, pages by id, and says 304 to a repeat', async () => {
    const across = (await get('bbox=179.9,-17.1,-179.9,-16.9')).json<OpenPlaces>();
    expect(across.features.map((feature) => feature.properties.name)).toEqual(['Across the line']);
    const first = (await get(`bbox=${AUCKLAND_BOX}&limit=1`)).json<OpenPlaces>();
    expect(first.features).toHaveLength(1);
    expect(first.nextCursor).toBe(first.features[0]?.id);
    const second = (
      await get(`bbox=${AUCKLAND_BOX}&limit=1&cursor=${first.nextCursor ?? ''}`)
    ).json<OpenPlaces>();
    expect(second.features).toHaveLength(1);
    expect(second.features[0]?.id).not.toBe(first.features[0]?.id);
    expect(second.nextCursor).toBeNull();
    const answer = await get(`bbox=${AUCKLAND_BOX}`);
    const etag = String(answer.headers.etag);
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
    expect((await get(`bbox=${AUCKLAND_BOX}`, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it.each([
    ['no bbox', ''],
    ['three numbers', 'bbox=1,2,3'],
    ['text', 'bbox=a,b,c,d'],
    ['out of range', 'bbox=-200,0,10,10'],
    ['south above north', 'bbox=0,10,10,5'],
    ['a limit too large', `bbox=${AUCKLAND_BOX}&limit=5000`],
    ['a bad cursor', `bbox=${AUCKLAND_BOX}&cursor=abc`],
    ['an unknown field', `bbox=${AUCKLAND_BOX}&format=kml`],
  ])('refuses %s with the one error shape', async (_label, query) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: expect.any(String) as unknown },
    });
  });

  describe('daily files per source', () => {
    it('lists each source with its licence, and streams a source whole as valid GeoJSON', async () => {
      // 1 500 places of a bulk import: more than one page of the stream.
      await database().query(sql`
        insert into locations (name, latitude, longitude, source, source_id, licence)
        select 'Bulk ' || i, -40 + i * 0.001, 170, 'bulk-feed', 'bulk:' || i, 'CC0-1.0'
        from generate_series(1, 1500) as i`);
      const list = await app.inject({ url: '/api/open/dumps' });
      expect(list.statusCode, list.body).toBe(200);
      const dumps = list.json<OpenDumpList>().dumps;
      expect(dumps.find((dump) => dump.source === 'osm')).toMatchObject({
        url: '/api/open/dumps/osm.geojson',
        places: 3,
        licence: 'ODbL-1.0',
        attribution: OSM_ATTRIBUTION,
      });
      expect(dumps.find((dump) => dump.source === 'community')).toMatchObject({
        places: 1,
        licence: COMMUNITY_LICENCE,
      });

      const bulk = await app.inject({ url: '/api/open/dumps/bulk-feed.geojson' });
      expect(bulk.statusCode).toBe(200);
      expect(bulk.headers['content-type']).toMatch(/^application\/geo\+json/);
      const collection = bulk.json<OpenPlaces>();
      expect(validateGeoJson(collection), JSON.stringify(validateGeoJson.errors)).toBe(true);
      expect(collection.features).toHaveLength(1500);
      expect(new Set(collection.features.map((feature) => feature.id)).size).toBe(1500);
      expect(collection.features.every((feature) => feature.properties.licence === 'CC0-1.0')).toBe(true);

      const community = (await app.inject({ url: '/api/open/dumps/community.geojson' })).json<OpenPlaces>();
      expect(validateGeoJson(community)).toBe(true);
      expect(community.licence).toBe(COMMUNITY_LICENCE);
      expect(community.features.map((feature) => feature.properties.name)).toEqual(['Community Swings']);
      expect(JSON.stringify(community)).not.toMatch(/Open_Data_Parent|userId|createdBy|email/i);
    });

    it('is the day’s file (304 for the same day’s tag); unknown sources 404, bad names 400', async () => {
      const first = await app.inject({ url: '/api/open/dumps/osm.geojson' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"dump-osm-\d{4}-\d{2}-\d{2}"$/u);
      expect(first.headers['cache-control']).toBe('public, max-age=3600, s-maxage=86400');
      const again = await app.inject({
        url: '/api/open/dumps/osm.geojson',
        headers: { 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      const missing = await app.inject({ url: '/api/open/dumps/nowhere.geojson' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ error: { code: string } }>().error.code).toBe('not_found');
      for (const file of ['osm.json', '..%2Fsecrets.geojson', 'OSM.geojson']) {
        const bad = await app.inject({ url: `/api/open/dumps/${file}` });
        expect(bad.statusCode, file).toBe(400);
      }
    });
  });
});
