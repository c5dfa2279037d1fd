import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blurAreaOf,
  clipBox,
  detectionRegions,
  FACE_DETECTOR_INPUT,
  FACE_TILE_OVERLAP,
  mergeFaceBoxes,
  tappedBox,
  TAPPED_BOX_SHARE,
  toPixelRegion,
  type BlurBox,
  type PixelRegion,
} from './face-boxes.ts';
import { blurBoxesSchema } from './schemas/photos.ts';

const covers = (regions: PixelRegion[], x: number, y: number) =>
  regions.some((r) => x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height);

describe('detectionRegions', () => {
  it.each<[string, number, number, number]>([
    ['a small picture: only itself', 400, 300, 1],
    ['exactly the input size', 416, 416, 1],
    ['a phone photo, 1600 × 1200: whole + 5 × 4 tiles', 1600, 1200, 1 + 5 * 4],
    ['1200 × 1200: whole + 4 × 4 tiles', 1200, 1200, 1 + 4 * 4],
    ['portrait 720 × 1280: whole + 2 × 4 tiles', 720, 1280, 1 + 2 * 4],
  ])('%s', (_name, width, height, count) => {
    const regions = detectionRegions(width, height);
    expect(regions).toHaveLength(count);
    expect(regions[0]).toEqual({ left: 0, top: 0, width, height });
  });

  it('tiles stay inside, are at most the input size, and every face up to the overlap is whole in one (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1600 }),
        fc.integer({ min: 1, max: 1600 }),
        fc.integer({ min: 0, max: 1599 }),
        fc.integer({ min: 0, max: 1599 }),
        (width, height, fx, fy) => {
          const regions = detectionRegions(width, height);
          for (const r of regions.slice(1)) {
            expect(r.left + r.width).toBeLessThanOrEqual(width);
            expect(r.top + r.height).toBeLessThanOrEqual(height);
            expect(Math.max(r.width, r.height)).toBeLessThanOrEqual(FACE_DETECTOR_INPUT);
          }
          expect(covers(regions, fx % width, fy % height)).toBe(true);
          // A face as large as the overlap, anywhere: one tile (or the whole) holds all of it.
          const side = FACE_TILE_OVERLAP;
          const face = {
            left: Math.min(fx % width, Math.max(0, width - side)),
            top: Math.min(fy % height, Math.max(0, height - side)),
          };
          const size = { w: Math.min(side, width), h: Math.min(side, height) };
          const whole = regions.some(
            (r) =>
              face.left >= r.left &&
              face.top >= r.top &&
              face.left + size.w <= r.left + r.width &&
              face.top + size.h <= r.top + r.height &&
              (r.width <= FACE_DETECTOR_INPUT || regions.length === 1),
          );
          expect(whole).toBe(true);
        },
      ),
    );
  });
});

describe('mergeFaceBoxes', () => {
  const box = (x: number, y: number, width: number, height = width): BlurBox => ({ x, y, width, height });
  it.each<[string, BlurBox[], BlurBox[]]>([
    ['nothing', [], []],
    ['one face', [box(0.1, 0.1, 0.2)], [box(0.1, 0.1, 0.2)]],
    ['two faces apart', [box(0.1, 0.1, 0.1), box(0.6, 0.6, 0.1)], [box(0.1, 0.1, 0.1), box(0.6, 0.6, 0.1)]],
    [
      'the same face twice (whole picture and a tile)',
      [box(0.1, 0.1, 0.2), box(0.12, 0.11, 0.19)],
      [box(0.1, 0.1, 0.21, 0.2)],
    ],
    ['a box inside another', [box(0.1, 0.1, 0.4), box(0.2, 0.2, 0.05)], [box(0.1, 0.1, 0.4)]],
    [
      'touching only at an edge',
      [box(0.1, 0.1, 0.1), box(0.2, 0.1, 0.1)],
      [box(0.1, 0.1, 0.1), box(0.2, 0.1, 0.1)],
    ],
  ])('%s', (_name, boxes, expected) => {
    const merged = mergeFaceBoxes(boxes);
    expect(merged).toHaveLength(expected.length);
    for (const [index, want] of expected.entries()) {
      const got = merged.find((m) => Math.abs(m.x - want.x) < 1e-9 && Math.abs(m.y - want.y) < 1e-9);
      expect(got?.width).toBeCloseTo(want.width);
      expect(got?.height, `box ${String(index)}`).toBeCloseTo(want.height);
    }
  });

  it('every input box lies inside a merged box, and no two merged boxes overlap much (property)', () => {
    const boxArb = fc
      .record({
        x: fc.double({ min: 0, max: 0.9, noNaN: true }),
        y: fc.double({ min: 0, max: 0.9, noNaN: true }),
        size: fc.double({ min: 0.01, max: 0.1, noNaN: true }),
      })
      .map(({ x, y, size }) => box(x, y, size));
    fc.assert(
      fc.property(fc.array(boxArb, { maxLength: 12 }), (boxes) => {
        const merged = mergeFaceBoxes(boxes);
        expect(merged.length).toBeLessThanOrEqual(boxes.length);
        for (const b of boxes) {
          const inside = merged.some(
            (m) =>
              b.x >= m.x - 1e-12 &&
              b.y >= m.y - 1e-12 &&
              b.x + b.width <= m.x + m.width + 1e-12 &&
              b.y + b.height <= m.y + m.height + 1e-12,
          );
          expect(inside).toBe(true);
        }
      }),
    );
  });
});

describe('blurAreaOf and clipBox', () => {
  it('widens a face by 30 % of its size on each side', () => {
    const area = blurAreaOf({ x: 0.4, y: 0.4, width: 0.1, height: 0.2 });
    expect(area?.x).toBeCloseTo(0.37);
    expect(area?.y).toBeCloseTo(0.34);
    expect(area?.width).toBeCloseTo(0.16);
    expect(area?.height).toBeCloseTo(0.32);
  });
  it('clips at the picture edge', () => {
    expect(blurAreaOf({ x: 0, y: 0.9, width: 0.1, height: 0.1 })).toEqual({
      x: 0,
      y: expect.closeTo(0.87) as number,
      width: expect.closeTo(0.13) as number,
      height: expect.closeTo(0.13) as number,
    });
  });
  it('drops a box wholly outside', () => {
    expect(clipBox({ x: 1.2, y: 0, width: 0.1, height: 0.1 })).toBeNull();
  });
});

describe('tappedBox', () => {
  it.each<[string, { x: number; y: number }, number, BlurBox]>([
    ['centre of a square photo', { x: 0.5, y: 0.5 }, 1, { x: 0.42, y: 0.42, width: 0.16, height: 0.16 }],
    ['a corner: kept inside', { x: 0, y: 1 }, 1, { x: 0, y: 0.84, width: 0.16, height: 0.16 }],
    [
      'landscape 3:2: square in pixels',
      { x: 0.5, y: 0.5 },
      1.5,
      { x: 0.5 - 0.16 / 3, y: 0.42, width: 0.16 / 1.5, height: 0.16 },
    ],
    [
      'portrait 2:3',
      { x: 0.5, y: 0.5 },
      2 / 3,
      { x: 0.42, y: 0.5 - (0.16 * 2) / 3 / 2, width: 0.16, height: (0.16 * 2) / 3 },
    ],
  ])('%s', (_name, at, aspect, expected) => {
    const box = tappedBox(at, aspect);
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(box[key]).toBeCloseTo(expected[key]);
  });

  it('is always a valid blur box, square in pixels (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        (x, y, aspect) => {
          const box = tappedBox({ x, y }, aspect);
          expect(blurBoxesSchema.safeParse([box]).success).toBe(true);
          expect((box.width * aspect) / box.height).toBeCloseTo(1);
          expect(Math.min(box.width * aspect, box.height)).toBeCloseTo(
            TAPPED_BOX_SHARE * Math.min(aspect, 1),
          );
        },
      ),
    );
  });
});

describe('toPixelRegion', () => {
  it('covers the box with whole pixels', () => {
    expect(toPixelRegion({ x: 0.101, y: 0.5, width: 0.2, height: 0.25 }, 1000, 800)).toEqual({
      left: 101,
      top: 400,
      width: 200,
      height: 200,
    });
  });
  it('is null for a box of no pixels', () => {
    expect(toPixelRegion({ x: 1, y: 0, width: 0, height: 0.5 }, 100, 100)).toBeNull();
  });
});

describe('blurBoxesSchema', () => {
  it.each<[string, unknown, boolean]>([
    ['no boxes', [], true],
    ['one box', [{ x: 0.1, y: 0.2, width: 0.1, height: 0.1 }], true],
    ['outside the picture', [{ x: 0.95, y: 0.2, width: 0.1, height: 0.1 }], false],
    ['negative', [{ x: -0.1, y: 0.2, width: 0.1, height: 0.1 }], false],
    ['tiny', [{ x: 0.1, y: 0.2, width: 0.001, height: 0.1 }], false],
    ['an unknown field', [{ x: 0.1, y: 0.2, width: 0.1, height: 0.1, score: 1 }], false],
    ['21 boxes', Array.from({ length: 21 }, () => ({ x: 0, y: 0, width: 0.1, height: 0.1 })), false],
    ['not an array', { x: 0 }, false],
  ])('%s', (_name, value, ok) => {
    expect(blurBoxesSchema.safeParse(value).success).toBe(ok);
  });
});
