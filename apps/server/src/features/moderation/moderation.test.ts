import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace, AUCKLAND } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { storageKeyOf, uploadPhoto } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';
import { LocalDiskStorage } from '../../storage/local-storage.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

interface ModerationRequestBody {
  id: string;
  type: 'location' | 'account';
  status: string;
  locationId: string | null;
  locationName: string | null;
  accountUserName: string | null;
  requesterUserName: string | null;
  decidedByUserName: string | null;
  decisionNote: string | null;
}

interface AuditEntryBody {
  removalRequestId: string | null;
  requestType: string;
  decision: string;
  note: string | null;
  subject: string;
  subjectId: string | null;
  moderatorUserName: string | null;
}

describeEachBackend('moderation API', (database) => {
  let app: FastifyInstance;
  let storage: LocalDiskStorage;
  let moderator: SignedInTestUser;
  let admin: SignedInTestUser;
  let asker: SignedInTestUser;
  let placer: SignedInTestUser;

  beforeAll(async () => {
    storage = new LocalDiskStorage(await mkdtemp(path.join(tmpdir(), 'playspot-moderation-')));
    app = await buildApp({ database: database(), storage, auth: testAuthConfig() });
    moderator = await signInAs(app, 'Mod_Mia');
    admin = await signInAs(app, 'Admin_Ana');
    asker = await signInAs(app, 'Asker');
    placer = await signInAs(app, 'Placer');
    await setRole(database(), 'Mod_Mia', 'moderator');
    await setRole(database(), 'Admin_Ana', 'admin');
  });
  afterAll(async () => {
    await app.close();
  });

  async function requestRemoval(
    user: SignedInTestUser,
    locationId: string,
    reason = 'Closed for good',
  ): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/removal-requests',
      headers: user.headers,
      payload: { locationId, reason },
    });
    if (response.statusCode !== 201)
      throw new Error(`request failed: ${response.statusCode} ${response.body}`);
    return response.json<{ removalRequest: { id: string } }>().removalRequest.id;
  }

  const decide = (id: string, payload: Record<string, unknown>, user = moderator) =>
    app.inject({
      method: 'POST',
      url: `/api/moderation/removal-requests/${id}/decision`,
      headers: user.headers,
      payload,
    });

  const queue = async (status = 'pending', user = moderator) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/moderation/removal-requests?status=${status}`,
        headers: user.headers,
      })
    ).json<{ removalRequests: ModerationRequestBody[] }>().removalRequests;

  const auditEntry = async (requestId: string) =>
    (await app.inject({ method: 'GET', url: '/api/moderation/audit-log', headers: admin.headers }))
      .json<{ entries: AuditEntryBody[] }>()
      .entries.find((entry) => entry.removalRequestId === requestId);

  const filesExist = async (keys: string[]) =>
    Promise.all(keys.map(async (key) => (await storage.get(key)) !== null));

  it('approving a location request removes the place, its photos, comments and events, and their files', async () => {
    const place = await addPlace(app, placer, { name: 'Closed Cove Playground' });
    const photo = await uploadPhoto(app, placer, `/api/locations/${place.id}/photos`);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/locations/${place.id}/comments`,
      headers: placer.headers,
      payload: { text: 'Lovely while it lasted' },
    });
    const commentId = comment.json<{ comment: { id: string } }>().comment.id;
    const commentPhoto = await uploadPhoto(
      app,
      placer,
      `/api/locations/${place.id}/comments/${commentId}/photo`,
    );
    const event = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: placer.headers,
      payload: {
        locationId: place.id,
        title: 'Playgroup',
        dayOfWeek: 'Monday',
        time: '10:00',
        repeatPattern: 'Week',
      },
    });
    const eventId = event.json<{ event: { id: string } }>().event.id;
    const keys = [photo.url, photo.thumbnailUrl, commentPhoto.url, commentPhoto.thumbnailUrl].map(
      storageKeyOf,
    );
    expect(await filesExist(keys)).toEqual([true, true, true, true]);

    const requestId = await requestRemoval(asker, place.id);
    const secondId = await requestRemoval(placer, place.id, 'It is gone');
    const pending = (await queue()).find((request) => request.id === requestId);
    expect(pending).toMatchObject({
      type: 'location',
      status: 'pending',
      locationId: place.id,
      locationName: 'Closed Cove Playground',
      requesterUserName: 'Asker',
      accountUserName: null,
    });

    const approved = await decide(requestId, { decision: 'approve', note: ' Council confirmed closure ' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<{ removalRequest: ModerationRequestBody }>().removalRequest).toMatchObject({
      status: 'approved',
      decidedByUserName: 'Mod_Mia',
      decisionNote: 'Council confirmed closure',
    });

    expect((await app.inject({ method: 'GET', url: `/api/locations/${place.id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/events/${eventId}` })).statusCode).toBe(404);
    const search = await app.inject({ method: 'GET', url: '/api/locations/search?q=Closed%20Cove' });
    expect(JSON.stringify(search.json())).not.toContain(place.id);
    expect(await filesExist(keys)).toEqual([false, false, false, false]);

    // The other request about the same place is closed with it.
    const approvedList = await queue('approved');
    expect(approvedList.find((request) => request.id === secondId)?.status).toBe('approved');
    expect((await queue()).some((request) => request.id === secondId)).toBe(false);

    expect(await auditEntry(requestId)).toMatchObject({
      requestType: 'location',
      decision: 'approve',
      note: 'Council confirmed closure',
      subject: 'Closed Cove Playground',
      subjectId: place.id,
      moderatorUserName: 'Mod_Mia',
    });
    expect((await auditEntry(secondId))?.note).toContain(requestId);

    // Decided once: a second decision is a conflict.
    const again = await decide(requestId, { decision: 'reject' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('already_decided');
  });

  it('rejecting a location request keeps the place and logs the decision', async () => {
    const place = await addPlace(app, placer, { name: 'Still Open Park' });
    const requestId = await requestRemoval(asker, place.id, 'I do not like it');
    const rejected = await decide(requestId, { decision: 'reject', note: 'Not a reason to remove' }, admin);
    expect(rejected.json<{ removalRequest: ModerationRequestBody }>().removalRequest).toMatchObject({
      status: 'rejected',
      decidedByUserName: 'Admin_Ana',
      locationName: 'Still Open Park',
    });
    expect((await app.inject({ method: 'GET', url: `/api/locations/${place.id}` })).statusCode).toBe(200);
    expect(await auditEntry(requestId)).toMatchObject({
      decision: 'reject',
      subject: 'Still Open Park',
      moderatorUserName: 'Admin_Ana',
    });
    expect((await decide(requestId, { decision: 'approve' })).statusCode).toBe(409);
    // The requester sees the outcome.
    const mine = await app.inject({ method: 'GET', url: '/api/me/removal-requests', headers: asker.headers });
    expect(
      mine
        .json<{ removalRequests: { id: string; status: string }[] }>()
        .removalRequests.find((r) => r.id === requestId)?.status,
    ).toBe('rejected');
  });

  it('approving an account request deletes sessions, personal data and photos, and anonymises the rest', async () => {
    const leaver = await signInAs(app, 'Leaver');
    await database().query(
      sql`update users set email = 'leaver@example.com', display_name = 'Lee Leaver', photo_url = 'https://example.com/me.jpg' where user_name = 'Leaver'`,
    );
    const [before] = await database().query<{ id: string }>(
      sql`select id from users where user_name = 'Leaver'`,
    );
    const leaverId = before?.id ?? '';
    const ownPlace = await addPlace(app, leaver, { name: 'Leaver Lane Reserve' });
    const othersPlace = await addPlace(app, placer, { name: 'Shared Swings' });
    const photo = await uploadPhoto(app, leaver, `/api/locations/${othersPlace.id}/photos`);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/locations/${othersPlace.id}/comments`,
      headers: leaver.headers,
      payload: { text: 'Great shade in summer' },
    });
    const commentId = comment.json<{ comment: { id: string } }>().comment.id;
    const commentPhoto = await uploadPhoto(
      app,
      leaver,
      `/api/locations/${othersPlace.id}/comments/${commentId}/photo`,
    );
    await app.inject({
      method: 'POST',
      url: `/api/locations/${othersPlace.id}/visits`,
      headers: leaver.headers,
      payload: { lat: AUCKLAND.lat, lng: AUCKLAND.lng, accuracy: 10 },
    });
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/me/favourites/${othersPlace.id}`,
      headers: leaver.headers,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const vote = await app.inject({
      method: 'PUT',
      url: `/api/locations/${othersPlace.id}/vote`,
      headers: leaver.headers,
      payload: { vote: 'up' },
    });
    expect(vote.statusCode).toBe(200);
    const newEvent = async (isPublic: boolean, invitedUserNames: string[] = []) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/events',
          headers: leaver.headers,
          payload: {
            locationId: othersPlace.id,
            title: isPublic ? 'Open picnic' : 'Birthday',
            dayOfWeek: 'Saturday',
            time: '11:00',
            repeatPattern: 'Week',
            isPublic,
            invitedUserNames,
          },
        })
      ).json<{ event: { id: string } }>().event.id;
    const publicEvent = await newEvent(true);
    const privateEvent = await newEvent(false, ['Placer']);
    const requestId = await requestRemoval(leaver, 'account-deletion', 'Please delete my account');

    const pending = (await queue()).find((request) => request.id === requestId);
    expect(pending).toMatchObject({
      type: 'account',
      locationId: 'account-deletion',
      accountUserName: 'Leaver',
      requesterUserName: 'Leaver',
      locationName: null,
    });

    const approved = await decide(
      requestId,
      { decision: 'approve', note: 'Requested by the account holder' },
      admin,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json<{ removalRequest: ModerationRequestBody }>().removalRequest).toMatchObject({
      status: 'approved',
      accountUserName: null,
      requesterUserName: null,
    });

    // Signed out everywhere.
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: leaver.headers })).statusCode).toBe(
      401,
    );
    // Personal data gone; the row stays only so anonymous votes keep counting.
    const [after] = await database().query<Record<string, unknown>>(
      sql`select issuer, subject, email, user_name, display_name, photo_url, points from users where id = ${leaverId}`,
    );
    expect(after).toEqual({
      issuer: 'deleted',
      subject: leaverId,
      email: null,
      user_name: null,
      display_name: null,
      photo_url: null,
      points: 0,
    });
    const [counts] = await database().query<{
      sessions: number;
      visits: number;
      images: number;
      favourites: number;
    }>(
      sql`select (select count(*)::int from sessions where user_id = ${leaverId}) as sessions,
                 (select count(*)::int from visits where user_id = ${leaverId}) as visits,
                 (select count(*)::int from images where uploaded_by_user_id = ${leaverId}) as images,
                 (select count(*)::int from favourites where user_id = ${leaverId}) as favourites`,
    );
    expect(counts).toEqual({ sessions: 0, visits: 0, images: 0, favourites: 0 });
    // Photos: rows and files.
    const keys = [photo.url, photo.thumbnailUrl, commentPhoto.url, commentPhoto.thumbnailUrl].map(
      storageKeyOf,
    );
    expect(await filesExist(keys)).toEqual([false, false, false, false]);
    // The comment's words stay, without a name.
    const comments = await app.inject({ method: 'GET', url: `/api/locations/${othersPlace.id}/comments` });
    expect(
      comments.json<{ id: string; text: string; userName: string | null; imageUrl: string | null }[]>(),
    ).toContainEqual(
      expect.objectContaining({
        id: commentId,
        text: 'Great shade in summer',
        userName: null,
        imageUrl: null,
      }),
    );
    // The place they added stays, added by a 'former member'; their vote still counts.
    const own = await app.inject({ method: 'GET', url: `/api/locations/${ownPlace.id}` });
    expect(own.json<{ createdByUserName: string }>().createdByUserName).toBe('former member');
    const shared = await app.inject({ method: 'GET', url: `/api/locations/${othersPlace.id}` });
    expect(JSON.stringify(shared.json())).not.toContain('Leaver');
    // Public event kept without a name; private event (with its invitation) gone.
    const kept = await app.inject({ method: 'GET', url: `/api/events/${publicEvent}` });
    expect(kept.json<{ event: { createdByUserName: string | null } }>().event.createdByUserName).toBeNull();
    expect(
      (await app.inject({ method: 'GET', url: `/api/events/${privateEvent}`, headers: placer.headers }))
        .statusCode,
    ).toBe(404);
    // The audit log keeps no name of a deleted account.
    const entry = await auditEntry(requestId);
    expect(entry).toMatchObject({ requestType: 'account', decision: 'approve', subject: 'deleted account' });
    expect(JSON.stringify(entry)).not.toContain('Leaver');
    // The name is free again: signing in as 'Leaver' is a new person.
    await signInAs(app, 'Leaver');
    const [fresh] = await database().query<{ id: string }>(
      sql`select id from users where user_name = 'Leaver'`,
    );
    expect(fresh?.id).not.toBe(leaverId);
  });

  it('rejecting an account request keeps the account and logs its user name', async () => {
    const stayer = await signInAs(app, 'Stayer');
    const requestId = await requestRemoval(stayer, 'account-deletion', 'Delete me');
    const rejected = await decide(requestId, { decision: 'reject', note: 'Asked to cancel by e-mail' });
    expect(rejected.json<{ removalRequest: ModerationRequestBody }>().removalRequest.status).toBe('rejected');
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: stayer.headers })).statusCode).toBe(
      200,
    );
    expect(await auditEntry(requestId)).toMatchObject({
      requestType: 'account',
      decision: 'reject',
      subject: 'Stayer',
    });
  });

  it.each([
    ['a bad id', 'not-a-uuid', { decision: 'approve' }, 400],
    ['a missing request', MISSING, { decision: 'approve' }, 404],
    ['an unknown decision', MISSING, { decision: 'maybe' }, 400],
    ['an unknown field', MISSING, { decision: 'reject', reason: 'x' }, 400],
    ['a note that is too long', MISSING, { decision: 'reject', note: 'x'.repeat(1001) }, 400],
    ['no decision', MISSING, { note: 'hmm' }, 400],
  ])('answers %s (%s, %j) with %i', async (_case, id, payload, status) => {
    expect((await decide(id, payload)).statusCode).toBe(status);
  });

  it('refuses an unknown status or query field', async () => {
    for (const query of ['?status=done', '?status=pending&all=1']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/moderation/removal-requests${query}`,
        headers: moderator.headers,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('is for moderators and admins only', async () => {
    for (const [headers, status] of [
      [SAME_ORIGIN, 401],
      [asker.headers, 403],
    ] as const) {
      const responses = await Promise.all([
        app.inject({ method: 'GET', url: '/api/moderation/removal-requests', headers }),
        app.inject({ method: 'GET', url: '/api/moderation/audit-log', headers }),
        app.inject({
          method: 'POST',
          url: `/api/moderation/removal-requests/${MISSING}/decision`,
          headers,
          payload: { decision: 'approve' },
        }),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([status, status, status]);
    }
  });

  it('rate-limits decisions (60 a minute per moderator)', async () => {
    const busy = await signInAs(app, 'Busy_Mod');
    await setRole(database(), 'Busy_Mod', 'moderator');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await decide(MISSING, { decision: 'reject' }, busy)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
