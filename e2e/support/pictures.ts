/** Real pictures for upload tests and screenshots, drawn from SVG (the server refuses tiny or broken files). */
import sharp from 'sharp';

export async function pictureFromSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A sunny swimming-pool scene, 800×450. */
export function poolSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bae6fd"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>
  <rect width="800" height="450" fill="url(#sky)"/>
  <circle cx="660" cy="90" r="52" fill="#fdba74"/>
  <rect y="250" width="800" height="200" fill="#38bdf8"/>
  <path d="M0 280 Q 100 260 200 280 T 400 280 T 600 280 T 800 280" stroke="#e0f2fe" stroke-width="10" fill="none"/>
  <path d="M0 340 Q 100 320 200 340 T 400 340 T 600 340 T 800 340" stroke="#e0f2fe" stroke-width="10" fill="none"/>
  <circle cx="250" cy="300" r="38" fill="#f97316"/><circle cx="250" cy="300" r="18" fill="#38bdf8"/>
  <circle cx="520" cy="360" r="30" fill="#facc15"/><circle cx="520" cy="360" r="13" fill="#38bdf8"/>
</svg>`;
}

/** Green hills, trees and a sun, 800×450. */
export function parkSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="#fef3c7"/>
  <circle cx="140" cy="110" r="60" fill="#fdba74"/>
  <ellipse cx="220" cy="470" rx="420" ry="200" fill="#86efac"/>
  <ellipse cx="640" cy="500" rx="400" ry="230" fill="#4ade80"/>
  <rect x="560" y="170" width="18" height="90" fill="#92400e"/><circle cx="569" cy="160" r="48" fill="#15803d"/>
  <rect x="660" y="200" width="14" height="70" fill="#92400e"/><circle cx="667" cy="190" r="36" fill="#16a34a"/>
  <rect x="330" y="215" width="10" height="60" fill="#a16207"/><rect x="380" y="215" width="10" height="60" fill="#a16207"/>
  <path d="M320 215 L400 215 L360 180 Z" fill="#f97316"/>
</svg>`;
}

/** A warm café table with a cup, 800×450. */
export function cafeSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <rect width="800" height="450" fill="#ffedd5"/>
  <rect y="300" width="800" height="150" fill="#d6a77a"/>
  <ellipse cx="400" cy="300" rx="150" ry="26" fill="#fde68a"/>
  <path d="M300 180 L500 180 L480 300 L320 300 Z" fill="#ffffff"/>
  <path d="M500 205 Q 560 215 540 255 Q 525 280 488 275" stroke="#ffffff" stroke-width="18" fill="none"/>
  <ellipse cx="400" cy="182" rx="100" ry="16" fill="#b45309"/>
  <path d="M360 150 Q 350 120 370 100 M410 150 Q 400 115 425 95" stroke="#fdba74" stroke-width="8" fill="none" stroke-linecap="round"/>
</svg>`;
}

/** A round partner logo with initials, 300×300. */
export function logoSvg(initials: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
  <rect width="300" height="300" fill="#ffffff"/>
  <circle cx="150" cy="150" r="130" fill="${colour}"/>
  <text x="150" y="185" font-family="sans-serif" font-size="110" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`;
}
