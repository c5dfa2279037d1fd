import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
/** Sunday 2026-03-29 10:05 NZDT (the clock of most tests). */
const SUNDAY_1005_NZDT = new Date('2026-03-28T21:05:00Z');

interface EventBody {
  id: string;
  dayOfWeek: string;
  title: string;
  locationId: string;
  locationName: string;
  happeningNow: boolean;
  startsInMinutes: number;
  canEdit: boolean;
  invitedUserNames?: string[];
  createdByUserName: string | null;
  distanceKm?: number;
}

describeEachBackend('events API', (database) => {
  let app: FastifyInstance;
  let clock = SUNDAY_1005_NZDT;
  let creator: SignedInTestUser;
  let invitee: SignedInTestUser;
  let stranger: SignedInTestUser;
  let moderator: SignedInTestUser;
  let admin: SignedInTestUser;
  let domain = '';
  let nearbyPark = '';
  let newYork = '';
  let privateEventId = '';

  /** Everyone who may ask, with their headers (anonymous: none). */
  const viewers = () =>
    ({
      anonymous: SAME_ORIGIN,
      stranger: stranger.headers,
      moderator: moderator.headers,
      admin: admin.headers,
      creator: creator.headers,
      invitee: invitee.headers,
    }) as const;

  beforeAll(async () => {
    app = await buildApp({
      database: database(),
      storage: testStorage(),
      auth: testAuthConfig(),
      now: () => clock,
    });
    creator = await signInAs(app, 'Creator');
    invitee = await signInAs(app, 'Invitee');
    stranger = await signInAs(app, 'Stranger');
    moderator = await signInAs(app, 'Moderator');
    admin = await signInAs(app, 'Admin');
    await setRole(database(), 'Moderator', 'moderator');
    await setRole(database(), 'Admin', 'admin');
    domain = (await addPlace(app, stranger, { name: 'Domain Playground' })).id;
    // About 1.1 km north of the Domain.
    nearbyPark = (await addPlace(app, stranger, { name: 'Parnell Park', latitude: AUCKLAND.lat + 0.01 })).id;
    newYork = (
      await addPlace(app, stranger, { name: 'Central Park', latitude: 40.7829, longitude: -73.9654 })
    ).id;
    await database().query(sql`update locations set time_zone = 'America/New_York' where id = ${newYork}`);
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    clock = SUNDAY_1005_NZDT;
  });

  const create = (user: SignedInTestUser, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/events', headers: user.headers, payload });

  const weekly = (overrides: Record<string, unknown> = {}) => ({
    locationId: domain,
    title: 'Sunday playgroup',
    dayOfWeek: 'Sunday',
    time: '10:00',
    repeatPattern: 'Week',
    ...overrides,
  });

  async function createEvent(user: SignedInTestUser, payload: Record<string, unknown>): Promise<EventBody> {
    const response = await create(user, payload);
    if (response.statusCode !== 201)
      throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    return response.json<{ event: EventBody }>().event;
  }

  const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

  it('creates a weekly event that is happening now, with the location, creator and live state', async () => {
    const event = await createEvent(creator, weekly({ description: '  Bring a snack ' }));
    expect(event).toMatchObject({
      title: 'Sunday playgroup',
      description: 'Bring a snack',
      locationId: domain,
      locationName: 'Domain Playground',
      timeZone: 'Pacific/Auckland',
      isPublic: true,
      createdByUserName: 'Creator',
      canEdit: true,
      invitedUserNames: [],
      happeningNow: true,
      // Next Sunday 10:00 is after the fall-back (2026-04-05): a week and an hour, less 5 minutes.
      startsInMinutes: 7 * 1440 + 60 - 5,
    });
    const seen = await get(`/api/events/${event.id}`, SAME_ORIGIN);
    expect(seen.json<{ event: EventBody }>().event).toMatchObject({ canEdit: false, happeningNow: true });
    expect(seen.json<{ event: EventBody }>().event.invitedUserNames).toBeUndefined();
  });

  it('computes the live state at request time: the 30-minute window edges', async () => {
    const event = await createEvent(creator, weekly({ title: 'Edges' }));
    const at = async (iso: string) => {
      clock = new Date(iso);
      return (await get(`/api/events/${event.id}`, SAME_ORIGIN)).json<{ event: EventBody }>().event;
    };
    expect(await at('2026-03-28T20:59:00Z')).toMatchObject({ happeningNow: false, startsInMinutes: 1 });
    expect(await at('2026-03-28T21:00:00Z')).toMatchObject({ happeningNow: true, startsInMinutes: 0 });
    expect((await at('2026-03-28T21:30:00Z')).happeningNow).toBe(true);
    expect((await at('2026-03-28T21:31:00Z')).happeningNow).toBe(false);
  });

  it('resolves invitees by user name, case-insensitively, and refuses an unknown name by name', async () => {
    const event = await createEvent(
      creator,
      weekly({ title: 'Private picnic', isPublic: false, invitedUserNames: ['invitee', 'Creator'] }),
    );
    privateEventId = event.id;
    // The creator is not their own invitee.
    expect(event.invitedUserNames).toEqual(['Invitee']);
    const unknown = await create(creator, weekly({ invitedUserNames: ['Invitee', 'nobody_here'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: { message: string } }>().error.message).toContain('nobody_here');
  });

  it("answers 404 'Location does not exist' for a missing location", async () => {
    const response = await create(creator, weekly({ locationId: MISSING }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Location does not exist' } });
  });

  it.each([
    ['an unknown field', { isAdmin: true }, 'isAdmin'],
    ['a lower-case weekday', { dayOfWeek: 'sunday' }, 'dayOfWeek'],
    ['a weekday that does not exist', { dayOfWeek: 'Funday' }, 'dayOfWeek'],
    ['a 12-hour time', { time: '7pm' }, 'time'],
    ['hour 24', { time: '24:00' }, 'time'],
    ['an unknown repeat pattern', { repeatPattern: 'Month fourth' }, 'repeatPattern'],
    ['a location id that is no uuid', { locationId: 'abc' }, 'locationId'],
    ['an empty title', { title: '   ' }, 'title'],
    ['invitees that are not names', { invitedUserNames: ['x'] }, 'invitedUserNames'],
  ])('refuses %s with 400 naming the field', async (_case, override, field) => {
    const response = await create(creator, weekly(override));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toContain(field);
  });

  it.each([
    ['GET', '/api/events/not-a-uuid'],
    ['GET', '/api/locations/not-a-uuid/events'],
    ['GET', `/api/locations/${MISSING}/events?dayOfWeek=Someday`],
    ['GET', `/api/locations/${MISSING}/events?weekday=Monday`],
    ['GET', '/api/events/today'],
    ['GET', '/api/events/today?locationIds=abc'],
    ['GET', '/api/events/nearby?lat=-36.8'],
    ['GET', '/api/events/nearby?lat=-36.8&lng=174.7&range=month'],
    ['GET', '/api/events/nearby?lat=95&lng=174.7'],
  ])('refuses %s %s with 400', async (method, url) => {
    const response = await app.inject({ method: method as 'GET', url, headers: creator.headers });
    expect(response.statusCode).toBe(400);
  });

  it('refuses more than 300 locations in one today request', async () => {
    const ids = Array.from(
      { length: 301 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const response = await get(`/api/events/today?locationIds=${ids.join(',')}`, SAME_ORIGIN);
    expect(response.statusCode).toBe(400);
  });

  describe('a private event', () => {
    // creator and invitee see it everywhere; everyone else, moderators and admins included, nowhere.
    const visibility = [
      ['anonymous', false],
      ['stranger', false],
      ['moderator', false],
      ['admin', false],
      ['creator', true],
      ['invitee', true],
    ] as const;

    const contains = (events: EventBody[]) => events.some((event) => event.id === privateEventId);

    it.each(visibility)('by id: %s sees it → %s (404 otherwise)', async (who, visible) => {
      const response = await get(`/api/events/${privateEventId}`, viewers()[who]);
      expect(response.statusCode).toBe(visible ? 200 : 404);
      if (!visible)
        expect(response.json<{ error: { message: string } }>().error.message).toBe('Event not found');
    });

    it.each(visibility)(
      "in the location's list (all days and its weekday): %s → %s",
      async (who, visible) => {
        for (const query of ['', '?dayOfWeek=Sunday']) {
          const response = await get(`/api/locations/${domain}/events${query}`, viewers()[who]);
          expect(response.statusCode).toBe(200);
          expect(contains(response.json<{ events: EventBody[] }>().events)).toBe(visible);
        }
      },
    );

    it.each(visibility)("in today's events for the map: %s → %s", async (who, visible) => {
      const response = await get(`/api/events/today?locationIds=${domain},${nearbyPark}`, viewers()[who]);
      const body = response.json<{ eventsByLocationId: Record<string, EventBody[]> }>();
      expect(contains(body.eventsByLocationId[domain] ?? [])).toBe(visible);
    });

    it.each(visibility)('in events nearby today and this week: %s → %s', async (who, visible) => {
      for (const range of ['today', 'week']) {
        const response = await get(
          `/api/events/nearby?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=5&range=${range}`,
          viewers()[who],
        );
        expect(response.statusCode).toBe(200);
        expect(contains(response.json<{ events: EventBody[] }>().events)).toBe(visible);
      }
    });

    it('is among the invitations of the invitee only', async () => {
      const mine = await get('/api/me/invitations', invitee.headers);
      expect(contains(mine.json<{ events: EventBody[] }>().events)).toBe(true);
      for (const other of [creator, stranger, moderator]) {
        const theirs = await get('/api/me/invitations', other.headers);
        expect(contains(theirs.json<{ events: EventBody[] }>().events)).toBe(false);
      }
      expect((await get('/api/me/invitations', SAME_ORIGIN)).statusCode).toBe(401);
    });

    it('cannot be edited by a stranger, who is told it does not exist; the invitee is refused', async () => {
      const patch = (user: SignedInTestUser) =>
        app.inject({
          method: 'PATCH',
          url: `/api/events/${privateEventId}`,
          headers: user.headers,
          payload: { title: 'Hijacked' },
        });
      expect((await patch(stranger)).statusCode).toBe(404);
      expect((await patch(invitee)).statusCode).toBe(403);
    });

    it('disappears for an invitee removed from the list', async () => {
      const event = await createEvent(
        creator,
        weekly({ title: 'Changing guests', isPublic: false, invitedUserNames: ['Invitee'] }),
      );
      expect((await get(`/api/events/${event.id}`, invitee.headers)).statusCode).toBe(200);
      const edited = await app.inject({
        method: 'PATCH',
        url: `/api/events/${event.id}`,
        headers: creator.headers,
        payload: { invitedUserNames: ['Stranger'] },
      });
      expect(edited.json<{ event: EventBody }>().event.invitedUserNames).toEqual(['Stranger']);
      expect((await get(`/api/events/${event.id}`, invitee.headers)).statusCode).toBe(404);
      expect((await get(`/api/events/${event.id}`, stranger.headers)).statusCode).toBe(200);
    });
  });

  it('edits fields and recomputes the live state; refuses an empty or unknown-field patch', async () => {
    const event = await createEvent(creator, weekly({ title: 'Movable' }));
    const patch = (payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/api/events/${event.id}`, headers: creator.headers, payload });
    const moved = await patch({ time: '11:00', description: null });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ event: EventBody }>().event).toMatchObject({
      time: '11:00',
      happeningNow: false,
      startsInMinutes: 55,
    });
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ locationId: nearbyPark })).statusCode).toBe(400);
    expect((await patch({ repeatPattern: 'Fortnight' })).statusCode).toBe(400);
  });

  it('deletes an event (creator); it is gone from reads', async () => {
    const event = await createEvent(creator, weekly({ title: 'Short-lived' }));
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: creator.headers,
    });
    expect(removed.json()).toEqual({ deleted: true });
    expect((await get(`/api/events/${event.id}`, creator.headers)).statusCode).toBe(404);
  });

  it("lists today's events per location, each in its own time zone; unknown ids are left out", async () => {
    // 10:05 Sunday in Auckland is 17:05 Saturday in New York.
    const saturdayInNewYork = await createEvent(
      creator,
      weekly({ locationId: newYork, title: 'Saturday in the park', dayOfWeek: 'Saturday', time: '17:00' }),
    );
    const sundayInNewYork = await createEvent(
      creator,
      weekly({ locationId: newYork, title: 'Sunday in the park', dayOfWeek: 'Sunday', time: '09:00' }),
    );
    const wednesday = await createEvent(creator, weekly({ title: 'Midweek', dayOfWeek: 'Wednesday' }));
    const response = await get(`/api/events/today?locationIds=${domain},${newYork},${MISSING}`, SAME_ORIGIN);
    expect(response.statusCode).toBe(200);
    const byPlace = response.json<{ eventsByLocationId: Record<string, EventBody[]> }>().eventsByLocationId;
    expect(Object.keys(byPlace).sort()).toEqual([domain, newYork].sort());
    const ids = (id: string) => (byPlace[id] ?? []).map((event) => event.id);
    expect(ids(newYork)).toEqual([saturdayInNewYork.id]);
    expect(byPlace[newYork]?.[0]).toMatchObject({ happeningNow: true, timeZone: 'America/New_York' });
    expect(ids(newYork)).not.toContain(sundayInNewYork.id);
    expect(ids(domain)).not.toContain(wednesday.id);
    // Sunday events only (live ones first), e.g. the 11:00 one edited above, not yet live.
    const domainEvents = byPlace[domain] ?? [];
    expect(domainEvents.every((event) => event.dayOfWeek === 'Sunday')).toBe(true);
    expect(domainEvents.map((event) => event.happeningNow)).toEqual(
      [...domainEvents.map((event) => event.happeningNow)].sort((a, b) => Number(b) - Number(a)),
    );
    expect(domainEvents.some((event) => !event.happeningNow)).toBe(true);
  });

  it('finds events nearby with their distance: today, or the next seven days', async () => {
    const thursday = await createEvent(
      creator,
      weekly({ locationId: nearbyPark, title: 'Thursday at Parnell', dayOfWeek: 'Thursday', time: '09:30' }),
    );
    const query = (range: string, radiusKm = 5) =>
      get(
        `/api/events/nearby?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=${radiusKm}&range=${range}`,
        SAME_ORIGIN,
      );
    const today = (await query('today')).json<{ events: EventBody[] }>().events;
    expect(today.map((event) => event.id)).not.toContain(thursday.id);
    expect(today.every((event) => event.locationId !== newYork)).toBe(true);
    const week = (await query('week')).json<{ events: EventBody[] }>().events;
    const found = week.find((event) => event.id === thursday.id);
    expect(found).toMatchObject({ locationName: 'Parnell Park', happeningNow: false });
    expect(found?.distanceKm).toBeCloseTo(1.11, 1);
    // Where the place is, so a client measures from the person's exact position.
    expect(found).toMatchObject({ latitude: AUCKLAND.lat + 0.01, longitude: AUCKLAND.lng });
    // Happening now first, then by how soon they start.
    const firstNotLive = week.findIndex((event) => !event.happeningNow);
    expect(week.slice(firstNotLive).every((event) => !event.happeningNow)).toBe(true);
    const starts = week.slice(firstNotLive).map((event) => event.startsInMinutes);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const narrow = (await query('week', 0.5)).json<{ events: EventBody[] }>().events;
    expect(narrow.map((event) => event.id)).not.toContain(thursday.id);
  });

  it("answers 404 for a missing location's events", async () => {
    const response = await get(`/api/locations/${MISSING}/events`, SAME_ORIGIN);
    expect(response.statusCode).toBe(404);
  });

  it('deletes the events of a deleted location', async () => {
    const place = (await addPlace(app, creator, { name: 'Temporary Park' })).id;
    const event = await createEvent(creator, weekly({ locationId: place, title: 'At a temporary park' }));
    await app.inject({ method: 'DELETE', url: `/api/locations/${place}`, headers: creator.headers });
    expect((await get(`/api/events/${event.id}`, creator.headers)).statusCode).toBe(404);
  });

  it('rate-limits writes per person (60 a minute)', async () => {
    const hasty = await signInAs(app, 'Hasty');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/events/${MISSING}`,
        headers: hasty.headers,
        payload: { title: 'x' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
