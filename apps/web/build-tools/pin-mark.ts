/**
 * The PlaySpot mark, the pin of public/favicon.svg, as SVG for the image generators: the web
 * app's icons (make-icons.ts) and the native apps' icons and splash screens
 * (apps/mobile/scripts/make-native-assets.ts). Change the mark here and run both again.
 */

export const ORANGE = '#f97316';
export const WARM_BACKGROUND = '#fff7ed';
export const GREEN = '#22c55e';
export const WHITE = '#ffffff';
/** The pin's outline in a 64 × 64 box: 40 units wide, 56 tall, centred on (32, 32). */
export const PIN_PATH = 'M32 4c-11 0-20 8.6-20 19.4C12 38 32 60 32 60s20-22 20-36.6C52 12.6 43 4 32 4z';

/** The shape filled with `background` behind the pin. */
export type MarkBackground =
  | { shape: 'none' }
  | { shape: 'fill'; color: string }
  | { shape: 'circle'; color: string; diameterShare: number }
  | { shape: 'rounded-square'; color: string; sideShare: number; cornerShare: number };

export interface MarkOptions {
  width: number;
  height: number;
  background: MarkBackground;
  /** The pin's colour, and the ring round the green dot (usually the background's colour). */
  pin: string;
  hole: string;
  /** The pin's 64-unit box as a share of the canvas's shorter side. */
  pinShare: number;
}

function backgroundSvg(options: MarkOptions): string {
  const { background, width, height } = options;
  const side = Math.min(width, height);
  switch (background.shape) {
    case 'none':
      return '';
    case 'fill':
      return `\n  <rect width="100%" height="100%" fill="${background.color}"/>`;
    case 'circle':
      return `\n  <circle cx="${width / 2}" cy="${height / 2}" r="${(side * background.diameterShare) / 2}" fill="${background.color}"/>`;
    case 'rounded-square': {
      const square = side * background.sideShare;
      const corner = side * background.cornerShare;
      return `\n  <rect x="${(width - square) / 2}" y="${(height - square) / 2}" width="${square}" height="${square}" rx="${corner}" fill="${background.color}"/>`;
    }
  }
}

/** The pin scaled to `pinShare` of the canvas's shorter side, centred, on `background`. */
export function markSvg(options: MarkOptions): string {
  const scale = (Math.min(options.width, options.height) * options.pinShare) / 64;
  const offsetX = (options.width - 64 * scale) / 2;
  const offsetY = (options.height - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${options.width}" height="${options.height}">${backgroundSvg(options)}
  <g transform="translate(${offsetX} ${offsetY}) scale(${scale})">
    <path fill="${options.pin}" d="${PIN_PATH}"/>
    <circle cx="32" cy="23" r="9" fill="${options.hole}"/>
    <circle cx="32" cy="23" r="4.5" fill="${GREEN}"/>
  </g>
</svg>`;
}

/** A square icon: the pin scaled to `pinShare` of it, centred, on a full `background`. */
export function iconSvg(options: {
  size: number;
  background: string;
  pin: string;
  hole: string;
  pinShare: number;
}) {
  return markSvg({
    width: options.size,
    height: options.size,
    background: { shape: 'fill', color: options.background },
    pin: options.pin,
    hole: options.hole,
    pinShare: options.pinShare,
  });
}
