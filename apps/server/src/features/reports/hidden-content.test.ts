/**
 * What reports or a moderator hid stays hidden everywhere others look (issue 13 review): on
 * the author's public profile, through a photo added to the hidden comment afterwards, and
 * after a moderator's "dismiss" of later reports. The author still sees their own comment,
 * marked hidden.
 */
import { REPORTERS_TO_HIDE } from '@playspot/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { multipartPhoto, smallPng, uploadPhoto } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';

interface ProfileComments {
  comments: { id: string; text: string; hidden?: boolean }[];
  counts: { comments: number };
}

describeEachBackend('hidden content stays hidden', (database) => {
  let app: FastifyInstance;
  let author: SignedInTestUser;
  let reporters: SignedInTestUser[];
  let moderator: SignedInTestUser;
  let placeId = '';

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    author = await signInAs(app, 'Hidden_Author');
    reporters = [];
    for (let index = 0; index < REPORTERS_TO_HIDE + 1; index += 1) {
      reporters.push(await signInAs(app, `Hidden_Reporter_${index}`));
    }
    moderator = await signInAs(app, 'Hidden_Mod');
    await setRole(database(), 'Hidden_Mod', 'moderator');
    placeId = (await addPlace(app, author, { name: 'Hidden Things Park' })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const reporter = (index: number): SignedInTestUser => {
    const person = reporters[index];
    if (!person) throw new Error(`no reporter ${index}`);
    return person;
  };

  const addComment = async (text: string, onPlace = placeId) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/locations/${onPlace}/comments`,
      headers: author.headers,
      payload: { text },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ comment: { id: string } }>().comment.id;
  };

  const report = (index: number, targetType: string, targetId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: reporter(index).headers,
      payload: { targetType, targetId, reason: 'spam-or-abuse' },
    });

  /** Reported by enough different people to be hidden until a moderator decides. */
  const hideByReports = async (commentId: string) => {
    for (let index = 0; index < REPORTERS_TO_HIDE; index += 1) {
      expect((await report(index, 'comment', commentId)).statusCode).toBe(201);
    }
  };

  const decide = (targetType: string, targetId: string, decision: string) =>
    app.inject({
      method: 'POST',
      url: '/api/moderation/reports/decision',
      headers: moderator.headers,
      payload: { targetType, targetId, decision },
    });

  const publicProfile = async () =>
    (
      await app.inject({ method: 'GET', url: '/api/users/Hidden_Author', headers: SAME_ORIGIN })
    ).json<ProfileComments>();

  const ownContributions = async () =>
    (
      await app.inject({ method: 'GET', url: '/api/me/contributions', headers: author.headers })
    ).json<ProfileComments>();

  describe('profiles', () => {
    it('leave a hidden comment off the public profile and its count; the author sees it marked hidden', async () => {
      const shown = await addComment('Great swings');
      const hiddenByReports = await addComment('Rude words hidden by reports');
      const hiddenByModerator = await addComment('Rude words hidden by a moderator');
      await hideByReports(hiddenByReports);
      expect((await report(0, 'comment', hiddenByModerator)).statusCode).toBe(201);
      expect((await decide('comment', hiddenByModerator, 'hide')).statusCode).toBe(200);

      const profile = await publicProfile();
      expect(profile.comments.map((comment) => comment.id)).toEqual([shown]);
      expect(profile.counts.comments).toBe(1);
      expect(JSON.stringify(profile)).not.toContain('Rude words');

      const own = await ownContributions();
      expect(own.comments.map((comment) => [comment.id, comment.hidden])).toEqual([
        [hiddenByModerator, true],
        [hiddenByReports, true],
        [shown, false],
      ]);
      expect(own.counts.comments).toBe(3);
    });
  });

  describe('counts', () => {
    it('count only the comments people see: hidden ones leave "Comments (n)", shown again ones return', async () => {
      const countedPlace = (await addPlace(app, author, { name: 'Counted Comments Park' })).id;
      const countOf = async () => {
        const response = await app.inject({ url: `/api/locations/${countedPlace}`, headers: SAME_ORIGIN });
        const body = response.json<{ commentCount: number; comments: { id: string }[] }>();
        // The count and the list a person sees agree.
        expect(body.commentCount).toBe(body.comments.length);
        return body.commentCount;
      };
      const shown = await addComment('Counted and shown', countedPlace);
      const byReports = await addComment('Counted until reported', countedPlace);
      const byModerator = await addComment('Counted until a moderator hid it', countedPlace);
      expect(await countOf()).toBe(3);
      expect((await report(0, 'comment', byModerator)).statusCode).toBe(201);
      expect((await decide('comment', byModerator, 'hide')).statusCode).toBe(200);
      expect(await countOf()).toBe(2);
      await hideByReports(byReports);
      expect(await countOf()).toBe(1);
      // Hiding again what is hidden changes nothing.
      expect((await decide('comment', byReports, 'hide')).statusCode).toBe(200);
      expect(await countOf()).toBe(1);
      const another = await addComment('Reported, then dismissed', countedPlace);
      await hideByReports(another);
      expect(await countOf()).toBe(1);
      expect((await decide('comment', another, 'dismiss')).statusCode).toBe(200);
      expect(await countOf()).toBe(2);
      // Deleting a hidden comment takes nothing more off; deleting a shown one does.
      const hiddenRemoved = await app.inject({
        method: 'DELETE',
        url: `/api/locations/${countedPlace}/comments/${byModerator}`,
        headers: moderator.headers,
      });
      expect(hiddenRemoved.statusCode, hiddenRemoved.body).toBe(200);
      expect(await countOf()).toBe(2);
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/locations/${countedPlace}/comments/${shown}`,
        headers: author.headers,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await countOf()).toBe(1);
    });
  });

  describe('photos on hidden comments', () => {
    const place = async () =>
      (await app.inject({ method: 'GET', url: `/api/locations/${placeId}`, headers: SAME_ORIGIN })).json<{
        imageUrls: string[];
        imageMetaData: { url: string }[];
      }>();

    it('refuses a photo on a comment hidden by reports (409), so it cannot go public that way', async () => {
      const commentId = await addComment('Hidden, then a photo');
      await hideByReports(commentId);
      const body = multipartPhoto(await smallPng());
      const response = await app.inject({
        method: 'POST',
        url: `/api/locations/${placeId}/comments/${commentId}/photo`,
        headers: { ...author.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'comment_hidden',
          message: 'This comment is hidden from others after reports, so no photo can be added to it.',
        },
      });
      expect(JSON.stringify(await place())).not.toContain(commentId);
    });

    it("leaves a hidden comment's photo off the place page even if the photo itself is not marked hidden", async () => {
      const commentId = await addComment('Photo first, hidden later');
      const photo = await uploadPhoto(app, author, `/api/locations/${placeId}/comments/${commentId}/photo`);
      expect((await place()).imageUrls).toContain(photo.url);
      // As a photo that arrived while its comment was being hidden would be.
      await database().query(
        sql`update comments set hidden_at = now(), hidden_by = 'reports' where id = ${commentId}`,
      );
      const after = await place();
      expect(after.imageUrls).not.toContain(photo.url);
      expect(after.imageMetaData.map((meta) => meta.url)).not.toContain(photo.url);
    });
  });

  describe("a moderator's hiding is for good", () => {
    const visibleCommentIds = async () =>
      (await app.inject({ method: 'GET', url: `/api/locations/${placeId}/comments`, headers: SAME_ORIGIN }))
        .json<{ id: string }[]>()
        .map((comment) => comment.id);

    it('refuses a new report on what a moderator hid (404: it is gone for everyone)', async () => {
      const commentId = await addComment('Hidden for good');
      expect((await report(0, 'comment', commentId)).statusCode).toBe(201);
      expect((await decide('comment', commentId, 'hide')).statusCode).toBe(200);

      const again = await report(1, 'comment', commentId);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({
        error: { code: 'not_found', message: 'A moderator has already taken this comment down.' },
      });
      // Nothing waits in the queue, so no later "dismiss" can show it again.
      const queue = await app.inject({
        method: 'GET',
        url: '/api/moderation/reports',
        headers: moderator.headers,
      });
      expect(queue.body).not.toContain(commentId);
      expect(await visibleCommentIds()).not.toContain(commentId);
    });

    it('keeps hidden what a moderator hid when later reports on it are dismissed', async () => {
      const commentId = await addComment('Hidden for good, reported again');
      expect((await report(0, 'comment', commentId)).statusCode).toBe(201);
      expect((await decide('comment', commentId, 'hide')).statusCode).toBe(200);
      // A report that was open before this change, or slipped past it: dismissing it must
      // not undo the moderator's decision.
      await database().query(
        sql`insert into reports (target_type, target_id, location_id, comment_id, reporter_user_id, reason)
            select 'comment', ${commentId}, ${placeId}, ${commentId}, id, 'other' from users
            where user_name = ${reporter(1).userName}`,
      );
      expect((await decide('comment', commentId, 'dismiss')).statusCode).toBe(200);
      expect(await visibleCommentIds()).not.toContain(commentId);
    });

    it('shows again on dismiss what only reports hid', async () => {
      const commentId = await addComment('Hidden by reports, then dismissed');
      await hideByReports(commentId);
      expect(await visibleCommentIds()).not.toContain(commentId);
      expect((await decide('comment', commentId, 'dismiss')).statusCode).toBe(200);
      expect(await visibleCommentIds()).toContain(commentId);
    });

    it('refuses reports on a place photo a moderator hid, which stays out of sight', async () => {
      const photo = await uploadPhoto(app, author, `/api/locations/${placeId}/photos`);
      const photoId = (
        await app.inject({ method: 'GET', url: `/api/locations/${placeId}`, headers: SAME_ORIGIN })
      )
        .json<{ imageMetaData: { id: string; url: string }[] }>()
        .imageMetaData.find((meta) => meta.url === photo.url)?.id;
      if (!photoId) throw new Error('photo not listed');
      expect((await report(0, 'photo', photoId)).statusCode).toBe(201);
      expect((await decide('photo', photoId, 'hide')).statusCode).toBe(200);
      const again = await report(1, 'photo', photoId);
      expect(again.json()).toEqual({
        error: { code: 'not_found', message: 'A moderator has already taken this photo down.' },
      });
      const page = await app.inject({
        method: 'GET',
        url: `/api/locations/${placeId}`,
        headers: SAME_ORIGIN,
      });
      expect(page.body).not.toContain(photo.url);
    });
  });
});
