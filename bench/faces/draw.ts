/**
 * Draws the face test set into one PNG to check it by eye: each labelled face in green and,
 * once `npm run bench:faces` has run, each box the detector found (red) with the area that
 * would be blurred (orange, dashed), from bench/results/faces-latest.json.
 *
 *   node bench/faces/draw.ts <output.png> [minScore, default 0.3] [whole]
 *
 * `whole` draws the run on the whole picture alone instead of the one with tiles.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blurAreaOf, type BlurBox } from '@playspot/core';
import sharp, { type OverlayOptions } from 'sharp';

interface PictureLabel {
  width: number;
  height: number;
  faces: [number, number, number, number][];
}

interface BoxReport {
  regions: string;
  minScore: number;
  pictures: Record<string, { boxes: [number, number, number, number][] }>;
}

const TILE = 400;
const COLUMNS = 5;

const [output, minScoreArgument = '0.3', regionsArgument] = process.argv.slice(2);
if (output === undefined) {
  console.error('usage: node bench/faces/draw.ts <output.png> [minScore] [whole]');
  process.exit(2);
}
const minScore = Number(minScoreArgument);
const regions = regionsArgument === 'whole' ? 'whole picture only' : 'whole + tiles';
const setDirectory = fileURLToPath(new URL('set/', import.meta.url));
const reportFile = fileURLToPath(new URL('../results/faces-latest.json', import.meta.url));

async function detections(): Promise<BoxReport['pictures']> {
  let report: BoxReport[];
  try {
    report = JSON.parse(await readFile(reportFile, 'utf8')) as BoxReport[];
  } catch {
    console.log('No bench/results/faces-latest.json: drawing the labels only');
    return {};
  }
  const run = report.find((entry) => entry.regions === regions && entry.minScore === minScore);
  if (run === undefined)
    throw new Error(`No run with minScore ${String(minScore)} (${regions}) in the report`);
  return run.pictures;
}

const rectangle = (box: BlurBox, colour: string, stroke: number, dashed = false) =>
  `<rect x="${String(box.x)}" y="${String(box.y)}" width="${String(box.width)}" height="${String(box.height)}" ` +
  `fill="none" stroke="${colour}" stroke-width="${String(stroke)}"${dashed ? ` stroke-dasharray="${String(stroke * 3)}"` : ''}/>`;

async function main(output: string): Promise<void> {
  const labels = JSON.parse(await readFile(path.join(setDirectory, 'labels.json'), 'utf8')) as Record<
    string,
    PictureLabel
  >;
  const found = await detections();
  const tiles: OverlayOptions[] = [];
  for (const [index, [name, label]] of Object.entries(labels).entries()) {
    const { width, height } = label;
    const stroke = Math.max(2, Math.round(Math.max(width, height) / 250));
    const inPixels = ([x, y, w, h]: [number, number, number, number]): BlurBox => ({
      x: x * width,
      y: y * height,
      width: w * width,
      height: h * height,
    });
    const boxes = (found[name]?.boxes ?? []).map(([x, y, w, h]) => ({ x, y, width: w, height: h }));
    const shapes = [
      ...label.faces.map(([x, y, w, h]) => rectangle({ x, y, width: w, height: h }, 'lime', stroke)),
      ...boxes.map((box) => rectangle(inPixels([box.x, box.y, box.width, box.height]), 'red', stroke)),
      ...boxes
        .map((box) => blurAreaOf(box))
        .filter((area): area is BlurBox => area !== null)
        .map((area) =>
          rectangle(inPixels([area.x, area.y, area.width, area.height]), 'orange', stroke, true),
        ),
    ];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">${shapes.join('')}</svg>`;
    const drawn = await sharp(path.join(setDirectory, name))
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toBuffer();
    tiles.push({
      input: await sharp(drawn)
        .resize(TILE, TILE, { fit: 'contain', background: '#ffffff' })
        .png()
        .toBuffer(),
      left: (index % COLUMNS) * TILE,
      top: Math.floor(index / COLUMNS) * TILE,
    });
  }
  const rows = Math.ceil(tiles.length / COLUMNS);
  await sharp({ create: { width: TILE * COLUMNS, height: TILE * rows, channels: 3, background: '#dddddd' } })
    .composite(tiles)
    .png()
    .toFile(output);
  console.log(`Drew ${String(tiles.length)} pictures into ${output}`);
}

await main(output);
