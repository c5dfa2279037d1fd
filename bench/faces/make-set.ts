/**
 * Builds the labelled face test set in bench/faces/set/ from sample pictures that two Debian
 * packages ship (see bench/faces/SOURCE.md for each picture's source, licence and what was done
 * to it). The set is committed; this script says how it was made and rebuilds it.
 *
 *   node bench/faces/make-set.ts <scikit-image data dir> <Tux Paint stamps dir> [output dir]
 *
 * The first is `usr/lib/python3/dist-packages/skimage/data` of python3-skimage 0.19.3-8, the
 * second `usr/share/tuxpaint/stamps` of tuxpaint-stamps-default 2022.06.04-1 (both unpacked
 * with `dpkg-deb -x`). The output directory defaults to bench/faces/set/.
 *
 * labels.json holds, per file, its size and each face as [x, y, width, height] in pixels of
 * the file: the face from hairline to chin and ear to ear (what a detector's box covers), not
 * the hair or the neck.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';

interface PictureLabel {
  width: number;
  height: number;
  /** Each face as [x, y, width, height] in pixels of the picture. */
  faces: [number, number, number, number][];
  note: string;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const [skimageData, tuxStamps, outArgument] = process.argv.slice(2);
if (skimageData === undefined || tuxStamps === undefined) {
  console.error(
    'usage: node bench/faces/make-set.ts <scikit-image data dir> <Tux Paint stamps dir> [output dir]',
  );
  process.exit(2);
}
const out = outArgument ?? fileURLToPath(new URL('set/', import.meta.url));
const skimage = (file: string) => path.join(skimageData, file);
const tux = (file: string) => path.join(tuxStamps, file);

/** The astronaut's face in astronaut.png (512 × 512). */
const ASTRONAUT_FACE: Box = { x: 181, y: 71, w: 84, h: 103 };
/** The photographer's face in camera.png (512 × 512). */
const CAMERA_FACE: Box = { x: 202, y: 121, w: 54, h: 78 };
/** The part of astronaut.png pasted into the park scenes: her head and shoulders. */
const HEAD_CROP = { left: 100, top: 0, width: 250, height: 250 };

const labels: Record<string, PictureLabel> = {};

async function save(name: string, image: Sharp, faces: Box[], note: string): Promise<void> {
  const file = path.join(out, name);
  await image.toFile(file);
  const { width, height } = await sharp(file).metadata();
  labels[name] = {
    width,
    height,
    faces: faces.map((face) => [
      Math.round(face.x),
      Math.round(face.y),
      Math.round(face.w),
      Math.round(face.h),
    ]),
    note,
  };
}

const copy = (name: string, source: string, faces: Box[], note: string) =>
  save(name, sharp(source).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }), faces, note);

/**
 * A grassy park background: scikit-image's grass texture, tinted green. The texture is
 * grayscale, and tint() leaves a one-channel image gray, so it is made sRGB first.
 */
async function park(width: number, height: number): Promise<Buffer> {
  const colour = await sharp(skimage('grass.png')).toColourspace('srgb').png().toBuffer();
  return sharp(colour)
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .tint({ r: 90, g: 160, b: 70 })
    .toBuffer();
}

/** The astronaut's head and shoulders, scaled so that her face box is `faceWidth` px wide. */
async function astronautHead(faceWidth: number, mirrored: boolean): Promise<{ input: Buffer; face: Box }> {
  const scale = faceWidth / ASTRONAUT_FACE.w;
  let image = sharp(skimage('astronaut.png'))
    .extract(HEAD_CROP)
    .resize(Math.round(HEAD_CROP.width * scale));
  if (mirrored) image = image.flop();
  const faceLeft = ASTRONAUT_FACE.x - HEAD_CROP.left;
  const x = mirrored ? HEAD_CROP.width - faceLeft - ASTRONAUT_FACE.w : faceLeft;
  return {
    input: await image.png().toBuffer(),
    face: {
      x: x * scale,
      y: ASTRONAUT_FACE.y * scale,
      w: ASTRONAUT_FACE.w * scale,
      h: ASTRONAUT_FACE.h * scale,
    },
  };
}

/** [face width, left, top, mirrored] of each head pasted into a scene. */
type Head = [number, number, number, boolean];

async function scene(
  name: string,
  width: number,
  height: number,
  heads: Head[],
  note: string,
): Promise<void> {
  const parts: OverlayOptions[] = [];
  const faces: Box[] = [];
  for (const [faceWidth, left, top, mirrored] of heads) {
    const head = await astronautHead(faceWidth, mirrored);
    parts.push({ input: head.input, left, top });
    faces.push({ x: left + head.face.x, y: top + head.face.y, w: head.face.w, h: head.face.h });
  }
  await save(
    name,
    sharp(await park(width, height))
      .composite(parts)
      .jpeg({ quality: 90 }),
    faces,
    note,
  );
}

/** astronaut.png rotated by `degrees` (children lie on slides and hang from bars). */
async function tilted(name: string, degrees: number, note: string): Promise<void> {
  const rotated = await sharp(skimage('astronaut.png'))
    .rotate(degrees, { background: '#777777' })
    .toBuffer({ resolveWithObject: true });
  // The face's centre turned about the picture's centre, in the enlarged canvas.
  const centreX = ASTRONAUT_FACE.x + ASTRONAUT_FACE.w / 2 - 256;
  const centreY = ASTRONAUT_FACE.y + ASTRONAUT_FACE.h / 2 - 256;
  const angle = (degrees * Math.PI) / 180;
  const x = centreX * Math.cos(angle) - centreY * Math.sin(angle) + rotated.info.width / 2;
  const y = centreX * Math.sin(angle) + centreY * Math.cos(angle) + rotated.info.height / 2;
  // A square about the turned face: its own box no longer lines up with the axes.
  const side = 115;
  await save(
    name,
    sharp(rotated.data).jpeg({ quality: 92 }),
    [{ x: x - side / 2, y: y - side / 2, w: side, h: side }],
    note,
  );
}

/** A playground slide and a swing, drawn: a scene with no person in it. */
const SLIDE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
<rect width="1200" height="800" fill="#bfe3ff"/><rect y="560" width="1200" height="240" fill="#6fbf4a"/>
<rect x="180" y="250" width="22" height="330" fill="#c0392b"/><rect x="300" y="250" width="22" height="330" fill="#c0392b"/>
<rect x="170" y="240" width="160" height="24" fill="#e67e22"/><g stroke="#7f8c8d" stroke-width="8">
<line x1="190" y1="280" x2="310" y2="280"/><line x1="190" y1="340" x2="310" y2="340"/>
<line x1="190" y1="400" x2="310" y2="400"/><line x1="190" y1="460" x2="310" y2="460"/>
<line x1="190" y1="520" x2="310" y2="520"/></g>
<path d="M330 250 C 480 260, 520 560, 700 580 L 700 610 C 500 590, 460 300, 330 290 Z" fill="#f1c40f" stroke="#d4ac0d" stroke-width="6"/>
<rect x="820" y="200" width="16" height="380" fill="#34495e"/><rect x="1080" y="200" width="16" height="380" fill="#34495e"/>
<rect x="810" y="190" width="296" height="18" fill="#34495e"/>
<line x1="900" y1="208" x2="900" y2="470" stroke="#95a5a6" stroke-width="5"/>
<line x1="1010" y1="208" x2="1010" y2="470" stroke="#95a5a6" stroke-width="5"/>
<rect x="885" y="465" width="140" height="22" rx="6" fill="#2980b9"/><circle cx="1000" cy="120" r="60" fill="#f9e79f"/></svg>`;

async function main(): Promise<void> {
  await mkdir(out, { recursive: true });

  await copy(
    'astronaut.jpg',
    skimage('astronaut.png'),
    [ASTRONAUT_FACE],
    'one face, frontal (public domain)',
  );
  await copy(
    'camera.jpg',
    skimage('camera.png'),
    [CAMERA_FACE],
    'one face, three-quarter view behind a camera, grayscale (CC0)',
  );
  const large = 1200 / 512;
  await save(
    'camera-mirrored-large.jpg',
    sharp(skimage('camera.png')).flop().resize(1200).jpeg({ quality: 90 }),
    [
      {
        x: (512 - CAMERA_FACE.x - CAMERA_FACE.w) * large,
        y: CAMERA_FACE.y * large,
        w: CAMERA_FACE.w * large,
        h: CAMERA_FACE.h * large,
      },
    ],
    'the same three-quarter face, mirrored, at 1200 px',
  );
  await scene(
    'group-four.jpg',
    1600,
    1067,
    [
      [200, 60, 300, false],
      [140, 560, 380, true],
      [100, 950, 450, false],
      [70, 1300, 520, true],
    ],
    'four faces of 70–200 px on a park background (composite)',
  );
  await scene(
    'small-faces.jpg',
    1600,
    1200,
    [
      [40, 300, 500, false],
      [28, 900, 620, true],
      [34, 1250, 380, false],
    ],
    'three small faces (28–40 px in 1600 px): children far away (composite)',
  );
  await scene(
    'medium-faces.jpg',
    1600,
    1200,
    [
      [60, 200, 300, false],
      [50, 800, 700, true],
    ],
    'two faces of 50–60 px in 1600 px (composite)',
  );
  await scene(
    'park-crowd.jpg',
    1600,
    1200,
    [
      [56, 80, 120, false],
      [52, 520, 90, true],
      [48, 980, 150, false],
      [44, 1380, 110, true],
      [40, 150, 520, true],
      [36, 600, 480, false],
      [32, 1050, 560, true],
      [30, 1420, 500, false],
      [28, 240, 880, false],
      [26, 700, 920, true],
      [23, 1120, 860, false],
      [20, 1450, 940, true],
    ],
    'twelve faces of 20–56 px in 1600 px: a busy playground seen from its edge (composite)',
  );
  await tilted('tilted.jpg', 25, 'one face tilted 25° (rotated public-domain photo)');
  await save(
    'shade.jpg',
    sharp(skimage('astronaut.png')).gamma(2.2, 1.0).linear(0.45, 0).jpeg({ quality: 90 }),
    [ASTRONAUT_FACE],
    'one face in deep shade (darkened)',
  );
  await copy('cat.jpg', skimage('chelsea.png'), [], 'a cat, no person (CC0)');
  await copy('coffee.jpg', skimage('coffee.png'), [], 'a cup of coffee (CC0)');
  await copy('rocket.jpg', skimage('rocket.jpg'), [], 'a rocket at night (public domain)');
  await save(
    'dog.jpg',
    sharp(tux('animals/mammals/dogs/dog.png'))
      .flatten({ background: '#ffffff' })
      .resize(582)
      .jpeg({ quality: 92 }),
    [],
    'a drawn dog (GPL-2, Tux Paint stamps)',
  );
  await save(
    'dingo.jpg',
    sharp(tux('animals/mammals/dogs/dingo.png'))
      .flatten({ background: '#ffffff' })
      .resize(480)
      .jpeg({ quality: 92 }),
    [],
    'a drawn dingo (GPL-2, Tux Paint stamps)',
  );
  await copy(
    'firefighter.jpg',
    tux('people/fireman240a.png'),
    [],
    'a drawn firefighter whose face the mask hides (GPL-2, Tux Paint stamps)',
  );
  await save(
    'slide.jpg',
    sharp(Buffer.from(SLIDE_SVG)).jpeg({ quality: 90 }),
    [],
    'a drawn playground slide and swing, no person',
  );

  const labelsFile = path.join(out, 'labels.json');
  // Formatted as the repository's Prettier settings want it, so format:check stays green.
  const formatted = await prettier.format(JSON.stringify(labels), {
    ...(await prettier.resolveConfig(labelsFile)),
    filepath: labelsFile,
  });
  await writeFile(labelsFile, formatted);
  const faces = Object.values(labels).reduce((sum, label) => sum + label.faces.length, 0);
  console.log(`${String(Object.keys(labels).length)} pictures, ${String(faces)} faces in ${out}`);
}

await main();
