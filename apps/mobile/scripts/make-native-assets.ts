/**
 * Draws the native apps' icons and splash screens from the PlaySpot pin
 * (apps/web/build-tools/pin-mark.ts) over the Capacitor template's images, at the same paths
 * and in the same pixel sizes (each existing file's size is kept):
 * - Android, in every mipmap-* folder: ic_launcher.png (white pin on an orange rounded square,
 *   for Android 7 launchers), ic_launcher_round.png (on an orange circle) and
 *   ic_launcher_foreground.png, the adaptive icon's foreground (a white pin inside the 66 dp
 *   safe zone of the 108 dp canvas) over values/ic_launcher_background.xml's orange; in every
 *   drawable* folder, splash.png (the orange pin, centred, on the warm background); and
 *   values/splash_background.xml, the Android 12+ launch screen's background (styles.xml).
 * - iOS: the 1024 px App Store icon (white pin on orange, no alpha channel: Apple rejects an
 *   icon with one) and the Splash.imageset images (LaunchScreen.storyboard).
 * The PNGs are committed; run again after changing the mark (and make-icons.ts for the web):
 *   node apps/mobile/scripts/make-native-assets.ts
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  ORANGE,
  WARM_BACKGROUND,
  WHITE,
  markSvg,
  type MarkBackground,
} from '../../web/build-tools/pin-mark.ts';

const androidRes = fileURLToPath(new URL('../android/app/src/main/res/', import.meta.url));
const iosAssets = fileURLToPath(new URL('../ios/App/App/Assets.xcassets/', import.meta.url));

interface Look {
  background: MarkBackground;
  pin: string;
  hole: string;
  pinShare: number;
  /** Flattened onto `background` with no alpha channel (splash screens, the iOS icon). */
  opaque: boolean;
}

/** The legacy (pre-adaptive) launcher icons keep a sliver of transparent margin, as launchers expect. */
const LEGACY_SQUARE: Look = {
  background: { shape: 'rounded-square', color: ORANGE, sideShare: 0.875, cornerShare: 0.16 },
  pin: WHITE,
  hole: ORANGE,
  pinShare: 0.6,
  opaque: false,
};
const LEGACY_ROUND: Look = {
  background: { shape: 'circle', color: ORANGE, diameterShare: 0.92 },
  pin: WHITE,
  hole: ORANGE,
  pinShare: 0.6,
  opaque: false,
};
/**
 * 108 dp canvas, of which a launcher shows at most the central 72 dp and always the central
 * 66 dp circle: the pin (28.6 of its 64 units from its centre) reaches 22 dp from the centre.
 */
const ADAPTIVE_FOREGROUND: Look = {
  background: { shape: 'none' },
  pin: WHITE,
  hole: ORANGE,
  pinShare: 0.46,
  opaque: false,
};
/** As the web's apple-touch-icon: iOS rounds the corners itself. */
const IOS_ICON: Look = {
  background: { shape: 'fill', color: ORANGE },
  pin: WHITE,
  hole: ORANGE,
  pinShare: 0.66,
  opaque: true,
};
/** The pin's box is 28 % of the screen's shorter side: about a fifth of a phone's width. */
const ANDROID_SPLASH: Look = {
  background: { shape: 'fill', color: WARM_BACKGROUND },
  pin: ORANGE,
  hole: WHITE,
  pinShare: 0.28,
  opaque: true,
};
/**
 * iOS shows the square 2732 px image aspect-filled (LaunchScreen.storyboard): on a phone about
 * 850 pt of it are on screen, so 15 % makes the same pin, about a fifth of the phone's width.
 */
const IOS_SPLASH: Look = { ...ANDROID_SPLASH, pinShare: 0.15 };

/**
 * A 256-colour palette is used when it is smaller and no channel of any pixel (premultiplied
 * by its alpha) moves by more than this, out of 255: the mark's flat colours stay exact and
 * only anti-aliased edge pixels shift, invisibly (at most 10 when this was written).
 */
const PALETTE_MAX_DIFFERENCE = 12;

async function drawPng(look: Look, width: number, height: number, options: { palette: boolean }) {
  const svg = markSvg({ width, height, ...look });
  let image = sharp(Buffer.from(svg));
  if (look.opaque) image = image.flatten({ background: WARM_BACKGROUND }).removeAlpha();
  else image = image.ensureAlpha();
  const { data: pixels, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const fullColour = await sharp(pixels, raw).png({ compressionLevel: 9 }).toBuffer();
  if (!options.palette) return fullColour;

  const palette = await sharp(pixels, raw)
    .png({ compressionLevel: 9, palette: true, quality: 100, effort: 10 })
    .toBuffer();
  const decoded = sharp(palette);
  const back = await (look.opaque ? decoded.removeAlpha() : decoded.ensureAlpha()).raw().toBuffer();
  return palette.length < fullColour.length &&
    largestDifference(pixels, back, info.channels) <= PALETTE_MAX_DIFFERENCE
    ? palette
    : fullColour;
}

function largestDifference(a: Buffer, b: Buffer, channels: number): number {
  if (a.length !== b.length) return 255;
  let largest = 0;
  for (let pixel = 0; pixel < a.length; pixel += channels) {
    const alphaA = channels === 4 ? (a[pixel + 3] ?? 0) / 255 : 1;
    const alphaB = channels === 4 ? (b[pixel + 3] ?? 0) / 255 : 1;
    for (let channel = 0; channel < channels; channel++) {
      const isAlpha = channels === 4 && channel === 3;
      const valueA = (a[pixel + channel] ?? 0) * (isAlpha ? 1 : alphaA);
      const valueB = (b[pixel + channel] ?? 0) * (isAlpha ? 1 : alphaB);
      largest = Math.max(largest, Math.abs(valueA - valueB));
    }
  }
  return largest;
}

async function exists(path: string) {
  return stat(path).then(
    () => true,
    () => false,
  );
}

let written = 0;
/** Replaces the image at `path`, keeping its pixel size. */
async function replace(path: string, look: Look, options = { palette: true }) {
  const { width, height } = await sharp(path).metadata();
  const png = await drawPng(look, width, height, options);
  await writeFile(path, png);
  const { isPalette } = await sharp(png).metadata();
  console.log(
    `${path.replace(/^.*\/(android|ios)\//, '$1/')}: ${width}×${height}, ${png.length} bytes${isPalette ? ', palette' : ''}`,
  );
  written++;
}

// Android: the template's densities and orientations, whatever they are.
for (const folder of (await readdir(androidRes)).sort()) {
  const at = (file: string) => `${androidRes}${folder}/${file}`;
  if (folder.startsWith('mipmap-')) {
    if (await exists(at('ic_launcher.png'))) await replace(at('ic_launcher.png'), LEGACY_SQUARE);
    if (await exists(at('ic_launcher_round.png'))) await replace(at('ic_launcher_round.png'), LEGACY_ROUND);
    if (await exists(at('ic_launcher_foreground.png'))) {
      await replace(at('ic_launcher_foreground.png'), ADAPTIVE_FOREGROUND);
    }
  }
  if (folder.startsWith('drawable') && (await exists(at('splash.png')))) {
    await replace(at('splash.png'), ANDROID_SPLASH);
  }
}
const colourResource = (name: string, colour: string) => `<?xml version="1.0" encoding="utf-8"?>
<!-- Written by apps/mobile/scripts/make-native-assets.ts from the PlaySpot mark's colours. -->
<resources>
    <color name="${name}">${colour.toUpperCase()}</color>
</resources>
`;
await writeFile(
  `${androidRes}values/ic_launcher_background.xml`,
  colourResource('ic_launcher_background', ORANGE),
);
await writeFile(
  `${androidRes}values/splash_background.xml`,
  colourResource('splash_background', WARM_BACKGROUND),
);

// iOS: the files the asset catalogues list.
async function catalogueImages(set: string): Promise<string[]> {
  const contents = JSON.parse(await readFile(`${iosAssets}${set}/Contents.json`, 'utf8')) as {
    images: { filename?: string }[];
  };
  return contents.images.flatMap((image) => (image.filename ? [`${iosAssets}${set}/${image.filename}`] : []));
}
// Full colour: a palette PNG has no alpha channel either, but the App Store icon is one file
// and not worth the doubt.
for (const path of await catalogueImages('AppIcon.appiconset'))
  await replace(path, IOS_ICON, { palette: false });
for (const path of await catalogueImages('Splash.imageset')) await replace(path, IOS_SPLASH);

if (written === 0) throw new Error('No template images found to replace: has the native project moved?');
