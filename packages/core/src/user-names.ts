/**
 * User names (spec §5: unique, checked by querying users on userName; the bounds are ours).
 *
 * - Letters of any alphabet (Léo, Zoë, Ngā, Дмитрий, 美咲), digits, '_', '.', '-'; NFC-normalised
 *   so 'e' + combining acute and 'é' are the same name; starting with a letter or digit.
 * - 3–30 characters as people count them (graphemes); in Chinese, Japanese and Korean, where
 *   a character is a syllable or a word, each counts twice toward the minimum ('美咲' is fine).
 * - One alphabet per name (Japanese may mix kanji and kana, Korean hangul and hanja): a Latin
 *   name with one Cyrillic 'а' in it could otherwise pass for someone else's.
 * - Unique by userNameSkeleton: Unicode case folding (NFKC, then upper then lower case, so
 *   'ß' ≡ 'ss' and final 'ς' ≡ 'σ'), then look-alike letters mapped to one of them (UTS #39
 *   style, the common Latin/Greek/Cyrillic confusables, 0/o and 1/l/I, 'rn'/'m'), so a name
 *   that only looks like a taken one is taken too. userNameKey (the folding alone) finds a
 *   name however it is typed (profile links, event invitations).
 */
import { USER_NAME_MAX_LENGTH, USER_NAME_MIN_LENGTH } from './constants.ts';

export type UserNameIssueCode =
  'too_short' | 'too_long' | 'invalid_characters' | 'invalid_start' | 'mixed_scripts';

export type UserNameResult =
  | { readonly ok: true; readonly userName: string }
  | { readonly ok: false; readonly code: UserNameIssueCode; readonly message: string };

const USER_NAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd}_.-]*$/u;
const USER_NAME_START = /^[\p{L}\p{Nd}]/u;
/** Accents stacked three deep are decoration, not a name ("zalgo" text). */
const STACKED_MARKS = /\p{M}{3,}/u;
/** A stored name stays short in code units too, whatever its graphemes. */
const USER_NAME_MAX_CODE_UNITS = 4 * USER_NAME_MAX_LENGTH;

/** Scripts a name's letters are told apart by (Common and Inherited, e.g. digits and marks, go with any). */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Thaana',
  'Syriac',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
] as const;
type Script = (typeof SCRIPTS)[number] | 'Other';

// Built on first use, not at import: a page that never checks a name (the map) pays nothing.
let scriptPatterns: (readonly [Script, RegExp])[] | null = null;

function scriptOf(letter: string): Script {
  scriptPatterns ??= SCRIPTS.map((script) => [script, new RegExp(`^\\p{Script=${script}}$`, 'u')] as const);
  return scriptPatterns.find(([, pattern]) => pattern.test(letter))?.[0] ?? 'Other';
}

/** Scripts that are written together: one name may use any of a group's. */
const SCRIPT_FAMILIES: readonly (readonly Script[])[] = [
  ['Han', 'Hiragana', 'Katakana'],
  ['Han', 'Hangul'],
  ['Han', 'Bopomofo'],
];

/** Where one character is a syllable or a word: it counts twice toward the minimum length. */
const WIDE_SCRIPTS: readonly Script[] = ['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo'];

let graphemes: Intl.Segmenter | null = null;

function graphemesOf(text: string): string[] {
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

function lettersOf(text: string): string[] {
  return text.match(/\p{L}/gu) ?? [];
}

function usesOneAlphabet(text: string): boolean {
  const scripts = new Set(lettersOf(text).map(scriptOf));
  if (scripts.size <= 1) return true;
  return SCRIPT_FAMILIES.some((family) => [...scripts].every((script) => family.includes(script)));
}

/**
 * Length toward the minimum: characters (code points, so a Devanagari vowel sign counts as
 * the letter it is), those of wide scripts counted twice.
 */
function weightedLength(text: string): number {
  return Array.from(text).reduce(
    (sum, char) => sum + (/\p{L}/u.test(char) && WIDE_SCRIPTS.includes(scriptOf(char)) ? 2 : 1),
    0,
  );
}

/** Checks a user name and gives it back trimmed and NFC-normalised, or says what is wrong. */
export function validateUserName(input: string): UserNameResult {
  const userName = input.normalize('NFC').trim();
  if (!USER_NAME_CHARACTERS.test(userName) || STACKED_MARKS.test(userName)) {
    return {
      ok: false,
      code: 'invalid_characters',
      message:
        'A user name can only contain letters (of any alphabet), digits, underscores (_), dots (.) and hyphens (-).',
    };
  }
  const parts = graphemesOf(userName);
  if (weightedLength(userName) < USER_NAME_MIN_LENGTH) {
    return {
      ok: false,
      code: 'too_short',
      message: `A user name needs at least ${USER_NAME_MIN_LENGTH} characters.`,
    };
  }
  if (parts.length > USER_NAME_MAX_LENGTH || userName.length > USER_NAME_MAX_CODE_UNITS) {
    return {
      ok: false,
      code: 'too_long',
      message: `A user name can have at most ${USER_NAME_MAX_LENGTH} characters.`,
    };
  }
  if (!USER_NAME_START.test(userName)) {
    return { ok: false, code: 'invalid_start', message: 'A user name must start with a letter or a digit.' };
  }
  if (!usesOneAlphabet(userName)) {
    return {
      ok: false,
      code: 'mixed_scripts',
      message:
        'A user name can use one alphabet at a time: letters from two alphabets can look like someone else’s name.',
    };
  }
  return { ok: true, userName };
}

/**
 * The name as a case-insensitive key: NFKC, then Unicode case folding done as upper then
 * lower case (which, unlike lower case alone, folds 'ß' to 'ss' and final sigma to sigma).
 */
export function userNameKey(userName: string): string {
  // Lower case writes a word-final sigma as 'ς'; folding has one sigma.
  return userName.normalize('NFKC').trim().toUpperCase().toLowerCase().replaceAll('ς', 'σ');
}

/**
 * Letters (after folding) that look like another one, mapped to it: Cyrillic, Greek and
 * other letters that pass for Latin ones, and the digits and letters easily read as each
 * other. Names are unique regardless of case, so a letter whose capital passes for a Latin
 * capital maps to that (Greek ν, whose capital is Ν, to 'n'; Cyrillic н, capital Н, to 'h').
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Digits and Latin letters read as one another.
  '0': 'o',
  '1': 'l',
  i: 'l',
  ı: 'l',
  // Cyrillic.
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'ë',
  з: '3',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'l',
  ї: 'ï',
  ј: 'j',
  ӏ: 'l',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ү: 'y',
  // Greek.
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  ι: 'l',
  κ: 'k',
  μ: 'm',
  ν: 'n',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'y',
  χ: 'x',
  ω: 'w',
  // Armenian.
  օ: 'o',
  ս: 'u',
  հ: 'h',
  ո: 'n',
  // Latin letters that look like others.
  ɡ: 'g',
  ɑ: 'a',
  ʟ: 'l',
  ɩ: 'l',
};

/** Letter pairs that read as one letter ('rn' as 'm'), applied after the single letters. */
const LOOK_ALIKE_PAIRS: readonly (readonly [string, string])[] = [
  ['rn', 'm'],
  ['vv', 'w'],
];

/**
 * The key under which user names are unique: folded (userNameKey), with look-alike letters
 * mapped to one of them, so 'Zoe', 'ZOE', 'Zое' (Cyrillic о, е) and 'Z0e' share one, while
 * 'Zoë' (a visible diaeresis) and 'Leo'/'Léo' stay apart.
 */
export function userNameSkeleton(userName: string): string {
  let skeleton = Array.from(userNameKey(userName).normalize('NFC'), (char) => LOOK_ALIKES[char] ?? char).join(
    '',
  );
  for (const [pair, single] of LOOK_ALIKE_PAIRS) skeleton = skeleton.replaceAll(pair, single);
  return skeleton;
}
