/**
 * What the map index keeps of a place: the fields the map, the list and their filters read
 * (spec §5), as the database holds them, and what their answers say about now (events today,
 * live conditions). Everything else (tags, descriptions, comments) stays in the database and
 * is read there.
 */
import {
  AGE_RANGES,
  EQUIPMENT_KINDS,
  FACT_FILTERS,
  isPopular,
  askedFilters,
  type AgeRange,
  type AskedFilter,
  type ConditionBrief,
  type EquipmentKind,
  type EventSchedule,
  type FactFilter,
  type PlaceNames,
} from '@playspot/core';
import type { MapFilters } from '../map-query.ts';

/** A live condition as map answers carry it, with its end so a read can leave it out once over. */
export interface IndexedCondition {
  brief: ConditionBrief;
  expiresAtMs: number;
}

/**
 * What a place's map answers say about now: its public events' schedules (for "an event
 * today", in the place's zone) and its live conditions, newest confirmation first. Most
 * places have neither; then the place carries none.
 */
export interface PlaceLive {
  timeZone: string;
  events: EventSchedule[];
  conditions: IndexedCondition[];
}

export interface MapPlace {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  indoor: boolean | null;
  free: boolean | null;
  /** In the order stored (the API answers them so). */
  ageRanges: AgeRange[];
  upVotes: number;
  downVotes: number;
  visitCount: number;
  commentCount: number;
  /** greatest(createdAt, lastUpdatedAt) in ms: what `recentlyAdded` compares. */
  changedAtMs: number;
  /** Storage key of the summary's photo (the first own photo's thumbnail), if any. */
  thumbnailKey: string | null;
  /** Whether the place has a public event. */
  hasEvents: boolean;
  /** Its public events and live conditions, or null when it has neither. */
  live: PlaceLive | null;
  /** The fact filters that hold (bit i: FACT_FILTERS[i]). */
  factMask: number;
  /** The play equipment shown as there (bit i: EQUIPMENT_KINDS[i]). */
  equipmentMask: number;
  /** Until when (ms) it is reported closed for works; 0 when not. */
  closedUntilMs: number;
  /** The opening hours its page shows (the `opening_hours` fact), if any. */
  openingHours: string | null;
  /** Its IANA zone, in which the opening hours are read. */
  timeZone: string;
  /** Its name in other languages (issue 46), or null when it has none (most places). */
  names: PlaceNames | null;
}

/** Bit i stands for FACT_FILTERS[i]. */
export function factMaskOf(filters: readonly FactFilter[]): number {
  let mask = 0;
  for (const filter of filters) mask |= 1 << FACT_FILTERS.indexOf(filter);
  return mask;
}

/** Bit i stands for EQUIPMENT_KINDS[i]. */
export function equipmentMaskOf(kinds: readonly EquipmentKind[]): number {
  let mask = 0;
  for (const kind of kinds) mask |= 1 << EQUIPMENT_KINDS.indexOf(kind);
  return mask;
}

export function factFiltersOfMask(mask: number): FactFilter[] {
  return FACT_FILTERS.filter((_, bit) => (mask & (1 << bit)) !== 0);
}

/** Bit i stands for AGE_RANGES[i]. */
export function ageMaskOf(ranges: readonly string[]): number {
  let mask = 0;
  for (const range of ranges) {
    const index = AGE_RANGES.indexOf(range as AgeRange);
    if (index >= 0) mask |= 1 << index;
  }
  return mask;
}

/** Age ranges packed in order, 3 bits each (index + 1; 0 ends the list). */
export function packAgeRanges(ranges: readonly string[]): number {
  let packed = 0;
  let shift = 0;
  for (const range of ranges) {
    const index = AGE_RANGES.indexOf(range as AgeRange);
    if (index < 0) continue;
    packed |= (index + 1) << shift;
    shift += 3;
  }
  return packed;
}

export function unpackAgeRanges(packed: number): AgeRange[] {
  const ranges: AgeRange[] = [];
  for (let rest = packed; rest !== 0; rest >>>= 3) {
    const range = AGE_RANGES[(rest & 7) - 1];
    if (range) ranges.push(range);
  }
  return ranges;
}

/** A place's three-valued yes/no field as 0 (unknown), 1 (no) or 2 (yes). */
export const triState = (value: boolean | null): number => (value === null ? 0 : value ? 2 : 1);
export const fromTriState = (state: number): boolean | null => (state === 0 ? null : state === 2);

/** The filters as a test of a place's packed attributes, evaluated once per query. */
export interface FilterTest {
  /** Wanted tri-states (0 = any). */
  indoor: number;
  free: number;
  ageBit: number;
  popular: boolean;
  /** Places changed before this (ms) are filtered out; -Infinity when not asked. */
  changedSinceMs: number;
  /** Fact filter bits that must all be set (0 = none asked). */
  factMask: number;
  /** Equipment bits that must all be set (0 = none asked). */
  equipmentMask: number;
  /** Places closed after this (ms) are left out; Infinity when not asked. */
  openAtMs: number;
  /**
   * When `openNow` is asked: the instant, and each distinct schedule's answer once found
   * (many places share one value, and a query asks each at most once); else null.
   */
  openNow: { at: Date; known: Map<number, boolean> } | null;
}

/** One asked filter (a core MAP_FILTERS row and its value) written into the test. */
function addToTest(test: FilterTest, asked: AskedFilter, now: Date): void {
  switch (asked.match) {
    case 'equals':
      if (asked.definition.field === 'indoor' || asked.definition.field === 'free') {
        test[asked.definition.field] = triState(asked.value);
      }
      return;
    case 'contains':
      // An unknown range (the query schema refuses them) matches nothing.
      test.ageBit = ageMaskOf([asked.value]) || 1 << 30;
      return;
    case 'changedWithin':
      test.changedSinceMs = now.getTime() - (asked.definition.hours ?? 0) * 60 * 60 * 1000;
      return;
    case 'popular':
      test.popular = true;
      return;
    case 'allFacts':
      test.factMask = factMaskOf(asked.value);
      return;
    case 'allEquipment':
      test.equipmentMask = equipmentMaskOf(asked.value);
      return;
    case 'notClosedAt':
      test.openAtMs = asked.value.getTime();
      return;
    case 'openNow':
      test.openNow = { at: now, known: new Map() };
      return;
  }
}

/**
 * The filters as the index's test, compiled from core's MAP_FILTERS (the SQL compiles the
 * same rows: map-queries.repository.ts filterConditions).
 */
export function filterTestOf(filters: MapFilters, now: Date): FilterTest {
  const test: FilterTest = {
    indoor: 0,
    free: 0,
    ageBit: 0,
    popular: false,
    changedSinceMs: -Infinity,
    factMask: 0,
    equipmentMask: 0,
    openAtMs: Infinity,
    openNow: null,
  };
  for (const asked of askedFilters(filters)) addToTest(test, asked, now);
  return test;
}

/** Whether the cluster grid keeps places apart by every asked filter (core MAP_FILTERS). */
export function clusterGridKeeps(filters: MapFilters): boolean {
  return askedFilters(filters).every((asked) => asked.definition.inClusterGrid);
}

export const isUnfiltered = (test: FilterTest): boolean =>
  test.indoor === 0 &&
  test.free === 0 &&
  test.ageBit === 0 &&
  !test.popular &&
  test.changedSinceMs === -Infinity &&
  test.factMask === 0 &&
  test.equipmentMask === 0 &&
  test.openAtMs === Infinity &&
  test.openNow === null;

export function popularPlace(place: MapPlace): boolean {
  return isPopular({
    votes: { up: place.upVotes, down: place.downVotes },
    visitCount: place.visitCount,
    commentCount: place.commentCount,
  });
}
