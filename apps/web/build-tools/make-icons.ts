/**
 * Draws the installable app's icons from the PlaySpot pin (pin-mark.ts, as public/favicon.svg) into
 * public/icons/: 192 and 512 px on the app's warm background, a 512 px maskable one (white
 * pin on orange, inside the central 60 % that every launcher's mask keeps) and a 180 px
 * Apple touch icon. The PNGs are committed; run again after changing the mark:
 *   node apps/web/build-tools/make-icons.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ORANGE, WARM_BACKGROUND, WHITE, iconSvg } from './pin-mark.ts';

const ICONS = [
  {
    file: 'icon-192.png',
    size: 192,
    background: WARM_BACKGROUND,
    pin: ORANGE,
    hole: WHITE,
    pinShare: 0.8,
  },
  {
    file: 'icon-512.png',
    size: 512,
    background: WARM_BACKGROUND,
    pin: ORANGE,
    hole: WHITE,
    pinShare: 0.8,
  },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    background: ORANGE,
    pin: WHITE,
    hole: ORANGE,
    pinShare: 0.56,
  },
  {
    file: 'apple-touch-icon.png',
    size: 180,
    background: ORANGE,
    pin: WHITE,
    hole: ORANGE,
    pinShare: 0.66,
  },
];

const folder = fileURLToPath(new URL('../public/icons/', import.meta.url));
await mkdir(folder, { recursive: true });
for (const icon of ICONS) {
  const png = await sharp(Buffer.from(iconSvg(icon)))
    // A palette of at most 256 colours: the mark has three and their anti-aliased edges, and
    // the 192 px icon is fetched on every first visit (3.5 KB as full colour, 1.4 KB so).
    .png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 })
    .toBuffer();
  await writeFile(`${folder}${icon.file}`, png);
  console.log(`${icon.file}: ${icon.size} px, ${png.length} bytes`);
}
