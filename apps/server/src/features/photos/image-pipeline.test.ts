import { readFile } from 'node:fs/promises';
import exifr from 'exifr';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngBomb } from '../../../test/image-fixtures.ts';
import {
  DISPLAY_MAX_SIZE,
  ImageRejectedError,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  THUMBNAIL_MAX_SIZE,
  detectInputFormat,
  extensionFor,
  processUpload,
  randomStorageFileName,
  type ImageRendition,
} from './image-pipeline.ts';

/**
 * These tests are about formats, metadata and limits: their pictures have no faces, and the
 * face check itself is tested in faces/face-blurring.test.ts with the real detector.
 */
const noFaceCheck = { findFaces: () => Promise.resolve([]) };

const heicFixture = new URL('../../../test/fixtures/images/gps-96x64.heic', import.meta.url);

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 60, b: 220 };

/** A solid picture with a red left half and a blue right half. */
function halves(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  return sharp({ create: { width, height, channels, background: BLUE } }).composite([
    {
      input: { create: { width: Math.floor(width / 2), height, channels, background: RED } },
      left: 0,
      top: 0,
    },
  ]);
}

/** Where a phone puts its position: EXIF GPS (Sydney Opera House, roughly). */
const gpsExif = {
  IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Artist: 'Jane Parent', ImageDescription: 'Mia at the park' },
  IFD2: { DateTimeOriginal: '2026:04:05 10:30:00', BodySerialNumber: 'SN-12345' },
  IFD3: {
    GPSLatitudeRef: 'S',
    GPSLatitude: '33/1 51/1 26/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '151/1 12/1 54/1',
  },
};
const xmpWithPosition = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="33,51.43S" exif:GPSLongitude="151,12.9E"/>
</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

async function pixelAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
}

function expectClose(actual: [number, number, number], expected: { r: number; g: number; b: number }): void {
  const [r, g, b] = actual;
  expect(Math.abs(r - expected.r) + Math.abs(g - expected.g) + Math.abs(b - expected.b)).toBeLessThan(30);
}

/** Every kind of metadata sharp can see, and the raw bytes, are free of it. */
async function expectNoMetadata(rendition: ImageRendition): Promise<void> {
  const metadata = await sharp(rendition.body).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  const bytes = rendition.body.toString('latin1');
  // (Markers of four or more bytes, which compressed pixels will not spell by chance.)
  for (const marker of [
    'Exif',
    'EXIF',
    'XMP ',
    'xpacket',
    'PhoneMaker',
    'Jane Parent',
    'Mia at',
    'SN-12345',
  ]) {
    expect(bytes).not.toContain(marker);
  }
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  const error: unknown = await promise.then(
    () => new Error('expected the image to be refused'),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ImageRejectedError)) throw error;
  return error;
}

describe('processUpload: privacy', () => {
  it('removes the GPS position and all other metadata of a phone photo', async () => {
    const input = await halves(640, 480)
      .jpeg()
      .withExif(gpsExif)
      .withXmp(xmpWithPosition)
      .withIccProfile('p3')
      .toBuffer();
    // The input really carries what must not leak.
    expect(await exifr.gps(input)).toMatchObject({ latitude: expect.closeTo(-33.857, 2) as number });
    expect(await exifr.parse(input)).toMatchObject({
      Make: 'PhoneMaker',
      Artist: 'Jane Parent',
      SerialNumber: 'SN-12345',
    });
    expect((await sharp(input).metadata()).xmp).toBeDefined();

    for (const format of ['jpeg', 'webp'] as const) {
      const { display, thumbnail } = await processUpload(input, { ...noFaceCheck, format });
      for (const rendition of [display, thumbnail]) {
        await expectNoMetadata(rendition);
        if (format === 'jpeg') {
          // exifr reads JPEG (not WebP): it finds nothing at all.
          expect(await exifr.gps(rendition.body)).toBeUndefined();
          expect(await exifr.parse(rendition.body, true)).toBeUndefined();
        }
      }
    }
  });

  it('removes the GPS position of a HEIC photo', async () => {
    const input = await readFile(heicFixture);
    const exif = (await sharp(input).metadata()).exif;
    expect(exif && (await exifr.gps(exif))).toMatchObject({ latitude: -33.85, longitude: 151.2 });

    const { display } = await processUpload(input, { ...noFaceCheck, format: 'jpeg' });
    await expectNoMetadata(display);
    expect(await exifr.parse(display.body, true)).toBeUndefined();
  });

  it('turns a photo upright from its EXIF orientation before dropping it', async () => {
    // Stored sideways (red on the left) with orientation 6: shown turned 90° clockwise.
    const input = await halves(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const { display, thumbnail } = await processUpload(input, { ...noFaceCheck, format: 'jpeg' });
    expect([display.width, display.height]).toEqual([200, 300]);
    expect((await sharp(display.body).metadata()).orientation).toBeUndefined();
    expectClose(await pixelAt(display.body, 100, 20), RED); // the left edge is now the top
    expectClose(await pixelAt(display.body, 100, 280), BLUE);
    expect([thumbnail.width, thumbnail.height]).toEqual([200, 300]);
  });

  it('keeps colours right when dropping a Display P3 profile (iPhone photos)', async () => {
    const orange = { r: 200, g: 100, b: 50 };
    const input = await sharp({ create: { width: 32, height: 32, channels: 3, background: orange } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    // The file's own numbers are P3 values, unlike the sRGB ones…
    const stored = await sharp(input, { ignoreIcc: true }).raw().toBuffer();
    expect(Math.abs((stored[0] ?? 0) - orange.r)).toBeGreaterThan(8);
    // …and the output, which has no profile, is converted to sRGB.
    const { display } = await processUpload(input, { ...noFaceCheck, format: 'jpeg', quality: 100 });
    expectClose(await pixelAt(display.body, 16, 16), orange);
  });
});

describe('processUpload: sizes and formats', () => {
  it('scales a large PNG down to 1600 px and a 400 px thumbnail, as WebP by default', async () => {
    const input = await halves(2400, 1800).png().toBuffer();
    const { display, thumbnail } = await processUpload(input, noFaceCheck);
    expect(display).toMatchObject({ contentType: 'image/webp', width: DISPLAY_MAX_SIZE, height: 1200 });
    expect(thumbnail).toMatchObject({ contentType: 'image/webp', width: THUMBNAIL_MAX_SIZE, height: 300 });
    for (const rendition of [display, thumbnail]) {
      const metadata = await sharp(rendition.body).metadata();
      expect(metadata.format).toBe('webp');
      expect([metadata.width, metadata.height]).toEqual([rendition.width, rendition.height]);
    }
    expectClose(await pixelAt(thumbnail.body, 50, 150), RED);
    expectClose(await pixelAt(thumbnail.body, 350, 150), BLUE);
  });

  it('takes a portrait WebP and never enlarges a small picture', async () => {
    const tall = await processUpload(await halves(1000, 3000).webp().toBuffer(), noFaceCheck);
    expect([tall.display.width, tall.display.height]).toEqual([533, 1600]);
    expect([tall.thumbnail.width, tall.thumbnail.height]).toEqual([133, 400]);

    const small = await processUpload(await halves(120, 90).webp({ lossless: true }).toBuffer(), noFaceCheck);
    expect([small.display.width, small.display.height]).toEqual([120, 90]);
    expect([small.thumbnail.width, small.thumbnail.height]).toEqual([120, 90]);
  });

  it('encodes JPEG on request, with transparent areas white', async () => {
    const input = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { display, thumbnail } = await processUpload(input, { ...noFaceCheck, format: 'jpeg' });
    expect(display.contentType).toBe('image/jpeg');
    expect(thumbnail.contentType).toBe('image/jpeg');
    expect((await sharp(display.body).metadata()).format).toBe('jpeg');
    expectClose(await pixelAt(display.body, 100, 50), { r: 255, g: 255, b: 255 });
  });

  it('decodes a real HEIC photo', async () => {
    const input = await readFile(heicFixture);
    expect(await detectInputFormat(input)).toBe('heic');
    const { display, thumbnail } = await processUpload(input, noFaceCheck);
    expect(display).toMatchObject({ contentType: 'image/webp', width: 96, height: 64 });
    expect(thumbnail).toMatchObject({ width: 96, height: 64 });
    expectClose(await pixelAt(display.body, 5, 30), { r: 250, g: 200, b: 0 });
    expectClose(await pixelAt(display.body, 80, 30), { r: 30, g: 140, b: 220 });
  });

  it('reads the type from the bytes, whatever the file is called', async () => {
    expect(await detectInputFormat(await halves(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(await detectInputFormat(await halves(8, 8).png().toBuffer())).toBe('png');
    expect(await detectInputFormat(await halves(8, 8).webp().toBuffer())).toBe('webp');
    expect(await detectInputFormat(await readFile(heicFixture))).toBe('heic');
    expect(await detectInputFormat(await halves(8, 8).tiff().toBuffer())).toBeNull();
    expect(await detectInputFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('processUpload: refusals', () => {
  const unsupported: [string, () => Promise<Buffer>][] = [
    ['PHP renamed .jpg', async () => Buffer.from('<?php echo 1; ?>')],
    ['HTML renamed .jpg', async () => Buffer.from('<html><body><script>alert(1)</script></body></html>')],
    [
      'SVG',
      async () =>
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
    ],
    ['PDF', async () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')],
    ['TIFF', () => halves(16, 16).tiff().toBuffer()],
    ['GIF', () => halves(16, 16).gif().toBuffer()],
    ['AVIF', () => halves(16, 16).avif().toBuffer()],
    ['random bytes', async () => Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 251))],
  ];

  it.each(unsupported)('refuses %s as not a photo we can use (415)', async (_name, make) => {
    const error = await rejection(processUpload(await make(), noFaceCheck));
    expect(error).toMatchObject({ statusCode: 415, code: 'unsupported_image' });
    expect(error.message).toBe(
      'This file is not a photo we can use. Please choose a JPEG, PNG, WebP or HEIC picture.',
    );
  });

  it('refuses an empty file', async () => {
    const error = await rejection(processUpload(Buffer.alloc(0), noFaceCheck));
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'invalid_image',
      message: 'This file is empty. Please choose a photo.',
    });
  });

  it('refuses a damaged photo (400) and a JPEG signature followed by a web page', async () => {
    const photo = await halves(800, 600).jpeg().toBuffer();
    const truncated = await rejection(processUpload(photo.subarray(0, photo.length / 2), noFaceCheck));
    expect(truncated).toMatchObject({ statusCode: 400, code: 'invalid_image' });

    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html>hi</html>')]);
    expect(await rejection(processUpload(polyglot, noFaceCheck))).toMatchObject({
      statusCode: 400,
      code: 'invalid_image',
    });
  });

  it('refuses a file over 10 MB (413)', async () => {
    const error = await rejection(processUpload(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff), noFaceCheck));
    expect(error).toMatchObject({ statusCode: 413, code: 'image_too_large' });
    expect(error.message).toBe('This photo is too large (10.1 MB). The limit is 10 MB.');
  });

  it('refuses more pixels than the limit and takes exactly the limit', async () => {
    const input = await halves(100, 50).png().toBuffer();
    await expect(processUpload(input, { ...noFaceCheck, maxInputPixels: 5000 })).resolves.toBeDefined();
    const error = await rejection(processUpload(input, { ...noFaceCheck, maxInputPixels: 4999 }));
    expect(error).toMatchObject({ statusCode: 413, code: 'image_too_large' });
  });

  it('refuses a 400-megapixel PNG bomb quickly, without decoding it', async () => {
    const bomb = await pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 20_000,
      height: 20_000,
    });

    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const error = await rejection(processUpload(bomb, noFaceCheck));
    const elapsed = performance.now() - started;
    const rssGrowth = process.memoryUsage().rss - rssBefore;

    expect(error).toMatchObject({ statusCode: 413, code: 'image_too_large' });
    expect(error.message).toBe('This photo is too large (400 megapixels). The limit is 40 megapixels.');
    expect(elapsed).toBeLessThan(2000);
    expect(rssGrowth).toBeLessThan(200 * 1024 * 1024);
    expect(MAX_INPUT_PIXELS).toBe(40_000_000);
  });
});

describe('randomStorageFileName', () => {
  it('makes a fresh random name with the given extension', () => {
    const names = new Set(Array.from({ length: 100 }, () => randomStorageFileName('webp')));
    expect(names.size).toBe(100);
    for (const name of names) expect(name).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(randomStorageFileName(extensionFor('image/jpeg'))).toMatch(/\.jpg$/);
  });

  it('refuses an extension that could form a path', () => {
    for (const extension of ['', '../x', 'a/b', 'JPG', 'php.jpg', 'x'.repeat(11)]) {
      expect(() => randomStorageFileName(extension)).toThrow(RangeError);
    }
  });
});
