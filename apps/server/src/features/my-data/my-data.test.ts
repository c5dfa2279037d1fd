/**
 * "Download my data" (issue 30): a parent who did one of everything gets it all back in one
 * JSON file; another person who shares places, events and reports with them appears only by
 * the user names PlaySpot already shows (never by id or e-mail); signed out 401, unknown
 * query 400, rate-limited per person.
 */
import { myDataSchema, type MyData } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { uploadPhoto } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';

const MIA_EMAIL = 'mia.mydata@example.org';
const OLGA_EMAIL = 'olga.mydata@example.org';

describeEachBackend('download my data', (database) => {
  let app: FastifyInstance;
  let mia: SignedInTestUser;
  let olga: SignedInTestUser;
  let miaId = '';
  let olgaId = '';
  let park = '';
  let olgasPark = '';
  let photoUrl = '';
  let data: MyData;
  let body = '';

  const send = async (user: SignedInTestUser, method: 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<Record<string, unknown>>();
  };
  const idOf = async (userName: string) => {
    const [row] = await database().query<{ id: string }>(
      sql`select id from users where user_name = ${userName}`,
    );
    return row?.id ?? '';
  };

  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      // Faces are the photo tests' subject; here any photo will do.
      findFaces: () => Promise.resolve([]),
    });
    mia = await signInAs(app, 'Mia_MyData');
    olga = await signInAs(app, 'Olga_MyData');
    miaId = await idOf('Mia_MyData');
    olgaId = await idOf('Olga_MyData');
    await database().query(sql`update users set email = ${MIA_EMAIL} where id = ${miaId}`);
    await database().query(sql`update users set email = ${OLGA_EMAIL} where id = ${olgaId}`);

    // Mia: one of everything.
    park = (await addPlace(app, mia, { name: 'Mia Park' })).id;
    olgasPark = (await addPlace(app, olga, { name: 'Olga Park', latitude: AUCKLAND.lat + 0.0005 })).id;
    await send(mia, 'POST', `/api/locations/${olgasPark}/comments`, { text: 'Lovely shade here' });
    photoUrl = (await uploadPhoto(app, mia, `/api/locations/${olgasPark}/photos`)).url;
    await send(mia, 'PUT', `/api/locations/${olgasPark}/vote`, { vote: 'up' });
    await send(mia, 'PUT', `/api/locations/${olgasPark}/tag-votes`, { tag: 'picnic tables', vote: 'up' });
    await send(mia, 'POST', `/api/locations/${olgasPark}/visits`, { ...AUCKLAND, accuracy: 10 });
    await send(mia, 'PUT', `/api/locations/${olgasPark}/facts/fenced`, { value: 'yes' });
    await send(mia, 'POST', `/api/locations/${olgasPark}/conditions`, { kind: 'wet' });
    await send(mia, 'POST', '/api/reports', {
      targetType: 'location',
      targetId: olgasPark,
      reason: 'wrong-information',
      note: 'The gate is on the other side',
    });
    await send(mia, 'PUT', `/api/me/favourites/${olgasPark}`);
    await send(mia, 'POST', '/api/events', {
      locationId: park,
      title: 'Mia’s picnic',
      dayOfWeek: 'Saturday',
      time: '11:00',
      repeatPattern: 'Week',
      isPublic: false,
      invitedUserNames: ['Olga_MyData'],
    });
    // Olga: on the same places, and inviting Mia with someone else Mia must not learn of.
    await signInAs(app, 'Secret_Guest_MyData');
    await send(olga, 'POST', `/api/locations/${olgasPark}/comments`, { text: 'Olga was here too' });
    await send(olga, 'PUT', `/api/locations/${olgasPark}/vote`, { vote: 'down' });
    await send(olga, 'POST', '/api/events', {
      locationId: olgasPark,
      title: 'Olga’s playdate',
      dayOfWeek: 'Sunday',
      time: '10:00',
      repeatPattern: 'Week',
      isPublic: false,
      invitedUserNames: ['Mia_MyData', 'Secret_Guest_MyData'],
    });

    const response = await app.inject({ method: 'GET', url: '/api/me/data', headers: mia.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="playspot-my-data-\d{4}-\d{2}-\d{2}\.json"$/u,
    );
    expect(response.headers['cache-control']).toContain('no-store');
    body = response.body;
    data = myDataSchema.parse(response.json());
  });
  afterAll(async () => {
    await app.close();
  });

  it('holds the profile and every kind of thing Mia did', () => {
    expect(data.profile).toMatchObject({
      id: miaId,
      userName: 'Mia_MyData',
      email: MIA_EMAIL,
      role: 'basic',
    });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.placesAdded.map((place) => place.name)).toEqual(['Mia Park']);
    const has = (list: readonly unknown[], entry: Record<string, unknown>) => {
      expect(list).toContainEqual(expect.objectContaining(entry));
    };
    has(data.comments, { locationId: olgasPark, text: 'Lovely shade here', hidden: false });
    has(data.photos, { locationId: olgasPark, url: photoUrl });
    has(data.votes, { locationId: olgasPark, locationName: 'Olga Park', vote: 'up' });
    // Adding a place votes for its tags; voting on Olga's place adds one more.
    has(data.tagVotes, { locationId: park, tag: 'swings', vote: 'up' });
    has(data.tagVotes, { locationId: olgasPark, tag: 'picnic tables', vote: 'up' });
    has(data.visits, { locationId: olgasPark });
    has(data.factAnswers, { locationId: olgasPark, key: 'fenced', value: 'yes' });
    has(data.conditionReports, { locationId: olgasPark, kind: 'wet', equipment: null });
    has(data.reportsFiled, {
      targetId: olgasPark,
      reason: 'wrong-information',
      note: 'The gate is on the other side',
      status: 'open',
    });
    has(data.favourites, { locationId: olgasPark });
    expect(data.events).toEqual([
      expect.objectContaining({
        locationId: park,
        title: 'Mia’s picnic',
        isPublic: false,
        invitedUserNames: ['Olga_MyData'],
      }),
    ]);
    expect(data.invitations).toEqual([
      expect.objectContaining({
        locationId: olgasPark,
        title: 'Olga’s playdate',
        createdByUserName: 'Olga_MyData',
      }),
    ]);
    // Only Mia's own rows: one comment, one photo, one visit, one report.
    expect([data.comments.length, data.photos.length, data.visits.length, data.reportsFiled.length]).toEqual([
      1, 1, 1, 1,
    ]);
  });

  it('never holds another person’s id or e-mail, and their name only where PlaySpot shows it to Mia', () => {
    expect(body).not.toContain(olgaId);
    expect(body).not.toContain(OLGA_EMAIL);
    expect(body).not.toContain('Olga was here too');
    // The other guest of Olga's event is not Mia's to know (invitations show the creator only).
    expect(body).not.toContain('Secret_Guest_MyData');
    const withoutShownNames = {
      ...data,
      events: data.events.map(({ invitedUserNames: _shown, ...event }) => event),
      invitations: data.invitations.map(({ createdByUserName: _shown, ...invitation }) => invitation),
    };
    expect(JSON.stringify(withoutShownNames)).not.toContain('Olga_MyData');
  });

  it('gives Olga her own data, not Mia’s', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me/data', headers: olga.headers });
    const olgas = myDataSchema.parse(response.json());
    expect(olgas.profile.id).toBe(olgaId);
    expect(olgas.comments.map((comment) => comment.text)).toEqual(['Olga was here too']);
    expect(response.body).not.toContain(miaId);
    expect(response.body).not.toContain(MIA_EMAIL);
    expect(response.body).not.toContain('Lovely shade here');
  });

  it('refuses signed out (401) and an unknown query field (400), in the one error shape', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/me/data', headers: SAME_ORIGIN });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<{ error: { code: string } }>().error.code).toBe('unauthenticated');
    const extra = await app.inject({ method: 'GET', url: '/api/me/data?userId=x', headers: mia.headers });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });

  it('is limited to 5 downloads an hour per person', async () => {
    const hasty = await signInAs(app, 'Hasty_MyData');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await app.inject({ method: 'GET', url: '/api/me/data', headers: hasty.headers })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Per person: someone else still may.
    const other = await signInAs(app, 'Patient_MyData');
    expect(
      (await app.inject({ method: 'GET', url: '/api/me/data', headers: other.headers })).statusCode,
    ).toBe(200);
  });

  it('refuses a download another site starts with the cookie, without counting it (issue 44)', async () => {
    const target = await signInAs(app, 'Targeted_MyData');
    const crossSite = {
      cookie: target.cookie,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    };
    for (let i = 0; i < 6; i++) {
      const refused = await app.inject({ method: 'GET', url: '/api/me/data', headers: crossSite });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    }
    const sameSite = { cookie: target.cookie, 'sec-fetch-site': 'same-site' };
    expect((await app.inject({ method: 'GET', url: '/api/me/data', headers: sameSite })).statusCode).toBe(
      403,
    );
    // Her own five a hour are all still there.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await app.inject({ method: 'GET', url: '/api/me/data', headers: target.headers })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});
