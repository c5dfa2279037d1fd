import { userNameKey, userNameSkeleton } from '@playspot/core';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from '../../test/database.ts';
import { eventInvitees, events, locations, locationVotes, tagVotes, users, visits } from './schema.ts';

/** The database error code behind a failed statement (drivers wrap it differently). */
async function sqlStateOf(action: Promise<unknown>): Promise<string | undefined> {
  try {
    await action;
    return undefined;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error) {
      if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
        return current.code;
      }
      current = current.cause;
    }
    throw error;
  }
}

const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

/** A user name as the app stores it (users.repository userNameColumns). */
const named = (userName: string) => ({
  userName,
  userNameKey: userNameKey(userName),
  userNameSkeleton: userNameSkeleton(userName),
});

describeEachBackend('schema constraints', (database) => {
  let userId = '';
  let otherUserId = '';
  let locationId = '';

  beforeAll(async () => {
    const { db } = database();
    const inserted = await db
      .insert(users)
      .values([
        { issuer: 'https://accounts.google.com', subject: '1', ...named('Ana') },
        { issuer: 'https://accounts.google.com', subject: '2', ...named('Ben') },
      ])
      .returning({ id: users.id });
    userId = inserted[0]?.id ?? '';
    otherUserId = inserted[1]?.id ?? '';
    const [place] = await db
      .insert(locations)
      .values({ name: 'Test Park', latitude: -36.85, longitude: 174.76 })
      .returning({ id: locations.id });
    locationId = place?.id ?? '';
  });

  it('gives new users role basic, level 1 and 0 points', async () => {
    const [user] = await database().db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ role: 'basic', level: 1, points: 0, leveledUp: false });
  });

  it('derives the PostGIS point from latitude and longitude', async () => {
    const [row] = await database().query<{ lat: number; lng: number; srid: number }>(
      sql`select ST_Y(position::geometry) as lat, ST_X(position::geometry) as lng, ST_SRID(position) as srid
          from locations where id = ${locationId}`,
    );
    expect(row).toEqual({ lat: -36.85, lng: 174.76, srid: 4326 });
  });

  it('defaults createdByUserName to batch', async () => {
    const [row] = await database().db.select().from(locations).where(eq(locations.id, locationId));
    expect(row?.createdByUserName).toBe('batch');
  });

  it.each([
    ['latitude above 90', { latitude: 91, longitude: 0 }],
    ['longitude below -180', { latitude: 0, longitude: -181 }],
  ])('refuses a %s', async (_case, position) => {
    const state = await sqlStateOf(
      database()
        .db.insert(locations)
        .values({ name: 'Bad', ...position }),
    );
    expect(state).toBe(CHECK_VIOLATION);
  });

  it('keys users by issuer and subject, and user names case-insensitively', async () => {
    const { db } = database();
    expect(
      await sqlStateOf(db.insert(users).values({ issuer: 'https://accounts.google.com', subject: '1' })),
    ).toBe(UNIQUE_VIOLATION);
    expect(
      await sqlStateOf(
        db.insert(users).values({ issuer: 'https://appleid.apple.com', subject: '1', ...named('ANA') }),
      ),
    ).toBe(UNIQUE_VIOLATION);
    // A look-alike (Cyrillic А) shares the skeleton.
    expect(
      await sqlStateOf(
        db.insert(users).values({ issuer: 'https://appleid.apple.com', subject: '2', ...named('АNA') }),
      ),
    ).toBe(UNIQUE_VIOLATION);
    // The same subject at another issuer is another person.
    expect(
      await sqlStateOf(db.insert(users).values({ issuer: 'https://appleid.apple.com', subject: '1' })),
    ).toBeUndefined();
  });

  it('allows one location vote per user and location', async () => {
    const { db } = database();
    await db.insert(locationVotes).values({ locationId, userId, vote: 'up' });
    await db.insert(locationVotes).values({ locationId, userId: otherUserId, vote: 'down' });
    expect(await sqlStateOf(db.insert(locationVotes).values({ locationId, userId, vote: 'down' }))).toBe(
      UNIQUE_VIOLATION,
    );
  });

  it('allows one vote per user, location and tag', async () => {
    const { db } = database();
    await db.insert(tagVotes).values({ locationId, tag: 'shade', userId, vote: 'up' });
    await db.insert(tagVotes).values({ locationId, tag: 'toilets', userId, vote: 'up' });
    expect(
      await sqlStateOf(db.insert(tagVotes).values({ locationId, tag: 'shade', userId, vote: 'down' })),
    ).toBe(UNIQUE_VIOLATION);
  });

  it("keeps every visit of a person to a place (the 60-minute rule is the service's, under a lock)", async () => {
    const { db } = database();
    const at = new Date('2026-11-22T10:00:00Z');
    await db.insert(visits).values({ locationId, userId, visitedAt: at });
    await db.insert(visits).values({ locationId, userId, visitedAt: at });
    const kept = await db.select().from(visits).where(eq(visits.locationId, locationId));
    expect(kept).toHaveLength(2);
  });

  it('refuses event times and patterns outside the spec', async () => {
    const { db } = database();
    const base = { locationId, createdByUserId: userId, title: 'Story time', dayOfWeek: 'Monday' as const };
    expect(
      await sqlStateOf(db.insert(events).values({ ...base, time: '24:00', repeatPattern: 'Week' })),
    ).toBe(CHECK_VIOLATION);
    const [event] = await db
      .insert(events)
      .values({ ...base, time: '09:30', repeatPattern: 'Month last', isPublic: false })
      .returning({ id: events.id });
    const eventId = event?.id ?? '';
    await db.insert(eventInvitees).values({ eventId, userId: otherUserId });
    expect(await sqlStateOf(db.insert(eventInvitees).values({ eventId, userId: otherUserId }))).toBe(
      UNIQUE_VIOLATION,
    );
  });

  it('removes votes, visits and events with their location', async () => {
    const { db } = database();
    await db.delete(locations).where(eq(locations.id, locationId));
    const [counts] = await database().query<{
      votes: string;
      tags: string;
      visits: string;
      events: string;
    }>(sql`
      select (select count(*) from location_votes) as votes, (select count(*) from tag_votes) as tags,
             (select count(*) from visits) as visits, (select count(*) from events) as events`);
    expect(Object.values(counts ?? {}).map(Number)).toEqual([0, 0, 0, 0]);
  });
});
