/**
 * A place's days are its own: a place added or moved by hand takes the time zone of where it
 * is (imported places always did), so "today's events" and the public last visit in Lübeck
 * are Lübeck's days, not Auckland's.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const LUEBECK = { latitude: 53.8655, longitude: 10.6866 };
const NEW_YORK = { latitude: 40.7685, longitude: -73.9719 };

describeEachBackend('a place keeps the time zone of where it is', (database) => {
  let app: FastifyInstance;
  let parent: SignedInTestUser;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    parent = await signInAs(app, 'zone_parent');
  });
  afterAll(async () => {
    await app.close();
  });

  async function timeZoneOf(id: string): Promise<string | undefined> {
    const [row] = await database().query<{ time_zone: string }>(
      sql`select time_zone from locations where id = ${id}`,
    );
    return row?.time_zone;
  }

  async function move(id: string, payload: Record<string, number | string>) {
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/locations/${id}`,
      headers: parent.headers,
      payload,
    });
    expect(response.statusCode).toBe(200);
  }

  it('takes the zone of its position when added, and the new one when moved', async () => {
    const { id } = await addPlace(app, parent, { name: 'Drägerpark Spielplatz', ...LUEBECK });
    expect(await timeZoneOf(id)).toBe('Europe/Berlin');

    await move(id, NEW_YORK);
    expect(await timeZoneOf(id)).toBe('America/New_York');

    // One coordinate alone moves it too: the other is the one it had (here, west to Illinois).
    await move(id, { longitude: -89.0 });
    expect(await timeZoneOf(id)).toBe('America/Chicago');
  });

  it('keeps its zone when an edit leaves the position alone', async () => {
    const { id } = await addPlace(app, parent, { name: 'Wallanlagen Spielplatz', ...LUEBECK });
    await move(id, { name: 'Wallanlagen Wasserspielplatz' });
    expect(await timeZoneOf(id)).toBe('Europe/Berlin');
  });
});
