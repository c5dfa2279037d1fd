/**
 * Deleting one photo (issue 13): who may (uploader, the place's creator for the place's own
 * photos, moderators, admins), what goes (the row, both files, the uploader's points), what
 * the place page says about it (canDelete per viewer), and bad requests.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { storageKeyOf, uploadPhoto } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';
import type { LocalDiskStorage } from '../../storage/local-storage.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

interface PhotoMeta {
  id: string;
  url: string;
  commentId?: string;
  canDelete: boolean;
}

describeEachBackend('deleting one photo', (database) => {
  let app: FastifyInstance;
  let storage: LocalDiskStorage;
  let creator: SignedInTestUser;
  let uploader: SignedInTestUser;
  let member: SignedInTestUser;
  let moderator: SignedInTestUser;
  let admin: SignedInTestUser;
  let placeId = '';

  beforeAll(async () => {
    storage = testStorage();
    app = await buildApp({ database: database(), storage, auth: testAuthConfig() });
    creator = await signInAs(app, 'Place_Creator');
    uploader = await signInAs(app, 'Photo_Uploader');
    member = await signInAs(app, 'Just_Member');
    moderator = await signInAs(app, 'Photo_Mod');
    admin = await signInAs(app, 'Photo_Admin');
    await setRole(database(), 'Photo_Mod', 'moderator');
    await setRole(database(), 'Photo_Admin', 'admin');
    placeId = (await addPlace(app, creator, { name: 'Photo Deletion Park' })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const photosOf = async (viewer: SignedInTestUser | null, id = placeId) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/locations/${id}`,
      headers: viewer ? viewer.headers : SAME_ORIGIN,
    });
    return response.json<{ imageMetaData: PhotoMeta[]; imageUrls: string[] }>();
  };

  /** Uploads a place photo as `user`; returns its id and both file keys. */
  const addPlacePhoto = async (user = uploader) => {
    const uploaded = await uploadPhoto(app, user, `/api/locations/${placeId}/photos`);
    const meta = (await photosOf(user)).imageMetaData.find((photo) => photo.url === uploaded.url);
    if (!meta) throw new Error('uploaded photo not listed');
    return { id: meta.id, keys: [uploaded.url, uploaded.thumbnailUrl].map(storageKeyOf) };
  };

  const remove = (photoId: string, user: SignedInTestUser | null, id = placeId) =>
    app.inject({
      method: 'DELETE',
      url: `/api/locations/${id}/photos/${photoId}`,
      headers: user ? user.headers : SAME_ORIGIN,
    });

  const pointsOf = async (user: SignedInTestUser) =>
    (await app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).json<{ points: number }>()
      .points;

  const filesExist = (keys: string[]) =>
    Promise.all(keys.map(async (key) => (await storage.get(key)) !== null));

  it('tells each viewer whether they may delete each photo', async () => {
    const photo = await addPlacePhoto();
    const canDeleteFor = async (viewer: SignedInTestUser | null) =>
      (await photosOf(viewer)).imageMetaData.find((meta) => meta.id === photo.id)?.canDelete;
    expect(await canDeleteFor(null)).toBe(false);
    expect(await canDeleteFor(member)).toBe(false);
    expect(await canDeleteFor(uploader)).toBe(true);
    expect(await canDeleteFor(creator)).toBe(true);
    expect(await canDeleteFor(moderator)).toBe(true);
    expect(await canDeleteFor(admin)).toBe(true);
    // Ids of people never leave the server.
    expect(JSON.stringify(await photosOf(member))).not.toMatch(/uploadedByUserId|userId/);
  });

  it('lets the uploader delete their photo: the row and both files go, and the 100 points it earned', async () => {
    const photo = await addPlacePhoto();
    const before = await pointsOf(uploader);
    expect(await filesExist(photo.keys)).toEqual([true, true]);

    const response = await remove(photo.id, uploader);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ deleted: true, reward: { change: -100 } });
    expect(await pointsOf(uploader)).toBe(before - 100);
    expect(await filesExist(photo.keys)).toEqual([false, false]);
    const after = await photosOf(null);
    expect(after.imageMetaData.map((meta) => meta.id)).not.toContain(photo.id);
    // Deleting it again finds nothing.
    expect((await remove(photo.id, uploader)).statusCode).toBe(404);
  });

  it.each([
    ['the place’s creator', () => creator],
    ['a moderator', () => moderator],
    ['an admin', () => admin],
  ])('lets %s delete someone else’s photo; the uploader still loses its points', async (_who, who) => {
    const photo = await addPlacePhoto();
    const before = await pointsOf(uploader);
    const response = await remove(photo.id, who());
    expect(response.statusCode).toBe(200);
    // The reward is the caller's own: nothing changed for them.
    expect(response.json()).toEqual({ deleted: true, reward: null });
    expect(await pointsOf(uploader)).toBe(before - 100);
    expect(await filesExist(photo.keys)).toEqual([false, false]);
  });

  it('refuses signed-out callers (401) and other members (403), and keeps the photo', async () => {
    const photo = await addPlacePhoto();
    expect((await remove(photo.id, null)).statusCode).toBe(401);
    const refused = await remove(photo.id, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    expect(await filesExist(photo.keys)).toEqual([true, true]);
  });

  it('lets a comment’s author delete its photo, but not the place’s creator', async () => {
    const comment = await app.inject({
      method: 'POST',
      url: `/api/locations/${placeId}/comments`,
      headers: uploader.headers,
      payload: { text: 'See the new swings' },
    });
    const commentId = comment.json<{ comment: { id: string } }>().comment.id;
    const uploaded = await uploadPhoto(
      app,
      uploader,
      `/api/locations/${placeId}/comments/${commentId}/photo`,
    );
    const meta = (await photosOf(creator)).imageMetaData.find((photo) => photo.commentId === commentId);
    expect(meta?.canDelete).toBe(false);
    const photoId = meta?.id ?? '';
    expect((await remove(photoId, creator)).statusCode).toBe(403);

    const before = await pointsOf(uploader);
    expect((await remove(photoId, uploader)).statusCode).toBe(200);
    expect(await pointsOf(uploader)).toBe(before - 100);
    expect(await filesExist([uploaded.url, uploaded.thumbnailUrl].map(storageKeyOf))).toEqual([false, false]);
    const comments = await app.inject({ method: 'GET', url: `/api/locations/${placeId}/comments` });
    expect(
      comments.json<{ id: string; imageUrl: string | null }[]>().find((c) => c.id === commentId),
    ).toMatchObject({ imageUrl: null });
  });

  describe('bad requests', () => {
    it.each([
      ['a photo id that is not a uuid', () => `/api/locations/${placeId}/photos/photo-1`, 400],
      ['a place id that is not a uuid', () => `/api/locations/nope/photos/${MISSING}`, 400],
      ['a photo that does not exist', () => `/api/locations/${placeId}/photos/${MISSING}`, 404],
    ])('answers %s with %i', async (_case, url, status) => {
      const response = await app.inject({ method: 'DELETE', url: url(), headers: moderator.headers });
      expect(response.statusCode).toBe(status);
      expect(response.json<{ error: { code: string } }>().error.code).toEqual(expect.any(String));
    });

    it('answers 404 for a photo of another place (the id alone is not enough)', async () => {
      const photo = await addPlacePhoto();
      const elsewhere = (await addPlace(app, creator, { name: 'Another Park' })).id;
      expect((await remove(photo.id, moderator, elsewhere)).statusCode).toBe(404);
      expect(await filesExist(photo.keys)).toEqual([true, true]);
    });
  });
});
