import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import { uploadPhoto } from '../../../test/upload-fixtures.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describeEachBackend('comments API', (database) => {
  let app: FastifyInstance;
  let author: SignedInTestUser;
  let other: SignedInTestUser;
  let moderator: SignedInTestUser;
  let admin: SignedInTestUser;
  let locationId = '';

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    author = await signInAs(app, 'Author');
    other = await signInAs(app, 'Other');
    moderator = await signInAs(app, 'Moderator');
    admin = await signInAs(app, 'Admin');
    await setRole(database(), 'Moderator', 'moderator');
    await setRole(database(), 'Admin', 'admin');
    locationId = (await addPlace(app, other)).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const add = (user: SignedInTestUser, text: unknown, id = locationId) =>
    app.inject({
      method: 'POST',
      url: `/api/locations/${id}/comments`,
      headers: user.headers,
      payload: { text },
    });

  it('adds a comment with +100 points and lists it on the location, newest first', async () => {
    const first = await add(author, 'Great swings!');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      comment: { text: 'Great swings!', userName: 'Author', imageUrl: null },
      reward: { change: 100, points: 100, level: 2, leveledUp: true },
    });
    await add(author, 'Toilets were closed today.');
    const place = await app.inject({ method: 'GET', url: `/api/locations/${locationId}` });
    const body = place.json<{ commentCount: number; comments: { text: string }[] }>();
    expect(body.commentCount).toBe(2);
    expect(body.comments.map((comment) => comment.text)).toEqual([
      'Toilets were closed today.',
      'Great swings!',
    ]);
  });

  it.each([
    ['empty text', ''],
    ['text that is only spaces', '   '],
    ['too long text', 'x'.repeat(5000)],
    ['a number', 5],
  ])('refuses %s with 400', async (_case, text) => {
    const response = await add(author, text);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toContain('text');
  });

  it("answers 404 'Location does not exist' and 401 anonymous", async () => {
    expect((await add(author, 'Hello', MISSING)).json()).toEqual({
      error: { code: 'not_found', message: 'Location does not exist' },
    });
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/locations/${locationId}/comments`,
      headers: SAME_ORIGIN,
      payload: { text: 'Hi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['its author', () => author, 200],
    ['another member', () => other, 403],
    ['a moderator', () => moderator, 403],
    ['an admin', () => admin, 403],
  ])('lets %s edit → %i', async (_who, who, status) => {
    const { comment } = (await add(author, 'Before')).json<{ comment: { id: string } }>();
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/locations/${locationId}/comments/${comment.id}`,
      headers: who().headers,
      payload: { text: 'After' },
    });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json()).toMatchObject({ text: 'After' });
  });

  it.each([
    ['another member', () => other, 403],
    ['its author', () => author, 200],
    ['a moderator', () => moderator, 200],
    ['an admin', () => admin, 200],
  ])('lets %s delete → %i', async (_who, who, status) => {
    const { comment } = (await add(author, 'Delete me')).json<{ comment: { id: string } }>();
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/locations/${locationId}/comments/${comment.id}`,
      headers: who().headers,
    });
    expect(response.statusCode).toBe(status);
    const list = await app.inject({ method: 'GET', url: `/api/locations/${locationId}/comments` });
    expect(list.json<{ id: string }[]>().some((item) => item.id === comment.id)).toBe(status !== 200);
  });

  it("answers 404 'Comment not found' for a missing comment", async () => {
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/locations/${locationId}/comments/${MISSING}`,
      headers: author.headers,
      payload: { text: 'x' },
    });
    expect(edit.json()).toEqual({ error: { code: 'not_found', message: 'Comment not found' } });
    const remove = await app.inject({
      method: 'DELETE',
      url: `/api/locations/${locationId}/comments/${MISSING}`,
      headers: author.headers,
    });
    expect(remove.statusCode).toBe(404);
  });

  it('takes the points back when the author deletes their comment', async () => {
    const newcomer = await signInAs(app, 'Commenter');
    const { comment } = (await add(newcomer, 'Hi')).json<{ comment: { id: string } }>();
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/locations/${locationId}/comments/${comment.id}`,
      headers: newcomer.headers,
    });
    expect(removed.json()).toEqual({
      deleted: true,
      reward: { change: -100, points: 0, level: 1, leveledUp: false },
    });
  });

  it('takes back the photo points too when a comment with a photo is deleted', async () => {
    const newcomer = await signInAs(app, 'Photo_Commenter');
    const { comment } = (await add(newcomer, 'Look at the slide')).json<{ comment: { id: string } }>();
    await uploadPhoto(app, newcomer, `/api/locations/${locationId}/comments/${comment.id}/photo`);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/locations/${locationId}/comments/${comment.id}`,
      headers: newcomer.headers,
    });
    expect(removed.json()).toEqual({
      deleted: true,
      reward: { change: -200, points: 0, level: 1, leveledUp: false },
    });
  });
});
