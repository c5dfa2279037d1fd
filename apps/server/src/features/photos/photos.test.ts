/**
 * Photo uploads through the API with real image files: stored at the spec's paths under
 * random names, metadata (GPS) gone, points awarded, bombs and disguised files refused.
 */
import exifr from 'exifr';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testAuthConfig } from '../../../test/app-options.ts';
import { describeEachBackend } from '../../../test/database.ts';
import { pngBomb } from '../../../test/image-fixtures.ts';
import { addPlace } from '../../../test/places-fixtures.ts';
import { SAME_ORIGIN, setRole, signInAs, type SignedInTestUser } from '../../../test/sign-in.ts';
import { buildApp } from '../../app.ts';
import { LocalDiskStorage } from '../../storage/local-storage.ts';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(file: Buffer, fileName: string, contentType: string) {
  const boundary = `----playspot${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 240, g: 140, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '36/1 51/1 35/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '174/1 46/1 31/1',
      },
    })
    .toBuffer();
}

describeEachBackend('photo uploads', (database) => {
  let app: FastifyInstance;
  let storage: LocalDiskStorage;
  let parent: SignedInTestUser;
  let other: SignedInTestUser;
  let admin: SignedInTestUser;
  let locationId = '';

  beforeAll(async () => {
    storage = new LocalDiskStorage(await mkdtemp(path.join(tmpdir(), 'playspot-photos-')));
    app = await buildApp({ database: database(), storage, auth: testAuthConfig() });
    parent = await signInAs(app, 'Photo_Parent');
    other = await signInAs(app, 'Other_Parent');
    admin = await signInAs(app, 'Deal_Admin');
    await setRole(database(), 'Deal_Admin', 'admin');
    locationId = (await addPlace(app, other)).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const upload = (
    url: string,
    user: SignedInTestUser,
    file: Buffer,
    fileName = 'photo.jpg',
    type = 'image/jpeg',
  ) => {
    const body = multipart(file, fileName, type);
    return app.inject({
      method: url.includes('/api/deals/') ? 'PUT' : 'POST',
      url,
      headers: { ...user.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  it('stores a location photo without any GPS or camera metadata, at the spec path, with +100 points', async () => {
    const original = await jpegWithGps();
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.any(Number) as number });

    const response = await upload(
      `/api/locations/${locationId}/photos`,
      parent,
      original,
      '../../etc/passwd.jpg',
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{
      photo: { url: string; thumbnailUrl: string; width: number };
      reward: { change: number };
    }>();
    expect(body.reward.change).toBe(100);
    expect(body.photo.url).toMatch(new RegExp(`^/api/files/locations/${locationId}/[0-9a-f-]{36}\\.webp$`));
    expect(body.photo.url).not.toContain('passwd');

    const served = await app.inject({ method: 'GET', url: body.photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // exifr cannot read WebP; sharp reports every metadata block the file still carries.
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const uploadedBefore = Date.now();
    const place = await app.inject({ method: 'GET', url: `/api/locations/${locationId}` });
    const [meta] = place.json<{ imageMetaData: { lastUpdatedAt: string }[] }>().imageMetaData;
    // The upload's own time, to the millisecond, as ISO 8601 UTC.
    expect(meta?.lastUpdatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(meta?.lastUpdatedAt ?? '') - uploadedBefore)).toBeLessThan(60_000);
    expect(place.json()).toMatchObject({
      imageUrls: [body.photo.url],
      imageMetaData: [
        {
          url: body.photo.url,
          thumbnailUrl: body.photo.thumbnailUrl,
          uploadedBy: { userName: 'Photo_Parent' },
        },
      ],
    });
    expect(place.body).not.toMatch(/userId/);
  });

  it('refuses a PHP or HTML file renamed .jpg, and creates nothing', async () => {
    const [before] = await database().query<{ count: number | string }>(
      sql`select count(*) as count from images`,
    );
    for (const fake of [
      Buffer.from('<?php system($_GET["c"]); ?>'),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]) {
      const response = await upload(`/api/locations/${locationId}/photos`, parent, fake);
      expect(response.statusCode).toBe(415);
      expect(response.json<{ error: { message: string } }>().error.message).toContain('not a photo');
    }
    const [after] = await database().query<{ count: number | string }>(
      sql`select count(*) as count from images`,
    );
    expect(Number(after?.count)).toBe(Number(before?.count));
  });

  it('refuses a 20000×20000 PNG bomb quickly', async () => {
    const bomb = await pngBomb(20_000, 20_000);
    const rssBefore = process.memoryUsage().rss;
    const startedAt = performance.now();
    const response = await upload(
      `/api/locations/${locationId}/photos`,
      parent,
      bomb,
      'bomb.png',
      'image/png',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('image_too_large');
    expect(performance.now() - startedAt).toBeLessThan(2000);
    // Decoding it would take 400 MB or more; refusing it from the header takes next to nothing.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  }, 60_000);

  it('refuses a file over 10 MB before storing anything', async () => {
    const response = await upload(
      `/api/locations/${locationId}/photos`,
      parent,
      Buffer.alloc(11 * 1024 * 1024, 1),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('file_too_large');
  });

  it.each([
    [
      'no file',
      () =>
        app.inject({
          method: 'POST',
          url: `/api/locations/${locationId}/photos`,
          headers: { ...parent.headers, 'content-type': 'application/json' },
          payload: '{}',
        }),
      415,
    ],
    [
      'anonymous',
      () => app.inject({ method: 'POST', url: `/api/locations/${locationId}/photos`, headers: SAME_ORIGIN }),
      401,
    ],
    [
      'a missing location',
      async () =>
        upload('/api/locations/00000000-0000-4000-8000-000000000000/photos', parent, await jpegWithGps()),
      404,
    ],
  ])('answers %s with the right status', async (_case, send, status) => {
    expect((await send()).statusCode).toBe(status);
  });

  it('adds a photo to your own comment (+100), not to someone else’s', async () => {
    const comment = await app.inject({
      method: 'POST',
      url: `/api/locations/${locationId}/comments`,
      headers: parent.headers,
      payload: { text: 'Look at this slide' },
    });
    const commentId = comment.json<{ comment: { id: string } }>().comment.id;
    const image = await jpegWithGps();
    const mine = await upload(`/api/locations/${locationId}/comments/${commentId}/photo`, parent, image);
    expect(mine.statusCode).toBe(201);
    const url = mine.json<{ photo: { url: string } }>().photo.url;
    expect(url).toMatch(
      new RegExp(`^/api/files/locations/${locationId}/comments/${commentId}/[0-9a-f-]{36}\\.webp$`),
    );
    expect(
      (await upload(`/api/locations/${locationId}/comments/${commentId}/photo`, other, image)).statusCode,
    ).toBe(403);

    const list = await app.inject({ method: 'GET', url: `/api/locations/${locationId}/comments` });
    expect(
      list.json<{ id: string; imageUrl: string | null }[]>().find((item) => item.id === commentId)?.imageUrl,
    ).toBe(url);

    // Deleting the comment deletes its files.
    await app.inject({
      method: 'DELETE',
      url: `/api/locations/${locationId}/comments/${commentId}`,
      headers: parent.headers,
    });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it("sets a deal's image and logo at deals/{id}/… (admins only)", async () => {
    const [deal] = await database().query<{ id: string }>(
      sql`insert into deals (title) values ('Half price') returning id`,
    );
    const dealId = deal?.id ?? '';
    const image = await jpegWithGps();
    expect((await upload(`/api/deals/${dealId}/logo`, parent, image)).statusCode).toBe(403);
    const logo = await upload(`/api/deals/${dealId}/logo`, admin, image);
    expect(logo.statusCode).toBe(200);
    expect(logo.json<{ url: string }>().url).toMatch(
      new RegExp(`^/api/files/deals/${dealId}/logo_[0-9a-f-]{36}\\.webp$`),
    );
    const picture = await upload(`/api/deals/${dealId}/image`, admin, image);
    expect(picture.json<{ url: string }>().url).toMatch(
      new RegExp(`^/api/files/deals/${dealId}/[0-9a-f-]{36}\\.webp$`),
    );
  });

  it('removes the photo files when the location is deleted', async () => {
    const { id } = await addPlace(app, parent, { name: 'Short-lived' });
    const uploaded = await upload(`/api/locations/${id}/photos`, parent, await jpegWithGps());
    const url = uploaded.json<{ photo: { url: string } }>().photo.url;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await app.inject({ method: 'DELETE', url: `/api/locations/${id}`, headers: parent.headers });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
