/**
 * Faces are blurred before anything is stored (issue 21), with the real detector: the face's
 * fine detail is gone from both renditions, the rest of the picture keeps its own; a picture
 * without faces is left as it was; boxes the uploader adds are blurred the same way; and a
 * photo whose faces cannot be checked is refused, not stored unblurred.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { detailIn, differenceIn, type Area } from '../../../../test/image-energy.ts';
import { ImageRejectedError, previewUpload, processUpload } from '../image-pipeline.ts';
import { createFaceDetector } from './face-detector.ts';

const fixture = (name: string) =>
  readFile(new URL(`../../../../test/fixtures/faces/${name}`, import.meta.url));

/** The astronaut's face in astronaut.jpg (512 × 512), see test/fixtures/faces/SOURCE.md. */
const FACE: Area = { x: 181 / 512, y: 71 / 512, width: 84 / 512, height: 103 / 512 };
/** The shuttle and the flag, well away from the face. */
const AWAY: Area = { x: 0.02, y: 0.02, width: 0.12, height: 0.4 };

const detector = createFaceDetector({ threads: 1 });
const findFaces = (rgb: Uint8Array, width: number, height: number) => detector.detect(rgb, width, height);
afterAll(async () => {
  await detector.close();
});

/** The original, decoded the way the stored image is compared: same size, lossless. */
const originalAt = async (photo: Buffer, width: number) => sharp(photo).resize(width).png().toBuffer();

describe('a photo with a face', () => {
  it('is stored with the face blurred in the display image and the thumbnail, the rest sharp', async () => {
    const photo = await fixture('astronaut.jpg');
    const { display, thumbnail, faces } = await processUpload(photo, { findFaces });
    expect(faces).toHaveLength(1);
    const [face] = faces;
    // The detector's box is the labelled face, give or take a few pixels.
    expect(face?.x).toBeCloseTo(FACE.x, 1);
    expect(face?.y).toBeCloseTo(FACE.y, 1);

    for (const rendition of [display, thumbnail]) {
      const original = await originalAt(photo, rendition.width);
      const faceBefore = await detailIn(original, FACE);
      const faceAfter = await detailIn(rendition.body, FACE);
      // Measured: 18.3 → 1.8 (display), 20.2 → 1.9 (thumbnail); what is left is WebP's noise.
      expect(faceAfter).toBeLessThan(faceBefore * 0.2);
      const awayBefore = await detailIn(original, AWAY);
      const awayAfter = await detailIn(rendition.body, AWAY);
      expect(awayAfter).toBeGreaterThan(awayBefore * 0.6);
    }
  });

  it('cannot be sharpened back: a strong sharpening brings the face no closer to the original', async () => {
    const photo = await fixture('astronaut.jpg');
    const { display } = await processUpload(photo, { findFaces, format: 'jpeg' });
    const original = await originalAt(photo, display.width);
    const blurred = await sharp(display.body).png().toBuffer();
    const sharpened = await sharp(display.body).sharpen({ sigma: 3, m1: 4, m2: 10 }).png().toBuffer();
    const blurredOff = await differenceIn(blurred, original, FACE);
    // Measured: the blurred face is 33.7 grey levels off the original on average, sharpened 33.3.
    expect(blurredOff).toBeGreaterThan(15);
    expect(await differenceIn(sharpened, original, FACE)).toBeGreaterThan(blurredOff * 0.95);
  });

  it('shows the same blur in the preview, before anything is published', async () => {
    const photo = await fixture('astronaut.jpg');
    const { image, faces } = await previewUpload(photo, { findFaces });
    expect(image.contentType).toBe('image/jpeg');
    expect(faces).toHaveLength(1);
    const faceBefore = await detailIn(await originalAt(photo, image.width), FACE);
    expect(await detailIn(image.body, FACE)).toBeLessThan(faceBefore * 0.2);
  });
});

describe('a photo without faces', () => {
  it('is stored unblurred', async () => {
    const photo = await fixture('coffee.jpg');
    const { display, faces } = await processUpload(photo, { findFaces, format: 'jpeg', quality: 95 });
    expect(faces).toEqual([]);
    const original = await originalAt(photo, display.width);
    for (const area of [
      { x: 0, y: 0, width: 1, height: 1 },
      { x: 0.3, y: 0.2, width: 0.4, height: 0.5 },
    ]) {
      expect(await detailIn(display.body, area)).toBeGreaterThan((await detailIn(original, area)) * 0.8);
    }
  });

  it('blurs a box the uploader added, and only there', async () => {
    const photo = await fixture('coffee.jpg');
    const cup = { x: 0.3, y: 0.15, width: 0.4, height: 0.5 };
    const { display, faces } = await processUpload(photo, { findFaces, blurBoxes: [cup], format: 'jpeg' });
    expect(faces).toEqual([]);
    const original = await originalAt(photo, display.width);
    // Measured: 10.8 → 2.0 (the cup's rim is a hard, bright edge).
    expect(await detailIn(display.body, cup)).toBeLessThan((await detailIn(original, cup)) * 0.25);
    const saucerEdge = { x: 0.02, y: 0.7, width: 0.25, height: 0.28 };
    expect(await detailIn(display.body, saucerEdge)).toBeGreaterThan(
      (await detailIn(original, saucerEdge)) * 0.6,
    );
  });
});

describe('the same photo twice (its preview, then publishing it)', () => {
  it('is answered from memory the second time, and a different photo is not', async () => {
    const once = createFaceDetector({ threads: 1 });
    const { data, info } = await sharp(await fixture('astronaut.jpg'))
      .raw()
      .toBuffer({ resolveWithObject: true });
    try {
      const first = await once.detect(data, info.width, info.height);
      expect(first).toHaveLength(1);
      expect(await once.detect(Buffer.from(data), info.width, info.height)).toEqual(first);
      expect(once.stats()).toEqual({ searched: 1, remembered: 1 });
      const other = Buffer.from(data);
      other[0] = (other[0] ?? 0) ^ 1;
      await once.detect(other, info.width, info.height);
      expect(once.stats()).toEqual({ searched: 2, remembered: 1 });
    } finally {
      await once.close();
    }
  });
});

describe('when faces cannot be checked', () => {
  it('refuses the photo with a clear message instead of storing it unblurred', async () => {
    const photo = await fixture('astronaut.jpg');
    const broken = () => Promise.reject(new Error('the detector crashed'));
    const error = await processUpload(photo, { findFaces: broken }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error).toMatchObject({ statusCode: 503, code: 'face_check_failed' });
    expect((error as Error).message).toMatch(/could not check this photo for faces/);
  });

  it('a detection that takes too long fails instead of waiting forever', async () => {
    const impatient = createFaceDetector({ threads: 1, timeoutMs: 1 });
    try {
      const photo = await fixture('astronaut.jpg');
      const check = (rgb: Uint8Array, width: number, height: number) => impatient.detect(rgb, width, height);
      await expect(processUpload(photo, { findFaces: check })).rejects.toMatchObject({
        code: 'face_check_failed',
      });
    } finally {
      await impatient.close();
    }
  });
});
