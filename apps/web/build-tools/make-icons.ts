/**
 * Draws the installable app's icons from the PlaySpot pin (public/favicon.svg) into
 * public/icons/: 192 and 512 px on the app's warm background, a 512 px maskable one (white
 * pin on orange, inside the central 60 % that every launcher's mask keeps) and a 180 px
 * Apple touch icon. The PNGs are committed; run again after changing the mark:
 *   node apps/web/build-tools/make-icons.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ORANGE = '#f97316';
const WARM_BACKGROUND = '#fff7ed';
const GREEN = '#22c55e';
const PIN_PATH = 'M32 4c-11 0-20 8.6-20 19.4C12 38 32 60 32 60s20-22 20-36.6C52 12.6 43 4 32 4z';

/** The pin (64 × 64 units) scaled to `pinShare` of the icon, centred, on `background`. */
function iconSvg(options: { size: number; background: string; pin: string; hole: string; pinShare: number }) {
  const scale = (options.size * options.pinShare) / 64;
  const offset = (options.size - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${options.size}" height="${options.size}">
  <rect width="100%" height="100%" fill="${options.background}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">
    <path fill="${options.pin}" d="${PIN_PATH}"/>
    <circle cx="32" cy="23" r="9" fill="${options.hole}"/>
    <circle cx="32" cy="23" r="4.5" fill="${GREEN}"/>
  </g>
</svg>`;
}

const ICONS = [
  {
    file: 'icon-192.png',
    size: 192,
    background: WARM_BACKGROUND,
    pin: ORANGE,
    hole: '#ffffff',
    pinShare: 0.8,
  },
  {
    file: 'icon-512.png',
    size: 512,
    background: WARM_BACKGROUND,
    pin: ORANGE,
    hole: '#ffffff',
    pinShare: 0.8,
  },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    background: ORANGE,
    pin: '#ffffff',
    hole: ORANGE,
    pinShare: 0.56,
  },
  {
    file: 'apple-touch-icon.png',
    size: 180,
    background: ORANGE,
    pin: '#ffffff',
    hole: ORANGE,
    pinShare: 0.66,
  },
];

const folder = fileURLToPath(new URL('../public/icons/', import.meta.url));
await mkdir(folder, { recursive: true });
for (const icon of ICONS) {
  const png = await sharp(Buffer.from(iconSvg(icon)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(`${folder}${icon.file}`, png);
  console.log(`${icon.file}: ${icon.size} px, ${png.length} bytes`);
}
