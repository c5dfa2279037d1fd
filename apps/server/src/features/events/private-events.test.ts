/**
 * Issue 30: a private event answers the same on every verb. To whoever may not see it
 * (anonymous, a signed-in stranger, a moderator or admin not invited) GET, PATCH and DELETE
 * give exactly the answer an event that does not exist gives (same status, same body), and no
 * feed, export, profile or moderation view carries its id, title, description or invitees.
 * Its creator and invitees still see it; only the creator changes it.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';

const MISSING = '00000000-0000-4000-8000-00000000f30e';
const ROLES = ['anonymous', 'stranger', 'invitee', 'creator', 'moderator', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** Those who may not see the event. */
const OUTSIDERS: readonly Role[] = ['anonymous', 'stranger', 'moderator', 'admin'];

/** The verbs on one event; a fresh private event for each write so a success changes nothing else. */
const VERBS = [
  { verb: 'GET', method: 'GET', payload: undefined },
  {
    verb: 'PATCH',
    method: 'PATCH',
    payload: { title: 'Taken over', description: 'Changed by someone else' },
  },
  { verb: 'DELETE', method: 'DELETE', payload: undefined },
] as const;

/** What the people who may see it get: GET for both, changes for the creator only. */
const INSIDER_STATUS: Record<'invitee' | 'creator', Record<(typeof VERBS)[number]['verb'], number>> = {
  invitee: { GET: 200, PATCH: 403, DELETE: 403 },
  creator: { GET: 200, PATCH: 200, DELETE: 200 },
};

const SECRET_TITLE = 'Secret birthday at the swings';
const SECRET_DESCRIPTION = 'Bring the blue cake';

describeEachBackend('a private event on every verb (issue 30)', (database) => {
  let app: FastifyInstance;
  const users = {} as Record<Exclude<Role, 'anonymous'>, SignedInTestUser>;
  let locationId = '';
  let keptEventId = '';

  const headersOf = (role: Role) => (role === 'anonymous' ? SAME_ORIGIN : users[role].headers);

  async function newPrivateEvent(): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: users.creator.headers,
      payload: {
        locationId,
        title: SECRET_TITLE,
        description: SECRET_DESCRIPTION,
        dayOfWeek: 'Monday',
        time: '10:00',
        repeatPattern: 'Week',
        isPublic: false,
        invitedUserNames: ['F30Invitee'],
      },
    });
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json<{ event: { id: string } }>().event.id;
  }

  const call = (role: Role, request: Omit<InjectOptions, 'headers'>) =>
    app.inject({ ...request, headers: headersOf(role) });

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    users.stranger = await signInAs(app, 'F30Stranger');
    users.invitee = await signInAs(app, 'F30Invitee');
    users.creator = await signInAs(app, 'F30Creator');
    users.moderator = await signInAs(app, 'F30Moderator');
    users.admin = await signInAs(app, 'F30Admin');
    await setRole(database(), 'F30Moderator', 'moderator');
    await setRole(database(), 'F30Admin', 'admin');
    locationId = (await addPlace(app, users.stranger, { name: 'Quiet Corner Park' })).id;
    keptEventId = await newPrivateEvent();
    // A moderator's and an admin's attempts, so a view of what they did would show the event.
    for (const attempt of ['moderator', 'admin'] as const) {
      await call(attempt, { method: 'PATCH', url: `/api/events/${keptEventId}`, payload: { time: '10:00' } });
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(VERBS.flatMap(({ verb }) => ROLES.map((role) => [verb, role] as const)))(
    '%s as %s',
    async (verb, role) => {
      const { method, payload } = VERBS.find((entry) => entry.verb === verb) ?? VERBS[0];
      const eventId = method === 'GET' ? keptEventId : await newPrivateEvent();
      const request = (id: string) => ({
        method,
        url: `/api/events/${id}`,
        ...(payload === undefined ? {} : { payload }),
      });
      const answer = await call(role, request(eventId));
      if (OUTSIDERS.includes(role)) {
        // Exactly what an event that does not exist answers, and nothing of the event.
        const missing = await call(role, request(MISSING));
        expect(answer.statusCode, answer.body).toBe(missing.statusCode);
        expect(answer.json()).toEqual(missing.json());
        expect(answer.statusCode).toBe(role === 'anonymous' && method !== 'GET' ? 401 : 404);
        expect(answer.body).not.toContain(SECRET_TITLE);
        expect(answer.body).not.toContain('F30Invitee');
        // And it is unchanged: the creator still reads the original.
        const still = await call('creator', { method: 'GET', url: `/api/events/${eventId}` });
        expect(still.statusCode).toBe(200);
        expect(still.json<{ event: { title: string } }>().event.title).toBe(SECRET_TITLE);
      } else {
        const insider = role === 'creator' ? 'creator' : 'invitee';
        expect(answer.statusCode, answer.body).toBe(INSIDER_STATUS[insider][verb]);
      }
    },
  );

  /** Every read that lists events, or could carry one: feeds, exports, profiles, moderation views. */
  const FEEDS: { name: string; url: string; roles: readonly Role[] }[] = [
    { name: "the place's events", url: '/api/locations/:place/events', roles: ROLES },
    { name: "the place's Monday events", url: '/api/locations/:place/events?dayOfWeek=Monday', roles: ROLES },
    { name: "today's events", url: '/api/events/today?locationIds=:place', roles: ROLES },
    {
      name: 'events nearby this week',
      url: `/api/events/nearby?lat=${AUCKLAND.lat}&lng=${AUCKLAND.lng}&radiusKm=5&range=week`,
      roles: ROLES,
    },
    { name: 'the place', url: '/api/locations/:place', roles: ROLES },
    {
      name: 'the open-data export',
      url: '/api/open/places.geojson?bbox=174.7,-36.9,174.8,-36.8',
      roles: ROLES,
    },
    { name: "the creator's public profile", url: '/api/users/F30Creator', roles: ROLES },
    { name: 'my invitations', url: '/api/me/invitations', roles: ['stranger', 'moderator', 'admin'] },
    { name: 'the reports queue', url: '/api/moderation/reports', roles: ['moderator', 'admin'] },
    { name: 'the removal requests', url: '/api/moderation/removal-requests', roles: ['moderator', 'admin'] },
    { name: 'the audit log', url: '/api/moderation/audit-log', roles: ['moderator', 'admin'] },
  ];

  it.each(
    FEEDS.flatMap((feed) =>
      feed.roles
        .filter((role) => OUTSIDERS.includes(role))
        .map((role) => [feed.name, role, feed.url] as const),
    ),
  )('%s as %s carries nothing of it', async (_name, role, url) => {
    const response = await call(role, { method: 'GET', url: url.replace(':place', locationId) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(keptEventId);
    expect(response.body).not.toContain(SECRET_TITLE);
    expect(response.body).not.toContain(SECRET_DESCRIPTION);
    expect(response.body).not.toContain('F30Invitee');
  });

  it('the invitee and the creator do see it in the place\u2019s events (so the feeds above are the right ones)', async () => {
    for (const role of ['invitee', 'creator'] as const) {
      const response = await call(role, { method: 'GET', url: `/api/locations/${locationId}/events` });
      expect(response.body).toContain(keptEventId);
    }
  });
});
