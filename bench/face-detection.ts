/**
 * Benchmark: how well the face detector (issue 21) finds the faces of a small labelled test set
 * (bench/faces/set/, see bench/faces/SOURCE.md), how many places it blurs that hold no face,
 * and how long one photo takes. See bench/README.md, "Face detection".
 *
 *   npm run bench:faces        (Node 24: the repository's node_modules/.bin/node)
 *
 * Each picture goes the way an upload does: decoded upright at display size (at most 1600 px),
 * then a detection copy of at most FACE_DETECTION_COPY_SIZE px, RGB without alpha, given to
 * the detector with one worker thread. A labelled face counts as found when the blur areas
 * (blurAreaOf of each detected box: what is actually blurred) cover at least 80 % of its
 * labelled box; a detected box that overlaps no labelled face (less than 10 % of its area) is a
 * false blur. This is run for several score thresholds, one detector each, and once more with
 * the whole picture alone (no tiles) at the default threshold.
 *
 * Prints a Markdown report and saves it as bench/results/faces-latest.md, with every detected
 * box in bench/results/faces-latest.json (bench/faces/draw.ts draws them over the pictures).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blurAreaOf, detectionRegions, FACE_DETECTION_COPY_SIZE, type BlurBox } from '@playspot/core';
import * as prettier from 'prettier';
import sharp from 'sharp';
import { createFaceDetector } from '../apps/server/src/features/photos/faces/face-detector.ts';
import { integerFromEnv } from './lib/env.ts';
import { SMOKE, SMOKE_NOTE, smokeOr } from './lib/smoke.ts';
import { saveReport } from './lib/report.ts';
import { backgroundLoad, codeRevision } from './lib/run-info.ts';
import {
  markdownReport,
  summarise,
  type Face,
  type Picture,
  type PictureLabel,
  type PictureResult,
  type Variant,
  type VariantResult,
} from './lib/face-report.ts';

const settings = {
  /** Times each picture is detected per threshold (after one warm-up call). */
  rounds: integerFromEnv('BENCH_FACE_ROUNDS', smokeOr(3, 1), 1),
};

/** Score thresholds compared; one detector each. */
const MIN_SCORES = [0.3, 0.4, 0.5, 0.6];
/** The threshold createFaceDetector uses when given none, shown picture by picture. */
const DEFAULT_MIN_SCORE = 0.3;
/** The display image's long side (apps/server's DISPLAY_MAX_SIZE): what detection starts from. */
const DISPLAY_MAX_SIZE = 1600;
/**
 * A detection copy at least this long is "photo-sized": a phone photo's copy is 1200–1600 px, and
 * searching it with its tiles takes several times as long as a small picture.
 */
const PHOTO_SIZED = 1200;
/** A labelled face is found when blur areas cover this share of its box. */
const FOUND_COVERAGE = 0.8;
/** A detected box is a false blur when less than this share of it lies on any labelled face. */
const FALSE_BLUR_OVERLAP = 0.1;

const setDirectory = fileURLToPath(new URL('faces/set/', import.meta.url));
const resultsDirectory = fileURLToPath(new URL('results/', import.meta.url));
const log = (message: string) => {
  console.log(`[bench] ${message}`);
};

async function loadPictures(): Promise<Picture[]> {
  const labels = JSON.parse(await readFile(path.join(setDirectory, 'labels.json'), 'utf8')) as Record<
    string,
    PictureLabel
  >;
  const pictures: Picture[] = [];
  for (const [name, label] of Object.entries(labels)) {
    const started = performance.now();
    // As an upload: upright, at most the display size, in sRGB …
    const display = await sharp(path.join(setDirectory, name))
      .rotate()
      .resize(DISPLAY_MAX_SIZE, DISPLAY_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (display.info.width !== label.width || display.info.height !== label.height) {
      throw new Error(
        `${name} is ${String(display.info.width)} × ${String(display.info.height)}, not as labelled`,
      );
    }
    // … then the detection copy the image pipeline makes of it.
    const copy = await sharp(display.data, { raw: display.info })
      .resize(FACE_DETECTION_COPY_SIZE, FACE_DETECTION_COPY_SIZE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (copy.info.channels !== 3)
      throw new Error(`${name}: the copy has ${String(copy.info.channels)} channels`);
    pictures.push({
      name,
      label,
      copy: { data: new Uint8Array(copy.data), width: copy.info.width, height: copy.info.height },
      copyMs: performance.now() - started,
    });
  }
  return pictures;
}

const isPhotoSized = (picture: Picture) => Math.max(picture.copy.width, picture.copy.height) >= PHOTO_SIZED;

/** Share of the labelled face's pixels inside any of the areas (fractions of the picture). */
function coverage(face: Face, areas: readonly BlurBox[], width: number, height: number): number {
  const [left, top, faceWidth, faceHeight] = face;
  let covered = 0;
  for (let y = top; y < top + faceHeight; y++) {
    const centreY = (y + 0.5) / height;
    for (let x = left; x < left + faceWidth; x++) {
      const centreX = (x + 0.5) / width;
      if (
        areas.some(
          (area) =>
            centreX >= area.x &&
            centreX < area.x + area.width &&
            centreY >= area.y &&
            centreY < area.y + area.height,
        )
      ) {
        covered++;
      }
    }
  }
  return covered / (faceWidth * faceHeight);
}

/** Share of the box (fractions) that lies on the labelled face (pixels). */
function overlapShare(box: BlurBox, face: Face, width: number, height: number): number {
  const [left, top, faceWidth, faceHeight] = face;
  const x = left / width;
  const y = top / height;
  const right = Math.min(box.x + box.width, x + faceWidth / width);
  const bottom = Math.min(box.y + box.height, y + faceHeight / height);
  const across = right - Math.max(box.x, x);
  const down = bottom - Math.max(box.y, y);
  return across > 0 && down > 0 ? (across * down) / (box.width * box.height) : 0;
}

function score(picture: Picture, boxes: BlurBox[], ms: number[]): PictureResult {
  const { width, height, faces } = picture.label;
  const areas = boxes.map((box) => blurAreaOf(box)).filter((area): area is BlurBox => area !== null);
  const scale = picture.copy.width / width;
  const missed = faces
    .filter((face) => coverage(face, areas, width, height) < FOUND_COVERAGE)
    .map((face) => Math.round(Math.max(face[2], face[3]) * scale));
  const falseBlurs = boxes.filter((box) =>
    faces.every((face) => overlapShare(box, face, width, height) < FALSE_BLUR_OVERLAP),
  ).length;
  return {
    name: picture.name,
    photoSized: isPhotoSized(picture),
    regions: detectionRegions(picture.copy.width, picture.copy.height).length,
    labelled: faces.length,
    found: faces.length - missed.length,
    missed,
    falseBlurs,
    boxes,
    ms,
  };
}

async function measure(variant: Variant, pictures: Picture[]): Promise<VariantResult> {
  const detector = createFaceDetector({
    threads: 1,
    minScore: variant.minScore,
    timeoutMs: 120_000,
    rememberPhotos: 0,
    tiles: variant.tiles,
  });
  try {
    const [first] = pictures;
    if (first === undefined) throw new Error('The test set is empty');
    // The first call starts the worker and loads TensorFlow.js, its WebAssembly and the model.
    let started = performance.now();
    await detector.detect(first.copy.data, first.copy.width, first.copy.height);
    const warmUpMs = performance.now() - started;
    const times = new Map<string, number[]>(pictures.map((picture) => [picture.name, []]));
    const boxes = new Map<string, BlurBox[]>();
    for (let round = 0; round < settings.rounds; round++) {
      for (const picture of pictures) {
        started = performance.now();
        const found = await detector.detect(picture.copy.data, picture.copy.width, picture.copy.height);
        times.get(picture.name)?.push(performance.now() - started);
        boxes.set(picture.name, found);
      }
    }
    const results = pictures.map((picture) =>
      score(picture, boxes.get(picture.name) ?? [], times.get(picture.name) ?? []),
    );
    const summary = summarise({ variant, warmUpMs, pictures: results });
    log(
      `${variant.name}: recall ${String(summary.found)}/${String(summary.labelled)}, ` +
        `${String(summary.falseBlurs)} false blurs, ${summary.photoSizedP50.toFixed(0)} ms per photo-sized picture (median)`,
    );
    return { variant, warmUpMs, pictures: results };
  } finally {
    await detector.close();
  }
}

/** Every detected box, rounded, for bench/faces/draw.ts and for comparing runs. */
async function saveBoxes(results: VariantResult[]): Promise<void> {
  const file = path.join(resultsDirectory, 'faces-latest.json');
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const report = results.map((result) => ({
    regions: result.variant.tiles ? 'whole + tiles' : 'whole picture only',
    minScore: result.variant.minScore,
    warmUpMs: Math.round(result.warmUpMs),
    pictures: Object.fromEntries(
      result.pictures.map((picture) => [
        picture.name,
        {
          found: picture.found,
          labelled: picture.labelled,
          falseBlurs: picture.falseBlurs,
          ms: picture.ms.map((value) => Math.round(value)),
          boxes: picture.boxes.map((box) => [
            round(box.x),
            round(box.y),
            round(box.width),
            round(box.height),
          ]),
        },
      ]),
    ),
  }));
  const formatted = await prettier.format(JSON.stringify(report), {
    ...(await prettier.resolveConfig(file)),
    filepath: file,
  });
  await writeFile(file, formatted);
}

async function main(): Promise<void> {
  // A smoke run: three pictures (a face, none, a phone-sized one) at one threshold.
  const pictures = SMOKE ? (await loadPictures()).slice(0, 3) : await loadPictures();
  log(`${String(pictures.length)} pictures loaded`);
  const background = await backgroundLoad();
  if (background !== null && background > 0.1) {
    log(
      `Warning: the machine is ${(background * 100).toFixed(0)} % busy before the run; times will be noisy`,
    );
  }
  const variants: Variant[] = [
    ...(SMOKE ? MIN_SCORES.slice(0, 1) : MIN_SCORES).map((minScore) => ({
      name: `minScore ${minScore.toFixed(1)}`,
      minScore,
      tiles: true,
    })),
    {
      name: `minScore ${DEFAULT_MIN_SCORE.toFixed(1)}, whole picture only`,
      minScore: DEFAULT_MIN_SCORE,
      tiles: false,
    },
  ];
  const results: VariantResult[] = [];
  for (const variant of variants) results.push(await measure(variant, pictures));

  const report = markdownReport(
    results,
    pictures,
    { revision: await codeRevision(), backgroundLoad: background, date: new Date() },
    {
      rounds: settings.rounds,
      defaultMinScore: DEFAULT_MIN_SCORE,
      photoSized: PHOTO_SIZED,
      foundCoverage: FOUND_COVERAGE,
      falseBlurOverlap: FALSE_BLUR_OVERLAP,
    },
  );
  if (SMOKE) {
    console.log(`\n${report}\n${SMOKE_NOTE}`);
    return;
  }
  await saveReport(report, resultsDirectory, 'faces-latest.md');
  await saveBoxes(results);
  log('Saved bench/results/faces-latest.md and faces-latest.json');
}

await main();
