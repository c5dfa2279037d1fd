/** A place's uuid as four 32-bit words (what the place store keeps) and back. */

/** A uuid's 128 bits as four unsigned 32-bit words (PostgreSQL orders uuids by these bytes). */
export function writeIdWords(id: string, words: Uint32Array, at: number): void {
  let word = 0;
  let digits = 0;
  let value = 0;
  for (let i = 0; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code === 45) continue; // '-'
    // '0'-'9', 'a'-'f' (PostgreSQL writes uuids in lower case), 'A'-'F'.
    value = value * 16 + (code <= 57 ? code - 48 : (code | 32) - 87);
    if (++digits === 8) {
      words[at + word++] = value;
      digits = 0;
      value = 0;
    }
  }
}

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
/** Where each of the 32 hex digits goes in the 36 characters of a uuid (dashes between). */
const DIGIT_POSITIONS = Array.from(
  { length: 32 },
  (_, digit) =>
    digit + (digit >= 8 ? 1 : 0) + (digit >= 12 ? 1 : 0) + (digit >= 16 ? 1 : 0) + (digit >= 20 ? 1 : 0),
);
const uuidScratch = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1');

/** The uuid text of four words: written into one buffer and read out as one flat string (ids are formatted for every point sent). */
export function idFromWords(words: Uint32Array, at: number): string {
  for (let word = 0; word < 4; word++) {
    const value = words[at + word] ?? 0;
    for (let nibble = 0; nibble < 8; nibble++) {
      uuidScratch[DIGIT_POSITIONS[word * 8 + nibble] ?? 0] =
        HEX_DIGITS[(value >>> (28 - nibble * 4)) & 15] ?? 48;
    }
  }
  return uuidScratch.toString('latin1', 0, 36);
}

/** Orders two ids kept as four 32-bit words each, from word `a` of `left` and word `b` of `right`. */
export function compareIdWords(
  left: ArrayLike<number>,
  a: number,
  right: ArrayLike<number>,
  b: number,
): number {
  for (let word = 0; word < 4; word++) {
    const difference = (left[a + word] ?? 0) - (right[b + word] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
