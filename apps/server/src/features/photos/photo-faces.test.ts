/**
 * Faces through the API (issue 21): an uploaded photo's stored image and thumbnail have the
 * face blurred, the preview shows the same before anything is stored, the uploader's own
 * boxes are blurred too (whatever order the parts come in), and bad boxes are refused.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { photoPreviewSchema } from '@playspot/core';
import { testAuthConfig, testStorage } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { detailIn, type Area } from '../../../test/image-energy.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { multipartParts } from '../../../test/upload-fixtures.ts';
import { buildApp } from '../../app.ts';

const fixture = (name: string) => readFile(new URL(`../../../test/fixtures/faces/${name}`, import.meta.url));
/** The astronaut's face in astronaut.jpg, see test/fixtures/faces/SOURCE.md. */
const FACE: Area = { x: 181 / 512, y: 71 / 512, width: 84 / 512, height: 103 / 512 };
const CUP: Area = { x: 0.3, y: 0.15, width: 0.4, height: 0.5 };

describeEachBackend('faces in uploaded photos', (database) => {
  let app: FastifyInstance;
  let parent: SignedInTestUser;
  let locationId = '';

  beforeAll(async () => {
    app = await buildApp({ database: database(), storage: testStorage(), auth: testAuthConfig() });
    parent = await signInAs(app, 'Face_Parent');
    locationId = (await addPlace(app, parent)).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const photoPart = async (name: string) => ({
    name: 'photo',
    file: await fixture(name),
    fileName: name,
    contentType: 'image/jpeg',
  });
  const send = (
    url: string,
    parts: Parameters<typeof multipartParts>[0],
    user: SignedInTestUser | null = parent,
  ) => {
    const body = multipartParts(parts);
    return app.inject({
      method: 'POST',
      url,
      headers: { ...(user?.headers ?? {}), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const served = async (url: string) => (await app.inject({ method: 'GET', url })).rawPayload;
  const originalAt = async (name: string, width: number) =>
    sharp(await fixture(name))
      .resize(width)
      .png()
      .toBuffer();

  it('stores the photo and its thumbnail with the face blurred, and says so', async () => {
    const response = await send(`/api/locations/${locationId}/photos`, [await photoPart('astronaut.jpg')]);
    expect(response.statusCode, response.body).toBe(201);
    const { photo, facesBlurred } = response.json<{
      photo: { url: string; thumbnailUrl: string; width: number };
      facesBlurred: number;
    }>();
    expect(facesBlurred).toBe(1);
    for (const url of [photo.url, photo.thumbnailUrl]) {
      const stored = await served(url);
      const { width } = await sharp(stored).metadata();
      const before = await detailIn(await originalAt('astronaut.jpg', width), FACE);
      expect(await detailIn(stored, FACE)).toBeLessThan(before * 0.2);
    }
  });

  it('previews the photo blurred, without storing anything', async () => {
    const [before] = await database().query<{ n: number }>(sql`select count(*)::int as n from images`);
    const response = await send('/api/photos/preview', [await photoPart('astronaut.jpg')]);
    expect(response.statusCode, response.body).toBe(200);
    const preview = photoPreviewSchema.parse(response.json());
    expect(preview.faces).toHaveLength(1);
    const image = Buffer.from(preview.preview.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    expect((await sharp(image).metadata()).width).toBe(preview.width);
    const original = await originalAt('astronaut.jpg', preview.width);
    expect(await detailIn(image, FACE)).toBeLessThan((await detailIn(original, FACE)) * 0.2);
    const [after] = await database().query<{ n: number }>(sql`select count(*)::int as n from images`);
    expect(after?.n).toBe(before?.n);
  });

  it('blurs the boxes the uploader added, sent before or after the photo', async () => {
    const boxes = { name: 'blurBoxes', value: JSON.stringify([CUP]) };
    for (const parts of [
      [boxes, await photoPart('coffee.jpg')],
      [await photoPart('coffee.jpg'), boxes],
    ]) {
      const response = await send(`/api/locations/${locationId}/photos`, parts);
      expect(response.statusCode, response.body).toBe(201);
      const { photo, facesBlurred } = response.json<{ photo: { url: string }; facesBlurred: number }>();
      expect(facesBlurred).toBe(0);
      const stored = await served(photo.url);
      const { width } = await sharp(stored).metadata();
      const original = await originalAt('coffee.jpg', width);
      expect(await detailIn(stored, CUP)).toBeLessThan((await detailIn(original, CUP)) * 0.25);
    }
  });

  it('leaves a photo without faces or boxes as sharp as it came', async () => {
    const response = await send('/api/photos/preview', [await photoPart('coffee.jpg')]);
    const preview = photoPreviewSchema.parse(response.json());
    expect(preview.faces).toEqual([]);
    const image = Buffer.from(preview.preview.split(',')[1] ?? '', 'base64');
    const original = await originalAt('coffee.jpg', preview.width);
    expect(await detailIn(image, CUP)).toBeGreaterThan((await detailIn(original, CUP)) * 0.7);
  });

  it.each<[string, string]>([
    ['not JSON', '[{x:'],
    ['not an array', '{"x":0.1,"y":0.1,"width":0.1,"height":0.1}'],
    ['outside the picture', '[{"x":0.95,"y":0.1,"width":0.1,"height":0.1}]'],
    ['an unknown field in a box', '[{"x":0.1,"y":0.1,"width":0.1,"height":0.1,"keep":true}]'],
    ['too many boxes', JSON.stringify(Array.from({ length: 21 }, () => CUP))],
  ])('refuses blur boxes that are %s, with 400 and nothing stored', async (_name, value) => {
    const [before] = await database().query<{ n: number }>(sql`select count(*)::int as n from images`);
    for (const url of [`/api/locations/${locationId}/photos`, '/api/photos/preview']) {
      const response = await send(url, [{ name: 'blurBoxes', value }, await photoPart('coffee.jpg')]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'bad_request', message: expect.stringMatching(/blurBoxes/) as string },
      });
    }
    const [after] = await database().query<{ n: number }>(sql`select count(*)::int as n from images`);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses an unknown field, a file in another field, and a missing photo', async () => {
    const cases = [
      [{ name: 'keepOriginal', value: 'yes' }, await photoPart('coffee.jpg')],
      [{ ...(await photoPart('coffee.jpg')), name: 'picture' }],
      [{ name: 'blurBoxes', value: '[]' }],
    ];
    for (const parts of cases) {
      const response = await send('/api/photos/preview', parts);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
  });

  it('asks a signed-out visitor to sign in for a preview', async () => {
    const response = await send('/api/photos/preview', [await photoPart('coffee.jpg')], null);
    expect(response.statusCode).toBe(401);
  });
});
