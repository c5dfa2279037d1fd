/**
 * OpenStreetMap tags → PlaySpot fields (issue: bulk import). Pure: the importer calls this
 * for every OSM element or OSM-derived GeoJSON feature.
 */
import {
  APP_LANGUAGES,
  PLACE_DESCRIPTION_MAX_LENGTH,
  PLACE_NAME_MAX_LENGTH,
  MAX_TAGS,
  type AgeRange,
} from '../constants.ts';
import { equipmentFacts, equipmentFromTags, type EquipmentFactKey } from '../equipment.ts';
import { factsFromOsm, type FactKey } from '../facts.ts';
import type { PlaceNames } from '../schemas/place-summary.ts';
import { factOfTag } from '../tag-facts.ts';
import { normalizeTags } from '../tag-votes.ts';
import { normalizeWebsite } from '../text.ts';
import { ageRangesForAges, parseAge } from './age-ranges.ts';

export type OsmTags = Readonly<Record<string, string>>;

/** The fields a source record contributes to a location. */
export interface MappedFields {
  name: string;
  tags: string[];
  ageRanges: AgeRange[];
  indoor: boolean | null;
  free: boolean | null;
  officialWebsite: string | null;
  description: string | null;
  /** Its `name:<language>` in the app's languages that differ from `name` (issue 46). */
  names: PlaceNames;
  /**
   * The facts the source states (issue 18), values normalised, and its equipment (issue 33:
   * 'equipment:<kind>' → 'yes', 'no' or a count).
   */
  facts: Partial<Record<FactKey | EquipmentFactKey, string>>;
}

export type OsmMappingResult =
  { readonly ok: true; readonly fields: MappedFields } | { readonly ok: false; readonly reason: string };

/** Values of `access` that mean the public may not use the place. */
const PRIVATE_ACCESS = new Set(['private', 'no']);

const YES = new Set(['yes', 'true', '1']);
const isYes = (value: string | undefined): boolean =>
  value !== undefined && YES.has(value.trim().toLowerCase());

/** Tag key=value (value '*' = any yes-like value) → PlaySpot tag. First match per tag wins. */
const TAG_RULES: readonly (readonly [key: string, value: string, tag: string])[] = [
  ['fenced', '*', 'fenced'],
  ['barrier', 'fence', 'fenced'],
  ['shade', '*', 'shade'],
  ['covered', '*', 'shade'],
  ['toilets', '*', 'toilets'],
  ['changing_table', '*', 'changing table'],
  ['drinking_water', '*', 'drinking water'],
  ['lit', '*', 'lit at night'],
  ['bench', '*', 'seating'],
  ['picnic_table', '*', 'picnic tables'],
  ['wheelchair', 'yes', 'wheelchair accessible'],
  ['wheelchair', 'designated', 'wheelchair accessible'],
  ['wheelchair', 'limited', 'partly wheelchair accessible'],
  ['dog', 'no', 'no dogs'],
  ['dog', 'leashed', 'dogs on leash'],
  ['surface', 'sand', 'sand surface'],
  ['surface', 'fine_sand', 'sand surface'],
  ['surface', 'woodchips', 'bark surface'],
  ['surface', 'bark', 'bark surface'],
  ['surface', 'grass', 'grass surface'],
  ['surface', 'rubber', 'soft surface'],
  ['surface', 'rubbercrumb', 'soft surface'],
  ['surface', 'tartan', 'soft surface'],
  ['surface', 'artificial_turf', 'soft surface'],
  ['surface', 'gravel', 'gravel surface'],
  ['playground:slide', '*', 'slide'],
  ['playground:swing', '*', 'swings'],
  ['playground:sandpit', '*', 'sandpit'],
  ['playground:climbingframe', '*', 'climbing'],
  ['playground:seesaw', '*', 'seesaw'],
  ['playground:springy', '*', 'spring rider'],
  ['playground:zipwire', '*', 'zip line'],
  ['playground:roundabout', '*', 'roundabout'],
  ['playground:water', '*', 'water play'],
  ['playground:splash_pad', '*', 'water play'],
  ['playground:trampoline', '*', 'trampoline'],
];

/** Equipment mapped on the playground itself as `playground=<kind>`. */
const PLAYGROUND_KINDS: Readonly<Record<string, string>> = {
  slide: 'slide',
  swing: 'swings',
  sandpit: 'sandpit',
  climbingframe: 'climbing',
  seesaw: 'seesaw',
  springy: 'spring rider',
  zipwire: 'zip line',
  roundabout: 'roundabout',
  splash_pad: 'water play',
  trampoline: 'trampoline',
};

interface TagRule {
  readonly order: number;
  readonly value: string;
  readonly tag: string;
}

/** The rules by OSM key: an element is matched by its own few keys, not by every rule. */
const RULES_BY_KEY = new Map<string, TagRule[]>();
TAG_RULES.forEach(([key, value, tag], order) => {
  RULES_BY_KEY.set(key, [...(RULES_BY_KEY.get(key) ?? []), { order, value, tag }]);
});

function ruleMatches(rule: TagRule, actual: string): boolean {
  // '*': 'yes', or a count of items ('playground:swing=2').
  if (rule.value === '*') return isYes(actual) || /^[1-9]\d*$/u.test(actual.trim());
  return actual.trim().toLowerCase() === rule.value;
}

/** PlaySpot tags for the amenities and equipment the OSM tags describe, each once, in rule order. */
export function tagsFromOsm(tags: OsmTags): string[] {
  const matched: TagRule[] = [];
  for (const key of Object.keys(tags)) {
    const rules = RULES_BY_KEY.get(key);
    const actual = tags[key];
    if (!rules || actual === undefined) continue;
    for (const rule of rules) if (ruleMatches(rule, actual)) matched.push(rule);
  }
  const found = matched.sort((a, b) => a.order - b.order).map((rule) => rule.tag);
  const kind = tags.playground;
  if (kind !== undefined) {
    for (const part of kind.split(';')) {
      const tag = PLAYGROUND_KINDS[part.trim().toLowerCase()];
      if (tag) found.push(tag);
    }
  }
  // A tag that states a fact is not kept as a tag (core tag-facts): factsFromOsm states it.
  const free = found.filter((tag) => factOfTag(tag) === null);
  return free.length === 0 ? [] : normalizeTags(free).tags.slice(0, MAX_TAGS);
}

/** indoor: leisure=indoor_play, indoor=yes or playground=indoor → true; a plain playground → false. */
export function indoorFromOsm(tags: OsmTags): boolean | null {
  if (
    tags.leisure === 'indoor_play' ||
    isYes(tags.indoor) ||
    tags.indoor === 'room' ||
    tags.playground === 'indoor'
  )
    return true;
  if (tags.indoor === 'no' || tags.leisure === 'playground') return false;
  return null;
}

/** free: fee=no → true; fee=yes (or a conditional 'yes @ …') → false; otherwise unknown. */
export function freeFromOsm(tags: OsmTags): boolean | null {
  const fee = tags.fee?.trim().toLowerCase();
  if (fee === undefined || fee === '') return null;
  if (fee === 'no' || fee === 'free' || fee === 'donation') return true;
  if (fee === 'yes' || fee.startsWith('yes ') || fee.startsWith('yes@')) return false;
  return null;
}

/** website, then contact:website, then url — the first that is a valid web address. */
export function websiteFromOsm(tags: OsmTags): string | null {
  for (const key of ['website', 'contact:website', 'url']) {
    // Several values are separated by ';' in OSM; the first is the main one.
    const first = tags[key]?.split(';')[0];
    const result = normalizeWebsite(first);
    if (result.ok && result.url !== null) return result.url;
  }
  return null;
}

const clip = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * The place's name: `name` (or its English, official or alternative form); without one, a
 * readable generic name from its kind and where it is: 'Playground, Alsenstraße'.
 */
export function nameFromOsm(tags: OsmTags): string {
  for (const key of ['name', 'name:en', 'official_name', 'alt_name', 'loc_name']) {
    const value = tags[key]?.trim().replace(/\s+/gu, ' ');
    if (value) return clip(value, PLACE_NAME_MAX_LENGTH);
  }
  const kind = indoorFromOsm(tags) === true ? 'Indoor playground' : 'Playground';
  const where = [tags['addr:street'], tags['addr:suburb'] ?? tags['addr:city']]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  return clip(where.length > 0 ? `${kind}, ${where.join(', ')}` : kind, PLACE_NAME_MAX_LENGTH);
}

/**
 * A place's `name:<language>` tags in the app's languages (issue 46), each tidied and clipped
 * as a name is, leaving out those that say the same as `name` (the local name already does).
 */
export function namesFromOsm(tags: OsmTags, name: string): PlaceNames {
  const names: PlaceNames = {};
  for (const language of APP_LANGUAGES) {
    const value = tags[`name:${language}`]?.trim().replace(/\s+/gu, ' ');
    if (value && value !== name) names[language] = clip(value, PLACE_NAME_MAX_LENGTH);
  }
  return names;
}

/** Why a record is not imported at all (a private playground), or null to import it. */
export function osmSkipReason(tags: OsmTags): string | null {
  const access = tags.access?.trim().toLowerCase();
  if (access !== undefined && PRIVATE_ACCESS.has(access)) return `access=${access}`;
  return null;
}

/** Maps one element's tags, or says why it is skipped. */
export function mapOsmTags(tags: OsmTags): OsmMappingResult {
  const skip = osmSkipReason(tags);
  if (skip !== null) return { ok: false, reason: skip };
  const description = tags.description?.trim();
  const name = nameFromOsm(tags);
  return {
    ok: true,
    fields: {
      name,
      names: namesFromOsm(tags, name),
      tags: tagsFromOsm(tags),
      ageRanges: ageRangesForAges(parseAge(tags.min_age), parseAge(tags.max_age)),
      indoor: indoorFromOsm(tags),
      free: freeFromOsm(tags),
      officialWebsite: websiteFromOsm(tags),
      description: description ? clip(description, PLACE_DESCRIPTION_MAX_LENGTH) : null,
      facts: { ...factsFromOsm(tags), ...equipmentFacts(equipmentFromTags(tags)) },
    },
  };
}
