/**
 * Object-storage keys of uploaded images (spec §7). Ids must be plain path segments and
 * file names are sanitised, so a key can never escape its folder.
 */

const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;
const FILENAME_MAX_LENGTH = 120;
const FALLBACK_FILENAME = 'file';

function requireId(id: string, name: string): string {
  if (!ID_PATTERN.test(id)) {
    throw new RangeError(`${name} must be 1–128 letters, digits, '_' or '-', got ${JSON.stringify(id)}`);
  }
  return id;
}

/**
 * A file name safe to use as the last segment of a storage key: only its base name (after
 * the last '/' or '\'), NFC-normalised, control characters removed, any character other
 * than letters, digits, '.', '_', '-', '(' and ')' replaced by '_', runs of dots collapsed,
 * no leading dot, at most 120 characters (keeping the extension). Never empty.
 */
export function sanitizeFilename(filename: string): string {
  const base = filename.split(/[/\\]/u).at(-1) ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .replace(/[^\p{L}\p{N}._()-]/gu, '_')
    .replace(/\.{2,}/gu, '.')
    .replace(/^[.]+/u, '')
    .replace(/[.]+$/u, '');
  if (cleaned === '' || /^[._-]*$/u.test(cleaned)) return FALLBACK_FILENAME;
  const graphemes = splitGraphemes(cleaned);
  if (graphemes.length <= FILENAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? splitGraphemes(cleaned.slice(dot)).slice(0, 16).join('') : '';
  const stemLength = FILENAME_MAX_LENGTH - splitGraphemes(extension).length;
  return graphemes.slice(0, stemLength).join('') + extension;
}

/** User-perceived characters, so truncation never splits an accented letter or an emoji. */
const graphemeSegmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

function splitGraphemes(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), (part) => part.segment);
}

/** locations/{locationId}/{filename} */
export function placeImagePath(locationId: string, filename: string): string {
  return `locations/${requireId(locationId, 'locationId')}/${sanitizeFilename(filename)}`;
}

/** locations/{locationId}/comments/{commentId}/{filename} */
export function commentImagePath(locationId: string, commentId: string, filename: string): string {
  return `locations/${requireId(locationId, 'locationId')}/comments/${requireId(commentId, 'commentId')}/${sanitizeFilename(filename)}`;
}

/** deals/{dealId}/{filename} */
export function dealImagePath(dealId: string, filename: string): string {
  return `deals/${requireId(dealId, 'dealId')}/${sanitizeFilename(filename)}`;
}

/** deals/{dealId}/logo_{filename} */
export function dealLogoPath(dealId: string, filename: string): string {
  return `deals/${requireId(dealId, 'dealId')}/logo_${sanitizeFilename(filename)}`;
}
