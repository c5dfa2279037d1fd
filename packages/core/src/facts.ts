/**
 * The facts parents ask before they go (issue 18): a small vocabulary aligned with
 * OpenStreetMap's tags, each fact with normalised values. Imports read them from OSM tags;
 * parents confirm or correct them, and `factStatus` says what a place page shows. What play
 * equipment a place has is not a fact but its kind's answer (equipment.ts, place-vocabulary.ts).
 */
import { parseAge } from './import/age-ranges.ts';

export type FactKind = 'yesno' | 'choice' | 'text' | 'age';

export interface FactDefinition {
  /** The question as a parent reads it. */
  readonly question: string;
  readonly kind: FactKind;
  /** The values a 'choice' fact takes ('yesno' takes yes and no). */
  readonly choices?: readonly string[];
}

export const FACTS = {
  toilets: { question: 'Toilets?', kind: 'yesno' },
  changing_table: { question: 'Baby changing table?', kind: 'yesno' },
  fenced: { question: 'Fenced?', kind: 'yesno' },
  shade: { question: 'Shade?', kind: 'yesno' },
  surface: {
    question: 'Ground under the play equipment?',
    kind: 'choice',
    choices: ['sand', 'bark', 'grass', 'rubber', 'gravel', 'paving'],
  },
  wheelchair: { question: 'Wheelchair access?', kind: 'choice', choices: ['yes', 'limited', 'no'] },
  lit: { question: 'Lit after dark?', kind: 'yesno' },
  drinking_water: { question: 'Drinking water?', kind: 'yesno' },
  parking: { question: 'Parking?', kind: 'yesno' },
  opening_hours: { question: 'Opening hours', kind: 'text' },
  access: { question: 'Who may use it?', kind: 'choice', choices: ['public', 'customers', 'members'] },
  fee: { question: 'Entry fee?', kind: 'yesno' },
  dogs: { question: 'Dogs allowed?', kind: 'choice', choices: ['yes', 'leashed', 'no'] },
  min_age: { question: 'From what age?', kind: 'age' },
  max_age: { question: 'Up to what age?', kind: 'age' },
  /** Who looks after the place (OSM `operator`, e.g. a city council): broken equipment goes to them. */
  operator: { question: 'Who looks after it?', kind: 'text' },
} as const satisfies Record<string, FactDefinition>;

export type FactKey = keyof typeof FACTS;
export const FACT_KEYS = Object.keys(FACTS) as FactKey[];

/** Opening hours longer than this are not a schedule (OSM's longest real ones are far shorter). */
const OPENING_HOURS_MAX_LENGTH = 255;

const YES = new Set(['yes', 'true', '1', 'designated']);
const NO = new Set(['no', 'false', '0', 'none']);

function yesNo(value: string | undefined): 'yes' | 'no' | null {
  const normal = value?.trim().toLowerCase();
  if (normal === undefined) return null;
  if (YES.has(normal)) return 'yes';
  if (NO.has(normal)) return 'no';
  return null;
}

/** OSM `surface` values → the few a parent tells apart. */
const SURFACES: Readonly<Record<string, string>> = {
  sand: 'sand',
  fine_sand: 'sand',
  woodchips: 'bark',
  bark: 'bark',
  wood_chips: 'bark',
  grass: 'grass',
  rubber: 'rubber',
  rubbercrumb: 'rubber',
  tartan: 'rubber',
  artificial_turf: 'grass',
  gravel: 'gravel',
  pebblestone: 'gravel',
  fine_gravel: 'gravel',
  paving_stones: 'paving',
  asphalt: 'paving',
  concrete: 'paving',
};

const ACCESS: Readonly<Record<string, string>> = {
  yes: 'public',
  permissive: 'public',
  customers: 'customers',
  members: 'members',
};

const DOGS: Readonly<Record<string, string>> = { yes: 'yes', leashed: 'leashed', no: 'no' };

/** An age in whole years as a fact's value ('2.5' → '3'), or null when it is none. */
function ageFact(text: string | undefined): string | null {
  const age = parseAge(text);
  return age === null || age > 99 ? null : String(Math.round(age));
}

type Tags = Readonly<Record<string, string>>;

/** The first of these tags that says yes or no. */
function firstYesNo(tags: Tags, keys: readonly string[]): 'yes' | 'no' | null {
  for (const key of keys) {
    const value = yesNo(tags[key]);
    if (value !== null) return value;
  }
  return null;
}

/** The facts an OSM element's tags state (only those they state; values normalised). */
export function factsFromOsm(tags: Tags): Partial<Record<FactKey, string>> {
  const facts: Partial<Record<FactKey, string>> = {};
  const put = (key: FactKey, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') facts[key] = value;
  };
  put('toilets', firstYesNo(tags, ['toilets']));
  put('changing_table', firstYesNo(tags, ['changing_table', 'diaper']));
  put('fenced', tags.barrier?.trim() === 'fence' ? 'yes' : firstYesNo(tags, ['fenced', 'fence']));
  put('shade', firstYesNo(tags, ['shade', 'covered']));
  const surface = tags.surface?.trim().toLowerCase();
  put('surface', surface === undefined ? null : SURFACES[surface]);
  const wheelchair = tags.wheelchair?.trim().toLowerCase();
  put('wheelchair', wheelchair === 'limited' ? 'limited' : yesNo(wheelchair));
  put('lit', firstYesNo(tags, ['lit']));
  // A baby swing, water play and a sandpit are play equipment (issue 49): equipmentFromTags.
  put('drinking_water', firstYesNo(tags, ['drinking_water']));
  put('parking', firstYesNo(tags, ['parking']));
  const hours = tags.opening_hours?.trim();
  put('opening_hours', hours && hours.length <= OPENING_HOURS_MAX_LENGTH ? hours : null);
  const operator = tags.operator?.trim().replace(/\s+/gu, ' ');
  put('operator', operator && operator.length <= OPENING_HOURS_MAX_LENGTH ? operator : null);
  const access = tags.access?.trim().toLowerCase();
  put('access', access === undefined ? null : ACCESS[access]);
  put('fee', firstYesNo(tags, ['fee']));
  const dogs = tags.dog?.trim().toLowerCase();
  put('dogs', dogs === undefined ? null : DOGS[dogs]);
  put('min_age', ageFact(tags.min_age));
  put('max_age', ageFact(tags.max_age));
  return facts;
}

/** Yes or no from a field of a flat feed ('Y', 'No', 'true', '0'), or null. */
export function yesNoFromText(text: string | undefined): 'yes' | 'no' | null {
  const normal = text?.trim().toLowerCase();
  return yesNo(normal === 'y' ? 'yes' : normal === 'n' ? 'no' : normal);
}

/**
 * A fact's value from a field of a flat feed ('Y', 'No', 'true', 'Limited', '6 years'), or
 * null when the text says nothing this fact can take.
 */
export function factFromText(key: FactKey, text: string | undefined): string | null {
  const normal = text?.trim().toLowerCase();
  if (normal === undefined || normal === '') return null;
  const fact: FactDefinition = FACTS[key];
  switch (fact.kind) {
    case 'yesno':
      return yesNoFromText(normal);
    case 'choice': {
      if (fact.choices?.includes(normal)) return normal;
      const answer = yesNoFromText(normal);
      return answer !== null && fact.choices?.includes(answer) ? answer : null;
    }
    case 'age':
      return ageFact(normal);
    case 'text':
      return isFactValue(key, text?.trim() ?? '') ? (text?.trim() ?? null) : null;
  }
}

/** Whether `value` is one a fact takes (what a parent's answer must be). */
export function isFactValue(key: FactKey, value: string): boolean {
  const fact: FactDefinition = FACTS[key];
  switch (fact.kind) {
    case 'yesno':
      return value === 'yes' || value === 'no';
    case 'choice':
      return fact.choices?.includes(value) ?? false;
    case 'age':
      return /^\d{1,2}$/u.test(value);
    case 'text':
      return value.trim() !== '' && value.length <= OPENING_HOURS_MAX_LENGTH;
  }
}

/** One parent's answer: their value, and when they last gave it. */
export interface FactAnswer {
  readonly value: string;
  readonly at: Date;
}

export interface FactStatus {
  /** What the page shows: the parents' most common answer, else the imported value. */
  readonly value: string;
  /** Parents whose answer is the value shown. */
  readonly confirmedBy: number;
  /** Parents whose answer is another value. */
  readonly contradictedBy: number;
  /** The newest of their answers; null when nobody has confirmed it yet. */
  readonly lastConfirmedAt: Date | null;
  /**
   * Parents say otherwise often enough to doubt it: at least half as many answers against
   * the value shown as for it (counting an import as one answer for its value).
   */
  readonly disputed: boolean;
}

/**
 * What a place page shows of one fact, from parents' answers (one per parent) and the value an
 * import stated, if any; null when neither says anything. Ties between answers go to the one
 * given most recently.
 */
export function factStatus(answers: readonly FactAnswer[], imported: string | null): FactStatus | null {
  const byValue = new Map<string, { count: number; newest: Date }>();
  for (const answer of answers) {
    const entry = byValue.get(answer.value);
    if (entry) {
      entry.count += 1;
      if (answer.at > entry.newest) entry.newest = answer.at;
    } else byValue.set(answer.value, { count: 1, newest: answer.at });
  }
  let shown: string | null = null;
  for (const [value, entry] of byValue) {
    const best = shown === null ? undefined : byValue.get(shown);
    if (!best || entry.count > best.count || (entry.count === best.count && entry.newest > best.newest))
      shown = value;
  }
  shown ??= imported;
  if (shown === null) return null;
  const forShown = (byValue.get(shown)?.count ?? 0) + (imported === shown ? 1 : 0);
  const against =
    answers.length - (byValue.get(shown)?.count ?? 0) + (imported !== null && imported !== shown ? 1 : 0);
  return {
    value: shown,
    confirmedBy: byValue.get(shown)?.count ?? 0,
    contradictedBy: answers.length - (byValue.get(shown)?.count ?? 0),
    lastConfirmedAt: byValue.get(shown)?.newest ?? null,
    disputed: against > 0 && against * 2 >= forShown,
  };
}

/** A parent's answer to one fact of a place. */
export interface KeyedFactAnswer extends FactAnswer {
  readonly key: string;
}

/**
 * The value each fact of a place shows (factStatus per fact), from what imports stated and
 * parents answered: what the map's filters and markers read. Keys outside FACTS are ignored.
 */
export function shownFacts(
  imported: Readonly<Record<string, string>>,
  answers: readonly KeyedFactAnswer[],
): Partial<Record<FactKey, string>> {
  const shown: Partial<Record<FactKey, string>> = {};
  for (const key of FACT_KEYS) {
    const status = factStatus(
      answers.filter((answer) => answer.key === key),
      imported[key] ?? null,
    );
    if (status !== null) shown[key] = status.value;
  }
  return shown;
}
