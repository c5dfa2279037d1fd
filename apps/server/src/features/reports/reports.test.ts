/**
 * Reports through the API (issue 13): who may report and decide, bad bodies, one open
 * report per person and target, hiding at three different reporters, the moderators' queue
 * with its context, and decisions (hide, delete, dismiss) with their audit entries and files.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTERS_TO_HIDE, type ReportedItem } from '@playspot/core';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { storageKeyOf, uploadPhoto } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';
import type { LocalDiskStorage } from '../../storage/local-storage.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describeEachBackend('reports API', (database) => {
  let app: FastifyInstance;
  let storage: LocalDiskStorage;
  let creator: SignedInTestUser;
  let uploader: SignedInTestUser;
  let reporters: SignedInTestUser[];
  let moderator: SignedInTestUser;
  let admin: SignedInTestUser;
  let placeId = '';

  beforeAll(async () => {
    storage = testStorage();
    app = await buildApp({ database: database(), storage, auth: testAuthConfig() });
    creator = await signInAs(app, 'Report_Creator');
    uploader = await signInAs(app, 'Report_Uploader');
    reporters = [];
    for (const name of ['Reporter_One', 'Reporter_Two', 'Reporter_Three', 'Reporter_Four']) {
      reporters.push(await signInAs(app, name));
    }
    moderator = await signInAs(app, 'Report_Mod');
    admin = await signInAs(app, 'Report_Admin');
    await setRole(database(), 'Report_Mod', 'moderator');
    await setRole(database(), 'Report_Admin', 'admin');
    placeId = (await addPlace(app, creator, { name: 'Reported Reserve' })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const reporter = (index: number): SignedInTestUser => {
    const person = reporters[index];
    if (!person) throw new Error(`no reporter ${index}`);
    return person;
  };

  const report = (user: SignedInTestUser | null, payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: user ? user.headers : SAME_ORIGIN,
      payload,
    });

  const decide = (payload: Record<string, unknown>, user: SignedInTestUser = moderator) =>
    app.inject({ method: 'POST', url: '/api/moderation/reports/decision', headers: user.headers, payload });

  const queueItem = async (targetId: string) =>
    (await app.inject({ method: 'GET', url: '/api/moderation/reports', headers: moderator.headers }))
      .json<{ reports: ReportedItem[] }>()
      .reports.find((item) => item.targetId === targetId);

  const auditEntry = async (subjectId: string) =>
    (await app.inject({ method: 'GET', url: '/api/moderation/audit-log', headers: admin.headers }))
      .json<{ entries: Record<string, unknown>[] }>()
      .entries.find((entry) => entry.subjectId === subjectId);

  const place = async (id = placeId) =>
    (await app.inject({ method: 'GET', url: `/api/locations/${id}`, headers: SAME_ORIGIN })).json<{
      imageUrls: string[];
      imageMetaData: { id: string; url: string; thumbnailUrl?: string }[];
      comments: { id: string }[];
    }>();

  const filesExist = (keys: string[]) =>
    Promise.all(keys.map(async (key) => (await storage.get(key)) !== null));

  /** A new place photo by the uploader: its id, URLs and file keys. */
  const newPhoto = async () => {
    const uploaded = await uploadPhoto(app, uploader, `/api/locations/${placeId}/photos`);
    const meta = (await place()).imageMetaData.find((photo) => photo.url === uploaded.url);
    if (!meta) throw new Error('photo not listed');
    return { id: meta.id, ...uploaded, keys: [uploaded.url, uploaded.thumbnailUrl].map(storageKeyOf) };
  };

  const newComment = async (text = 'Great swings here') => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/locations/${placeId}/comments`,
      headers: uploader.headers,
      payload: { text },
    });
    return response.json<{ comment: { id: string } }>().comment.id;
  };

  const reportBy = async (count: number, targetType: string, targetId: string, reason = 'child-face') => {
    for (let index = 0; index < count; index += 1) {
      const response = await report(reporter(index), { targetType, targetId, reason });
      expect(response.statusCode, response.body).toBe(201);
    }
  };

  describe('filing a report', () => {
    it('needs a signed-in person', async () => {
      const photo = await newPhoto();
      const response = await report(null, { targetType: 'photo', targetId: photo.id, reason: 'child-face' });
      expect(response.statusCode).toBe(401);
    });

    it('files one open report per person and target: a repeat answers 200 with the first', async () => {
      const photo = await newPhoto();
      const body = { targetType: 'photo', targetId: photo.id, reason: 'child-face', note: ' My son ' };
      const first = await report(reporter(0), body);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        alreadyReported: false,
        report: { targetType: 'photo', targetId: photo.id, reason: 'child-face', note: 'My son' },
      });
      const again = await report(reporter(0), { ...body, reason: 'spam-or-abuse' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ alreadyReported: true, report: { reason: 'child-face' } });
      expect(again.json<{ report: { id: string } }>().report.id).toBe(
        first.json<{ report: { id: string } }>().report.id,
      );
      expect((await queueItem(photo.id))?.reporterCount).toBe(1);
    });

    it('answers a double tap with one report (201 then 200), for places too', async () => {
      const id = (await addPlace(app, creator, { name: 'Double Tap Park' })).id;
      const body = { targetType: 'location', targetId: id, reason: 'closed-or-unsafe' };
      const responses = await Promise.all([report(reporter(2), body), report(reporter(2), body)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
      expect((await queueItem(id))?.reporterCount).toBe(1);
    });

    it.each([
      ['an unknown field', { targetType: 'photo', reason: 'other', email: 'x@example.com' }, 400],
      ['an unknown reason', { targetType: 'photo', reason: 'ugly' }, 400],
      ['a reason that does not fit a photo', { targetType: 'photo', reason: 'closed-or-unsafe' }, 400],
      ['an unknown target type', { targetType: 'user', reason: 'other' }, 400],
      ['a note over 500 characters', { targetType: 'photo', reason: 'other', note: 'x'.repeat(501) }, 400],
    ])('refuses %s', async (_case, payload, status) => {
      const photo = await newPhoto();
      const response = await report(reporter(1), { targetId: photo.id, ...payload });
      expect(response.statusCode).toBe(status);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    });

    it.each([
      ['a bad id', { targetType: 'photo', targetId: 'photo-1', reason: 'other' }, 400],
      ['a photo that does not exist', { targetType: 'photo', targetId: MISSING, reason: 'other' }, 404],
      ['a comment that does not exist', { targetType: 'comment', targetId: MISSING, reason: 'other' }, 404],
      ['a place that does not exist', { targetType: 'location', targetId: MISSING, reason: 'other' }, 404],
    ])('answers %s with %i', async (_case, payload, status) => {
      expect((await report(reporter(1), payload)).statusCode).toBe(status);
    });

    it("reports a comment's photo with its comment, not on its own (404)", async () => {
      const commentId = await newComment();
      await uploadPhoto(app, uploader, `/api/locations/${placeId}/comments/${commentId}/photo`);
      const photoId = (await place()).imageMetaData.find((meta) => meta.url.includes(commentId))?.id;
      const response = await report(reporter(1), {
        targetType: 'photo',
        targetId: photoId,
        reason: 'child-face',
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe(`hiding at ${REPORTERS_TO_HIDE} different reporters`, () => {
    it('keeps a photo reported by two people, hides it at the third from the page, lists and imageUrls', async () => {
      const photo = await newPhoto();
      await reportBy(REPORTERS_TO_HIDE - 1, 'photo', photo.id);
      // The same person again does not count twice.
      await report(reporter(0), { targetType: 'photo', targetId: photo.id, reason: 'child-face' });
      expect((await place()).imageUrls).toContain(photo.url);

      const third = await report(reporter(REPORTERS_TO_HIDE - 1), {
        targetType: 'photo',
        targetId: photo.id,
        reason: 'spam-or-abuse',
      });
      expect(third.statusCode).toBe(201);
      const after = await place();
      expect(after.imageUrls).not.toContain(photo.url);
      expect(after.imageMetaData.map((meta) => meta.id)).not.toContain(photo.id);
      const list = await app.inject({ method: 'GET', url: '/api/locations?limit=200', headers: SAME_ORIGIN });
      expect(list.body).not.toContain(photo.thumbnailUrl);
      // Hidden, not deleted: the moderators still see it.
      expect(await filesExist(photo.keys)).toEqual([true, true]);
      expect(await queueItem(photo.id)).toMatchObject({
        targetType: 'photo',
        locationId: placeId,
        locationName: 'Reported Reserve',
        photo: { thumbnailUrl: photo.thumbnailUrl, uploadedByUserName: 'Report_Uploader' },
        reasons: [
          { reason: 'child-face', count: 2 },
          { reason: 'spam-or-abuse', count: 1 },
        ],
        reporterCount: 3,
        hidden: true,
      });
    });

    it('hides a comment and its photo at three reporters; dismissing shows both again', async () => {
      const commentId = await newComment('Buy cheap watches at example.com');
      const commentPhoto = await uploadPhoto(
        app,
        uploader,
        `/api/locations/${placeId}/comments/${commentId}/photo`,
      );
      await reportBy(REPORTERS_TO_HIDE, 'comment', commentId, 'spam-or-abuse');
      let page = await place();
      expect(page.comments.map((comment) => comment.id)).not.toContain(commentId);
      expect(page.imageUrls).not.toContain(commentPhoto.url);
      expect(await queueItem(commentId)).toMatchObject({
        comment: { text: 'Buy cheap watches at example.com', userName: 'Report_Uploader' },
        hidden: true,
      });

      const dismissed = await decide({ targetType: 'comment', targetId: commentId, decision: 'dismiss' });
      expect(dismissed.statusCode).toBe(200);
      expect(dismissed.json()).toMatchObject({ decision: 'dismiss', reportsClosed: REPORTERS_TO_HIDE });
      page = await place();
      expect(page.comments.map((comment) => comment.id)).toContain(commentId);
      expect(page.imageUrls).toContain(commentPhoto.url);
      expect(await queueItem(commentId)).toBeUndefined();
      expect(await auditEntry(commentId)).toMatchObject({
        origin: 'report',
        requestType: 'comment',
        decision: 'dismiss',
        subject: 'Reported Reserve',
        moderatorUserName: 'Report_Mod',
      });
      // Deciding again: nothing is open any more.
      const again = await decide({ targetType: 'comment', targetId: commentId, decision: 'hide' });
      expect(again.statusCode).toBe(409);
    });

    it('hides a photo that three people report at the same moment', async () => {
      const photo = await newPhoto();
      const responses = await Promise.all(
        [0, 1, 2].map((index) =>
          report(reporter(index), { targetType: 'photo', targetId: photo.id, reason: 'child-face' }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
      expect((await place()).imageUrls).not.toContain(photo.url);
    });

    it('never hides a place, however many report it', async () => {
      const id = (await addPlace(app, creator, { name: 'Much Reported Park' })).id;
      await reportBy(4, 'location', id, 'closed-or-unsafe');
      const response = await app.inject({ method: 'GET', url: `/api/locations/${id}` });
      expect(response.statusCode).toBe(200);
      expect((await queueItem(id))?.reporterCount).toBe(4);
    });
  });

  describe('the queue', () => {
    it('is for moderators and admins only, and never names or e-mails reporters', async () => {
      const photo = await newPhoto();
      await report(reporter(0), { targetType: 'photo', targetId: photo.id, reason: 'other', note: 'Not ok' });
      for (const [user, status] of [
        [null, 401],
        [reporter(0), 403],
        [creator, 403],
        [moderator, 200],
        [admin, 200],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url: '/api/moderation/reports',
          headers: user ? user.headers : SAME_ORIGIN,
        });
        expect(response.statusCode).toBe(status);
      }
      const response = await app.inject({
        method: 'GET',
        url: '/api/moderation/reports',
        headers: admin.headers,
      });
      expect(response.body).not.toMatch(/Reporter_One|@|email|reporterUserId/i);
      expect(await queueItem(photo.id)).toMatchObject({ notes: ['Not ok'], hidden: false });
    });
  });

  describe('decisions', () => {
    it('deleting a reported photo removes it, its files and its points, and logs the decision', async () => {
      const photo = await newPhoto();
      await reportBy(1, 'photo', photo.id);
      const points = async () =>
        (await app.inject({ method: 'GET', url: '/api/me', headers: uploader.headers })).json<{
          points: number;
        }>().points;
      const before = await points();

      const response = await decide({
        targetType: 'photo',
        targetId: photo.id,
        decision: 'delete',
        note: 'Child',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        targetType: 'photo',
        targetId: photo.id,
        decision: 'delete',
        reportsClosed: 1,
      });
      expect(await filesExist(photo.keys)).toEqual([false, false]);
      expect((await place()).imageUrls).not.toContain(photo.url);
      expect(await points()).toBe(before - 100);
      expect(await queueItem(photo.id)).toBeUndefined();
      expect(await auditEntry(photo.id)).toMatchObject({
        origin: 'report',
        removalRequestId: null,
        requestType: 'photo',
        decision: 'delete',
        note: 'Child',
        subject: 'Reported Reserve',
      });
      // A second moderator finds it gone.
      expect((await decide({ targetType: 'photo', targetId: photo.id, decision: 'delete' })).statusCode).toBe(
        404,
      );
    });

    it('hiding keeps a photo out of sight for good', async () => {
      const photo = await newPhoto();
      await reportBy(1, 'photo', photo.id);
      const response = await decide({ targetType: 'photo', targetId: photo.id, decision: 'hide' }, admin);
      expect(response.statusCode).toBe(200);
      expect((await place()).imageUrls).not.toContain(photo.url);
      expect(await filesExist(photo.keys)).toEqual([true, true]);
      expect(await queueItem(photo.id)).toBeUndefined();
      expect(await auditEntry(photo.id)).toMatchObject({
        decision: 'hide',
        moderatorUserName: 'Report_Admin',
      });
    });

    it('deleting a reported place removes it with its photos', async () => {
      const id = (await addPlace(app, creator, { name: 'Closed Forever Park' })).id;
      const photo = await uploadPhoto(app, creator, `/api/locations/${id}/photos`);
      await reportBy(1, 'location', id, 'closed-or-unsafe');
      expect((await decide({ targetType: 'location', targetId: id, decision: 'delete' })).statusCode).toBe(
        200,
      );
      expect((await app.inject({ method: 'GET', url: `/api/locations/${id}` })).statusCode).toBe(404);
      expect(await filesExist([photo.url, photo.thumbnailUrl].map(storageKeyOf))).toEqual([false, false]);
      expect(await auditEntry(id)).toMatchObject({ requestType: 'location', subject: 'Closed Forever Park' });
    });

    it('deleting a reported comment removes it and the points it earned', async () => {
      const commentId = await newComment('Rude words');
      await reportBy(1, 'comment', commentId, 'spam-or-abuse');
      const points = async () =>
        (await app.inject({ method: 'GET', url: '/api/me', headers: uploader.headers })).json<{
          points: number;
        }>().points;
      const before = await points();
      expect(
        (await decide({ targetType: 'comment', targetId: commentId, decision: 'delete' })).statusCode,
      ).toBe(200);
      expect((await place()).comments.map((comment) => comment.id)).not.toContain(commentId);
      expect(await points()).toBe(before - 100);
    });

    it('deleting a reported comment with a photo takes back the photo’s points too', async () => {
      const commentId = await newComment('Rude words and a picture');
      await uploadPhoto(app, uploader, `/api/locations/${placeId}/comments/${commentId}/photo`);
      await reportBy(1, 'comment', commentId, 'spam-or-abuse');
      const points = async () =>
        (await app.inject({ method: 'GET', url: '/api/me', headers: uploader.headers })).json<{
          points: number;
        }>().points;
      const before = await points();
      expect(
        (await decide({ targetType: 'comment', targetId: commentId, decision: 'delete' })).statusCode,
      ).toBe(200);
      expect(await points()).toBe(before - 200);
    });

    it.each([
      ['members', () => reporter(0), 403],
      ['the uploader', () => uploader, 403],
    ])('refuses %s', async (_who, who, status) => {
      const photo = await newPhoto();
      await reportBy(1, 'photo', photo.id);
      expect(
        (await decide({ targetType: 'photo', targetId: photo.id, decision: 'delete' }, who())).statusCode,
      ).toBe(status);
      expect(await filesExist(photo.keys)).toEqual([true, true]);
    });

    it.each([
      ['hiding a place', { targetType: 'location', targetId: MISSING, decision: 'hide' }, 400],
      ['an unknown decision', { targetType: 'photo', targetId: MISSING, decision: 'approve' }, 400],
      ['an unknown field', { targetType: 'photo', targetId: MISSING, decision: 'hide', x: 1 }, 400],
      ['a bad id', { targetType: 'photo', targetId: '1', decision: 'hide' }, 400],
      ['a target that does not exist', { targetType: 'photo', targetId: MISSING, decision: 'hide' }, 404],
    ])('answers %s with %i', async (_case, payload, status) => {
      expect((await decide(payload)).statusCode).toBe(status);
    });

    it('answers 409 for a target nobody reported', async () => {
      const photo = await newPhoto();
      const response = await decide({ targetType: 'photo', targetId: photo.id, decision: 'dismiss' });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('already_decided');
    });
  });
});
