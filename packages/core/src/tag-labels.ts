/**
 * Tags that name a common thing (issue 32): the add form's chips and the tags the open-data
 * import writes. Shown in the reader's language through the locale (`knownTags.<key>`); any
 * other tag is a parent's own words and is shown as written.
 */

/** Tags offered as one-tap chips on the add form (capitalised as stored); anything else can be typed. */
export const SUGGESTED_TAGS = [
  'Playground',
  'Swings',
  'Slides',
  'Shade',
  'Toilets',
  'Fenced',
  'Picnic tables',
  'Cafe nearby',
  'Parking',
  'Water play',
  'Pram friendly',
  'Dog free',
] as const;

/** Every known tag as stored: the form's chips, then what the import writes (lower case). */
export const KNOWN_TAGS = [
  ...SUGGESTED_TAGS,
  'changing table',
  'drinking water',
  'lit at night',
  'seating',
  'wheelchair accessible',
  'partly wheelchair accessible',
  'no dogs',
  'dogs on leash',
  'sand surface',
  'bark surface',
  'grass surface',
  'soft surface',
  'gravel surface',
  'slide',
  'sandpit',
  'climbing',
  'seesaw',
  'spring rider',
  'zip line',
  'roundabout',
  'trampoline',
] as const;

/** The locale key of a tag: lower case, words joined by '_' ('Picnic tables' → 'picnic_tables'). */
function keyOf(tag: string): string {
  return tag
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/gu, '_');
}

const KEYS = new Set(KNOWN_TAGS.map(keyOf));

/** The locale key of a known tag, in any case or spacing; null for a parent's own words. */
export function knownTagKey(tag: string): string | null {
  const key = keyOf(tag);
  return KEYS.has(key) ? key : null;
}

/** Every known tag's locale key, once (for the locale files' completeness test). */
export const KNOWN_TAG_KEYS: readonly string[] = [...KEYS];
