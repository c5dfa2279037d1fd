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

/** A round partner logo with initials, 300×300. */
export function logoSvg(initials: string, colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
  <rect width="300" height="300" fill="#ffffff"/>
  <circle cx="150" cy="150" r="130" fill="${colour}"/>
  <text x="150" y="185" font-family="sans-serif" font-size="110" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`;
}
