/**
 * One vocabulary for tags and facts (issue 32): a tag that states a fact ("Fenced",
 * "Toilets", "wheelchair accessible", …) is that fact's answer from the person who tagged it,
 * not a second, separately voted word for the same thing. Such tags never stay tags: a new or
 * edited place turns them into its author's fact answers, an import into the facts it states,
 * and migration 0021 turned the existing ones into answers from the parents who voted them up.
 * Free-form tags ("Picnic tables", "skate park") stay tags.
 */
import type { AnswerKey } from './place-vocabulary.ts';
import { normalizeTags, tagKey } from './tag-votes.ts';

/** A fact (or a kind of equipment, `equipment:<kind>`: issue 49) and the value a tag states for it. */
export interface TagFact {
  readonly key: AnswerKey;
  readonly value: string;
}

/**
 * The tags that state a fact, by tagKey (lower case): the add form's chips, the imports' tags
 * (core tagsFromOsm) and the demo data's, with their usual German spellings.
 */
export const FACT_TAGS: Readonly<Record<string, TagFact>> = {
  fenced: { key: 'fenced', value: 'yes' },
  'fenced in': { key: 'fenced', value: 'yes' },
  eingezäunt: { key: 'fenced', value: 'yes' },
  toilets: { key: 'toilets', value: 'yes' },
  toilet: { key: 'toilets', value: 'yes' },
  toiletten: { key: 'toilets', value: 'yes' },
  shade: { key: 'shade', value: 'yes' },
  shaded: { key: 'shade', value: 'yes' },
  schatten: { key: 'shade', value: 'yes' },
  'changing table': { key: 'changing_table', value: 'yes' },
  'baby change': { key: 'changing_table', value: 'yes' },
  'baby changing': { key: 'changing_table', value: 'yes' },
  wickeltisch: { key: 'changing_table', value: 'yes' },
  'drinking water': { key: 'drinking_water', value: 'yes' },
  trinkwasser: { key: 'drinking_water', value: 'yes' },
  'lit at night': { key: 'lit', value: 'yes' },
  beleuchtet: { key: 'lit', value: 'yes' },
  'wheelchair accessible': { key: 'wheelchair', value: 'yes' },
  'wheelchair access': { key: 'wheelchair', value: 'yes' },
  rollstuhlgerecht: { key: 'wheelchair', value: 'yes' },
  'partly wheelchair accessible': { key: 'wheelchair', value: 'limited' },
  'baby swing': { key: 'equipment:baby_swing', value: 'yes' },
  'baby swings': { key: 'equipment:baby_swing', value: 'yes' },
  babyschaukel: { key: 'equipment:baby_swing', value: 'yes' },
  'water play': { key: 'equipment:water_play', value: 'yes' },
  wasserspiel: { key: 'equipment:water_play', value: 'yes' },
  sandpit: { key: 'equipment:sandpit', value: 'yes' },
  sandkasten: { key: 'equipment:sandpit', value: 'yes' },
  parking: { key: 'parking', value: 'yes' },
  parkplatz: { key: 'parking', value: 'yes' },
  'dog free': { key: 'dogs', value: 'no' },
  'no dogs': { key: 'dogs', value: 'no' },
  'dogs on leash': { key: 'dogs', value: 'leashed' },
  'sand surface': { key: 'surface', value: 'sand' },
  'bark surface': { key: 'surface', value: 'bark' },
  'grass surface': { key: 'surface', value: 'grass' },
  'soft surface': { key: 'surface', value: 'rubber' },
  'gravel surface': { key: 'surface', value: 'gravel' },
};

/** The fact a tag states (spelling and case aside), or null for a free-form tag. */
export function factOfTag(tag: string): TagFact | null {
  return Object.hasOwn(FACT_TAGS, tagKey(tag)) ? (FACT_TAGS[tagKey(tag)] ?? null) : null;
}

/**
 * The answer a down vote on a fact-stating tag meant ("not fenced"), or null when the
 * opposite is not one value (a down vote on "no dogs" says dogs are allowed, leashed or not).
 */
export function oppositeOfTagFact(fact: TagFact): string | null {
  return fact.value === 'yes' ? 'no' : null;
}

export interface SplitTags {
  /** The free-form tags, normalised (normalizeTags), in their order. */
  readonly tags: string[];
  /** The facts the other tags state, one per fact (the first tag stating it wins). */
  readonly facts: TagFact[];
}

/** Splits tags into the free-form ones, which stay tags, and the facts the others state. */
export function splitFactTags(raw: readonly string[]): SplitTags {
  const tags: string[] = [];
  const facts: TagFact[] = [];
  for (const tag of normalizeTags(raw).tags) {
    const fact = factOfTag(tag);
    if (fact === null) tags.push(tag);
    else if (!facts.some((seen) => seen.key === fact.key)) facts.push(fact);
  }
  return { tags, facts };
}
