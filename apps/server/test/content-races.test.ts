/**
 * Double taps and crossing deletions on comments, photos and reports (issue 13 review): a
 * thing deleted twice at once is counted and paid back once, and a report, comment or photo
 * that crosses the deletion of its place or comment answers 404, never 500 (a deadlock or a
 * foreign key violation) or 503. PGlite runs one transaction at a time, so these races only
 * happen on PostgreSQL; the same tests run on both.
 */
import { ACCOUNT_DELETION_PLACE_ID, ERROR_MESSAGES, pointsForAction } from '@playspot/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testAuthConfig, testStorage } from './app-options.ts';
import { describeEachBackend } from './database.ts';
import { addPlace, AUCKLAND } from './places-fixtures.ts';
import { setRole, signInAs, type SignedInTestUser } from './sign-in.ts';
import { multipartPhoto, smallPng, uploadPhoto } from './upload-fixtures.ts';

/** Each race is run this many times: one round can miss the interleaving that fails. */
const ROUNDS = 10;

describeEachBackend('crossing deletions and double taps', (database) => {
  let app: FastifyInstance;
  let creator: SignedInTestUser;
  let author: SignedInTestUser;
  let moderator: SignedInTestUser;
  let secondModerator: SignedInTestUser;

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    creator = await signInAs(app, 'Race_Creator');
    author = await signInAs(app, 'Race_Author');
    moderator = await signInAs(app, 'Race_Mod');
    secondModerator = await signInAs(app, 'Race_Mod_Two');
    await setRole(database(), 'Race_Mod', 'moderator');
    await setRole(database(), 'Race_Mod_Two', 'moderator');
  });
  afterAll(async () => {
    await app.close();
  });

  const pointsOf = async (user: SignedInTestUser) =>
    (await app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).json<{ points: number }>()
      .points;

  const commentCountOf = async (placeId: string) =>
    (await app.inject({ method: 'GET', url: `/api/locations/${placeId}` })).json<{ commentCount: number }>()
      .commentCount;

  const addComment = async (placeId: string, user = author) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/locations/${placeId}/comments`,
      headers: user.headers,
      payload: { text: 'Lovely shade in the afternoon' },
    });
    if (response.statusCode !== 201) throw new Error(`comment failed: ${response.body}`);
    return response.json<{ comment: { id: string } }>().comment.id;
  };

  const deleteComment = (placeId: string, commentId: string, user: SignedInTestUser) =>
    app.inject({
      method: 'DELETE',
      url: `/api/locations/${placeId}/comments/${commentId}`,
      headers: user.headers,
    });

  /** Status and, for errors, the message: what a failing expectation should show. */
  const outcome = (response: LightMyRequestResponse) =>
    response.statusCode < 300
      ? response.statusCode
      : `${response.statusCode} ${response.json<{ error: { message: string } }>().error.message}`;

  it('counts a comment deleted twice at once (author and moderator, or a double tap) once', async () => {
    const placeId = (await addPlace(app, creator, { name: 'Double Delete Park' })).id;
    for (let round = 0; round < ROUNDS; round += 1) {
      const commentId = await addComment(placeId);
      const [countBefore, pointsBefore] = [await commentCountOf(placeId), await pointsOf(author)];
      const second = round % 2 === 0 ? moderator : author;
      const responses = await Promise.all([
        deleteComment(placeId, commentId, author),
        deleteComment(placeId, commentId, second),
      ]);
      expect(responses.map(outcome).sort()).toEqual([200, `404 ${ERROR_MESSAGES.commentNotFound}`]);
      expect(await commentCountOf(placeId)).toBe(countBefore - 1);
      expect(await pointsOf(author)).toBe(pointsBefore - pointsForAction('comment'));
    }
  }, 60_000);

  it('takes back a photo’s points once when it is deleted twice at once', async () => {
    const placeId = (await addPlace(app, creator, { name: 'Double Photo Delete Park' })).id;
    for (let round = 0; round < ROUNDS; round += 1) {
      const uploaded = await uploadPhoto(app, author, `/api/locations/${placeId}/photos`);
      const place = await app.inject({ method: 'GET', url: `/api/locations/${placeId}` });
      const photoId = place
        .json<{ imageMetaData: { id: string; url: string }[] }>()
        .imageMetaData.find((meta) => meta.url === uploaded.url)?.id;
      const pointsBefore = await pointsOf(author);
      const remove = (user: SignedInTestUser) =>
        app.inject({
          method: 'DELETE',
          url: `/api/locations/${placeId}/photos/${photoId ?? ''}`,
          headers: user.headers,
        });
      const responses = await Promise.all([remove(author), remove(round % 2 === 0 ? moderator : author)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
      expect(await pointsOf(author)).toBe(pointsBefore - pointsForAction('locationImage'));
    }
  }, 60_000);

  it('counts a reported comment once when a moderator deletes it as its author does', async () => {
    const placeId = (await addPlace(app, creator, { name: 'Reported Double Delete Park' })).id;
    const reporter = await signInAs(app, 'Race_Reporter');
    for (let round = 0; round < ROUNDS; round += 1) {
      const commentId = await addComment(placeId);
      await app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: reporter.headers,
        payload: { targetType: 'comment', targetId: commentId, reason: 'spam-or-abuse' },
      });
      const [countBefore, pointsBefore] = [await commentCountOf(placeId), await pointsOf(author)];
      const responses = await Promise.all([
        deleteComment(placeId, commentId, author),
        app.inject({
          method: 'POST',
          url: '/api/moderation/reports/decision',
          headers: moderator.headers,
          payload: { targetType: 'comment', targetId: commentId, decision: 'delete' },
        }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
      expect(await commentCountOf(placeId)).toBe(countBefore - 1);
      expect(await pointsOf(author)).toBe(pointsBefore - pointsForAction('comment'));
    }
  }, 60_000);

  const deletePlace = (placeId: string, owner: SignedInTestUser) =>
    app.inject({ method: 'DELETE', url: `/api/locations/${placeId}`, headers: owner.headers });

  /** A new person to add this test's places: each person may add 60 a minute. */
  let placeAdders = 0;
  const newPlaceAdder = () => signInAs(app, `Race_Adder_${(placeAdders += 1)}`);

  const report = (user: SignedInTestUser, targetType: string, targetId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: user.headers,
      payload: { targetType, targetId, reason: 'spam-or-abuse' },
    });

  const placePhotoId = async (placeId: string) => {
    const uploaded = await uploadPhoto(app, author, `/api/locations/${placeId}/photos`);
    const place = await app.inject({ method: 'GET', url: `/api/locations/${placeId}` });
    const id = place
      .json<{ imageMetaData: { id: string; url: string }[] }>()
      .imageMetaData.find((meta) => meta.url === uploaded.url)?.id;
    if (!id) throw new Error('photo not listed');
    return id;
  };

  /**
   * Runs `act` on something on a fresh place while the place is deleted, ROUNDS times: the
   * place's deletion always succeeds, and `act` answers one of `allowed`.
   */
  async function raceWithPlaceDeletion(
    prepare: (placeId: string) => Promise<string>,
    act: (placeId: string, targetId: string) => Promise<LightMyRequestResponse>,
    allowed: (number | string)[],
  ) {
    const owner = await newPlaceAdder();
    for (let round = 0; round < ROUNDS; round += 1) {
      const placeId = (await addPlace(app, owner, { name: `Closing Park ${round}` })).id;
      const targetId = await prepare(placeId);
      const [acted, deleted] = await Promise.all([act(placeId, targetId), deletePlace(placeId, owner)]);
      expect(outcome(deleted)).toBe(200);
      expect(allowed).toContain(outcome(acted));
    }
  }

  const GONE = (what: string) => `404 There is no such ${what}.`;

  it('reports a comment while its place is deleted: 201 or 404, never a deadlock', async () => {
    await raceWithPlaceDeletion(
      (placeId) => addComment(placeId),
      (_placeId, commentId) => report(moderator, 'comment', commentId),
      [201, GONE('comment')],
    );
  }, 60_000);

  it('reports a photo while its place is deleted: 201 or 404, never a deadlock', async () => {
    await raceWithPlaceDeletion(
      (placeId) => placePhotoId(placeId),
      (_placeId, photoId) => report(moderator, 'photo', photoId),
      [201, GONE('photo')],
    );
  }, 60_000);

  it('deletes a comment while its place is deleted: 200 or 404, never a deadlock', async () => {
    await raceWithPlaceDeletion(
      (placeId) => addComment(placeId),
      (placeId, commentId) => deleteComment(placeId, commentId, author),
      [200, `404 ${ERROR_MESSAGES.commentNotFound}`],
    );
  }, 60_000);

  it('decides on a reported comment or photo while its place is deleted: 200 or 404', async () => {
    const decide = (targetType: string, targetId: string, decision: string) =>
      app.inject({
        method: 'POST',
        url: '/api/moderation/reports/decision',
        headers: moderator.headers,
        payload: { targetType, targetId, decision },
      });
    const reported = async (targetType: string, targetId: string) => {
      expect((await report(author, targetType, targetId)).statusCode).toBe(201);
      return targetId;
    };
    await raceWithPlaceDeletion(
      async (placeId) => reported('comment', await addComment(placeId, creator)),
      (_placeId, commentId) => decide('comment', commentId, 'delete'),
      [200, GONE('comment')],
    );
    await raceWithPlaceDeletion(
      async (placeId) => reported('photo', await placePhotoId(placeId)),
      (_placeId, photoId) => decide('photo', photoId, 'hide'),
      [200, GONE('photo')],
    );
  }, 120_000);

  it('takes a comment posted while its place is deleted (201) or answers 404, never a foreign-key 500', async () => {
    await raceWithPlaceDeletion(
      () => Promise.resolve(''),
      (placeId) =>
        app.inject({
          method: 'POST',
          url: `/api/locations/${placeId}/comments`,
          headers: author.headers,
          payload: { text: 'Just in time?' },
        }),
      [201, `404 ${ERROR_MESSAGES.placeDoesNotExist}`],
    );
  }, 60_000);

  it('takes an event or a removal request made while its place is deleted, or answers 404', async () => {
    await raceWithPlaceDeletion(
      () => Promise.resolve(''),
      (placeId) =>
        app.inject({
          method: 'POST',
          url: '/api/events',
          headers: author.headers,
          payload: {
            locationId: placeId,
            title: 'Playgroup',
            dayOfWeek: 'Sunday',
            time: '10:00',
            repeatPattern: 'Week',
          },
        }),
      [201, `404 ${ERROR_MESSAGES.placeDoesNotExist}`],
    );
    await raceWithPlaceDeletion(
      () => Promise.resolve(''),
      (placeId) =>
        app.inject({
          method: 'POST',
          url: '/api/removal-requests',
          headers: author.headers,
          payload: { locationId: placeId, reason: 'Closed for good' },
        }),
      [201, `404 ${ERROR_MESSAGES.placeDoesNotExist}`],
    );
  }, 120_000);

  it('logs a visit made while its place is deleted (201) or answers 404', async () => {
    await raceWithPlaceDeletion(
      () => Promise.resolve(''),
      (placeId) =>
        app.inject({
          method: 'POST',
          url: `/api/locations/${placeId}/visits`,
          headers: author.headers,
          // At the place (the fixtures' spot): a visit needs the device there.
          payload: { lat: AUCKLAND.lat, lng: AUCKLAND.lng, accuracy: 10 },
        }),
      [201, `404 ${ERROR_MESSAGES.placeDoesNotExist}`],
    );
  }, 60_000);

  const postPhoto = async (url: string, uploader: SignedInTestUser) => {
    const body = multipartPhoto(await smallPng());
    return app.inject({
      method: 'POST',
      url,
      headers: { ...uploader.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('takes a photo uploaded while its place is deleted (201) or answers 404', async () => {
    // Someone who has not shared photos yet: uploads are limited per person and minute.
    const uploader = await signInAs(app, 'Race_Place_Photographer');
    await raceWithPlaceDeletion(
      () => Promise.resolve(''),
      (placeId) => postPhoto(`/api/locations/${placeId}/photos`, uploader),
      [201, `404 ${ERROR_MESSAGES.placeDoesNotExist}`],
    );
  }, 60_000);

  it('takes a photo on a comment deleted meanwhile (201) or answers 404', async () => {
    const placeId = (await addPlace(app, await newPlaceAdder(), { name: 'Vanishing Comments Park' })).id;
    const uploader = await signInAs(app, 'Race_Comment_Photographer');
    for (let round = 0; round < ROUNDS; round += 1) {
      const commentId = await addComment(placeId, uploader);
      const [uploaded, deleted] = await Promise.all([
        postPhoto(`/api/locations/${placeId}/comments/${commentId}/photo`, uploader),
        deleteComment(placeId, commentId, moderator),
      ]);
      expect(outcome(deleted)).toBe(200);
      expect([201, `404 ${ERROR_MESSAGES.commentNotFound}`]).toContain(outcome(uploaded));
    }
  }, 60_000);

  it('approves two removal requests for one place at once: one removes it, the other is already decided', async () => {
    const asker = await signInAs(app, 'Race_Asker');
    const requestRemoval = async (user: SignedInTestUser, locationId: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/removal-requests',
        headers: user.headers,
        payload: { locationId, reason: 'Closed for good' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ removalRequest: { id: string } }>().removalRequest.id;
    };
    const approve = (id: string, user: SignedInTestUser) =>
      app.inject({
        method: 'POST',
        url: `/api/moderation/removal-requests/${id}/decision`,
        headers: user.headers,
        payload: { decision: 'approve' },
      });
    const owner = await newPlaceAdder();
    for (let round = 0; round < ROUNDS; round += 1) {
      const placeId = (await addPlace(app, owner, { name: `Doubly Closed Park ${round}` })).id;
      const ids = [await requestRemoval(author, placeId), await requestRemoval(asker, placeId)];
      const responses = await Promise.all([
        approve(ids[0] ?? '', moderator),
        approve(ids[1] ?? '', secondModerator),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect((await app.inject({ method: 'GET', url: `/api/locations/${placeId}` })).statusCode).toBe(404);
    }
  }, 60_000);

  it('deletes an account while one of its places is deleted: both succeed', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const leaver = await signInAs(app, `Race_Leaver_${round}`);
      const placeId = (await addPlace(app, leaver, { name: `Leaver's Park ${round}` })).id;
      await addComment(placeId, leaver);
      const request = await app.inject({
        method: 'POST',
        url: '/api/removal-requests',
        headers: leaver.headers,
        payload: { locationId: ACCOUNT_DELETION_PLACE_ID, reason: 'Please delete my account' },
      });
      const requestId = request.json<{ removalRequest: { id: string } }>().removalRequest.id;
      const [approved, deleted] = await Promise.all([
        app.inject({
          method: 'POST',
          url: `/api/moderation/removal-requests/${requestId}/decision`,
          headers: moderator.headers,
          payload: { decision: 'approve' },
        }),
        deletePlace(placeId, secondModerator),
      ]);
      expect([outcome(approved), outcome(deleted)]).toEqual([200, 200]);
    }
  }, 60_000);
});
