import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND, makePlaceInput } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

interface ApiError {
  error: { code: string; message: string };
}

describeEachBackend('locations API', (database) => {
  let app: FastifyInstance;
  let owner: SignedInTestUser;
  let other: SignedInTestUser;
  let moderator: SignedInTestUser;
  let admin: SignedInTestUser;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    owner = await signInAs(app, 'Owner');
    other = await signInAs(app, 'Other');
    moderator = await signInAs(app, 'Moderator');
    admin = await signInAs(app, 'Admin');
    await setRole(database(), 'Moderator', 'moderator');
    await setRole(database(), 'Admin', 'admin');
  });
  afterAll(async () => {
    await app.close();
  });

  describe('add', () => {
    it('creates the location, derives keywords, gives each tag the creator up vote and awards points', async () => {
      const { body } = await addPlace(app, owner, {
        name: "Kid's Corner 2 Playground",
        description: 'Shady, fenced, close to the cafe.',
        officialWebsite: 'example.org/play',
      });
      expect(body).toMatchObject({
        location: {
          name: "Kid's Corner 2 Playground",
          searchKeywords: ['kids', 'corner', 'playground'],
          tagVotes: { swings: { up: 1, down: 0 }, 'picnic tables': { up: 1, down: 0 } },
          myTagVotes: { swings: 'up', 'picnic tables': 'up' },
          votes: { up: 0, down: 0 },
          myVote: null,
          createdByUserName: 'Owner',
          officialWebsite: 'https://example.org/play',
          visitCount: 0,
          imageUrls: [],
        },
        reward: { change: 200, points: 200, level: 2, leveledUp: true },
      });
    });

    it.each([
      ['latitude out of range', { latitude: 91 }, 'latitude'],
      ['longitude out of range', { longitude: -181 }, 'longitude'],
      ['an empty name', { name: '  ' }, 'name'],
      ['an unknown age range', { ageRanges: ['3-4'] }, 'ageRanges'],
      ['a javascript: website', { officialWebsite: 'javascript:alert(1)' }, 'officialWebsite'],
      ['an unknown field', { createdByUserName: 'batch' }, 'createdByUserName'],
    ])('refuses %s naming the field', async (_case, overrides, field) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: owner.headers,
        payload: { ...makePlaceInput(), ...overrides },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json<ApiError>();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.message).toContain(field);
    });

    it('needs a signed-in person', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: SAME_ORIGIN,
        payload: makePlaceInput(),
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('read', () => {
    it("answers 404 'Location not found' for a missing id, and 400 for a malformed one", async () => {
      const missing = await app.inject({
        method: 'GET',
        url: '/api/locations/00000000-0000-4000-8000-000000000000',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Location not found' } });
      expect((await app.inject({ method: 'GET', url: '/api/locations/not-a-uuid' })).statusCode).toBe(400);
    });

    it('shows the caller their own votes only', async () => {
      const { id } = await addPlace(app, owner, { name: 'Votes Park' });
      await app.inject({
        method: 'PUT',
        url: `/api/locations/${id}/vote`,
        headers: other.headers,
        payload: { vote: 'up' },
      });
      const asOther = await app.inject({
        method: 'GET',
        url: `/api/locations/${id}`,
        headers: other.headers,
      });
      const anonymous = await app.inject({ method: 'GET', url: `/api/locations/${id}` });
      expect(asOther.json()).toMatchObject({ votes: { up: 1, down: 0 }, myVote: 'up', myTagVotes: {} });
      expect(anonymous.json()).toMatchObject({ votes: { up: 1, down: 0 }, myVote: null });
      expect(anonymous.body).not.toContain(owner.userName.toLowerCase() + '@');
      expect(JSON.stringify(anonymous.json())).not.toMatch(/voters|userId/);
    });

    it('tells each caller whether they may edit: who added it, moderators and admins', async () => {
      const { id } = await addPlace(app, owner, { name: 'Editable Park' });
      const canEditAs = async (headers?: Record<string, string>) =>
        (
          await app.inject({ method: 'GET', url: `/api/locations/${id}`, ...(headers ? { headers } : {}) })
        ).json<{ canEdit: boolean }>().canEdit;
      expect(await canEditAs()).toBe(false);
      expect(await canEditAs(other.headers)).toBe(false);
      expect(await canEditAs(owner.headers)).toBe(true);
      expect(await canEditAs(moderator.headers)).toBe(true);
      expect(await canEditAs(admin.headers)).toBe(true);
      const nearby = await app.inject({
        method: 'GET',
        url: `/api/locations?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&limit=100`,
        headers: owner.headers,
      });
      const listed = nearby
        .json<{ items: { id: string; canEdit: boolean }[] }>()
        .items.find((item) => item.id === id);
      expect(listed?.canEdit).toBe(true);
    });
  });

  describe('map queries', () => {
    beforeAll(async () => {
      await addPlace(app, owner, {
        name: 'Near Indoor',
        latitude: AUCKLAND.lat + 0.01,
        indoor: true,
        free: false,
        ageRanges: ['0-2'],
      });
      await addPlace(app, owner, { name: 'Far Wellington', latitude: -41.2865, longitude: 174.7762 });
    });

    it('finds locations within a radius, nearest first, with distanceKm', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/locations?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=5`,
      });
      expect(response.statusCode).toBe(200);
      const items = response.json<{ items: { name: string; distanceKm: number }[] }>().items;
      expect(items.map((item) => item.name)).not.toContain('Far Wellington');
      const distances = items.map((item) => item.distanceKm);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(Math.max(...distances)).toBeLessThanOrEqual(5);
      const near = items.find((item) => item.name === 'Near Indoor');
      expect(near?.distanceKm).toBeCloseTo(1.11, 1);
    });

    it('pages through the nearest locations without a radius', async () => {
      const first = await app.inject({
        method: 'GET',
        url: `/api/locations?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&limit=1`,
      });
      const page = first.json<{ items: { name: string }[]; nextCursor: string }>();
      expect(page.items).toHaveLength(1);
      const second = await app.inject({
        method: 'GET',
        url: `/api/locations?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&limit=1&cursor=${page.nextCursor}`,
      });
      expect(second.json<{ items: { name: string }[] }>().items[0]?.name).not.toBe(page.items[0]?.name);
    });

    it.each([
      ['indoor=true', (item: { indoor: boolean | null }) => item.indoor === true],
      ['free=false', (item: { free: boolean | null }) => item.free === false],
      ['ageRange=0-2', (item: { ageRanges: string[] }) => item.ageRanges.includes('0-2')],
    ])('applies the filter %s', async (filter, holds) => {
      const response = await app.inject({ method: 'GET', url: `/api/locations?${filter}` });
      const items = response.json<{ items: Parameters<typeof holds>[0][] }>().items;
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((item) => holds(item as never))).toBe(true);
    });

    it('keeps only popular locations with popular=true', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/locations?popular=true' });
      const items = response.json<{ items: { name: string; votes: { up: number } }[] }>().items;
      expect(items.map((item) => item.name)).toEqual(['Votes Park']);
    });

    it.each([
      ['a radius without a centre', 'radiusKm=5', 'radiusKm'],
      ['lat without lng', 'lat=1', 'lng'],
      ['a negative radius', `lat=1&lng=1&radiusKm=-2`, 'radiusKm'],
      ['a non-numeric latitude', 'lat=north&lng=1', 'lat'],
      ['a bad cursor', 'cursor=%%%', 'cursor'],
      ['an unknown parameter', 'sort=name', 'sort'],
    ])('refuses %s with 400', async (_case, query, field) => {
      const response = await app.inject({ method: 'GET', url: `/api/locations?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiError>().error.message).toContain(field);
    });

    it('returns points for a city viewport and clusters for a crowded world view', async () => {
      const city = await app.inject({
        method: 'GET',
        url: '/api/locations/viewport?west=174.6&south=-37&east=174.9&north=-36.7&zoom=12',
      });
      expect(city.json()).toMatchObject({ kind: 'points' });
      expect(city.json<{ points: unknown[] }>().points.length).toBeGreaterThan(0);
      const world = await app.inject({
        method: 'GET',
        url: '/api/locations/viewport?west=-180&south=-85&east=180&north=85&zoom=1',
      });
      expect(world.statusCode).toBe(200);
      expect(world.json<{ kind: string }>().kind).toBe('points');
      const bad = await app.inject({
        method: 'GET',
        url: '/api/locations/viewport?west=0&south=10&east=1&north=5&zoom=3',
      });
      expect(bad.statusCode).toBe(400);
    });

    it('searches by name, typo-tolerant, and by keywords near a centre', async () => {
      const prefix = await app.inject({ method: 'GET', url: '/api/locations/search?q=near' });
      expect(prefix.json<{ items: { name: string }[] }>().items[0]?.name).toBe('Near Indoor');
      const typo = await app.inject({ method: 'GET', url: '/api/locations/search?q=Welington' });
      expect(typo.json<{ items: { name: string }[] }>().items.map((item) => item.name)).toContain(
        'Far Wellington',
      );
      const near = await app.inject({
        method: 'GET',
        url: `/api/locations/search?q=wellington&lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}`,
      });
      expect(near.json<{ items: unknown[] }>().items).toEqual([]);
      expect((await app.inject({ method: 'GET', url: '/api/locations/search?q=' })).statusCode).toBe(400);
    });
  });

  describe('edit and delete: owner, other member, moderator, admin', () => {
    it.each([
      ['the owner', () => owner, 200],
      ['another member', () => other, 403],
      ['a moderator', () => moderator, 200],
      ['an admin', () => admin, 200],
    ])('%s editing → %i, and an edit resets tag votes to the editor', async (_who, who, status) => {
      const { id } = await addPlace(app, owner, { name: 'Edit Me', tags: ['slide'] });
      await app.inject({
        method: 'PUT',
        url: `/api/locations/${id}/tag-votes`,
        headers: other.headers,
        payload: { tag: 'slide', vote: 'down' },
      });
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/locations/${id}`,
        headers: who().headers,
        payload: { name: 'Edited', tags: ['slide', 'swings'] },
      });
      expect(response.statusCode).toBe(status);
      if (status === 200) {
        expect(response.json()).toMatchObject({
          location: {
            name: 'Edited',
            searchKeywords: ['edited'],
            tagVotes: { slide: { up: 1, down: 0 }, swings: { up: 1, down: 0 } },
          },
        });
      } else {
        expect(response.json<ApiError>().error.code).toBe('forbidden');
      }
    });

    it('refuses an empty edit and an unknown id', async () => {
      const { id } = await addPlace(app, owner);
      expect(
        (
          await app.inject({
            method: 'PATCH',
            url: `/api/locations/${id}`,
            headers: owner.headers,
            payload: {},
          })
        ).statusCode,
      ).toBe(400);
      const missing = await app.inject({
        method: 'PATCH',
        url: '/api/locations/00000000-0000-4000-8000-000000000000',
        headers: owner.headers,
        payload: { name: 'X' },
      });
      expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Location not found' } });
    });

    it.each([
      ['another member', () => other, 403],
      ['the owner', () => owner, 200],
      ['a moderator', () => moderator, 200],
      ['an admin', () => admin, 200],
    ])('%s deleting → %i', async (_who, who, status) => {
      const { id } = await addPlace(app, owner);
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/locations/${id}`,
        headers: who().headers,
      });
      expect(response.statusCode).toBe(status);
      const after = await app.inject({ method: 'GET', url: `/api/locations/${id}` });
      expect(after.statusCode).toBe(status === 200 ? 404 : 200);
    });

    it('takes back the points of a deleted location, never below zero', async () => {
      const newcomer = await signInAs(app, 'Newcomer');
      const { id } = await addPlace(app, newcomer, { description: 'Nice' });
      await app.inject({
        method: 'PUT',
        url: '/api/me/user-name',
        headers: newcomer.headers,
        payload: { userName: 'Newcomer' },
      });
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/locations/${id}`,
        headers: newcomer.headers,
      });
      expect(removed.json()).toEqual({
        deleted: true,
        reward: { change: -200, points: 0, level: 1, leveledUp: false },
      });
    });
  });

  describe('votes', () => {
    const vote = (id: string, user: SignedInTestUser, value: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/locations/${id}/vote`,
        headers: user.headers,
        payload: { vote: value },
      });

    it('follows the spec: first adds one, repeat does nothing, switch moves one across', async () => {
      const { id } = await addPlace(app, owner);
      expect((await vote(id, other, 'up')).json()).toEqual({ votes: { up: 1, down: 0 }, myVote: 'up' });
      expect((await vote(id, other, 'up')).json()).toEqual({ votes: { up: 1, down: 0 }, myVote: 'up' });
      expect((await vote(id, other, 'down')).json()).toEqual({ votes: { up: 0, down: 1 }, myVote: 'down' });
      expect((await vote(id, owner, 'down')).json()).toEqual({ votes: { up: 0, down: 2 }, myVote: 'down' });
    });

    it("answers 404 'Location does not exist' for a missing location, 400 for a bad vote, 401 anonymous", async () => {
      const missing = await vote('00000000-0000-4000-8000-000000000000', other, 'up');
      expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Location does not exist' } });
      const { id } = await addPlace(app, owner);
      expect((await vote(id, other, 'sideways')).statusCode).toBe(400);
      const anonymous = await app.inject({
        method: 'PUT',
        url: `/api/locations/${id}/vote`,
        headers: SAME_ORIGIN,
        payload: { vote: 'up' },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('tag votes: repeat withdraws, a different vote replaces', async () => {
      const { id } = await addPlace(app, owner, { tags: ['slide'] });
      const tagVote = (user: SignedInTestUser, value: string, tag = 'slide') =>
        app.inject({
          method: 'PUT',
          url: `/api/locations/${id}/tag-votes`,
          headers: user.headers,
          payload: { tag, vote: value },
        });
      expect((await tagVote(other, 'down')).json()).toEqual({
        tag: 'slide',
        counts: { up: 1, down: 1 },
        myVote: 'down',
      });
      expect((await tagVote(other, 'up')).json()).toEqual({
        tag: 'slide',
        counts: { up: 2, down: 0 },
        myVote: 'up',
      });
      expect((await tagVote(other, 'up')).json()).toEqual({
        tag: 'slide',
        counts: { up: 1, down: 0 },
        myVote: null,
      });
      expect((await tagVote(owner, 'up')).json()).toEqual({
        tag: 'slide',
        counts: { up: 0, down: 0 },
        myVote: null,
      });
      expect((await tagVote(other, 'up', 'pool')).statusCode).toBe(404);
    });
  });

  describe('visits', () => {
    /** A device reading at the places these tests add (the fixtures' default spot). */
    const AT_THE_PLACE = { lat: AUCKLAND.lat, lng: AUCKLAND.lng, accuracy: 12 };

    it('logs a visit once an hour per person, counting and stamping it', async () => {
      const { id } = await addPlace(app, owner);
      const first = await app.inject({
        method: 'POST',
        url: `/api/locations/${id}/visits`,
        headers: other.headers,
        payload: AT_THE_PLACE,
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ visitCount: 1 });
      const again = await app.inject({
        method: 'POST',
        url: `/api/locations/${id}/visits`,
        headers: other.headers,
        payload: AT_THE_PLACE,
      });
      expect(again.statusCode).toBe(409);
      const byOwner = await app.inject({
        method: 'POST',
        url: `/api/locations/${id}/visits`,
        headers: owner.headers,
        payload: AT_THE_PLACE,
      });
      expect(byOwner.json()).toMatchObject({ visitCount: 2 });
      const place = await app.inject({ method: 'GET', url: `/api/locations/${id}` });
      expect(place.json()).toMatchObject({ visitCount: 2, myLastVisitAt: null });
    });

    it('shows others the day of the last visit, never its time; the visitor sees their own exactly', async () => {
      const { id } = await addPlace(app, owner);
      const visit = await app.inject({
        method: 'POST',
        url: `/api/locations/${id}/visits`,
        headers: other.headers,
        payload: AT_THE_PLACE,
      });
      const exact = visit.json<{ lastVisitedAt: string }>().lastVisitedAt;
      const read = async (headers: Record<string, string>) =>
        (await app.inject({ method: 'GET', url: `/api/locations/${id}`, headers })).json<{
          lastVisitedAt: string;
          myLastVisitAt: string | null;
        }>();
      const bySomeoneElse = await read(owner.headers);
      const signedOut = await read(SAME_ORIGIN);
      const byVisitor = await read(other.headers);
      // Midnight at the place (Auckland) of the visit's day: the hour is not given away.
      const aucklandClock = (iso: string) =>
        new Intl.DateTimeFormat('en-NZ', {
          timeZone: 'Pacific/Auckland',
          dateStyle: 'short',
          timeStyle: 'medium',
          hourCycle: 'h23',
        }).format(new Date(iso));
      expect(aucklandClock(signedOut.lastVisitedAt)).toBe(
        aucklandClock(exact).replace(/\d\d:\d\d:\d\d$/, '00:00:00'),
      );
      expect(bySomeoneElse.lastVisitedAt).toBe(signedOut.lastVisitedAt);
      expect(byVisitor.lastVisitedAt).toBe(signedOut.lastVisitedAt);
      expect([signedOut.myLastVisitAt, bySomeoneElse.myLastVisitAt, byVisitor.myLastVisitAt]).toEqual([
        null,
        null,
        exact,
      ]);
    });

    it("answers 404 'Location does not exist' and 401 anonymous", async () => {
      const missing = await app.inject({
        method: 'POST',
        url: '/api/locations/00000000-0000-4000-8000-000000000000/visits',
        headers: other.headers,
        payload: AT_THE_PLACE,
      });
      expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Location does not exist' } });
      const { id } = await addPlace(app, owner);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/locations/${id}/visits`,
            headers: SAME_ORIGIN,
            payload: AT_THE_PLACE,
          })
        ).statusCode,
      ).toBe(401);
    });
  });
});
