/**
 * Place filters (spec §3, §5). Filters are kept on the device without their radius; the
 * radius defaults to unlimited (UNLIMITED_RADIUS, null) and is reset to unlimited whenever
 * filters are restored.
 */
import { AGE_RANGES, RECENT_HOURS, UNLIMITED_RADIUS, type AgeRange } from './constants.ts';
import { normalizeEquipmentKinds, type EquipmentKind } from './equipment-kinds.ts';
import { normalizeFactFilters, passesFactFilters, type FactFilter, type ShownFacts } from './fact-filters.ts';
import { isWithinRadius, type LatLng } from './geo.ts';
import { askedFilters, type AskedFilter } from './map-filters.ts';
import { isPopular, type PopularityInput } from './popularity.ts';
import type { PlaceSummary } from './schemas/place-summary.ts';
import { MS_PER_HOUR } from './time.ts';

/** What a place must be, the radius aside. An absent criterion lets everything through. */
export interface FilterCriteria {
  /** '' or absent: any age. */
  readonly ageRange?: AgeRange | '';
  /** Absent: indoor and outdoor alike. */
  readonly indoor?: boolean;
  /** Absent: free and paid alike. */
  readonly free?: boolean;
  readonly recentlyAdded?: boolean;
  readonly popular?: boolean;
  /** Facts that must hold (issue 18), in FACT_FILTERS order; absent or empty: none asked. */
  readonly has?: readonly FactFilter[];
  /** Only places open now by their opening hours (issue 33); the server applies it. */
  readonly openNow?: boolean;
  /**
   * Play equipment that must be there (issue 33), in EQUIPMENT_KINDS order; absent or empty:
   * none asked. Summaries do not carry equipment, so the server applies it.
   */
  readonly equipment?: readonly EquipmentKind[];
}

export interface PlaceFilters extends FilterCriteria {
  /**
   * km, or UNLIMITED_RADIUS (null): no limit. Always present, and unlimited is always null
   * (never absent or undefined): null survives JSON and object spreads where an absent or
   * undefined key does not, it is what isWithinRadius takes, and a required key makes every
   * place that builds filters say which radius it means, so none needs a `?? UNLIMITED_RADIUS`.
   * Never stored on the device.
   */
  readonly radiusKm: number | null;
}

/** Filters as stored on the device (spec §9: without radius). */
export type StoredPlaceFilters = FilterCriteria;

export const EMPTY_FILTERS: PlaceFilters = { radiusKm: UNLIMITED_RADIUS };

/** What a filter needs to know about a location. */
export interface FilterablePlace extends PopularityInput {
  readonly latitude: number;
  readonly longitude: number;
  readonly ageRanges: readonly string[];
  readonly indoor: boolean | null;
  readonly free: boolean | null;
  /** ISO string or Date. */
  readonly createdAt: string | Date;
  readonly lastUpdatedAt: string | Date | null;
  /** The facts its page shows; without them, no fact filter holds. */
  readonly facts?: ShownFacts;
  readonly toiletsNearby?: boolean;
}

export function isAgeRange(value: unknown): value is AgeRange {
  return typeof value === 'string' && (AGE_RANGES as readonly string[]).includes(value);
}

const AGE_RANGE_LABELS: Record<AgeRange, string> = {
  '0-2': '0–2 years',
  '2-5': '2–5 years',
  '5-12': '5–12 years',
  '12+': '12+ years',
};

/** Human label of an age bucket, e.g. '2–5 years'. */
export function ageRangeLabel(range: AgeRange): string {
  return AGE_RANGE_LABELS[range];
}

/**
 * True when `timestamp` is at most RECENT_HOURS old at `now`. A timestamp slightly in the
 * future (clock skew between devices) counts as recent; an unparseable one does not.
 */
export function isRecent(timestamp: string | Date | null, now: Date): boolean {
  if (timestamp === null) return false;
  const ms = (typeof timestamp === 'string' ? new Date(timestamp) : timestamp).getTime();
  if (!Number.isFinite(ms)) return false;
  return now.getTime() - ms <= RECENT_HOURS * MS_PER_HOUR;
}

/**
 * Whether a place passes the filters:
 * - ageRange keeps places whose ageRanges contain it;
 * - indoor and free, when defined, keep places whose flag equals them;
 * - recentlyAdded keeps places created or updated within RECENT_HOURS of `now`;
 * - popular keeps places whose popularity is above 0;
 * - has keeps places for which every asked fact filter holds (passesFactFilters);
 * - radiusKm, when a number and a `center` is given, keeps places within that distance.
 */
export function matchesFilters(
  place: FilterablePlace,
  filters: PlaceFilters,
  now: Date,
  center: LatLng | null = null,
): boolean {
  if (
    filters.ageRange !== undefined &&
    filters.ageRange !== '' &&
    !place.ageRanges.includes(filters.ageRange)
  ) {
    return false;
  }
  if (filters.indoor !== undefined && place.indoor !== filters.indoor) return false;
  if (filters.free !== undefined && place.free !== filters.free) return false;
  if (
    filters.recentlyAdded === true &&
    !isRecent(place.createdAt, now) &&
    !isRecent(place.lastUpdatedAt, now)
  ) {
    return false;
  }
  if (filters.popular === true && !isPopular(place)) return false;
  if (
    !passesFactFilters(filters.has, {
      facts: place.facts ?? {},
      toiletsNearby: place.toiletsNearby ?? false,
    })
  ) {
    return false;
  }
  if (filters.radiusKm !== UNLIMITED_RADIUS && center !== null) {
    return isWithinRadius(center, { lat: place.latitude, lng: place.longitude }, filters.radiusKm);
  }
  return true;
}

/** The places that pass the filters, in their original order. */
export function filterPlaces<T extends FilterablePlace>(
  places: readonly T[],
  filters: PlaceFilters,
  now: Date,
  center: LatLng | null = null,
): T[] {
  return places.filter((place) => matchesFilters(place, filters, now, center));
}

/**
 * Number of active filters for a badge: indoor, free, ageRange, recentlyAdded, popular, open
 * now, one per asked fact and one per asked kind of equipment (radius not counted).
 */
export function activeFilterCount(filters: FilterCriteria): number {
  let count = 0;
  if (filters.indoor !== undefined) count += 1;
  if (filters.free !== undefined) count += 1;
  if (filters.ageRange !== undefined && filters.ageRange !== '') count += 1;
  if (filters.recentlyAdded === true) count += 1;
  if (filters.popular === true) count += 1;
  if (filters.openNow === true) count += 1;
  count += filters.has?.length ?? 0;
  count += filters.equipment?.length ?? 0;
  return count;
}

/** The filters to write to device storage: everything but the radius. */
export function filtersForStorage(filters: FilterCriteria): StoredPlaceFilters {
  const stored: { -readonly [K in keyof StoredPlaceFilters]: StoredPlaceFilters[K] } = {};
  if (filters.ageRange !== undefined) stored.ageRange = filters.ageRange;
  if (filters.indoor !== undefined) stored.indoor = filters.indoor;
  if (filters.free !== undefined) stored.free = filters.free;
  if (filters.recentlyAdded !== undefined) stored.recentlyAdded = filters.recentlyAdded;
  if (filters.popular !== undefined) stored.popular = filters.popular;
  if (filters.openNow === true) stored.openNow = true;
  if (filters.has !== undefined && filters.has.length > 0) stored.has = filters.has;
  if (filters.equipment !== undefined && filters.equipment.length > 0) stored.equipment = filters.equipment;
  return stored;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Filters read back from device storage: the stored JSON text or an already parsed value.
 * Unknown keys and values of the wrong type are dropped, anything unreadable gives no
 * filters, and the radius is always reset to unlimited.
 */
export function restoreFilters(stored: unknown): PlaceFilters {
  let value: unknown = stored;
  if (typeof stored === 'string') {
    try {
      value = JSON.parse(stored);
    } catch {
      value = null;
    }
  }
  const restored: { -readonly [K in keyof PlaceFilters]: PlaceFilters[K] } = {
    radiusKm: UNLIMITED_RADIUS,
  };
  if (!isRecord(value)) return restored;
  if (value.ageRange === '' || isAgeRange(value.ageRange)) restored.ageRange = value.ageRange;
  if (typeof value.indoor === 'boolean') restored.indoor = value.indoor;
  if (typeof value.free === 'boolean') restored.free = value.free;
  if (typeof value.recentlyAdded === 'boolean') restored.recentlyAdded = value.recentlyAdded;
  if (typeof value.popular === 'boolean') restored.popular = value.popular;
  if (value.openNow === true) restored.openNow = true;
  if (Array.isArray(value.has)) {
    const has = normalizeFactFilters(value.has);
    if (has.length > 0) restored.has = has;
  }
  if (Array.isArray(value.equipment)) {
    const equipment = normalizeEquipmentKinds(value.equipment);
    if (equipment.length > 0) restored.equipment = equipment;
  }
  return restored;
}

/** Whether a summary passes one asked filter it carries the field of (others: true). */
function summaryPasses(
  summary: Pick<PlaceSummary, 'indoor' | 'free' | 'ageRanges' | 'facts'>,
  asked: AskedFilter,
): boolean {
  if (!asked.definition.inSummary) return true;
  switch (asked.match) {
    case 'equals':
      return asked.definition.field !== undefined && summary[asked.definition.field] === asked.value;
    case 'contains': {
      const list: readonly string[] = summary.ageRanges;
      return list.includes(asked.value);
    }
    case 'allFacts':
      return asked.value.every((fact) => summary.facts?.includes(fact) === true);
    case 'changedWithin':
    case 'popular':
    case 'allEquipment':
    case 'notClosedAt':
    case 'openNow':
      return true;
  }
}

/**
 * Whether a summary passes the filters a summary can tell (MAP_FILTERS' `inSummary`: indoor,
 * free, age range and facts; the same rule as matchesFilters). Popular, recently added,
 * equipment and open now need what a summary leaves out; the server's answer has already
 * applied them.
 */
export function summaryMatchesFilters(
  summary: Pick<PlaceSummary, 'indoor' | 'free' | 'ageRanges' | 'facts'>,
  filters: FilterCriteria,
): boolean {
  return askedFilters(filters).every((asked) => summaryPasses(summary, asked));
}

/** One filter that is on, as the empty list names it (issue 45). */
export type ActiveFilter =
  | { readonly kind: 'ageRange'; readonly value: AgeRange }
  | { readonly kind: 'indoor' | 'free'; readonly value: boolean }
  | { readonly kind: 'has'; readonly value: FactFilter }
  | { readonly kind: 'equipment'; readonly value: EquipmentKind }
  | { readonly kind: 'radius'; readonly value: number }
  | { readonly kind: 'recentlyAdded' | 'popular' | 'openNow' };

/**
 * The filters that are on, in the filters sheet's order: what may be hiding places when the
 * list is empty (issue 45: "Sandpit + Open now" found nothing, and three messages said so
 * without naming either). The same filters activeFilterCount counts, and the radius when set.
 */
export function activeFilters(filters: PlaceFilters): ActiveFilter[] {
  const on: ActiveFilter[] = [];
  if (filters.ageRange !== undefined && filters.ageRange !== '')
    on.push({ kind: 'ageRange', value: filters.ageRange });
  if (filters.indoor !== undefined) on.push({ kind: 'indoor', value: filters.indoor });
  if (filters.free !== undefined) on.push({ kind: 'free', value: filters.free });
  for (const value of filters.has ?? []) on.push({ kind: 'has', value });
  for (const value of filters.equipment ?? []) on.push({ kind: 'equipment', value });
  if (filters.radiusKm !== UNLIMITED_RADIUS) on.push({ kind: 'radius', value: filters.radiusKm });
  if (filters.recentlyAdded === true) on.push({ kind: 'recentlyAdded' });
  if (filters.popular === true) on.push({ kind: 'popular' });
  if (filters.openNow === true) on.push({ kind: 'openNow' });
  return on;
}
