/**
 * Filters on facts (issue 18): what a parent can ask of a place beyond the spec's filters.
 * Each asks that the fact a place page shows says yes; "toilets" is also met by a public
 * toilet within TOILETS_NEARBY_M. They combine with the spec's filters (all must hold) and
 * each counts as one in the active-filter badge.
 */
import { equipmentPresent, type EquipmentKind } from './equipment-kinds.ts';
import type { FactKey } from './facts.ts';

export const FACT_FILTERS = [
  'fenced',
  'toilets',
  'shade',
  'baby_swing',
  'wheelchair',
  'changing_table',
] as const;
export type FactFilter = (typeof FACT_FILTERS)[number];

/** A public toilet at most this far away counts as toilets for the filter (metres). */
export const TOILETS_NEARBY_M = 200;

/** What a filter chip says, and what a marker or list row shows when the fact holds. */
export const FACT_FILTER_LABELS: Readonly<Record<FactFilter, string>> = {
  fenced: 'Fenced',
  toilets: 'Toilets',
  shade: 'Shade',
  baby_swing: 'Baby swing',
  wheelchair: 'Wheelchair access',
  changing_table: 'Baby changing',
};

export function isFactFilter(value: unknown): value is FactFilter {
  return typeof value === 'string' && (FACT_FILTERS as readonly string[]).includes(value);
}

/**
 * The values a place page shows, by fact (see factStatus) and by `equipment:<kind>` (see
 * shownEquipment): what `locations.facts` keeps.
 */
export type ShownFacts = Readonly<Partial<Record<FactKey | `equipment:${EquipmentKind}`, string>>>;

/** What a fact filter needs to know of a place. */
export interface FactFilterInput {
  readonly facts: ShownFacts;
  /** A public toilet within TOILETS_NEARBY_M. */
  readonly toiletsNearby: boolean;
}

/**
 * What each fact filter asks, as data (the map's SQL and index read it too: db/facts-sql.ts):
 * the fact whose shown value must be `is`, or, with `orToiletsNearby`, a public toilet within
 * TOILETS_NEARBY_M; or a kind of equipment that must be there (core equipmentPresent: a count
 * or yes), the one answer the equipment filter reads too (issue 49).
 */
export type FactFilterRule =
  | { readonly fact: FactKey; readonly is: string; readonly orToiletsNearby?: true }
  | { readonly equipment: EquipmentKind };

export const FACT_FILTER_RULES: Readonly<Record<FactFilter, FactFilterRule>> = {
  fenced: { fact: 'fenced', is: 'yes' },
  toilets: { fact: 'toilets', is: 'yes', orToiletsNearby: true },
  shade: { fact: 'shade', is: 'yes' },
  // A baby swing is play equipment (issue 49): the Baby swing chip asks the equipment answer.
  baby_swing: { equipment: 'baby_swing' },
  // 'limited' is not access: a parent with a wheelchair asks whether they can get in.
  wheelchair: { fact: 'wheelchair', is: 'yes' },
  // A changing table counts only where the place's own facts say so (issue 33's "Right now"
  // reads it from summaries): imported public toilets with one are shown on the place page.
  changing_table: { fact: 'changing_table', is: 'yes' },
};

/** Whether one fact filter holds for a place (its FACT_FILTER_RULES row). */
export function factFilterHolds(filter: FactFilter, place: FactFilterInput): boolean {
  const rule = FACT_FILTER_RULES[filter];
  if ('equipment' in rule) return equipmentPresent(place.facts[`equipment:${rule.equipment}`]);
  return place.facts[rule.fact] === rule.is || (rule.orToiletsNearby === true && place.toiletsNearby);
}

/** The fact filters that hold for a place, in FACT_FILTERS order (what markers and rows show). */
export function factFiltersHolding(place: FactFilterInput): FactFilter[] {
  return FACT_FILTERS.filter((filter) => factFilterHolds(filter, place));
}

/** Whether every asked fact filter holds (none asked: true). */
export function passesFactFilters(asked: readonly FactFilter[] | undefined, place: FactFilterInput): boolean {
  return asked === undefined || asked.every((filter) => factFilterHolds(filter, place));
}

/** Asked fact filters as one canonical list: known ones only, each once, in FACT_FILTERS order. */
export function normalizeFactFilters(asked: readonly unknown[]): FactFilter[] {
  return FACT_FILTERS.filter((filter) => asked.includes(filter));
}
