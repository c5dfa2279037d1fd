/**
 * The face-detection benchmark's shapes and its Markdown report (bench/face-detection.ts): kept
 * apart so the benchmark itself reads at once.
 */
import os from 'node:os';
import { detectionRegions, type BlurBox } from '@playspot/core';
import { percentile } from './stats.ts';

export type Face = [number, number, number, number];

export interface PictureLabel {
  width: number;
  height: number;
  /** [x, y, width, height] in pixels of the file. */
  faces: Face[];
  note: string;
}

export interface Picture {
  name: string;
  label: PictureLabel;
  /** The detection copy: packed RGB. */
  copy: { data: Uint8Array; width: number; height: number };
  /** Milliseconds to decode the file and make the copy (sharp, on the main thread). */
  copyMs: number;
}

export interface Variant {
  name: string;
  minScore: number;
  /** Whether the copy's overlapping tiles are searched too (what the detector does). */
  tiles: boolean;
}

export interface PictureResult {
  name: string;
  photoSized: boolean;
  /** Regions searched with tiles: the whole picture, then its tiles. */
  regions: number;
  labelled: number;
  found: number;
  /** Sizes (long side, px of the detection copy) of the faces not found. */
  missed: number[];
  falseBlurs: number;
  /** The detector's boxes, fractions of the picture. */
  boxes: BlurBox[];
  ms: number[];
}

export interface VariantResult {
  variant: Variant;
  warmUpMs: number;
  pictures: PictureResult[];
}

/** The benchmark's settings the report states. */
export interface ReportRules {
  readonly rounds: number;
  readonly defaultMinScore: number;
  readonly photoSized: number;
  readonly foundCoverage: number;
  readonly falseBlurOverlap: number;
}

export function summarise(result: VariantResult) {
  const sum = (pick: (picture: PictureResult) => number) =>
    result.pictures.reduce((total, picture) => total + pick(picture), 0);
  const times = result.pictures.flatMap((picture) => picture.ms);
  return {
    labelled: sum((picture) => picture.labelled),
    found: sum((picture) => picture.found),
    falseBlurs: sum((picture) => picture.falseBlurs),
    faceFreeWithBlur: result.pictures.filter((picture) => picture.labelled === 0 && picture.boxes.length > 0)
      .length,
    faceFree: result.pictures.filter((picture) => picture.labelled === 0).length,
    /** One region (the picture is no larger than the detector's input). */
    smallP50: percentile(
      result.pictures.filter((picture) => picture.regions === 1).flatMap((picture) => picture.ms),
      50,
    ),
    photoSizedP50: percentile(
      result.pictures.filter((picture) => picture.photoSized).flatMap((picture) => picture.ms),
      50,
    ),
    photoSizedMax: Math.max(
      ...result.pictures.filter((picture) => picture.photoSized).flatMap((picture) => picture.ms),
    ),
    p95: percentile(times, 95),
  };
}

export function markdownReport(
  results: VariantResult[],
  pictures: Picture[],
  info: { revision: string; backgroundLoad: number | null; date: Date },
  rules: ReportRules,
): string {
  const { rounds, defaultMinScore, photoSized, foundCoverage, falseBlurOverlap } = rules;
  const cpus = os.cpus();
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const median = (values: number[]) => percentile(values, 50);
  const chosen = results.find(
    (result) => result.variant.tiles && result.variant.minScore === defaultMinScore,
  );
  const copyMs = pictures.map((picture) => picture.copyMs);
  const longSides = pictures.map((picture) => Math.max(picture.copy.width, picture.copy.height));
  const tiled = pictures.filter(
    (picture) => detectionRegions(picture.copy.width, picture.copy.height).length > 1,
  ).length;
  const large = pictures.filter(
    (picture) => Math.max(picture.copy.width, picture.copy.height) >= photoSized,
  ).length;
  const small = pictures.length - tiled;
  const faces = results[0] ? summarise(results[0]) : undefined;
  return [
    `# Face detection (${info.date.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `${String(pictures.length)} pictures of bench/faces/set/ (${String(faces?.labelled ?? 0)} labelled faces, ` +
      `${String(faces?.faceFree ?? 0)} pictures without a face), detection copies of ${String(Math.min(...longSides))} ` +
      `to ${String(Math.max(...longSides))} px on their long side (${String(tiled)} large enough for tiles, ` +
      `${String(large)} of ${String(photoSized)} px or more, as a phone photo's copy is); one worker thread; ` +
      `${String(rounds)} timed rounds after one warm-up call per detector; code at ${info.revision}.`,
    `Machine: ${String(cpus.length)} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
      `${os.type()} ${os.release()}; Node ${process.version}.` +
      (info.backgroundLoad === null
        ? ''
        : ` Busy with other work before the runs: ${(info.backgroundLoad * 100).toFixed(0)} %.`),
    '',
    '| regions | minScore | recall | false blurs | face-free pictures blurred | ' +
      `ms, ${String(small)} small pictures (1 region) p50 | ms, ${String(large)} photo-sized p50 | photo-sized max | ` +
      'all pictures p95 | first call (model load) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map((result) => {
      const summary = summarise(result);
      return (
        `| ${result.variant.tiles ? 'whole + tiles' : 'whole picture only'} | ${result.variant.minScore.toFixed(1)} | ` +
        `${String(summary.found)}/${String(summary.labelled)} | ${String(summary.falseBlurs)} | ` +
        `${String(summary.faceFreeWithBlur)} of ${String(summary.faceFree)} | ${ms(summary.smallP50)} | ` +
        `${ms(summary.photoSizedP50)} | ${ms(summary.photoSizedMax)} | ${ms(summary.p95)} | ${ms(result.warmUpMs)} |`
      );
    }),
    '',
    `Decoding a picture and making its detection copy took ${ms(median(copyMs))} (median), ` +
      `${ms(Math.max(...copyMs))} at most, on the main thread; not included above.`,
    '',
    ...(chosen === undefined
      ? []
      : [
          `## Picture by picture (whole + tiles, minScore ${chosen.variant.minScore.toFixed(1)})`,
          '',
          '| picture | copy | regions | faces | found | missed (face px in the copy) | false blurs | ms (median) | what it shows |',
          '| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | --- |',
          ...chosen.pictures.map((result) => {
            const picture = pictures.find((candidate) => candidate.name === result.name);
            return (
              `| ${result.name} | ${picture ? `${String(picture.copy.width)} × ${String(picture.copy.height)}` : '?'} | ` +
              `${picture ? String(detectionRegions(picture.copy.width, picture.copy.height).length) : '?'} | ` +
              `${String(result.labelled)} | ${String(result.found)} | ` +
              `${result.missed.length === 0 ? '–' : result.missed.map((size) => `${String(size)} px`).join(', ')} | ` +
              `${String(result.falseBlurs)} | ${ms(median(result.ms))} | ${picture?.label.note ?? ''} |`
            );
          }),
          '',
        ]),
    `Found: the blur areas (each detected box widened by 30 % per side) cover ≥ ${String(foundCoverage * 100)} % ` +
      `of the labelled face. False blur: a detected box with < ${String(falseBlurOverlap * 100)} % of its area ` +
      'on any labelled face. Times are per detect() call (worker round trip included).',
    '',
  ].join('\n');
}
