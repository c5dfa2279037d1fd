import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { SAME_ORIGIN, signInAs } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const at = '2026-11-22T10:00:00.000Z';

describeEachBackend('POST /api/analytics', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
  });
  afterAll(async () => {
    await app.close();
  });

  const stored = (name: string) =>
    database().query<{ user_name: string | null; params: unknown }>(
      sql`select u.user_name, a.params from analytics_events a left join users u on u.id = a.user_id
          where a.name = ${name} order by a.id`,
    );

  it('records a batch from a signed-out visitor without a user', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics',
      headers: SAME_ORIGIN,
      payload: {
        events: [
          { name: 'screen_view', params: { screen: 'MapView' }, at },
          { name: 'app_store_click', params: { source: 'unknown', platform: 'ios' }, at },
        ],
      },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    expect(await stored('app_store_click')).toEqual([
      { user_name: null, params: { source: 'unknown', platform: 'ios' } },
    ]);
  });

  it('attributes events to the signed-in person, never to a user named in the body', async () => {
    const ana = await signInAs(app, 'Ana');
    await app.inject({
      method: 'POST',
      url: '/api/analytics',
      headers: ana.headers,
      payload: { events: [{ name: 'view_location', params: { locationId: 'x' }, at }] },
    });
    expect(await stored('view_location')).toEqual([{ user_name: 'Ana', params: { locationId: 'x' } }]);
  });

  it('accepts the text/plain body navigator.sendBeacon sends', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics',
      headers: { ...SAME_ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ events: [{ name: 'search_location', params: { q: 'swings' }, at }] }),
    });
    expect(response.statusCode).toBe(202);
  });

  it.each([
    ['an unknown event name', { events: [{ name: 'buy_now', at }] }],
    ['an empty batch', { events: [] }],
    ['too many events', { events: Array.from({ length: 51 }, () => ({ name: 'screen_view', at })) }],
    ['nested parameters', { events: [{ name: 'screen_view', params: { user: { email: 'x' } }, at }] }],
    ['an unknown field', { events: [{ name: 'screen_view', at, userId: 'someone' }] }],
    ['a bad timestamp', { events: [{ name: 'screen_view', at: 'yesterday' }] }],
  ])('refuses %s with 400', async (_case, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics',
      headers: SAME_ORIGIN,
      payload,
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses malformed JSON in a beacon and a post from another site', async () => {
    const beacon = await app.inject({
      method: 'POST',
      url: '/api/analytics',
      headers: { ...SAME_ORIGIN, 'content-type': 'text/plain' },
      payload: '{not json',
    });
    expect(beacon.statusCode).toBe(400);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/analytics',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { events: [{ name: 'screen_view', at }] },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
