import { destinationPoint, searchScore } from '@playspot/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { signInAs } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

/** A parent in Lübeck. */
const HERE = { lat: 53.8655, lng: 10.6866 };
const at = (km: number, bearing = 45) => {
  const point = destinationPoint(HERE, bearing, km);
  return { latitude: point.lat, longitude: point.lng };
};

describeEachBackend('search ranks by name match and distance together', (database) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    const person = await signInAs(app, 'Ranker');
    await addPlace(app, person, { name: 'Spielplatz Am Stadtpark', ...at(3.4) });
    await addPlace(app, person, { name: 'Kleiner Spielplatz', ...at(0.31, 200) });
    await addPlace(app, person, { name: 'Spielplatz Nord', ...at(8, 0) });
    await addPlace(app, person, { name: 'Wasserspielplatz', ...at(0.2, 90) });
    await addPlace(app, person, { name: 'Hanseplatz', ...at(1.2, 300) });
  });
  afterAll(async () => {
    await app.close();
  });

  const names = async (query: string) =>
    (await app.inject({ method: 'GET', url: `/api/locations/search?${query}` }))
      .json<{ items: { name: string }[] }>()
      .items.map((item) => item.name);

  it('lists the playground 310 m away before one 3.4 km away whose name starts with the word', async () => {
    expect(await names(`q=spielplatz&lat=${HERE.lat}&lng=${HERE.lng}`)).toEqual([
      'Kleiner Spielplatz',
      'Wasserspielplatz',
      'Spielplatz Am Stadtpark',
      'Spielplatz Nord',
    ]);
    // The order is core's searchScore.
    expect(searchScore('wordStart', 0.31)).toBeGreaterThan(searchScore('substring', 0.2));
    expect(searchScore('substring', 0.2)).toBeGreaterThan(searchScore('prefix', 3.4));
  });

  it('without a centre, ranks by the match alone: the name starting with the text first', async () => {
    expect((await names('q=spielplatz')).slice(0, 2)).toEqual(['Spielplatz Am Stadtpark', 'Spielplatz Nord']);
    expect((await names('q=hanseplatz'))[0]).toBe('Hanseplatz');
  });
});
